package dev.candela.metrics;

/**
 * The registered {@link Metric#GAUSSIAN_TC} function: the Gaussian total correlation of the
 * latents' covariance ({@link GaussianTc}; Locatello et al. 2019), key {@code gaussian_tc}, on all
 * rows. A smooth statistic of all rows (a function of the covariance): its interval is Candela's
 * subsampling, whose rate estimate comes out near ½ for it and which also estimates its O(D²/N)
 * upward bias (docs/metrics-unsupervised.md, {@code bench coverage} family {@code unsupervised}).
 */
final class GaussianTcMetric extends OneScoreSubsampled<GaussianTcResult> {
  GaussianTcMetric() {
    super(
        "gaussian_tc",
        c -> GaussianTc.compute(c.latentCovariance(), c.latentNames()),
        GaussianTcResult::score,
        Double.POSITIVE_INFINITY);
  }
}
