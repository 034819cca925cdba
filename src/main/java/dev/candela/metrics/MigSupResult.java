package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * MIG-sup and its details ({@link MigSup}). Accessors return copies.
 *
 * @param score MIG-sup, the mean of {@code gap} over latents, in [0, 1]
 * @param gap per latent, {@code Î_(1) − Î_(2)} of its factor-normalised MI
 * @param bestFactor per latent, the factor with the largest normalised MI (lowest index on ties)
 * @param latentNormalisedScore the peer's variant (ubisoft's {@code mig_sup.py}): the mean over
 *     latents of {@code (I_(1) − I_(2)) / H(z_j)} (0 for a latent of entropy 0, where the peer
 *     divides by zero); NaN when the latents' entropies were not given
 * @param bins histogram bins per latent
 */
public record MigSupResult(
    double score, double[] gap, int[] bestFactor, double latentNormalisedScore, int bins) {
  /** Validates and copies. */
  public MigSupResult {
    Arrays2.requireFinite("MIG-sup score", score);
    gap = gap.clone();
    bestFactor = bestFactor.clone();
    if (gap.length != bestFactor.length) {
      throw new IllegalArgumentException(
          "shapes disagree: " + gap.length + " gaps, " + bestFactor.length + " best factors");
    }
    if (bins < 1) {
      throw new IllegalArgumentException("bins must be at least 1, got " + bins);
    }
  }

  /**
   * Per latent, the gap.
   *
   * @return a copy
   */
  @Override
  public double[] gap() {
    return gap.clone();
  }

  /**
   * Per latent, its most informative factor.
   *
   * @return a copy
   */
  @Override
  public int[] bestFactor() {
    return bestFactor.clone();
  }

  @Override
  public String toString() {
    return RecordText.of(
        "MigSupResult",
        "score",
        score,
        "gap",
        gap,
        "latentNormalisedScore",
        latentNormalisedScore,
        "bins",
        bins);
  }
}
