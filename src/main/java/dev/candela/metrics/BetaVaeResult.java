package dev.candela.metrics;

import java.util.List;
import java.util.Objects;

/**
 * The BetaVAE metric ({@link BetaVae}) with the accuracies that produced it.
 *
 * @param trainAccuracy logistic-regression accuracy on the training points
 * @param evalAccuracy accuracy on the evaluation points (the score)
 * @param factorNames the factors that were predicted (those with two or more values), in label
 *     order
 * @param options the sizes and the seed
 */
public record BetaVaeResult(
    double trainAccuracy,
    double evalAccuracy,
    List<String> factorNames,
    SampledMetricOptions options) {

  /** Validates ranges. */
  public BetaVaeResult {
    Objects.requireNonNull(options, "options");
    factorNames = List.copyOf(factorNames);
    if (!(trainAccuracy >= 0 && trainAccuracy <= 1 && evalAccuracy >= 0 && evalAccuracy <= 1)) {
      throw new IllegalArgumentException(
          "accuracies must be in [0, 1], got " + trainAccuracy + " and " + evalAccuracy);
    }
  }

  /**
   * The score: the evaluation accuracy.
   *
   * @return the score
   */
  public double score() {
    return evalAccuracy;
  }
}
