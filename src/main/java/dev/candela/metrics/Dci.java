package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import ml.dmlc.xgboost4j.java.Booster;
import ml.dmlc.xgboost4j.java.DMatrix;
import ml.dmlc.xgboost4j.java.XGBoost;
import ml.dmlc.xgboost4j.java.XGBoostError;

/**
 * DCI: disentanglement, completeness and informativeness (Eastwood &amp; Williams, "A Framework for
 * the Quantitative Evaluation of Disentangled Representations", ICLR 2018), with the semantics of
 * disentanglement_lib's {@code dci.py}.
 *
 * <p>For every factor k a gradient-boosted tree classifier is trained on the raw training latents
 * to predict the factor code; its feature importances, made absolute (and normalised to sum to 1),
 * form column k of the importance matrix R [latents × factors]. Then, with L latents and K factors:
 *
 * <ul>
 *   <li>informativeness I = mean over factors of the test accuracy of the classifier;
 *   <li>disentanglement D = Σ_j ρ_j (1 − H_K(P_j)), P_j = row j of R + 10⁻¹¹ normalised, H_K the
 *       entropy in base K, ρ_j = Σ_k R_jk / Σ R;
 *   <li>completeness C = Σ_k w_k (1 − H_L(Q_k)), Q_k = column k of R + 10⁻¹¹ normalised, w_k = Σ_j
 *       R_jk / Σ R.
 * </ul>
 *
 * <p>The classifier ({@link DciLearner}) is by default {@link DciLearner#SKLEARN_GBT}, Candela's
 * re-implementation of scikit-learn's {@code GradientBoostingClassifier()} with its defaults (the
 * reference's learner, {@code random_state} = the seed for every factor): importances are sklearn's
 * {@code feature_importances_} (mean impurity decrease over the trees). {@link DciLearner#XGBOOST}
 * uses XGBoost4J configured as close to those defaults as XGBoost allows (see {@link #N_TREES} and
 * the constants below), with XGBoost's {@code total_gain} as importance.
 *
 * <p>The factors (and, for sklearn-gbt, the classes of a stage) are fitted in parallel on at most
 * {@link Runtime#availableProcessors()} threads and assembled in factor order. A test code that
 * never occurs in training cannot be predicted and counts as wrong. Unlike the reference (whose
 * sklearn learner is unseeded), the result is a deterministic function of the inputs and the seed.
 */
public final class Dci {

  /** Number of boosting rounds (sklearn {@code n_estimators=100}). */
  public static final int N_TREES = 100;

  /** Shrinkage, XGBoost {@code eta} (sklearn {@code learning_rate=0.1}). */
  public static final double LEARNING_RATE = 0.1;

  /** Maximum depth of a tree (sklearn {@code max_depth=3}: at most 8 leaves). */
  public static final int MAX_DEPTH = 3;

  /**
   * XGBoost {@code min_child_weight}: the least hessian sum in a child. sklearn's {@code
   * min_samples_leaf=1} puts no bound on the hessian, so this is 0 (XGBoost floors each sample's
   * hessian at a tiny positive value, so leaf values stay finite).
   */
  public static final double MIN_CHILD_WEIGHT = 0.0;

  /** XGBoost {@code lambda}, the L2 penalty on leaf values (sklearn has none; XGBoost's is 1). */
  public static final double L2_PENALTY = 0.0;

  /** Fraction of samples per tree (sklearn {@code subsample=1.0}). */
  public static final double SUBSAMPLE = 1.0;

  /** Histogram bins per latent of XGBoost's {@code hist} method (sklearn splits exactly). */
  public static final int MAX_BIN = 256;

  /** The constant added to every importance before the entropies (as the reference). */
  public static final double EPSILON = 1e-11;

  private Dci() {}

