package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Uncertainty;

/**
 * The Mutual Information Gap with the sampling estimator and its details ({@link MigSampled}).
 * Accessors of arrays return copies.
 *
 * @param score MIG, the mean of {@code gap} over the non-constant factors
 * @param gap per factor {@code (I_(1) − I_(2)) / H(v_k)}; 0 for a constant factor, which is
 *     excluded from the mean and listed in {@code constantFactors}
 * @param bestLatent per factor, the latent with the largest MI (lowest index on ties)
 * @param mutualInformation {@code [latent][factor]} {@code max(0, H(z_j) − H(z_j | v_k))} in nats
 * @param latentEntropy per latent, the estimate of {@code H(z_j)} in nats
 * @param conditionalEntropy {@code [latent][factor]} the estimate of {@code H(z_j | v_k)} in nats
 * @param factorEntropy per factor, the empirical {@code H(v_k)} in nats
 * @param constantFactors indices of factors with {@code H(v_k) = 0}, increasing
 * @param samples Monte-Carlo samples of the marginal estimate ({@code min(samples, rows)})
 * @param rows rows of the empirical distribution
 * @param groups jackknife groups (0: no interval)
 * @param seed the seed of the posterior samples and the row order
 * @param uncertainty the delete-a-group jackknife interval, or null without one
 */
public record MigSampledResult(
    double score,
    double[] gap,
    int[] bestLatent,
    double[][] mutualInformation,
    double[] latentEntropy,
    double[][] conditionalEntropy,
    double[] factorEntropy,
    int[] constantFactors,
    int samples,
    int rows,
    int groups,
    long seed,
    Uncertainty uncertainty) {

  /** Validates and copies the arrays. */
  public MigSampledResult {
    Arrays2.requireFinite("MIG (sampled) score", score);
    gap = gap.clone();
    bestLatent = bestLatent.clone();
    mutualInformation = Arrays2.deepCopy(mutualInformation);
    latentEntropy = latentEntropy.clone();
    conditionalEntropy = Arrays2.deepCopy(conditionalEntropy);
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
              + " factor entropies");
    }
  }

  @Override
  public double[] gap() {
    return gap.clone();
  }

  @Override
  public int[] bestLatent() {
    return bestLatent.clone();
  }

  @Override
  public double[][] mutualInformation() {
    return Arrays2.deepCopy(mutualInformation);
  }

  @Override
  public double[] latentEntropy() {
    return latentEntropy.clone();
  }

  @Override
  public double[][] conditionalEntropy() {
    return Arrays2.deepCopy(conditionalEntropy);
  }

  @Override
  public double[] factorEntropy() {
    return factorEntropy.clone();
  }

  @Override
  public int[] constantFactors() {
    return constantFactors.clone();
  }
}
