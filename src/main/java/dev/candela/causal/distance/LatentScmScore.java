package dev.candela.causal.distance;

import dev.candela.BadInputException;
import dev.candela.causal.fit.GaussianBicSearch;
import dev.candela.causal.fit.LatentGroups;
import dev.candela.causal.fit.LatentModelFit;
import dev.candela.causal.fit.LinearGaussianFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.data.CodeTables;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Uncertainty;
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
 *
 * <p>Every score has an interval: OD, ID and CD are means over R replicate runs (SE of the mean, t
 * with R − 1 degrees of freedom; the null baseline is a detail); the graph metrics come from P
 * pairs of DAG refits on complementary halves of the rows (Gaussian BIC hill climbing on each half,
 * the groups fixed): SE² = Σ (a − b)²/(4P), interval score ± t_{0.975, P}·SE clipped to the
 * metric's range, bias = mean half-size score − score ({@link Uncertainty#ofPairs}).
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
   * @param dagRefits refits of the learned DAG behind the graph metrics' intervals, in pairs on
   *     complementary halves of the rows (even, ≥ 0; 0 = no interval)
   * @param seed the seed
   */
  public record Options(
      int rho, DagSource dag, int k, int l, int m, int replicates, int dagRefits, long seed) {
    /** Checks the ranges. */
    public Options {
      if (rho < 1
          || k < 2
          || l < 1
          || m < 0
          || replicates < 2
          || dagRefits < 0
          || dagRefits % 2 != 0
          || dag == null) {
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
                + " dagRefits="
                + dagRefits
                + " dag="
                + dag);
      }
    }

    /**
     * The defaults of {@code evaluate}: ρ = 1, a learned DAG, k = 200, l = 5, m = 3, R = 3, 10 DAG
     * refits (5 pairs).
     *
     * @param seed the seed
     * @return the options
     */
    public static Options defaults(long seed) {
      return new Options(1, DagSource.LEARN, 200, 5, 3, 3, 10, seed);
    }
  }

  /**
   * The outcome.
   *
   * @param scores {@code od}, {@code id}, {@code cd} and, with a learned DAG, {@code shd}, {@code
   *     sid}, {@code ancestor_aid}, {@code oset_aid}, {@code parent_aid}
   * @param uncertainty the interval of each score that has one (all of them, unless R or the refits
   *     give none)
   * @param details the fit (groups, alignment, chance, DAG edges) and each metric's details (the
   *     distances' standard error and null baseline, the graph metrics' refit pairs)
   * @param fit the fitted latent model
   */
  public record Result(
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, Object> details,
      LatentModelFit.Fit fit) {
    /** Copies. */
    public Result {
      scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
      uncertainty = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(uncertainty));
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
    double[][] z;
    try {
      int[][] groups = LatentGroups.oneToOne(irs, activeLatents, fcols, o.rho());
      z = LatentModelFit.groupValues(ft, lt, names, groups, LatentModelFit.Scale.FACTOR);
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
    settings.put("dagRefits", o.dag() == DagSource.LEARN ? o.dagRefits() : 0);
    settings.put("distance", "wasserstein");
    details.put("settings", settings);
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    Map<String, List<double[]>> refits =
        o.dag() == DagSource.LEARN ? dagRefits(truth, names, z, opts, o) : Map.of();
    Map<String, Object> metricDetails = new LinkedHashMap<>();
    for (String id : ids) {
      double v = r.scores().get(id);
      scores.put(id, v);
      Object d = r.details().get(id);
      Uncertainty u;
      if (DISTANCES.contains(id)) {
        metricDetails.put(id, summary(d));
        Double se = r.scores().get(id + ".se");
        u =
            se == null
                ? null
                : Uncertainty.symmetric(
                    v,
                    se,
                    o.replicates() - 1,
                    Uncertainty.REPLICATES,
                    o.replicates(),
                    0,
                    latents.length == 0 ? 0 : latents[0].length);
      } else {
        List<double[]> pairs = refits.getOrDefault(id, List.of());
        metricDetails.put(id, d);
        u = Uncertainty.ofPairs(v, pairs, z.length, false);
        if (u != null) {
          u = u.clipped(0, id.endsWith("_aid") ? 1 : Double.POSITIVE_INFINITY);
        }
      }
      if (u != null) {
        uncertainty.put(id, u);
      }
    }
    details.put("metrics", metricDetails);
    if (!refits.isEmpty()) {
      details.put("dagRefitPairs", refits);
    }
    return new Result(scores, uncertainty, details, fit);
  }

  /**
   * The graph metrics of DAGs refitted on complementary halves of the rows: for each of the P =
   * refits/2 pairs a random split of the rows, a DAG learned on each half (Gaussian BIC hill
   * climbing, the same groups), each scored against the truth.
   *
   * @return metric id to its P (a, b) pairs
   */
  private static Map<String, List<double[]>> dagRefits(
      CausalModel truth, List<String> names, double[][] z, LadderOptions opts, Options o) {
    Map<String, List<double[]>> out = new LinkedHashMap<>();
    java.util.SplittableRandom rng = new java.util.SplittableRandom(o.seed() ^ 0x5ca1ab1eL);
    int n = z.length;
    for (int p = 0; p < o.dagRefits() / 2; p++) {
      int[] perm = Arrays2.shuffled(n, rng);
      double[][] a = new double[n / 2][];
      double[][] b = new double[n - n / 2][];
      for (int i = 0; i < n; i++) {
        if (i < a.length) {
          a[i] = z[perm[i]];
        } else {
          b[i - a.length] = z[perm[i]];
        }
      }
      Map<String, Double> sa = graphScores(truth, names, a, opts, o.seed());
      Map<String, Double> sb = graphScores(truth, names, b, opts, o.seed());
      for (String id : GRAPH) {
        out.computeIfAbsent(id, k -> new ArrayList<>()).add(new double[] {sa.get(id), sb.get(id)});
      }
    }
    return out;
  }

  private static Map<String, Double> graphScores(
      CausalModel truth, List<String> names, double[][] z, LadderOptions opts, long seed) {
    Dag g = GaussianBicSearch.learn(names, z);
    CausalModel model = LinearGaussianFit.fit(g, z);
    DistanceRequest req =
        new DistanceRequest(truth, model, opts, null, List.of(), TvOptions.summaryDefaults(), seed);
    Map<String, Double> out = new LinkedHashMap<>();
    for (String id : GRAPH) {
      out.put(id, CausalMetrics.get(id).compute(req).score());
    }
    return out;
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

  /**
   * A DAG's edges, as written to the details ({@code truthEdges}, {@code modelEdges}).
   *
   * @param d the DAG
   * @return its (parent, child) pairs, by parent then child
   */
  public static List<List<String>> edges(Dag d) {
    List<List<String>> out = new ArrayList<>();
    for (int i = 0; i < d.size(); i++) {
      for (int c : d.children(i)) {
        out.add(List.of(d.name(i), d.name(c)));
      }
    }
    return out;
  }
}
