package dev.candela.causal.distance;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Options of the OD/ID/CD distances ({@link LadderDistances}).
 *
 * @param k samples per distribution compared
 * @param l do-values drawn per continuous intervention node (discrete nodes use all values)
 * @param m evidence rows for CD, drawn from the true model's observational distribution
 * @param zNormalise standardise every observed variable by the true observational mean and standard
 *     deviation (from the OD sample) before computing D
 * @param doValues how continuous do-values are drawn
 * @param rangeLo lower end for {@link DoValues#RANGE}
 * @param rangeHi upper end for {@link DoValues#RANGE}
 * @param distance the sample distance D (ignored when {@code exact} is not {@link Exact#NONE})
 * @param exact an exact divergence on enumerated joints for discrete models, or NONE
 * @param mu intervention-node weights by variable name, the key {@link #EMPTY} for the empty
 *     intervention; empty map = uniform over the observed variables and the empty intervention
 * @param compat the estimator: faithful definitions, or the authors' released code
 * @param levels for a discrete truth variable that is continuous in the compared model (a latent
 *     model against a ground truth over factors): by variable name, the model value that stands for
 *     each value index of the truth ({@code levels[x]} for index {@code x}). Do-values and evidence
 *     {@code x} become {@code levels[x]} in the model, and a model draw is read as the index of its
 *     nearest level. Variables not listed use the index itself ({@code 0..K−1}).
 */
public record LadderOptions(
    int k,
    int l,
    int m,
    boolean zNormalise,
    DoValues doValues,
    double rangeLo,
    double rangeHi,
    SampleDistance distance,
    Exact exact,
    Map<String, Double> mu,
    Compat compat,
    Map<String, double[]> levels) {

  /** The key of the empty intervention in {@link #mu()}. */
  public static final String EMPTY = "(none)";

  /** How continuous do-values are drawn. */
  public enum DoValues {
    /** N(0, 1). */
    STANDARD_NORMAL,
    /** Resampled from the true model's observational marginal of the node. */
    MARGINAL,
    /** Uniform on [rangeLo, rangeHi]. */
    RANGE
  }

  /** Exact divergences for discrete models. */
  public enum Exact {
    /** Use the sample distance. */
    NONE,
    /** Total variation on the exact joints. */
    TV,
    /** KL(P1 ‖ P2) on the exact joints, nats. */
    KL
  }

  /** The estimator family. */
  public enum Compat {
    /** The definitions of the paper with the chosen D. */
    NONE,
    /**
     * The authors' released code: pooled 1-D histogram EMD, do-values Uniform(−5, 5), l = 5, no
     * z-normalisation, ID averaged over single-node interventions only (no empty one), l random
     * do-values for discrete nodes too, continuous evidence values from Uniform(0, 1).
     */
    PEYRARD_WEST_CODE
  }

  /** Validates and copies. */
  public LadderOptions {
    if (k < 1 || l < 1 || m < 0) {
      throw new IllegalArgumentException(
          "need k >= 1, l >= 1, m >= 0; got k=" + k + ", l=" + l + ", m=" + m);
    }
    if (doValues == DoValues.RANGE && !(rangeLo <= rangeHi)) {
      throw new IllegalArgumentException("empty do-value range [" + rangeLo + ", " + rangeHi + "]");
    }
    if (distance == null || exact == null || compat == null || doValues == null) {
      throw new IllegalArgumentException("distance, exact, compat and doValues are required");
    }
    mu = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mu));
    Map<String, double[]> lv = new LinkedHashMap<>();
    for (Map.Entry<String, double[]> e : levels.entrySet()) {
      for (double v : e.getValue()) {
        if (!Double.isFinite(v)) {
          throw new IllegalArgumentException("level of '" + e.getKey() + "' is " + v);
        }
      }
      lv.put(e.getKey(), e.getValue().clone());
    }
    levels = java.util.Collections.unmodifiableMap(lv);
    for (Map.Entry<String, Double> e : mu.entrySet()) {
      if (!(e.getValue() >= 0)) {
        throw new IllegalArgumentException("weight of '" + e.getKey() + "' is " + e.getValue());
      }
    }
  }

  /**
   * The faithful defaults: k = 200, l = 5, m = 10, no z-normalisation, standard-normal do-values,
   * exact Wasserstein, uniform weights.
   *
   * @return the options
   */
  public static LadderOptions defaults() {
    return new LadderOptions(
        200,
        5,
        10,
        false,
        DoValues.STANDARD_NORMAL,
        -5,
        5,
        new Wasserstein(),
        Exact.NONE,
        Map.of(),
        Compat.NONE,
        Map.of());
  }

  /**
   * The authors' released estimator with the given sample sizes.
   *
   * @param k samples per distribution
   * @param m evidence rows
   * @return the options
   */
  public static LadderOptions peyrardWestCode(int k, int m) {
    return new LadderOptions(
        k,
        5,
        m,
        false,
        DoValues.RANGE,
        -5,
        5,
        new PooledHistogramEmd(),
        Exact.NONE,
        Map.of(),
        Compat.PEYRARD_WEST_CODE,
        Map.of());
  }

  /**
   * A copy with other sample sizes.
   *
   * @param newK samples per distribution
   * @param newL do-values per continuous node
   * @param newM evidence rows
   * @return the copy
   */
  public LadderOptions withSizes(int newK, int newL, int newM) {
    return new LadderOptions(
        newK,
        newL,
        newM,
        zNormalise,
        doValues,
        rangeLo,
        rangeHi,
        distance,
        exact,
        mu,
        compat,
        levels);
  }

  /**
   * A copy with another sample distance.
   *
   * @param d the distance
   * @return the copy
   */
  public LadderOptions withDistance(SampleDistance d) {
    return new LadderOptions(
        k, l, m, zNormalise, doValues, rangeLo, rangeHi, d, exact, mu, compat, levels);
  }

  /**
   * A copy with an exact discrete divergence.
   *
   * @param e the divergence
   * @return the copy
   */
  public LadderOptions withExact(Exact e) {
    return new LadderOptions(
        k, l, m, zNormalise, doValues, rangeLo, rangeHi, distance, e, mu, compat, levels);
  }

  /**
   * A copy with z-normalisation switched.
   *
   * @param z whether to standardise
   * @return the copy
   */
  public LadderOptions withZNormalise(boolean z) {
    return new LadderOptions(
        k, l, m, z, doValues, rangeLo, rangeHi, distance, exact, mu, compat, levels);
  }

  /**
   * A copy with another do-value distribution.
   *
   * @param dv the distribution
   * @param lo range start (for RANGE)
   * @param hi range end (for RANGE)
   * @return the copy
   */
  public LadderOptions withDoValues(DoValues dv, double lo, double hi) {
    return new LadderOptions(k, l, m, zNormalise, dv, lo, hi, distance, exact, mu, compat, levels);
  }

  /**
   * With levels for discrete truth variables that are continuous in the compared model.
   *
   * @param lv the levels by variable name
   * @return new options
   */
  public LadderOptions withLevels(Map<String, double[]> lv) {
    return new LadderOptions(
        k, l, m, zNormalise, doValues, rangeLo, rangeHi, distance, exact, mu, compat, lv);
  }

  /**
   * The options as a flat map for provenance.
   *
   * @return name to value
   */
  public Map<String, Object> asMap() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("k", k);
    p.put("l", l);
    p.put("m", m);
    p.put("zNormalise", zNormalise);
    p.put("doValues", doValues.name().toLowerCase(java.util.Locale.ROOT));
    if (doValues == DoValues.RANGE) {
      p.put("range", new double[] {rangeLo, rangeHi});
    }
    p.put(
        "distance",
        exact == Exact.NONE ? distance.id() : exact.name().toLowerCase(java.util.Locale.ROOT));
    p.put("mu", mu.isEmpty() ? "uniform" : mu);
    p.put(
        "nu",
        compat == Compat.NONE
            ? "uniform over the m evidence rows and the empty evidence"
            : "uniform over the m evidence rows (continuous values Uniform(0,1)) and the empty"
                + " evidence");
    p.put("compat", compat == Compat.NONE ? "none" : "peyrard-west-code");
    if (!levels.isEmpty()) {
      p.put("levels", levels);
    }
    return p;
  }
}
