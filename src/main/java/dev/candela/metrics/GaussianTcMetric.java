package dev.candela.metrics;

import java.util.List;

/**
 * The registered {@link Metric#GAUSSIAN_TC} function: the Gaussian total correlation of the
 * latents' covariance ({@link GaussianTc}; Locatello et al. 2019), key {@code gaussian_tc}, on all
 * rows. A smooth statistic of all rows (a function of the covariance): its interval is Candela's
 * subsampling, whose rate estimate comes out near ½ for it and which also estimates its O(D²/N)
 * upward bias (docs/metrics-unsupervised.md, {@code bench coverage} family {@code unsupervised}).
 */
final class GaussianTcMetric implements CodeMetric.Subsampled {
  @Override
  public Scored score(CodeContext context) {
    GaussianTcResult r = GaussianTc.compute(context.latentCovariance(), context.latentNames());
    return Scored.of("gaussian_tc", r.score(), r);
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("gaussian_tc");
  }

  @Override
  public double upperBound(String key) {
    return Double.POSITIVE_INFINITY;
  }
}
