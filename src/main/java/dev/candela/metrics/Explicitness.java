package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.DenseLogisticRegression;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.RocAuc;
import dev.candela.metrics.stats.Vector;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Explicitness (Ridgeway &amp; Zemel, "Learning Deep Disentangled Embeddings With the F-Statistic
 * Loss", NeurIPS 2018), with the semantics of disentanglement_lib's {@code
 * modularity_explicitness.py}.
 *
 * <p>The latents are first standardised per column with the TRAINING set's mean and population
 * standard deviation (disentanglement_lib's {@code utils.normalize_data}, applied to both sets with
 * the training statistics): z'_j = (z_j − mean_j) / sd_j. A constant training column (sd_j = 0),
 * which the reference divides by zero, becomes 0. Standardising matters because C is fixed: with
 * raw latents the L2 penalty acts on the latents' scale, so a representation scaled by 0.01 would
 * score lower although it carries the same information.
 *
 * <p>For every factor k an L2-regularised logistic regression on all standardised latents is
 * trained on the training set (LIBLINEAR's primal L2R_LR solver, as sklearn's {@code
 * LogisticRegression()} with the liblinear solver: C = {@value #C}, tolerance {@value #TOLERANCE},
 * at most {@value #MAX_ITERATIONS} iterations, regularised intercept as a constant feature 1,
 * one-vs-rest), run by {@link DenseLogisticRegression}: bit for bit liblinear-java's {@code
 * Linear.train}, on dense rows and the classes in parallel. For each training class c of factor k,
 * with p_c(x) its predicted probability (one-vs-rest sigmoids normalised to sum 1, as sklearn's
 * {@code predict_proba}):
 *
 * <pre>
 * AUC_kc = ROC-AUC of p_c against the indicator [y_k = c]   (Mann–Whitney, mid-ranks; {@link RocAuc})
 * AUC_k  = mean over the classes c with a defined AUC_kc     (sklearn's macro average)
 * explicitness = (1/K) Σ_k AUC_k on the test set (the training-set value is kept too)
 * </pre>
 *
 * <p>Unlike the reference, whose label binarizer is fitted separately on train and test (and then
 * misaligns or fails when the test set lacks a class), both sets use ONE class list: the codes seen
 * in training. A test sample whose code was never seen in training is a negative for every class; a
 * training class absent from the test set (or the only class present) has no test AUC and is left
 * out of that factor's macro average.
 */
public final class Explicitness {

  /** Inverse regularisation strength (sklearn's default {@code C=1.0}). */
  public static final double C = 1.0;

  /** liblinear's stopping tolerance (sklearn's {@code tol=1e-4}). */
  public static final double TOLERANCE = 1e-4;

  /** liblinear's iteration limit (sklearn's {@code max_iter=100}). */
  public static final int MAX_ITERATIONS = 100;

  private Explicitness() {}

  /**
   * Computes explicitness with classifiers trained on {@code train} and evaluated on {@code test}.
   *
   * @param train training codes (reference size 10000)
   * @param test test codes (reference size 5000) with the same latents and factors
   * @param seed recorded with the result (the primal L2R_LR solver draws no random numbers)
   * @return the score with per-factor and per-class AUCs
   * @throws IllegalArgumentException if train and test differ in latents or factors, a factor has a
   *     single value in the training set, or no training class of a factor has a defined test AUC
   *     (all test samples fall in one training class, or none in any)
   */
  public static ExplicitnessResult compute(LatentCodes train, LatentCodes test, long seed) {
    LearnedMetricInputs.check(train, test);
    int numLatents = train.numLatents();
    int numFactors = train.numFactors();
    double[][] zTrain = new double[numLatents][];
    double[][] zTest = new double[numLatents][];
    for (int j = 0; j < numLatents; j++) {
      double[] col = train.latentAsDoubles(j);
      double mean = StatUtils.mean(col);
      double sd = Math.sqrt(StatUtils.populationVariance(col, mean));
      zTrain[j] = standardise(col, mean, sd);
      zTest[j] = standardise(test.latentAsDoubles(j), mean, sd);
    }
    double[] testAuc = new double[numFactors];
    double[] trainAuc = new double[numFactors];
    int[][] classes = new int[numFactors][];
    double[][] testPerClass = new double[numFactors][];
    double[][] trainPerClass = new double[numFactors][];
    int[] unseen = new int[numFactors];
    for (int k = 0; k < numFactors; k++) {
      int[] yTrain = train.factors()[k];
      int[] yTest = test.factors()[k];
      classes[k] = LearnedMetricInputs.classes(yTrain);
      DenseLogisticRegression model =
          DenseLogisticRegression.fit(zTrain, yTrain, C, TOLERANCE, MAX_ITERATIONS);
      double[][] probTrain = probabilities(model, zTrain, classes[k]);
      double[][] probTest = probabilities(model, zTest, classes[k]);
      trainPerClass[k] = perClassAuc(yTrain, probTrain, classes[k]);
      testPerClass[k] = perClassAuc(yTest, probTest, classes[k]);
      trainAuc[k] = nanMean(trainPerClass[k]);
      testAuc[k] = nanMean(testPerClass[k]);
      if (Double.isNaN(testAuc[k])) {
        throw new IllegalArgumentException(
            "factor "
                + k
                + " ("
                + train.factorNames().get(k)
                + "): no training class has both positive and negative test samples (test codes "
                + java.util.Arrays.toString(LearnedMetricInputs.classes(yTest))
                + ", training codes "
                + java.util.Arrays.toString(classes[k])
                + "), so the test ROC-AUC is undefined");
      }
      for (int y : yTest) {
        if (java.util.Arrays.binarySearch(classes[k], y) < 0) {
          unseen[k]++;
        }
      }
    }
    return new ExplicitnessResult(
        LearnedMetricInputs.mean(testAuc),
        LearnedMetricInputs.mean(trainAuc),
        Vector.of(testAuc),
        Vector.of(trainAuc),
        Arrays2.rows(classes),
        Matrix.of(testPerClass),
        Matrix.of(trainPerClass),
        Arrays2.list(unseen),
        train.factorNames(),
        seed,
        train.numSamples(),
        test.numSamples());
  }

  /** (x − mean) / sd per entry; all zeros for a constant column (sd = 0). */
  static double[] standardise(double[] x, double mean, double sd) {
    double[] out = new double[x.length];
    if (sd > 0) {
      for (int i = 0; i < x.length; i++) {
        out[i] = (x[i] - mean) / sd;
      }
    }
    return out;
  }

  /** {@code prob[c][i]} = probability of {@code classes[c]} for row i (class-major). */
  private static double[][] probabilities(
      DenseLogisticRegression model, double[][] z, int[] classes) {
    int[] labels = model.labels();
    int[] position = new int[classes.length];
    for (int c = 0; c < classes.length; c++) {
      position[c] = -1;
      for (int m = 0; m < labels.length; m++) {
        if (labels[m] == classes[c]) {
          position[c] = m;
        }
      }
      if (position[c] < 0) {
        throw new IllegalStateException(
            "logistic model lacks class " + classes[c] + ": " + java.util.Arrays.toString(labels));
      }
    }
    double[][] byLabel = model.probabilities(z);
    double[][] prob = new double[classes.length][];
    for (int c = 0; c < classes.length; c++) {
      prob[c] = byLabel[position[c]];
    }
    return prob;
  }

  /** One-vs-rest AUC of each class; NaN where the class has no positive or no negative sample. */
  private static double[] perClassAuc(int[] y, double[][] prob, int[] classes) {
    double[] auc = new double[classes.length];
    boolean[] positive = new boolean[y.length];
    for (int c = 0; c < classes.length; c++) {
      int pos = 0;
      for (int i = 0; i < y.length; i++) {
        positive[i] = y[i] == classes[c];
        if (positive[i]) {
          pos++;
        }
      }
      auc[c] = pos == 0 || pos == y.length ? Double.NaN : RocAuc.auc(positive, prob[c]);
    }
    return auc;
  }

  /** Mean of the non-NaN entries; NaN when there are none. */
  private static double nanMean(double[] v) {
    double sum = 0.0;
    int n = 0;
    for (double x : v) {
      if (!Double.isNaN(x)) {
        sum += x;
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }
}
