package dev.candela.metrics;

import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import de.bwaldvogel.liblinear.Parameter;
import de.bwaldvogel.liblinear.SolverType;
import dev.candela.metrics.stats.LiblinearSupport;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.Random;

/**
 * SAP, the Separated Attribute Predictability score (Kumar, Sattigeri &amp; Balakrishnan,
 * "Variational Inference of Disentangled Latent Concepts from Unlabeled Observations", ICLR 2018),
 * with the semantics of disentanglement_lib's {@code sap_score.py} for discrete factors.
 *
 * <p>For every latent j and factor k a linear SVM is trained on the single raw latent z_j of the
 * training set to predict the code of factor k; S_jk is its accuracy on the test set. With the
 * entries of column k sorted in decreasing order, S_(1)k ≥ S_(2)k ≥ ...:
 *
 * <pre>SAP = (1/K) Σ_k (S_(1)k − S_(2)k)</pre>
 *
 * <p>The SVM is LIBLINEAR's L2-regularised squared-hinge dual solver, which sklearn's {@code
 * LinearSVC(C=0.01, class_weight="balanced")} wraps: C = {@value #C}, tolerance {@value
 * #TOLERANCE}, at most {@value #MAX_ITERATIONS} iterations, an intercept as a constant feature of
 * value 1 (regularised, like sklearn's {@code intercept_scaling=1}), one-vs-rest for more than two
 * classes, and class c weighted by n / (K_train · n_c) through liblinear's per-class C (sklearn's
 * balanced weights). A test code unseen in training counts as wrong.
 */
public final class Sap {

  /** The SVM's regularisation constant (the reference's {@code C=0.01}). */
  public static final double C = 0.01;

  /** liblinear's stopping tolerance (sklearn's {@code tol=1e-4}). */
  public static final double TOLERANCE = 1e-4;

  /** liblinear's iteration limit (sklearn's {@code max_iter=1000}). */
  public static final int MAX_ITERATIONS = 1000;

  private Sap() {}

  /**
   * Computes SAP with classifiers trained on {@code train} and evaluated on {@code test}.
   *
   * @param train training codes (reference size 10000)
   * @param test test codes (reference size 5000) with the same latents and factors
   * @param seed the seed of liblinear's random generator (the dual solver visits samples in a
   *     random order)
   * @return the score with the accuracy matrix
   * @throws IllegalArgumentException if train and test differ in latents or factors, there are
   *     fewer than two latents, or a factor has a single value in the training set
   */
  public static SapResult compute(LatentCodes train, LatentCodes test, long seed) {
    LearnedMetricInputs.check(train, test);
    LiblinearSupport.init();
    int numLatents = train.numLatents();
    int numFactors = train.numFactors();
    if (numLatents < 2) {
      throw new IllegalArgumentException(
          "SAP needs at least two latents to compare, got " + numLatents);
    }
    double[][] score = new double[numLatents][numFactors];
    for (int j = 0; j < numLatents; j++) {
      Feature[][] xTrain = LiblinearSupport.rows(train.latents(), new int[] {j});
      Feature[][] xTest = LiblinearSupport.rows(test.latents(), new int[] {j});
      for (int k = 0; k < numFactors; k++) {
        int[] yTrain = train.factors()[k];
        Model model =
            Linear.train(LiblinearSupport.problem(xTrain, yTrain), parameter(yTrain, seed));
        int[] yTest = test.factors()[k];
        int correct = 0;
        for (int i = 0; i < yTest.length; i++) {
          if ((int) Linear.predict(model, xTest[i]) == yTest[i]) {
            correct++;
          }
        }
        score[j][k] = (double) correct / yTest.length;
      }
    }
    double[] gaps = topTwoGaps(score);
    return new SapResult(
        LearnedMetricInputs.mean(gaps),
        Matrix.of(score),
        Vector.of(gaps),
        SplitProvenance.of(train, test, seed));
  }

  /**
   * For each column k of a score matrix [latent][factor], the largest entry minus the second
   * largest (ties give 0). SAP is the mean of these gaps.
   *
   * @param scoreMatrix at least two rows, rectangular, finite entries
   * @return one gap per column
   * @throws IllegalArgumentException if there are fewer than two rows, the matrix is ragged, or an
   *     entry is not finite
   */
  public static double[] topTwoGaps(double[][] scoreMatrix) {
    if (scoreMatrix.length < 2) {
      throw new IllegalArgumentException(
          "need at least two latents (rows), got " + scoreMatrix.length);
    }
    int k = scoreMatrix[0].length;
    double[] first = new double[k];
    double[] second = new double[k];
    java.util.Arrays.fill(first, Double.NEGATIVE_INFINITY);
    java.util.Arrays.fill(second, Double.NEGATIVE_INFINITY);
    for (int j = 0; j < scoreMatrix.length; j++) {
      if (scoreMatrix[j].length != k) {
        throw new IllegalArgumentException(
            "score row " + j + " has " + scoreMatrix[j].length + " entries, row 0 has " + k);
      }
      for (int f = 0; f < k; f++) {
        double v = scoreMatrix[j][f];
        if (!Double.isFinite(v)) {
          throw new IllegalArgumentException(
              "score[" + j + "][" + f + "] = " + v + " is not finite");
        }
        if (v > first[f]) {
          second[f] = first[f];
          first[f] = v;
        } else if (v > second[f]) {
          second[f] = v;
        }
      }
    }
    double[] gaps = new double[k];
    for (int f = 0; f < k; f++) {
      gaps[f] = first[f] - second[f];
    }
    return gaps;
  }

  /** Squared-hinge dual SVM with balanced class weights n / (K n_c), seeded. */
  private static Parameter parameter(int[] y, long seed) {
    int[] classes = LearnedMetricInputs.classes(y);
    int maxCode = classes[classes.length - 1];
    int[] count = new int[maxCode + 1];
    for (int c : y) {
      count[c]++;
    }
    double[] weights = new double[classes.length];
    for (int c = 0; c < classes.length; c++) {
      weights[c] = (double) y.length / ((double) classes.length * count[classes[c]]);
    }
    Parameter p = new Parameter(SolverType.L2R_L2LOSS_SVC_DUAL, C, TOLERANCE);
    p.setMaxIters(MAX_ITERATIONS);
    p.setWeights(weights, classes);
    p.setRandom(new Random(seed));
    return p;
  }
}
