package dev.candela.causal.distance;

import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.Ids;
import dev.candela.JsonFiles;
import dev.candela.Provenance;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.causal.fit.LatentFitInfo;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code causal distance} run: the ladder options from their closed choices, the metric ids
 * (default or given), every metric computed on one {@link DistanceRequest}, and the result document
 * with its scores, details and provenance.
 */
public final class DistanceRun {
  /** The graph metrics, which are not findings when the latent model's DAG was given. */
  public static final List<String> GRAPH_METRICS =
      List.of("shd", "sid", "aupr", "ancestor_aid", "oset_aid", "parent_aid");

  private DistanceRun() {}

  /** The distance D behind OD/ID/CD. */
  public enum Distance {
    /** Exact W1 with the Euclidean ground metric. */
    WASSERSTEIN,
    /** The energy distance. */
    ENERGY,
    /** Exact total variation on the enumerated joints (discrete models). */
    TV,
    /** Exact KL on the enumerated joints (discrete models). */
    KL;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Where the do-values of a continuous node come from. */
  public enum DoValues {
    /** N(0, 1). */
    NORMAL,
    /** The true model's observational marginal. */
    MARGINAL,
    /** Uniform on the given range. */
    RANGE;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The estimator: the paper's definitions or the authors' released code. */
  public enum Compat {
    /** The paper's definitions with the chosen D. */
    NONE,
    /** The authors' released estimator. */
    PEYRARD_WEST_CODE;

    @Override
    public String toString() {
      return Ids.of(this);
    }
  }

  /**
   * The OD/ID/CD options.
   *
   * @param compat the estimator
   * @param k draws per distribution
   * @param l do-values per continuous node
   * @param m evidence rows for CD
   * @param zNormalise whether variables are standardised by the truth's moments
   * @param distance D
   * @param doValues the do-value source
   * @param range LO,HI of the do-value range
   * @return the options
   * @throws BadInputException when the range is not two numbers
   */
  public static LadderOptions ladderOptions(
      Compat compat,
      int k,
      int l,
      int m,
      boolean zNormalise,
      Distance distance,
      DoValues doValues,
      double[] range)
      throws BadInputException {
    if (compat == Compat.PEYRARD_WEST_CODE) {
      return LadderOptions.peyrardWestCode(k, m);
    }
    LadderOptions o = LadderOptions.defaults().withSizes(k, l, m).withZNormalise(zNormalise);
    o =
        switch (distance) {
          case WASSERSTEIN -> o.withDistance(new Wasserstein());
          case ENERGY -> o.withDistance(new EnergyDistance());
          case TV -> o.withExact(LadderOptions.Exact.TV);
          case KL -> o.withExact(LadderOptions.Exact.KL);
        };
    if (range.length != 2) {
      throw new BadSettingException(
          SettingText.of(Setting.RANGE, " needs LO,HI, got " + range.length + " numbers"));
    }
    LadderOptions.DoValues dv =
        switch (doValues) {
          case NORMAL -> LadderOptions.DoValues.STANDARD_NORMAL;
          case MARGINAL -> LadderOptions.DoValues.MARGINAL;
          case RANGE -> LadderOptions.DoValues.RANGE;
        };
    return o.withDoValues(dv, range[0], range[1]);
  }

  /**
   * The metric ids: the given ones, or od, id, cd, tv plus kl, ckl1..3 and wed3 when both models
   * are discrete.
   *
   * @param given the given ids, or null
   * @param truth the true model
   * @param model the learned model
   * @return the ids
   */
  public static List<String> metricIds(List<String> given, CausalModel truth, CausalModel model) {
    if (given != null) {
      return given;
    }
    List<String> ids = new ArrayList<>(List.of("od", "id", "cd", "tv"));
    if (truth.isDiscrete() && model.isDiscrete()) {
      ids.addAll(List.of("kl", "ckl1", "ckl2", "ckl3", "wed3"));
    }
    return ids;
  }

