package dev.candela.metrics;

import java.util.ArrayList;
import java.util.List;
import smile.classification.GradientTreeBoost;
import smile.data.DataFrame;
import smile.data.formula.Formula;
import smile.data.vector.BaseVector;
import smile.data.vector.DoubleVector;
import smile.data.vector.IntVector;
import smile.math.MathEx;

/**
 * DCI: disentanglement, completeness and informativeness (Eastwood &amp; Williams, "A Framework for
 * the Quantitative Evaluation of Disentangled Representations", ICLR 2018), with the semantics of
 * disentanglement_lib's {@code dci.py}.
 *
 * <p>For every factor k a gradient-boosted tree classifier (Smile's {@link GradientTreeBoost},
 * configured like sklearn's {@code GradientBoostingClassifier()} defaults, see {@link #N_TREES}) is
 * trained on the raw training latents to predict the factor code. Its feature importances (total
 * squared-error reduction of the splits on each latent, summed over all trees) are normalised to
 * sum to 1 and form column k of the importance matrix R [latents × factors]. Then, with L latents
 * and K factors:
 *
 * <ul>
 *   <li>informativeness I = mean over factors of the test accuracy of the classifier;
 *   <li>disentanglement D = Σ_j ρ_j (1 − H_K(P_j)), P_j = row j of R + 10⁻¹¹ normalised, H_K the
 *       entropy in base K, ρ_j = Σ_k R_jk / Σ R;
 *   <li>completeness C = Σ_k w_k (1 − H_L(Q_k)), Q_k = column k of R + 10⁻¹¹ normalised, w_k = Σ_j
 *       R_jk / Σ R.
 * </ul>
 *
 * <p>A test code that never occurs in training cannot be predicted and counts as wrong. Unlike the
 * reference (whose sklearn learner is unseeded), the result is a deterministic function of the
 * inputs and the seed.
 */
public final class Dci {

  /** Number of boosting iterations (sklearn {@code n_estimators=100}). */
  public static final int N_TREES = 100;

  /** Shrinkage (sklearn {@code learning_rate=0.1}). */
  public static final double LEARNING_RATE = 0.1;

  /** Maximum number of split levels per tree (sklearn {@code max_depth=3}: at most 8 leaves). */
  public static final int MAX_DEPTH = 3;

  /** Minimum samples in a leaf (sklearn {@code min_samples_leaf=1}). */
  public static final int MIN_LEAF_SIZE = 1;

  /** Fraction of samples per tree (sklearn {@code subsample=1.0}). */
  public static final double SUBSAMPLE = 1.0;

  /** The constant added to every importance before the entropies (as the reference). */
  public static final double EPSILON = 1e-11;

  private static final String SMILE_LOG_KEY = "org.slf4j.simpleLogger.log.smile";

  static {
    // Smile logs one INFO line per tree; keep them out of the user's console unless asked for.
    if (System.getProperty(SMILE_LOG_KEY) == null) {
      System.setProperty(SMILE_LOG_KEY, "warn");
    }
  }

  private Dci() {}

  /**
   * Computes DCI with a classifier per factor trained on {@code train} and evaluated on {@code
   * test}.
   *
   * @param train training codes (reference size 10000)
   * @param test test codes (reference size 5000) with the same latents and factors
   * @param seed the seed of the learner's random generator
   * @return the scores with the importance matrix and the accuracies
   * @throws IllegalArgumentException if train and test differ in latents or factors, or a factor
   *     has a single value in the training set
   */
  public static DciResult compute(LatentCodes train, LatentCodes test, long seed) {
    LearnedMetricInputs.check(train, test);
    int numLatents = train.numLatents();
    int numFactors = train.numFactors();
    DataFrame trainX = predictors(train.latents());
    DataFrame testX = predictors(test.latents());
    double[][] importance = new double[numLatents][numFactors];
    double[] trainAcc = new double[numFactors];
    double[] testAcc = new double[numFactors];
    Formula formula = Formula.lhs(RESPONSE);
    for (int k = 0; k < numFactors; k++) {
      int[] yTrain = train.factors()[k];
      DataFrame data = trainX.merge(IntVector.of(RESPONSE, yTrain));
      // Smile draws its (stratified) subsamples from this thread's generator; with SUBSAMPLE = 1
      // every sample is used, and seeding keeps it reproducible if SUBSAMPLE is ever changed.
      MathEx.setSeed(seed + k);
      // Smile counts the root split as depth 1 and refuses splits at depth >= maxDepth, so
      // sklearn's max_depth d is Smile's d + 1; 2^d leaves let best-first growth build the full
      // tree.
      GradientTreeBoost model =
          GradientTreeBoost.fit(
              formula,
              data,
              N_TREES,
              MAX_DEPTH + 1,
              1 << MAX_DEPTH,
              MIN_LEAF_SIZE,
              LEARNING_RATE,
              SUBSAMPLE);
      double[] imp = model.importance();
      double sum = 0.0;
      for (double v : imp) {
        sum += Math.abs(v);
      }
      for (int j = 0; j < numLatents; j++) {
        importance[j][k] = sum > 0.0 ? Math.abs(imp[j]) / sum : 0.0;
      }
      trainAcc[k] = accuracy(model.predict(trainX), yTrain);
      testAcc[k] = accuracy(model.predict(testX), test.factors()[k]);
    }
    return new DciResult(
        scores(importance),
        importance,
        LearnedMetricInputs.mean(testAcc),
        LearnedMetricInputs.mean(trainAcc),
        testAcc,
        trainAcc,
        train.latentNames(),
        train.factorNames(),
        seed,
        train.numSamples(),
        test.numSamples());
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
    return new DciScores(d, c, perLatent, latentWeights, perFactor, factorWeights);
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

  private static final String RESPONSE = "candela_factor";

  /**
   * One double column per latent, named z0, z1, ... (the caller's names may not be identifiers).
   */
  private static DataFrame predictors(double[][] latents) {
    List<BaseVector<?, ?, ?>> columns = new ArrayList<>(latents.length);
    for (int j = 0; j < latents.length; j++) {
      columns.add(DoubleVector.of("z" + j, latents[j]));
    }
    return DataFrame.of(columns.toArray(new BaseVector<?, ?, ?>[0]));
  }

  private static double accuracy(int[] predicted, int[] truth) {
    int correct = 0;
    for (int i = 0; i < truth.length; i++) {
      if (predicted[i] == truth[i]) {
        correct++;
      }
    }
    return (double) correct / truth.length;
  }
}
