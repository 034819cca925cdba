package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * The Mutual Information Gap and its details ({@link Mig}). Accessors return copies.
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
    double[] gap,
    int[] bestLatent,
    double[][] mutualInformation,
    double[] factorEntropy,
    int[] constantFactors,
    int bins) {

  /** Validates shapes and copies the arrays. */
  public MigResult {
    Arrays2.requireFinite("MIG score", score);
    gap = gap.clone();
    bestLatent = bestLatent.clone();
    mutualInformation = Arrays2.deepCopy(mutualInformation);
    factorEntropy = factorEntropy.clone();
    constantFactors = constantFactors.clone();
    if (gap.length != factorEntropy.length || bestLatent.length != factorEntropy.length) {
      throw new IllegalArgumentException(
          "shapes disagree: "
              + gap.length
              + " gaps, "
              + bestLatent.length
              + " best latents, "
              + factorEntropy.length
              + " entropies");
    }
    if (bins < 1) {
      throw new IllegalArgumentException("bins must be at least 1, got " + bins);
    }
  }

  /**
   * Per factor, the normalised gap.
   *
   * @return a copy
   */
  @Override
  public double[] gap() {
    return gap.clone();
  }

  /**
   * Per factor, the most informative latent.
   *
   * @return a copy
   */
  @Override
  public int[] bestLatent() {
    return bestLatent.clone();
  }

  /**
   * The MI matrix {@code [latent][factor]} in nats.
   *
   * @return a copy
   */
  @Override
  public double[][] mutualInformation() {
    return Arrays2.deepCopy(mutualInformation);
  }

  /**
   * Per factor, its entropy in nats.
   *
   * @return a copy
   */
  @Override
  public double[] factorEntropy() {
    return factorEntropy.clone();
  }

  /**
   * Factors excluded from the mean because they take a single value.
   *
   * @return a copy
   */
  @Override
  public int[] constantFactors() {
    return constantFactors.clone();
  }

  @Override
  public String toString() {
    return RecordText.of(
        "MigResult", "score", score, "gap", gap, "constantFactors", constantFactors, "bins", bins);
  }
}
