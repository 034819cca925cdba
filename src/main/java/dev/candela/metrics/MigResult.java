package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * The Mutual Information Gap and its details ({@link Mig}). Its values are immutable.
 *
 * @param score MIG, the mean of {@code gap} over the non-constant factors, in [0, 1]
 * @param gap per factor {@code (top1 − top2) / H(f)}; 0 for a constant factor, which is excluded
 *     from the mean and listed in {@code constantFactors}
 * @param bestLatent per factor, the latent with the largest MI (lowest index on ties)
 * @param mutualInformation {@code [latent][factor]} MI in nats between the discretised latent and
 *     the factor
 * @param factorEntropy per factor, {@code H(f)} in nats
 * @param constantFactors indices of factors with {@code H(f) = 0} (a single value), increasing
 * @param bins histogram bins per latent
 */
public record MigResult(
    double score,
    Vector gap,
    List<Integer> bestLatent,
    Matrix mutualInformation,
    Vector factorEntropy,
    List<Integer> constantFactors,
    int bins) {

  /** Validates the score and shapes. */
  public MigResult {
    bestLatent = List.copyOf(bestLatent);
    constantFactors = List.copyOf(constantFactors);
    requireGaps("MIG score", score, gap, bestLatent, factorEntropy);
    Arrays2.requirePositive("bins", bins);
  }

  /**
   * The checks MIG's estimators share ({@link MigSampledResult} too): a finite score and one gap,
   * best latent and entropy per factor.
   */
  static void requireGaps(
      String what, double score, Vector gap, List<Integer> bestLatent, Vector factorEntropy) {
    Arrays2.requireFinite(what, score);
    Arrays2.requireSameLengths(
        gap.length(),
        "gaps",
        bestLatent.size(),
        "best latents",
        factorEntropy.length(),
        "factor entropies");
  }

  @Override
  public String toString() {
    return RecordText.of(
        "MigResult", "score", score, "gap", gap, "constantFactors", constantFactors, "bins", bins);
  }
}
