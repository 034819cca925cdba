package dev.candela.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#GAUSSIAN_WC} function: the Gaussian Wasserstein correlation of the
 * latents' covariance and its normalised form ({@link GaussianWc}; Locatello et al. 2019), keys
 * {@code gaussian_wc} and {@code gaussian_wc_norm}, on all rows; interval by subsampling, as {@link
 * GaussianTcMetric}.
 */
final class GaussianWcMetric implements CodeMetric.Subsampled {
  @Override
  public Scored score(CodeContext context) {
    GaussianWcResult r = GaussianWc.compute(context.latentCovariance());
    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put("gaussian_wc", r.score());
    scores.put("gaussian_wc_norm", r.normalised());
    return new Scored(scores, Map.of("gaussian_wc", r));
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("gaussian_wc", "gaussian_wc_norm");
  }

  @Override
  public double upperBound(String key) {
    return key.equals("gaussian_wc_norm") ? 2 : Double.POSITIVE_INFINITY;
  }
}
