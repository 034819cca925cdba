package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * MIG-sup and its details ({@link MigSup}). Its values are immutable.
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
    double score, Vector gap, List<Integer> bestFactor, double latentNormalisedScore, int bins) {
  /** Validates the score, shapes and bins. */
  public MigSupResult {
    Arrays2.requireFinite("MIG-sup score", score);
    bestFactor = List.copyOf(bestFactor);
    Arrays2.requireSameLengths(gap.length(), "gaps", bestFactor.size(), "best factors");
    Arrays2.requirePositive("bins", bins);
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
