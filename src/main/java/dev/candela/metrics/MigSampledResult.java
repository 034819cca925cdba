package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * The Mutual Information Gap with the sampling estimator and its details ({@link MigSampled}). Its
 * values are immutable.
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
    Vector gap,
    List<Integer> bestLatent,
    Matrix mutualInformation,
    Vector latentEntropy,
    Matrix conditionalEntropy,
    Vector factorEntropy,
    List<Integer> constantFactors,
    int samples,
    int rows,
    int groups,
    long seed,
    Uncertainty uncertainty) {

  /** Validates the score and shapes. */
  public MigSampledResult {
    bestLatent = List.copyOf(bestLatent);
    constantFactors = List.copyOf(constantFactors);
    MigResult.requireGaps("MIG (sampled) score", score, gap, bestLatent, factorEntropy);
  }
}
