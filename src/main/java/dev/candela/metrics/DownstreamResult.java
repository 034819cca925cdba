package dev.candela.metrics;

import java.util.List;

/**
 * The downstream-task accuracies of a code table ({@link Downstream}), one entry per training size.
 *
 * @param predictor the classifier's id ({@code logistic} or {@code boosted-trees})
 * @param numRows N, the rows the training and test rows were drawn from
 * @param numTest the test rows of every size
 * @param sizes one result per training size, increasing
 */
public record DownstreamResult(
    String predictor, int numRows, int numTest, List<DownstreamResult.Size> sizes) {
  /** Copies. */
  public DownstreamResult {
    sizes = List.copyOf(sizes);
  }

  /**
   * The accuracies at one training size.
   *
   * @param trainSize the training rows
   * @param meanTestAccuracy the mean over factors of the test accuracy (the score {@code
   *     downstream.<size>})
   * @param minTestAccuracy the smallest test accuracy over factors ({@code downstream.<size>.min})
   * @param meanTrainAccuracy the mean over factors of the training accuracy
   * @param factors the factors, in order
   * @param trainAccuracy per factor, the accuracy on its training rows
   * @param testAccuracy per factor, the accuracy on the test rows
   * @param chosenC per factor, the C cross-validation chose ({@code null} when the training rows
   *     held one value of the factor, which is then predicted, and for the boosted trees, which
   *     choose none)
   */
  public record Size(
      int trainSize,
      double meanTestAccuracy,
      double minTestAccuracy,
      double meanTrainAccuracy,
      List<String> factors,
      List<Double> trainAccuracy,
      List<Double> testAccuracy,
      List<Double> chosenC) {
    /** Copies. */
    public Size {
      factors = List.copyOf(factors);
      trainAccuracy = List.copyOf(trainAccuracy);
      testAccuracy = List.copyOf(testAccuracy);
      chosenC = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(chosenC));
    }
  }

  /**
   * The result at a training size.
   *
   * @param trainSize the size
   * @return its entry
   * @throws IllegalArgumentException when the size was not scored
   */
  public Size at(int trainSize) {
    for (Size s : sizes) {
      if (s.trainSize() == trainSize) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "training size "
            + trainSize
            + " was not scored (sizes: "
            + sizes.stream().map(Size::trainSize).toList()
            + ")");
  }
}
