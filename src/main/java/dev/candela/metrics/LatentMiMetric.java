package dev.candela.metrics;

import java.util.List;

/**
 * The registered {@link Metric#LATENT_MI} function: the mean pairwise mutual information of the
 * latents binned as for MIG ({@link LatentMi}; Locatello et al. 2019), key {@code latent_mi}, on
 * all rows. A function of the latent × latent MI matrix, not of the latent × factor matrix that
 * {@link CodeMetric.Jackknifed} jackknifes, so its interval is Candela's subsampling (which, unlike
 * a bootstrap, never duplicates rows, which would bias plug-in MI).
 */
final class LatentMiMetric implements CodeMetric.Subsampled {
  @Override
  public Scored score(CodeContext context) {
    LatentMiResult r =
        LatentMi.fromMutualInformation(context.latentMutualInformation(), context.bins());
    return Scored.of("latent_mi", r.score(), r);
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("latent_mi");
  }

  @Override
  public double upperBound(String key) {
    return Math.log(dev.candela.metrics.stats.HistogramDiscretizer.DEFAULT_BINS);
  }
}
