package dev.candela.metrics;

import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.Matrix;

/**
 * Mean pairwise mutual information of the discretised latents (Locatello et al. 2019, "Challenging
 * common assumptions in the unsupervised learning of disentangled representations", ICML;
 * disentanglement_lib {@code unsupervised_metrics}' {@code mutual_info_score}): each latent is cut
 * into equal-width histogram bins over its range (the bins of MIG, {@link
 * dev.candela.metrics.stats.HistogramDiscretizer}, 20 by default), M_jk = plug-in I(bin z_j; bin
 * z_k) in nats, and
 *
 * <pre>
 *   latent_mi = Σ_{j≠k} M_jk / (D² − D),
 * </pre>
 *
 * the mean of the off-diagonal entries; 0 for a disentangled (independent) code up to the plug-in
 * bias, at most ln(bins). A constant latent has MI 0 with every other and stays in the mean, as in
 * the reference. With a single latent there is no pair and the score is 0 (the reference divides 0
 * by 0).
 */
public final class LatentMi {
  private LatentMi() {}

  /**
   * The mean pairwise MI of some latents.
   *
   * @param latents {@code latents[j][i]} = latent j of sample i
   * @param bins histogram bins per latent
   * @return the result
   */
  public static LatentMiResult compute(float[][] latents, int bins) {
    return fromMutualInformation(DiscreteMutualInfo.latentLatentMatrix(latents, bins), bins);
  }

  /**
   * The mean pairwise MI from the latent × latent MI matrix.
   *
   * @param m {@code [latent][latent]} MI in nats
   * @param bins the latents' bins
   * @return the result
   */
  public static LatentMiResult fromMutualInformation(double[][] m, int bins) {
    int d = m.length;
    double sum = 0;
    for (int j = 0; j < d; j++) {
      for (int k = 0; k < d; k++) {
        if (j != k) {
          sum += m[j][k];
        }
      }
    }
    double score = d < 2 ? 0 : sum / ((double) d * d - d);
    return new LatentMiResult(score, Matrix.of(m), bins);
  }
}
