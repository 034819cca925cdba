package dev.candela.causal.distance;

import dev.candela.BadInputException;
import dev.candela.causal.fit.LatentGroups;
import dev.candela.causal.fit.LatentModelFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.data.CodeTables;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The latent causal model of a representation scored against a true causal model over the factors
 * in one call: what {@code causal fit-latent} followed by {@code causal distance} computes, on
 * plain arrays (used by {@code evaluate}'s {@code scm} metric).
 *
 * <p>Steps: one latent group per factor of the truth, ρ latents each, no latent in two groups,
 * chosen to maximise the summed IRS entries ({@link LatentGroups#oneToOne}); the group values in
 * the factor's units ({@link LatentModelFit#groupValues}); a linear-Gaussian SCM on the truth's DAG
 * ({@code dag = GIVEN}) or on a DAG learned from the group values by Gaussian BIC hill climbing
 * ({@code LEARN}); then OD, ID and CD (Peyrard and West, "A Ladder of Causal Distances", IJCAI
 * 2021: the mean distance D between observational, interventional and counterfactual distributions
 * of the two models, D = exact W1) with the standard error over R runs and the null baseline (the
 * truth against itself), each group read through its levels. With a learned DAG the graph metrics
 * SHD (reversed edge 2), SID and the three AIDs of the learned DAG against the truth's are findings
 * and are added; with the given DAG they are 0 by construction and left out.
 */
public final class LatentScmScore {
  private LatentScmScore() {}

  /** Where the latent model's DAG comes from. */
  public enum DagSource {
    /** Learned from the group values (graph metrics are findings). */
    LEARN,
    /** The truth's DAG (graph metrics are 0 by construction and not reported). */
    GIVEN
  }

  /**
   * The settings.
   *
   * @param rho latents per group
   * @param dag where the DAG comes from
   * @param k draws per distribution
   * @param l do-values per continuous node
   * @param m evidence rows for CD
   * @param replicates R, runs behind the standard error and the null baseline (≥ 2)
   * @param seed the seed
   */
  public record Options(int rho, DagSource dag, int k, int l, int m, int replicates, long seed) {
    /** Checks the ranges. */
    public Options {
      if (rho < 1 || k < 2 || l < 1 || m < 0 || replicates < 2 || dag == null) {
        throw new IllegalArgumentException(
            "scm options out of range: rho="
                + rho
                + " k="
                + k
                + " l="
                + l
                + " m="
                + m
                + " replicates="
                + replicates
                + " dag="
                + dag);
      }
    }

    /**
     * The defaults of {@code evaluate}: ρ = 1, a learned DAG, k = 200, l = 5, m = 3, R = 3.
     *
     * @param seed the seed
     * @return the options
     */
    public static Options defaults(long seed) {
      return new Options(1, DagSource.LEARN, 200, 5, 3, 3, seed);
    }
  }

  /**
   * The outcome.
   *
   * @param scores {@code od}, {@code od.se}, {@code od.null} (same for {@code id}, {@code cd}) and,
   *     with a learned DAG, {@code shd}, {@code sid}, {@code ancestor_aid}, {@code oset_aid},
   *     {@code parent_aid}
   * @param details the fit (groups, alignment, chance, DAG edges) and each metric's details
   * @param fit the fitted latent model
   */
  public record Result(
      Map<String, Double> scores, Map<String, Object> details, LatentModelFit.Fit fit) {
    /** Copies. */
    public Result {
      scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
      details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }
  }

  /** The sampled distances, always computed. */
  public static final List<String> DISTANCES = List.of("od", "id", "cd");

  /** The graph metrics added with a learned DAG. */
  public static final List<String> GRAPH =
      List.of("shd", "sid", "ancestor_aid", "oset_aid", "parent_aid");

  /**
   * Fits and scores.
   *
   * @param latents {@code latents[j][r]}, encoded means
   * @param latentNames one name per latent
   * @param codes {@code codes[f][r]}, factor codes
   * @param factorNames one name per factor
   * @param vocab the value of each code per factor (numbers for numeric factors)
   * @param irs the IRS matrix {@code [latent][scored factor]}
   * @param activeLatents the latents IRS kept
   * @param irsFactors the factors of the IRS matrix's columns
   * @param truth the true model over (some of) the factors, discrete, no hidden variable
   * @param truthSource where the truth comes from, for the details and messages
   * @param o the settings
   * @return the scores and details
   * @throws BadInputException when a truth variable is not a scored factor, or the groups cannot be
   *     formed (too few active latents): the message names the truth and the values
   */
  public static Result score(
      float[][] latents,
      List<String> latentNames,
      int[][] codes,
      List<String> factorNames,
      List<List<Object>> vocab,
      double[][] irs,
      int[] activeLatents,
      List<String> irsFactors,
      CausalModel truth,
      String truthSource,
      Options o)
      throws BadInputException {
    Dag truthDag = truth.dag();
    List<String> names = truthDag.names();
    if (truth.observedNames().size() != names.size()) {
      throw new BadInputException(truthSource + ": the truth has hidden variables");
    }
    int[] fcols = new int[names.size()];
    for (int i = 0; i < names.size(); i++) {
      fcols[i] = irsFactors.indexOf(names.get(i));
      if (fcols[i] < 0) {
        throw new BadInputException(
            truthSource
                + ": variable '"
                + names.get(i)
                + "' is not a scored factor of the codes "
                + irsFactors
                + " (a factor with one value has no latent group)");
      }
    }
    List<List<Object>> vocabD = new ArrayList<>();
    for (List<Object> v : vocab) {
      boolean numeric = v.stream().allMatch(x -> x instanceof Number);
      vocabD.add(numeric ? v.stream().map(x -> (Object) ((Number) x).doubleValue()).toList() : v);
    }
    CodeTables.FactorTable ft = new CodeTables.FactorTable(null, factorNames, codes, vocabD);
    CodeTables.NumericTable lt = new CodeTables.NumericTable(null, latentNames, latents);
    LatentModelFit.Fit fit;
    try {
      int[][] groups = LatentGroups.oneToOne(irs, activeLatents, fcols, o.rho());
      double[][] z = LatentModelFit.groupValues(ft, lt, names, groups, LatentModelFit.Scale.FACTOR);
      fit =
          LatentModelFit.fit(
              ft,
              lt,
              names,
              groups,
              z,
              o.dag() == DagSource.GIVEN ? truthDag : null,
              truthSource,
              "one-to-one",
              List.of());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(truthSource + ": latent model: " + e.getMessage(), e);
    }
    LadderOptions opts =
        DistanceRun.ladderOptions(
                DistanceRun.Compat.NONE,
                o.k(),
                o.l(),
                o.m(),
                false,
                DistanceRun.Distance.WASSERSTEIN,
                DistanceRun.DoValues.NORMAL,
                new double[] {-1, 1})
            .withLevels(DistanceRun.levels(truth, fit.model(), fit.info(), Path.of(truthSource)));
    DistanceRequest req =
        new DistanceRequest(
                truth, fit.model(), opts, null, List.of(), TvOptions.summaryDefaults(), o.seed())
            .replicates(o.replicates());
    List<String> ids = new ArrayList<>(DISTANCES);
    if (o.dag() == DagSource.LEARN) {
      ids.addAll(GRAPH);
    }
    DistanceRun.Result r;
    try {
      r = DistanceRun.compute(req, ids, Optional.of(fit.info()));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(truthSource + ": latent model distance: " + e.getMessage(), e);
    }
    Map<String, Object> details = new LinkedHashMap<>();
    details.put("truth", truthSource);
    details.put("dag", fit.info().dag());
    details.put("variables", names);
    details.put("groups", fit.info().groups());
    details.put("alignment", fit.info().alignment());
    details.put("chance", fit.info().chance());
    details.put("truthEdges", edges(truthDag));
    details.put("modelEdges", edges(fit.dag()));
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("rho", o.rho());
    settings.put("k", o.k());
    settings.put("l", o.l());
    settings.put("m", o.m());
    settings.put("replicates", o.replicates());
    settings.put("distance", "wasserstein");
    details.put("settings", settings);
    Map<String, Object> metricDetails = new LinkedHashMap<>();
    for (String id : ids) {
      Object d = r.details().get(id);
      if (DISTANCES.contains(id)) {
        metricDetails.put(id, summary(d));
      } else {
        metricDetails.put(id, d);
      }
    }
    details.put("metrics", metricDetails);
    return new Result(r.scores(), details, fit);
  }

  /** The standard error and null entries of a sampled distance's details (not the audit rows). */
  private static Object summary(Object d) {
    if (d instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (String k :
          List.of(
              "standardError",
              "nullBaseline",
              "nullStandardError",
              "replicates",
              "replicateValues",
              "nullValues",
              "idByNode")) {
        if (m.containsKey(k)) {
          out.put(k, m.get(k));
        }
      }
      return out;
    }
    return d;
  }

  private static List<List<String>> edges(Dag d) {
    List<List<String>> out = new ArrayList<>();
    for (int i = 0; i < d.size(); i++) {
      for (int c : d.children(i)) {
        out.add(List.of(d.name(i), d.name(c)));
      }
    }
    return out;
  }
}
