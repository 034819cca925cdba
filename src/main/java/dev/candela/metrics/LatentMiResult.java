package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * The mean pairwise mutual information of the latents ({@link LatentMi}). Accessors return copies.
 *
 * @param score the mean off-diagonal MI in nats, ≥ 0
 * @param mutualInformation {@code [latent][latent]} plug-in MI in nats between the binned latents
 *     (diagonal: each latent's binned entropy)
 * @param bins histogram bins per latent
 */
public record LatentMiResult(double score, double[][] mutualInformation, int bins) {
  /** Validates and copies. */
  public LatentMiResult {
    Arrays2.requireFinite("latent mutual information", score);
    if (score < 0 || bins < 1) {
      throw new IllegalArgumentException(
          "latent MI must be ≥ 0 and bins ≥ 1, got " + score + " and " + bins);
    }
    mutualInformation = Arrays2.deepCopy(mutualInformation);
  }

  @Override
  public double[][] mutualInformation() {
    return Arrays2.deepCopy(mutualInformation);
  }

  @Override
  public String toString() {
    return RecordText.of("LatentMiResult", "score", score, "bins", bins);
  }
}