  /**
   * Levels of the latent model's groups in the order of the truth's value labels, for every
   * discrete truth variable that is a continuous group of the latent model.
   *
   * @param truth the true model
   * @param model the latent model
   * @param info the latent model's fit information
   * @param modelFile the latent model's file, for messages
   * @return the levels by variable name
   * @throws BadInputException when a truth value has no level
   */
  public static Map<String, double[]> levels(
      CausalModel truth, CausalModel model, LatentFitInfo info, Path modelFile)
      throws BadInputException {
    Map<String, double[]> out = new LinkedHashMap<>();
    for (String name : truth.observedNames()) {
      int ti = truth.indexOf(name);
      if (!(truth.variable(ti).mechanism() instanceof Cpt c)
          || !model.has(name)
          || model.cardinality(model.indexOf(name)) > 0
          || !info.levels().containsKey(name)) {
        continue;
      }
      try {
        out.put(name, info.levelsFor(name, c.values()));
      } catch (IllegalArgumentException e) {
        throw new BadInputException(modelFile + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /**
   * One metric's outcome.
   *
   * @param id the metric id
   * @param value the value
   * @param reported false for a graph metric of a latent model whose DAG was given (not a finding)
   */
  public record Outcome(String id, CausalMetric.Value value, boolean reported) {}

  /** The computed metrics: the flat scores map and the details by metric id. */
  public static final class Result {
    private final List<Outcome> outcomes = new ArrayList<>();
    private final Map<String, Double> scores = new LinkedHashMap<>();
    private final Map<String, Object> details = new LinkedHashMap<>();

    private Result() {}

    /**
     * The outcomes in metric order.
     *
     * @return the outcomes
     */
    public List<Outcome> outcomes() {
      return List.copyOf(outcomes);
    }

    /**
     * The flat scores: {@code id}, and {@code id.se}, {@code id.null} for sampled ones.
     *
     * @return the scores
     */
    public Map<String, Double> scores() {
      return scores;
    }

    /**
     * The details by metric id.
     *
     * @return the details
     */
    public Map<String, Object> details() {
      return details;
    }
  }

  /**
   * Computes every metric on the request.
   *
   * @param req the request
   * @param ids the metric ids (trimmed here)
   * @param latent the latent model's fit information, if the model is a latent model
   * @return the result
   */
  public static Result compute(
      DistanceRequest req, List<String> ids, Optional<LatentFitInfo> latent) {
    Result r = new Result();
    boolean dagGiven = latent.isPresent() && latent.get().dagGiven();
    for (String raw : ids) {
      String id = raw.trim();
      CausalMetric.Value v = CausalMetrics.get(id).compute(req);
      if (dagGiven && GRAPH_METRICS.contains(id)) {
        // The latent model's DAG was copied from a file, not learned: nothing to report.
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("value", v.score());
        d.put("finding", false);
        d.put(
            "reason",
            "the latent model's DAG was given to fit-latent ("
                + latent.get().dagSource()
                + "), not learned");
        d.put("details", v.details());
        r.details.put(id, d);
        r.outcomes.add(new Outcome(id, v, false));
        continue;
      }
      r.scores.put(id, v.score());
      if (v.sampled()) {
        r.scores.put(id + ".se", v.se());
        r.scores.put(id + ".null", v.nullBaseline());
      }
      r.details.put(id, v.details());
      r.outcomes.add(new Outcome(id, v, true));
    }
    return r;
  }

  /**
   * Writes the result document (scores, details and provenance with the input hashes, the seed and
   * the parameters) as indented JSON, atomically.
   *
   * @param json the output file
   * @param result the computed metrics
   * @param req the request the metrics were computed on
   * @param ids the metric ids
   * @param truthFile the true model's file
   * @param modelFile the learned model's file
   * @param seed the seed
   * @throws BadInputException when an input cannot be hashed or the file cannot be written
   */
  public static void write(
      Path json,
      Result result,
      DistanceRequest req,
      List<String> ids,
      Path truthFile,
      Path modelFile,
      long seed)
      throws BadInputException {
    Map<String, Object> params = new LinkedHashMap<>(req.ladder().asMap());
    params.put("metrics", ids);
    if (req.treatment() != null) {
      params.put("treatment", req.treatment());
      params.put("outcomes", req.outcomes());
    }
    params.put("replicates", req.replicates());
    params.put("mcSamples", req.tvOptions().mcSamples());
    params.put("tvPoints", req.tvOptions().points());
    params.put("tvParticles", req.tvOptions().particles());
    Map<String, String> inputs = new LinkedHashMap<>();
    inputs.put("truth", Provenance.sha256(truthFile));
    inputs.put("model", Provenance.sha256(modelFile));
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("scores", result.scores());
    doc.put("details", result.details());
    doc.put("provenance", Provenance.now(inputs, seed, params));
    try {
      JsonFiles.writeIndented(json, doc, true);
    } catch (IOException e) {
      throw new BadInputException(json + ": cannot write (" + e.getMessage() + ")", e);
    }
  }
}
