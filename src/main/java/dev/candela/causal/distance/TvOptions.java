package dev.candela.causal.distance;

/**
 * Estimation settings of the interventional TV ({@link InterventionalTv}).
 *
 * @param mcSamples the Monte Carlo size of the multi-outcome linear-Gaussian estimator
 * @param points {@code n}: the number of outcome points of the numerical estimator, half drawn from
 *     each model (rounded down to an even number, {@code >= 2})
 * @param particles {@code M}: likelihood-weighting particles per density estimate ({@code >= 1};
 *     one is used when the outcomes' ancestors are all intervened, as the density is then exact)
 * @param forceNumerical use the numerical estimator even where an exact method exists
 * @param independentSides the numerical estimator draws the second model's points and density
 *     particles from streams independent of the first's instead of common random numbers (for the
 *     null baseline: the truth against an independent copy of itself)
 */
public record TvOptions(
    int mcSamples, int points, int particles, boolean forceNumerical, boolean independentSides) {
  /** The default number of outcome points {@code n}. */
  public static final int DEFAULT_POINTS = 1000;

  /** The default number of particles {@code M} per density estimate. */
  public static final int DEFAULT_PARTICLES = 100;

  /**
   * The default {@code n} of the DAG summary (smaller: the summary runs one estimate per ordered
   * pair and treatment value, 270 of them for 10 continuous variables).
   */
  public static final int SUMMARY_POINTS = 200;

  /** The default {@code M} of the DAG summary. */
  public static final int SUMMARY_PARTICLES = 50;

  /** The default Monte Carlo size of the multi-outcome linear-Gaussian estimator. */
  public static final int DEFAULT_MC_SAMPLES = 100_000;

  /** Validates. */
  public TvOptions {
    if (points < 2) {
      throw new IllegalArgumentException("TV points must be >= 2, got " + points);
    }
    if (particles < 1) {
      throw new IllegalArgumentException("TV particles must be >= 1, got " + particles);
    }
    if (mcSamples < 0) {
      throw new IllegalArgumentException("TV Monte Carlo samples must be >= 0, got " + mcSamples);
    }
  }

  /**
   * The defaults: {@value #DEFAULT_MC_SAMPLES} Gaussian draws, {@value #DEFAULT_POINTS} points,
   * {@value #DEFAULT_PARTICLES} particles, exact methods where they exist.
   *
   * @return the options
   */
  public static TvOptions defaults() {
    return new TvOptions(DEFAULT_MC_SAMPLES, DEFAULT_POINTS, DEFAULT_PARTICLES, false, false);
  }

  /**
   * The defaults of the DAG summary: {@value #SUMMARY_POINTS} points and {@value
   * #SUMMARY_PARTICLES} particles per estimate.
   *
   * @return the options
   */
  public static TvOptions summaryDefaults() {
    return defaults().withNumerical(SUMMARY_POINTS, SUMMARY_PARTICLES);
  }

  /**
   * With another multi-outcome Gaussian Monte Carlo size.
   *
   * @param n the size
   * @return new options
   */
  public TvOptions withMcSamples(int n) {
    return new TvOptions(n, points, particles, forceNumerical, independentSides);
  }

  /**
   * With other numerical-estimator sizes.
   *
   * @param n the outcome points
   * @param m the particles per density
   * @return new options
   */
  public TvOptions withNumerical(int n, int m) {
    return new TvOptions(mcSamples, n, m, forceNumerical, independentSides);
  }

  /**
   * Forcing (or not) the numerical estimator.
   *
   * @param force true to use it for every model pair
   * @return new options
   */
  public TvOptions withForceNumerical(boolean force) {
    return new TvOptions(mcSamples, points, particles, force, independentSides);
  }

  /**
   * A copy whose numerical estimator uses independent streams for the two models.
   *
   * @param independent whether the sides are independent
   * @return the copy
   */
  public TvOptions withIndependentSides(boolean independent) {
    return new TvOptions(mcSamples, points, particles, forceNumerical, independent);
  }
}
