package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;

/**
 * The mean pairwise mutual information of the latents ({@link LatentMi}). Its values are immutable.
 *
 * @param score the mean off-diagonal MI in nats, ≥ 0
 * @param mutualInformation {@code [latent][latent]} plug-in MI in nats between the binned latents
 *     (diagonal: each latent's binned entropy)
 * @param bins histogram bins per latent
 */
public record LatentMiResult(double score, Matrix mutualInformation, int bins) {
  /** Validates the score and bins. */
  public LatentMiResult {
    Arrays2.requireFinite("latent mutual information", score);
    if (score < 0 || bins < 1) {
      throw new IllegalArgumentException(
          "latent MI must be ≥ 0 and bins ≥ 1, got " + score + " and " + bins);
    }
  }

  @Override
  public String toString() {
    return RecordText.of("LatentMiResult", "score", score, "bins", bins);
  }
}
