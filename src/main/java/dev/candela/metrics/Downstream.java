package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.LogisticRegressionCv;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Downstream-task accuracy (Locatello et al. 2019, "Challenging common assumptions in the
 * unsupervised learning of disentangled representations", ICML, the section on downstream tasks),
 * as disentanglement_lib's {@code downstream_task.py} computes it with the study's {@code
 * downstream_task_logistic_regression.gin}: per factor f, a classifier trained on the raw latents
 * of n training rows predicts f on m other rows, and
 *
 * <pre>
 *   downstream.n     = (1/F) Σ_f acc_f(n),     downstream.n.min = min_f acc_f(n),
 *   acc_f(n) = (1/m) Σ_{i ∈ test} [ ĉ_f(z_i) = y_{f,i} ],
 * </pre>
 *
 * ĉ_f the {@link LogisticRegressionCv} fitted on the n training rows (C chosen by 5-fold
 * cross-validation among logspace(−4, 4, 10)). Training sizes are the study's n ∈ {10, 100, 1000,
 * 10000} that fit into the table: m = min(5000, ⌊N/2⌋) test rows ({@link #numTest}) and n ≤ N − m
 * ({@link #sizes}); for each size a seeded permutation of the N rows gives the n training rows
 * (first) and the m test rows (next), so training and test rows are disjoint. A factor with one
 * value among the training rows is predicted as that value. A test row whose value of f never
 * occurs among the training rows counts as wrong.
 */
public final class Downstream {
  /** disentanglement_lib's {@code num_train} of the study. */
  public static final int[] STUDY_SIZES = {10, 100, 1000, 10_000};

  /** disentanglement_lib's {@code num_test} of the study. */
  public static final int STUDY_TEST = 5000;

  /** The predictor's id in results. */
  public static final String LOGISTIC = "logistic";

  private Downstream() {}

  /**
   * The test rows on N rows: min(5000, ⌊N/2⌋).
   *
   * @param n N
   * @return m
   */
  public static int numTest(int n) {
    return Math.min(STUDY_TEST, n / 2);
  }

  /**
   * The study's training sizes that fit into N rows beside the {@link #numTest} test rows.
   *
   * @param n N
   * @return the sizes, increasing (empty when N &lt; 19)
   */
  public static int[] sizes(int n) {
    int m = numTest(n);
    return Arrays.stream(STUDY_SIZES).filter(s -> s <= n - m).toArray();
  }

  /**
   * Computes the accuracies at every size that fits.
   *
   * @param codes the rows (every factor with two or more values)
   * @param seed seeds the permutations (size i takes {@code seed + i})
   * @return the result
   * @throws IllegalArgumentException when no study size fits (N &lt; 19) or a factor has a single
   *     value
   */
  public static DownstreamResult compute(LatentCodes codes, long seed) {
    int n = codes.numSamples();
    int[] sizes = sizes(n);
    if (sizes.length == 0) {
      throw new IllegalArgumentException(
          "downstream accuracy needs at least 19 rows (10 training rows beside ⌊N/2⌋ test rows), got "
              + n);
    }
    return compute(codes, sizes, seed);
  }

  /**
   * Computes the accuracies at some training sizes.
   *
   * @param codes the rows (every factor with two or more values)
   * @param sizes training sizes, each ≥ {@link LogisticRegressionCv#FOLDS} and at most N − {@link
   *     #numTest}
   * @param seed seeds the permutations (the i-th size takes {@code seed + i})
   * @return the result
   * @throws IllegalArgumentException naming a size that does not fit, or a single-valued factor
   */
  public static DownstreamResult compute(LatentCodes codes, int[] sizes, long seed) {
    int n = codes.numSamples();
    int m = numTest(n);
    requireTwoValues(codes);
    List<DownstreamResult.Size> out = new ArrayList<>();
    for (int i = 0; i < sizes.length; i++) {
      int size = sizes[i];
      if (size < LogisticRegressionCv.FOLDS || size > n - m) {
        throw new IllegalArgumentException(
            "training size "
                + size
                + " does not fit: it must be in ["
                + LogisticRegressionCv.FOLDS
                + ", "
                + (n - m)
                + "] beside "
                + m
                + " test rows of "
                + n);
      }
      int[] perm = Arrays2.shuffled(n, new SplittableRandom(seed + i));
      out.add(
          onRows(
              codes, Arrays.copyOfRange(perm, 0, size), Arrays.copyOfRange(perm, size, size + m)));
    }
    return new DownstreamResult(LOGISTIC, n, m, out);
  }

  /**
   * The accuracies of classifiers trained on given rows and tested on others (what the reference's
   * {@code _compute_loss} computes).
   *
   * @param codes the rows
   * @param trainRows the training rows, in order (the folds are consecutive in this order)
   * @param testRows the test rows
   * @return the accuracies at {@code trainRows.length}
   * @throws IllegalArgumentException on an empty set of rows or a row out of range
   */
  public static DownstreamResult.Size onRows(LatentCodes codes, int[] trainRows, int[] testRows) {
    int n = codes.numSamples();
    if (trainRows.length == 0 || testRows.length == 0) {
      throw new IllegalArgumentException(
          "need training and test rows, got " + trainRows.length + " and " + testRows.length);
    }
    for (int[] rows : List.of(trainRows, testRows)) {
      for (int r : rows) {
        if (r < 0 || r >= n) {
          throw new IllegalArgumentException("row " + r + " is outside [0, " + n + ")");
        }
      }
    }
    double[][] xTrain = rows(codes.latents(), trainRows);
    double[][] xTest = rows(codes.latents(), testRows);
    int f = codes.numFactors();
    List<Double> train = new ArrayList<>();
    List<Double> test = new ArrayList<>();
    List<Double> cs = new ArrayList<>();
    double[] testAcc = new double[f];
    for (int k = 0; k < f; k++) {
      int[] y = codes.factors()[k];
      int[] yTrain = pick(y, trainRows);
      int[] yTest = pick(y, testRows);
      LogisticRegressionCv.Model model = LogisticRegressionCv.fit(xTrain, yTrain);
      train.add(accuracy(model.predict(xTrain), yTrain));
      testAcc[k] = accuracy(model.predict(xTest), yTest);
      test.add(testAcc[k]);
      cs.add(Double.isNaN(model.c()) ? null : model.c());
    }
    double mean = Arrays.stream(testAcc).sum() / f;
    double min = Arrays.stream(testAcc).min().orElseThrow();
    double meanTrain = train.stream().mapToDouble(Double::doubleValue).sum() / f;
    return new DownstreamResult.Size(
        trainRows.length, mean, min, meanTrain, codes.factorNames(), train, test, cs);
  }

  private static void requireTwoValues(LatentCodes codes) {
    for (int k = 0; k < codes.numFactors(); k++) {
      int[] y = codes.factors()[k];
      boolean two = false;
      for (int v : y) {
        if (v != y[0]) {
          two = true;
          break;
        }
      }
      if (!two) {
        throw new IllegalArgumentException(
            "factor '"
                + codes.factorNames().get(k)
                + "' has a single value ("
                + y[0]
                + "): nothing to predict");
      }
    }
  }

  private static double[][] rows(float[][] latents, int[] rows) {
    double[][] x = new double[rows.length][latents.length];
    for (int i = 0; i < rows.length; i++) {
      for (int j = 0; j < latents.length; j++) {
        x[i][j] = latents[j][rows[i]];
      }
    }
    return x;
  }

  private static int[] pick(int[] y, int[] rows) {
    int[] out = new int[rows.length];
    for (int i = 0; i < rows.length; i++) {
      out[i] = y[rows[i]];
    }
    return out;
  }

  private static double accuracy(int[] predicted, int[] truth) {
    int ok = 0;
    for (int i = 0; i < truth.length; i++) {
      if (predicted[i] == truth[i]) {
        ok++;
      }
    }
    return (double) ok / truth.length;
  }
}
