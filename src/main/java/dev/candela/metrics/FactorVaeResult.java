package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The FactorVAE metric ({@link FactorVae}) with the votes that produced it. Accessors return
 * copies.
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
    double[] globalStd,
    int[] activeLatents,
    int[][] trainVotes,
    int[] classifier,
    List<String> factorNames,
    SampledMetricOptions options) {

  /** Validates ranges and copies. */
  public FactorVaeResult {
    Objects.requireNonNull(options, "options");
    factorNames = List.copyOf(factorNames);
    globalStd = globalStd.clone();
    activeLatents = activeLatents.clone();
    trainVotes = Arrays2.deepCopy(trainVotes);
    classifier = classifier.clone();
    if (!(trainAccuracy >= 0 && trainAccuracy <= 1 && evalAccuracy >= 0 && evalAccuracy <= 1)) {
      throw new IllegalArgumentException(
          "accuracies must be in [0, 1], got " + trainAccuracy + " and " + evalAccuracy);
    }
    if (trainVotes.length != globalStd.length || classifier.length != globalStd.length) {
      throw new IllegalArgumentException(
          globalStd.length
              + " latents but "
              + trainVotes.length
              + " vote rows and "
              + classifier.length
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
  public double[] globalStd() {
    return globalStd.clone();
  }

  @Override
  public int[] activeLatents() {
    return activeLatents.clone();
  }

  @Override
  public int[][] trainVotes() {
    return Arrays2.deepCopy(trainVotes);
  }

  @Override
  public int[] classifier() {
    return classifier.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FactorVaeResult r
        && Double.compare(trainAccuracy, r.trainAccuracy) == 0
        && Double.compare(evalAccuracy, r.evalAccuracy) == 0
        && Arrays.equals(globalStd, r.globalStd)
        && Arrays.equals(activeLatents, r.activeLatents)
        && Arrays.deepEquals(trainVotes, r.trainVotes)
        && Arrays.equals(classifier, r.classifier)
        && factorNames.equals(r.factorNames)
        && options.equals(r.options);
  }

  @Override
  public int hashCode() {
    return Objects.hash(trainAccuracy, evalAccuracy, Arrays.hashCode(activeLatents), factorNames);
  }

  @Override
  public String toString() {
    return RecordText.of(
        "FactorVaeResult", "train", trainAccuracy, "eval", evalAccuracy, "active", activeLatents);
  }
}
