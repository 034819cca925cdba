package dev.candela.metrics;

/**
 * Sizes for the metrics that draw their own batches ({@link BetaVae}, {@link FactorVae}), with
 * disentanglement_lib's defaults: batch 64, 10,000 training points, 5,000 evaluation points and
 * 10,000 samples for FactorVAE's global variance estimate.
 *
 * @param batchSize samples (BetaVAE: pairs) per training or evaluation point, at least 2
 * @param numTrain training points, at least 1
 * @param numEval evaluation points, at least 1
 * @param numVarianceEstimate samples for FactorVAE's global standard deviation, at least 2
 * @param seed the seed of the sampling (and of the learner)
 */
public record SampledMetricOptions(
    int batchSize, int numTrain, int numEval, int numVarianceEstimate, long seed) {

  /** disentanglement_lib's batch size. */
  public static final int DEFAULT_BATCH = 64;

  /** disentanglement_lib's num_train. */
  public static final int DEFAULT_TRAIN = 10_000;

  /** disentanglement_lib's num_eval. */
  public static final int DEFAULT_EVAL = 5_000;

  /** disentanglement_lib's num_variance_estimate. */
  public static final int DEFAULT_VARIANCE_ESTIMATE = 10_000;

  /** Validates ranges. */
  public SampledMetricOptions {
    if (batchSize < 2 || numTrain < 1 || numEval < 1 || numVarianceEstimate < 2) {
      throw new IllegalArgumentException(
          "need batch ≥ 2, train ≥ 1, eval ≥ 1, variance estimate ≥ 2, got batch "
              + batchSize
              + ", train "
              + numTrain
              + ", eval "
              + numEval
              + ", variance estimate "
              + numVarianceEstimate);
    }
  }

  /**
   * disentanglement_lib's defaults with seed 0.
   *
   * @return the options
   */
  public static SampledMetricOptions defaults() {
    return new SampledMetricOptions(
        DEFAULT_BATCH, DEFAULT_TRAIN, DEFAULT_EVAL, DEFAULT_VARIANCE_ESTIMATE, 0);
  }

  /**
   * The same options with the train, eval and variance-estimate counts multiplied by {@code f}
   * (rounded, at least 1, resp. 2), for quick runs.
   *
   * @param f the scale, in (0, 1]
   * @return the scaled options
   */
  public SampledMetricOptions scaled(double f) {
    if (!(f > 0 && f <= 1)) {
      throw new IllegalArgumentException("scale must be in (0, 1], got " + f);
    }
    return new SampledMetricOptions(
        batchSize,
        Math.max(1, (int) Math.round(numTrain * f)),
        Math.max(1, (int) Math.round(numEval * f)),
        Math.max(2, (int) Math.round(numVarianceEstimate * f)),
        seed);
  }

  /**
   * The same options with another seed.
   *
   * @param s the seed
   * @return a copy
   */
  public SampledMetricOptions withSeed(long s) {
    return new SampledMetricOptions(batchSize, numTrain, numEval, numVarianceEstimate, s);
  }
}
