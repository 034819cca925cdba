package dev.candela.metrics;

import dev.candela.metrics.gbt.GradientBoostingClassifier;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.LogisticRegressionCv;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;

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
 *
 * <p>The study's second classifier, {@code downstream_task_boosted_trees.gin} ({@link
 * Predictor#BOOSTED_TREES}, the {@link Metric#DOWNSTREAM_GBT} family), is scikit-learn's {@code
 * GradientBoostingClassifier()} with its defaults (100 stages of depth-3 trees, learning rate 0.1;
 * {@link GradientBoostingClassifier}, the port DCI uses), fitted on the float32 latents of the same
 * training rows with {@code random_state} = the size's seed mod 2³².
 */
public final class Downstream {
  /** disentanglement_lib's {@code num_train} of the study. */
  public static final int[] STUDY_SIZES = {10, 100, 1000, 10_000};

  /** disentanglement_lib's {@code num_test} of the study. */
  public static final int STUDY_TEST = 5000;

  /** The classifier fitted per factor. */
  public enum Predictor {
    /**
     * disentanglement_lib's {@code logistic_regression_cv}: {@link LogisticRegressionCv}, C chosen
     * by 5-fold cross-validation ({@code downstream_task_logistic_regression.gin}).
     */
    LOGISTIC,
    /**
     * disentanglement_lib's {@code gradient_boosting_classifier}: scikit-learn's {@code
     * GradientBoostingClassifier()} ({@code downstream_task_boosted_trees.gin}).
     */
    BOOSTED_TREES;

    /**
     * The id in results ({@code details.<family>.predictor}).
     *
     * @return {@code logistic} or {@code boosted-trees}
     */
    public String id() {
      return dev.candela.Ids.of(this);
    }
  }

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
    return compute(codes, seed, Predictor.LOGISTIC);
  }

  /**
   * Computes one predictor's accuracies at every size that fits.
   *
   * @param codes the rows (every factor with two or more values)
   * @param seed seeds the permutations and the boosted trees (size i takes {@code seed + i})
   * @param predictor the classifier
   * @return the result
   * @throws IllegalArgumentException when no study size fits (N &lt; 19) or a factor has a single
   *     value
   */
  public static DownstreamResult compute(LatentCodes codes, long seed, Predictor predictor) {
    int n = codes.numSamples();
    int[] sizes = sizes(n);
    if (sizes.length == 0) {
      throw new IllegalArgumentException(
          "downstream accuracy needs at least 19 rows (10 training rows beside ⌊N/2⌋ test rows), got "
              + n);
    }
    return compute(codes, sizes, seed, predictor);
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
    return compute(codes, sizes, seed, Predictor.LOGISTIC);
  }

  /**
   * Computes one predictor's accuracies at some training sizes.
   *
   * @param codes the rows (every factor with two or more values)
   * @param sizes training sizes, each ≥ {@link LogisticRegressionCv#FOLDS} and at most N − {@link
   *     #numTest}
   * @param seed seeds the permutations and the boosted trees (the i-th size takes {@code seed + i})
   * @param predictor the classifier
   * @return the result
   * @throws IllegalArgumentException naming a size that does not fit, or a single-valued factor
   */
  public static DownstreamResult compute(
      LatentCodes codes, int[] sizes, long seed, Predictor predictor) {
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
              codes,
              Arrays.copyOfRange(perm, 0, size),
              Arrays.copyOfRange(perm, size, size + m),
              predictor,
              seed + i));
    }
    return new DownstreamResult(predictor.id(), n, m, out);
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
    return onRows(codes, trainRows, testRows, Predictor.LOGISTIC, 0);
  }

  /**
   * One predictor's accuracies, trained on given rows and tested on others (the reference's {@code
   * _compute_loss} with that predictor).
   *
   * @param codes the rows
   * @param trainRows the training rows, in order (the logistic folds are consecutive in this order)
   * @param testRows the test rows
   * @param predictor the classifier
   * @param seed the boosted trees' {@code random_state} (mod 2³²; unused by the logistic one)
   * @return the accuracies at {@code trainRows.length}
   * @throws IllegalArgumentException on an empty set of rows or a row out of range
   */
  public static DownstreamResult.Size onRows(
      LatentCodes codes, int[] trainRows, int[] testRows, Predictor predictor, long seed) {
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
    LatentCodes trainCodes = codes.rows(trainRows);
    LatentCodes testCodes = codes.rows(testRows);
    Fitter fitter =
        predictor == Predictor.LOGISTIC
            ? logistic(trainCodes.latents(), testCodes.latents())
            : boostedTrees(
                trainCodes.latents(), testCodes.latents(), Math.floorMod(seed, 1L << 32));
    int f = codes.numFactors();
    List<Double> train = new ArrayList<>();
    List<Double> test = new ArrayList<>();
    List<Double> cs = new ArrayList<>();
    double[] testAcc = new double[f];
    for (int k = 0; k < f; k++) {
      int[] yTrain = trainCodes.factors()[k];
      int[] yTest = testCodes.factors()[k];
      Fit fit = fitter.fit(yTrain);
      train.add(accuracy(fit.train(), yTrain));
      testAcc[k] = accuracy(fit.test(), yTest);
      test.add(testAcc[k]);
      cs.add(Double.isNaN(fit.c()) ? null : fit.c());
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

  /** One factor's predictions on the training and the test rows, and the chosen C (or NaN). */
  private record Fit(int[] train, int[] test, double c) {}

  /** Fits one factor's classifier on the training rows' labels. */
  private interface Fitter {
    Fit fit(int[] yTrain);
  }

  private static Fitter logistic(float[][] train, float[][] test) {
    double[][] xTrain = rowMajor(train);
    double[][] xTest = rowMajor(test);
    return y -> {
      LogisticRegressionCv.Model model = LogisticRegressionCv.fit(xTrain, y);
      return new Fit(model.predict(xTrain), model.predict(xTest), model.c());
    };
  }

  /** sklearn's GradientBoostingClassifier on float32 columns; one training value is predicted. */
  private static Fitter boostedTrees(float[][] xTrain, float[][] xTest, long randomState) {
    return y -> {
      int[] classes = LearnedMetricInputs.classes(y);
      if (classes.length == 1) {
        int[] train = new int[xTrain[0].length];
        int[] test = new int[xTest[0].length];
        Arrays.fill(train, classes[0]);
        Arrays.fill(test, classes[0]);
        return new Fit(train, test, Double.NaN);
      }
      GradientBoostingClassifier model =
          GradientBoostingClassifier.fit(
              xTrain,
              LearnedMetricInputs.labels(classes, y),
              classes.length,
              randomState,
              GradientBoostingClassifier.Parameters.SKLEARN_DEFAULTS,
              ForkJoinPool.commonPool());
      return new Fit(
          decode(classes, model.predict(xTrain)),
          decode(classes, model.predict(xTest)),
          Double.NaN);
    };
  }

  private static int[] decode(int[] classes, int[] labels) {
    return Arrays.stream(labels).map(l -> classes[l]).toArray();
  }

  /** Latent-major floats as row-major doubles, the logistic regression's layout. */
  private static double[][] rowMajor(float[][] latents) {
    int n = latents[0].length;
    double[][] x = new double[n][latents.length];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < latents.length; j++) {
        x[i][j] = latents[j][i];
      }
    }
    return x;
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