  /**
   * Computes DCI with a classifier per factor trained on {@code train} and evaluated on {@code
   * test}.
   *
   * @param train training codes (reference size 10000)
   * @param test test codes (reference size 5000) with the same latents and factors
   * @param seed the seed of the learner (factor k uses {@code seed + k})
   * @return the scores with the importance matrix and the accuracies
   * @throws IllegalArgumentException if train and test differ in latents or factors, or a factor
   *     has a single value in the training set
   * @throws IllegalStateException if XGBoost fails on a factor (the message names the factor)
   */
  public static DciResult compute(LatentCodes train, LatentCodes test, long seed) {
    return compute(train, test, seed, DciLearner.DEFAULT);
  }

  /**
   * Computes DCI with the given learner.
   *
   * <p>{@link DciLearner#SKLEARN_GBT}: every factor's classifier uses sklearn's {@code
   * random_state} = seed mod 2³² (numpy accepts [0, 2³²)). {@link DciLearner#XGBOOST}: factor k
   * uses XGBoost seed {@code seed + k}.
   *
   * @param train training codes (reference size 10000)
   * @param test test codes (reference size 5000) with the same latents and factors
   * @param seed the seed of the learner
   * @param learner the classifier
   * @return the scores with the importance matrix and the accuracies
   * @throws IllegalArgumentException if train and test differ in latents or factors, a factor has a
   *     single value in the training set, or a latent is not finite (sklearn-gbt)
   * @throws IllegalStateException if XGBoost fails on a factor (the message names the factor)
   */
  public static DciResult compute(
      LatentCodes train, LatentCodes test, long seed, DciLearner learner) {
    LearnedMetricInputs.check(train, test);
    if (learner == DciLearner.SKLEARN_GBT) {
      return SklearnGbtDci.compute(train, test, seed);
    }
    if (learner == DciLearner.LASSO || learner == DciLearner.RANDOM_FOREST) {
      return RegressionDci.compute(train, test, seed, learner);
    }
    int numLatents = train.numLatents();
    int numFactors = train.numFactors();
    float[] trainX = rowMajor(train.latents());
    float[] testX = rowMajor(test.latents());
    List<FactorFit> fits = new ArrayList<>(numFactors);
    int threads = Math.max(1, Math.min(numFactors, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<FactorFit>> futures = new ArrayList<>(numFactors);
      for (int k = 0; k < numFactors; k++) {
        int factor = k;
        futures.add(
            pool.submit(
                () ->
                    fitFactor(
                        trainX,
                        train.factors()[factor],
                        testX,
                        test.factors()[factor],
                        numLatents,
                        seed + factor,
                        train.factorNames().get(factor))));
      }
      for (Future<FactorFit> f : futures) {
        fits.add(f.get());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("DCI interrupted while fitting the factors", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
    return result(fits, train, test, seed, DciLearner.XGBOOST);
  }

  /**
   * The result of one DCI fit, whichever learner made the importances: the importance matrix and
   * per-factor accuracies gathered from the factors' fits (one per factor, in factor order), and D,
   * C and I from them.
   */
  static DciResult result(
      List<FactorFit> fits, LatentCodes train, LatentCodes test, long seed, DciLearner learner) {
    int numLatents = train.numLatents();
    int numFactors = fits.size();
    double[][] importance = new double[numLatents][numFactors];
    double[] trainAcc = new double[numFactors];
    double[] testAcc = new double[numFactors];
    for (int k = 0; k < numFactors; k++) {
      FactorFit fit = fits.get(k);
      for (int j = 0; j < numLatents; j++) {
        importance[j][k] = fit.importance[j];
      }
      trainAcc[k] = fit.trainAccuracy;
      testAcc[k] = fit.testAccuracy;
    }
    return new DciResult(
        scores(importance),
        Matrix.of(importance),
        LearnedMetricInputs.mean(testAcc),
        LearnedMetricInputs.mean(trainAcc),
        Vector.of(testAcc),
        Vector.of(trainAcc),
        SplitProvenance.of(train, test, seed),
        learner);
  }

  /** One factor's normalised importances (one per latent) and accuracies. */
  record FactorFit(double[] importance, double trainAccuracy, double testAccuracy) {}

  /** The XGBoost parameters for a factor with {@code numClasses} training classes. */
  private static Map<String, Object> parameters(int numClasses, long seed) {
    Map<String, Object> p = new HashMap<>();
    if (numClasses > 2) {
      p.put("objective", "multi:softprob");
      p.put("num_class", numClasses);
    } else {
      p.put("objective", "binary:logistic");
    }
    p.put("max_depth", MAX_DEPTH);
    // XGBoost's multi-class leaf value is half the Newton step, sklearn's is (K-1)/K of it; scaling
    // eta by 2(K-1)/K makes each round move as far as sklearn's learning_rate does.
    p.put(
        "eta",
        numClasses > 2 ? LEARNING_RATE * 2.0 * (numClasses - 1) / numClasses : LEARNING_RATE);
    p.put("subsample", SUBSAMPLE);
    p.put("min_child_weight", MIN_CHILD_WEIGHT);
    p.put("lambda", L2_PENALTY);
    p.put("tree_method", "hist");
    p.put("max_bin", MAX_BIN);
    p.put("nthread", 1);
    p.put("seed", seed);
    p.put("verbosity", 0);
    return p;
  }

  /** Trains and evaluates the booster of one factor; native memory is freed before returning. */
  private static FactorFit fitFactor(
      float[] trainX,
      int[] yTrain,
      float[] testX,
      int[] yTest,
      int numLatents,
      long seed,
      String factorName) {
    int[] classes = LearnedMetricInputs.classes(yTrain);
    int[] labelIndex = LearnedMetricInputs.labels(classes, yTrain);
    float[] labels = new float[labelIndex.length];
    for (int i = 0; i < labels.length; i++) {
      labels[i] = labelIndex[i];
    }
    DMatrix dTrain = null;
    DMatrix dTest = null;
    Booster booster = null;
    try {
      dTrain = new DMatrix(trainX, yTrain.length, numLatents, Float.NaN);
      dTrain.setLabel(labels);
      dTest = new DMatrix(testX, yTest.length, numLatents, Float.NaN);
      booster =
          XGBoost.train(
              dTrain, parameters(classes.length, seed), N_TREES, new HashMap<>(), null, null);
      double[] importance = normalisedGain(booster.getScore("", "total_gain"), numLatents);
      double trainAcc = accuracy(booster.predict(dTrain), classes, yTrain);
      double testAcc = accuracy(booster.predict(dTest), classes, yTest);
      return new FactorFit(importance, trainAcc, testAcc);
    } catch (XGBoostError e) {
      throw new IllegalStateException(
          "XGBoost failed on factor " + factorName + ": " + e.getMessage(), e);
    } finally {
      if (booster != null) {
        booster.dispose();
      }
      if (dTest != null) {
        dTest.dispose();
      }
      if (dTrain != null) {
        dTrain.dispose();
      }
    }
  }

  /**
   * The total gain per latent (XGBoost names feature j "f" + j and omits unused features), made
   * absolute and normalised to sum 1; all zeros if no split was made.
   */
  private static double[] normalisedGain(Map<String, Double> gain, int numLatents) {
    double[] imp = new double[numLatents];
    for (Map.Entry<String, Double> e : gain.entrySet()) {
      String name = e.getKey();
      int j = name.startsWith("f") ? parseIndex(name.substring(1)) : -1;
      if (j < 0 || j >= numLatents) {
        throw new IllegalStateException(
            "XGBoost reported importance for unknown feature " + name + " of " + numLatents);
      }
      imp[j] = Math.abs(e.getValue());
    }
    double sum = 0.0;
    for (double v : imp) {
      sum += v;
    }
    if (sum > 0.0) {
      for (int j = 0; j < numLatents; j++) {
        imp[j] /= sum;
      }
    }
    return imp;
  }

  private static int parseIndex(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * Disentanglement and completeness of a given importance matrix, exactly as disentanglement_lib's
   * {@code disentanglement} and {@code completeness} (see {@link DciScores} for the formulas).
   *
   * <p>With a single factor the base-K entropy is 0/0; it is taken as 0 (so D_j = 1), and likewise
   * C_k = 1 with a single latent. The reference returns NaN there.
   *
   * @param importance {@code importance[j][k]} ≥ 0, latents × factors, rectangular, non-empty
   * @return D, C and their parts
   * @throws IllegalArgumentException if the matrix is empty, ragged, or has a negative or
   *     non-finite entry
   */
  public static DciScores scores(double[][] importance) {
    int l = importance.length;
    if (l == 0 || importance[0].length == 0) {
      throw new IllegalArgumentException(
          "importance matrix is empty: " + l + " rows, " + (l == 0 ? 0 : importance[0].length));
    }
    int k = importance[0].length;
    double total = 0.0;
    double[] rowSum = new double[l];
    double[] colSum = new double[k];
    for (int j = 0; j < l; j++) {
      if (importance[j].length != k) {
        throw new IllegalArgumentException(
            "importance row " + j + " has " + importance[j].length + " entries, row 0 has " + k);
      }
      for (int f = 0; f < k; f++) {
        double v = importance[j][f];
        if (!(v >= 0.0) || !Double.isFinite(v)) {
          throw new IllegalArgumentException(
              "importance[" + j + "][" + f + "] = " + v + " is negative or not finite");
        }
        rowSum[j] += v;
        colSum[f] += v;
        total += v;
      }
    }
    double[] perLatent = new double[l];
    double[] latentWeights = new double[l];
    double[] buffer = new double[Math.max(l, k)];
    for (int j = 0; j < l; j++) {
      for (int f = 0; f < k; f++) {
        buffer[f] = importance[j][f];
      }
      perLatent[j] = 1.0 - normalisedEntropy(buffer, k);
      latentWeights[j] = total > 0.0 ? rowSum[j] / total : 1.0 / l;
    }
    double[] perFactor = new double[k];
    double[] factorWeights = new double[k];
    for (int f = 0; f < k; f++) {
      for (int j = 0; j < l; j++) {
        buffer[j] = importance[j][f];
      }
      perFactor[f] = 1.0 - normalisedEntropy(buffer, l);
      factorWeights[f] = total > 0.0 ? colSum[f] / total : 1.0 / k;
    }
    double d = 0.0;
    for (int j = 0; j < l; j++) {
      d += latentWeights[j] * perLatent[j];
    }
    double c = 0.0;
    for (int f = 0; f < k; f++) {
      c += factorWeights[f] * perFactor[f];
    }
    return new DciScores(
        d,
        c,
        Vector.of(perLatent),
        Vector.of(latentWeights),
        Vector.of(perFactor),
        Vector.of(factorWeights));
  }

  /** Entropy of (v + EPSILON) normalised, over the first n entries, in base n (0 when n = 1). */
  private static double normalisedEntropy(double[] v, int n) {
    if (n == 1) {
      return 0.0;
    }
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
      sum += v[i] + EPSILON;
    }
    double h = 0.0;
    for (int i = 0; i < n; i++) {
      double p = (v[i] + EPSILON) / sum;
      if (p > 0.0) {
        h -= p * Math.log(p);
      }
    }
    return h / Math.log(n);
  }

  /** Samples × latents, row-major, as XGBoost's dense float matrix. */
  private static float[] rowMajor(float[][] latents) {
    int l = latents.length;
    int n = latents[0].length;
    float[] x = new float[n * l];
    for (int j = 0; j < l; j++) {
      float[] col = latents[j];
      for (int i = 0; i < n; i++) {
        x[i * l + j] = col[i];
      }
    }
    return x;
  }

  /**
   * Accuracy of the most probable class (the first on ties, as sklearn's argmax), mapped back to
   * its code. Binary models give one column, P(class 1): class 1 wins only when it is above 1/2.
   */
  private static double accuracy(float[][] probabilities, int[] classes, int[] truth) {
    int correct = 0;
    for (int i = 0; i < truth.length; i++) {
      float[] p = probabilities[i];
      int best;
      if (p.length == 1) {
        best = p[0] > 0.5f ? 1 : 0;
      } else {
        best = 0;
        for (int c = 1; c < p.length; c++) {
          if (p[c] > p[best]) {
            best = c;
          }
        }
      }
      if (classes[best] == truth[i]) {
        correct++;
      }
    }
    return (double) correct / truth.length;
  }
}
