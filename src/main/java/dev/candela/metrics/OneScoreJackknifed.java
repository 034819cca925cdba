package dev.candela.metrics;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A {@link CodeMetric.Jackknifed} function with one score under one key (MIG, modularity): a result
 * computed from the mutual-information matrix, and whether its jackknife takes the second-order
 * correction. The key is declared once, for both the scores and {@link #keys}.
 *
 * @param <R> the result record
 */
abstract class OneScoreJackknifed<R> implements CodeMetric.Jackknifed {
  /** The computation of a result from the mutual-information matrix. */
  interface Computation<R> {
    /**
     * Computes.
     *
     * @param mutualInformation {@code [latent][factor]} in nats
     * @param factorEntropy per factor, in nats
     * @param bins the latents' bins
     * @return the result
     */
    R compute(double[][] mutualInformation, double[] factorEntropy, int bins);
  }

  private final String key;
  private final boolean secondOrder;
  private final Computation<R> computation;
  private final ToDoubleFunction<R> score;

  OneScoreJackknifed(
      String key, boolean secondOrder, Computation<R> computation, ToDoubleFunction<R> score) {
    this.key = key;
    this.secondOrder = secondOrder;
    this.computation = computation;
    this.score = score;
  }

  @Override
  public final Scored fromMutualInformation(
      double[][] mutualInformation, double[] factorEntropy, int bins) {
    R result = computation.compute(mutualInformation, factorEntropy, bins);
    return Scored.of(key, score.applyAsDouble(result), result);
  }

  @Override
  public final boolean secondOrder() {
    return secondOrder;
  }

  @Override
  public final List<String> keys(CodeScorer.Options options) {
    return List.of(key);
  }
}
