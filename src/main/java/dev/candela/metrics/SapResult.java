package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
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
    Matrix scoreMatrix,
    Vector gapPerFactor,
    List<String> latentNames,
    List<String> factorNames,
    long seed,
    int numTrain,
    int numTest) {

  /** Checks that the shapes agree with the names. */
  public SapResult {
    latentNames = List.copyOf(latentNames);
    factorNames = List.copyOf(factorNames);
    if (scoreMatrix.rows() != latentNames.size()) {
      throw new IllegalArgumentException(
          "score matrix has "
              + scoreMatrix.rows()
              + " rows but there are "
              + latentNames.size()
              + " latent names");
    }
    LearnedMetricInputs.requireColumns("score matrix", scoreMatrix, factorNames.size());
    if (gapPerFactor.length() != factorNames.size()) {
      throw new IllegalArgumentException(
          gapPerFactor.length() + " gaps but " + factorNames.size() + " factor names");
    }
  }
}
