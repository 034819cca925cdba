package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;
import java.util.List;
import java.util.Objects;

/**
 * The FactorVAE metric ({@link FactorVae}) with the votes that produced it. Its values are
 * immutable.
 *
 * @param trainAccuracy majority-vote accuracy on the training votes
 * @param evalAccuracy accuracy on the evaluation votes (the score)
 * @param globalStd per latent, the standard deviation over the variance-estimate sample
 * @param activeLatents the latents with {@code globalStd ≥ 0.05}, increasing
 * @param trainVotes {@code votes[latent][factor]} over the training points (all latents; pruned
 *     ones have no votes)
 * @param classifier per latent, the factor it votes for most in training (label index; −1 for a
 *     pruned latent)
 * @param factorNames the factors (those with two or more values), in label order
 * @param options the sizes and the seed
 */
public record FactorVaeResult(
    double trainAccuracy,
    double evalAccuracy,
    Vector globalStd,
    List<Integer> activeLatents,
    List<List<Integer>> trainVotes,
    List<Integer> classifier,
    List<String> factorNames,
    SampledMetricOptions options) {

  /** Validates ranges and shapes. */
  public FactorVaeResult {
    Objects.requireNonNull(options, "options");
    factorNames = List.copyOf(factorNames);
    activeLatents = List.copyOf(activeLatents);
    trainVotes = Arrays2.copyRows(trainVotes);
    classifier = List.copyOf(classifier);
    if (!(trainAccuracy >= 0 && trainAccuracy <= 1 && evalAccuracy >= 0 && evalAccuracy <= 1)) {
      throw new IllegalArgumentException(
          "accuracies must be in [0, 1], got " + trainAccuracy + " and " + evalAccuracy);
    }
    if (trainVotes.size() != globalStd.length() || classifier.size() != globalStd.length()) {
      throw new IllegalArgumentException(
          globalStd.length()
              + " latents but "
              + trainVotes.size()
              + " vote rows and "
              + classifier.size()
              + " classifier entries");
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

  @Override
  public String toString() {
    return RecordText.of(
        "FactorVaeResult", "train", trainAccuracy, "eval", evalAccuracy, "active", activeLatents);
  }
}
