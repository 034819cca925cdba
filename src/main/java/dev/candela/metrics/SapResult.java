package dev.candela.metrics;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * The result of {@link Sap#compute}: the SAP score with the accuracy matrix that produced it.
 *
 * @param sap mean over factors of the gap between the two largest accuracies in the factor's column
 * @param scoreMatrix {@code scoreMatrix[j][k]} = test accuracy of the linear SVM predicting factor
 *     k from latent j alone
 * @param gapPerFactor the top-two gap of each factor's column
 * @param split the latent names (rows), the factor names (columns), the seed of liblinear's random
 *     generator and the numbers of training and test samples used
 */
public record SapResult(
    double sap, Matrix scoreMatrix, Vector gapPerFactor, @JsonUnwrapped SplitProvenance split) {

  /** Checks that the shapes agree with the names. */
  public SapResult {
    int l = split.latentNames().size();
    int k = split.factorNames().size();
    if (scoreMatrix.rows() != l) {
      throw new IllegalArgumentException(
          "score matrix has " + scoreMatrix.rows() + " rows but there are " + l + " latent names");
    }
    scoreMatrix.requireRowLength("score matrix row", k, "factor names");
    if (gapPerFactor.length() != k) {
      throw new IllegalArgumentException(
          gapPerFactor.length() + " gaps but " + k + " factor names");
    }
  }
}
