package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import java.util.List;

/**
 * The result of {@link Sap#compute}: the SAP score with the accuracy matrix that produced it.
 *
 * @param sap mean over factors of the gap between the two largest accuracies in the factor's column
 * @param scoreMatrix {@code scoreMatrix[j][k]} = test accuracy of the linear SVM predicting factor
 *     k from latent j alone
 * @param gapPerFactor the top-two gap of each factor's column
 * @param latentNames one name per latent (rows)
 * @param factorNames one name per factor (columns)
 * @param seed the seed of liblinear's random generator
 * @param numTrain training samples used
 * @param numTest test samples used
 */
public record SapResult(
    double sap,
    double[][] scoreMatrix,
    double[] gapPerFactor,
    List<String> latentNames,
    List<String> factorNames,
    long seed,
    int numTrain,
    int numTest) {

  /** Copies the arrays and checks that the shapes agree with the names. */
  public SapResult {
    scoreMatrix = Arrays2.deepCopy(scoreMatrix);
    gapPerFactor = gapPerFactor.clone();
    latentNames = List.copyOf(latentNames);
    factorNames = List.copyOf(factorNames);
    if (scoreMatrix.length != latentNames.size()) {
      throw new IllegalArgumentException(
          "score matrix has "
              + scoreMatrix.length
              + " rows but there are "
              + latentNames.size()
              + " latent names");
    }
    LearnedMetricInputs.requireColumns("score matrix", scoreMatrix, factorNames.size());
    if (gapPerFactor.length != factorNames.size()) {
      throw new IllegalArgumentException(
          gapPerFactor.length + " gaps but " + factorNames.size() + " factor names");
    }
  }

  /**
   * The accuracy matrix [latent][factor].
   *
   * @return a deep copy
   */
  @Override
  public double[][] scoreMatrix() {
    return Arrays2.deepCopy(scoreMatrix);
  }

  /**
   * The top-two gap per factor.
   *
   * @return a copy
   */
  @Override
  public double[] gapPerFactor() {
    return gapPerFactor.clone();
  }
}
