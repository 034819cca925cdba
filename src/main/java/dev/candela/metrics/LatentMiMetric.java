package dev.candela.metrics;

/**
 * The registered {@link Metric#LATENT_MI} function: the mean pairwise mutual information of the
 * latents binned as for MIG ({@link LatentMi}; Locatello et al. 2019), key {@code latent_mi}, on
 * all rows. A function of the latent × latent MI matrix, not of the latent × factor matrix that
 * {@link CodeMetric.Jackknifed} jackknifes, so its interval is Candela's subsampling (which, unlike
 * a bootstrap, never duplicates rows, which would bias plug-in MI).
 */
final class LatentMiMetric extends OneScoreSubsampled<LatentMiResult> {
  LatentMiMetric() {
    super(
        "latent_mi",
        c -> LatentMi.fromMutualInformation(c.latentMutualInformation(), c.bins()),
        LatentMiResult::score,
        Math.log(dev.candela.metrics.stats.HistogramDiscretizer.DEFAULT_BINS));
  }
}
