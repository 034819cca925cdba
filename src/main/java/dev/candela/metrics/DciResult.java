package dev.candela.metrics;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * The result of {@link Dci#compute}: disentanglement, completeness and informativeness with the
 * importance matrix and the accuracies that produced them.
 *
 * @param scores D and C with their per-latent and per-factor parts
 * @param importance {@code importance[j][k]} = importance of latent j for factor k; for the tree
 *     learners each column sums to 1 (or is all zero when the factor's trees made no split), for
 *     {@link DciLearner#LASSO} it is |coefficient|
 * @param informativeness mean over factors of the test accuracy (for the regressors {@link
 *     DciLearner#LASSO} and {@link DciLearner#RANDOM_FOREST}: of 1 − NRMSE)
 * @param trainAccuracy mean over factors of the training accuracy (regressors: 1 − NRMSE)
 * @param testAccuracyPerFactor test accuracy of each factor's classifier (regressors: 1 − NRMSE)
 * @param trainAccuracyPerFactor training accuracy of each factor's classifier (regressors: 1 −
 *     NRMSE)
 * @param split the latent and factor names (rows and columns of the importance matrix), the seed
 *     passed to the learner and the numbers of training and test samples used
 * @param learner the learner that produced the importances and accuracies
 */
public record DciResult(
    DciScores scores,
    Matrix importance,
    double informativeness,
    double trainAccuracy,
    Vector testAccuracyPerFactor,
    Vector trainAccuracyPerFactor,
    @JsonUnwrapped SplitProvenance split,
    DciLearner learner) {

  /** Checks that all shapes agree with the names. */
  public DciResult {
    java.util.Objects.requireNonNull(learner, "learner");
    int l = split.latentNames().size();
    int k = split.factorNames().size();
    if (importance.rows() != l || scores.latentWeights().length() != l) {
      throw new IllegalArgumentException(
          "importance has "
              + importance.rows()
              + " rows and scores "
              + scores.latentWeights().length()
              + " latents, but there are "
              + l
              + " latent names");
    }
    importance.requireRowLength("importance row", k, "factor names");
    LearnedMetricInputs.requirePerFactor(
        k,
        testAccuracyPerFactor.length(),
        trainAccuracyPerFactor.length(),
        scores.factorWeights().length());
  }

  /**
   * Disentanglement D = Σ_j ρ_j (1 − H_K(P_j)).
   *
   * @return D in [0, 1]
   */
  public double disentanglement() {
    return scores.disentanglement();
  }

  /**
   * Completeness C = Σ_k w_k (1 − H_L(Q_k)).
   *
   * @return C in [0, 1]
   */
  public double completeness() {
    return scores.completeness();
  }
}
