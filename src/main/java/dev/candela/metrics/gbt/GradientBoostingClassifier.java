package dev.candela.metrics.gbt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * scikit-learn 1.2's {@code GradientBoostingClassifier(loss='log_loss', learning_rate=0.1,
 * n_estimators=100, subsample=1.0, criterion='friedman_mse', max_depth=3, min_samples_split=2,
 * min_samples_leaf=1, max_features=None, random_state=seed)} on dense float32 features with unit
 * sample weights (Friedman, "Greedy Function Approximation: A Gradient Boosting Machine", Annals of
 * Statistics 2001), the learner of disentanglement_lib's DCI.
 *
 * <p>Algorithm, for K classes with priors π_c (class counts / n):
 *
 * <ul>
 *   <li>Initial raw scores: K &gt; 2: F_c = log π_c; K = 2: one score F = log(π₁ / (1 − π₁)); π
 *       clipped to [ε, 1 − ε], ε = float32 machine epsilon.
 *   <li>Each of the M stages fits, per class c (one tree when K = 2), a {@link RegressionTree} to
 *       the residuals r = y_c − p_c (p the softmax of the scores before the stage; logistic p when
 *       K = 2), then replaces each leaf's value by one Newton step, (K−1)/K · Σ r / Σ p(1 − p) for
 *       K &gt; 2 and Σ r / Σ p(1 − p) for K = 2 (0 when the denominator is below 10⁻¹⁵⁰), and adds
 *       learning_rate × leaf value to the class's score.
 *   <li>Prediction: the class of the largest softmax probability (K = 2: class 1 iff p &gt; 1 − p).
 *   <li>{@code feature_importances_}: each tree with at least one split contributes its impurity
 *       decreases per feature divided by n ({@link RegressionTree#importances}); these are averaged
 *       over those trees and normalised to sum 1 (all zero when no tree split).
 * </ul>
 *
 * <p>Sums and exponentials are evaluated in sklearn's order (numpy's pairwise sums, scipy's
 * logsumexp), and the per-tree seeds are drawn from numpy's {@code RandomState(seed)} as sklearn
 * draws them, so the feature order at every node, which breaks ties between splits of exactly equal
 * improvement, is sklearn's. {@code Math.exp}/{@code Math.log} may differ from the C library's in
 * the last bit, so near-ties can still resolve differently; see
 * docs/metrics-dci-sap-explicitness.md for the measured agreement.
 *
 * <p>The K trees of a stage are fitted in parallel on the given pool; the result does not depend on
 * the scheduling.
 */
public final class GradientBoostingClassifier {

  /**
   * Boosting parameters.
   *
   * @param numStages number of boosting stages ({@code n_estimators})
   * @param learningRate shrinkage ({@code learning_rate})
   * @param maxDepth maximum depth of each tree ({@code max_depth})
   */
  public record Parameters(int numStages, double learningRate, int maxDepth) {

    /** sklearn's defaults: 100 stages, learning rate 0.1, depth 3. */
    public static final Parameters SKLEARN_DEFAULTS = new Parameters(100, 0.1, 3);

    /** Validates ranges. */
    public Parameters {
      if (numStages < 1 || !(learningRate > 0) || maxDepth < 1 || maxDepth > 10) {
        throw new IllegalArgumentException(
            "need stages ≥ 1, learning rate > 0, depth in [1, 10], got "
                + numStages
                + ", "
                + learningRate
                + ", "
                + maxDepth);
      }
    }
  }

  /** float32 machine epsilon, {@code np.finfo(np.float32).eps}. */
  private static final double FLOAT32_EPS = Math.ulp(1.0f);

  /** {@code 1 - np.finfo(np.float32).eps}, evaluated in float32 as numpy does. */
  private static final double CLIP_HIGH = 1.0f - Math.ulp(1.0f);

  private final Parameters parameters;
  private final int numClasses;
  private final int numFeatures;
  private final double[] initialScores;
  private final List<RegressionTree[]> stages;
  private final double[] featureImportances;

  private GradientBoostingClassifier(
      Parameters parameters,
      int numClasses,
      int numFeatures,
      double[] initialScores,
      List<RegressionTree[]> stages,
      double[] featureImportances) {
    this.parameters = parameters;
    this.numClasses = numClasses;
    this.numFeatures = numFeatures;
    this.initialScores = initialScores;
    this.stages = stages;
    this.featureImportances = featureImportances;
  }

  /**
   * Fits the classifier.
   *
   * @param x feature-major values, {@code x[f][i]} (float32, as sklearn converts them)
   * @param labels class of each sample, in [0, numClasses)
   * @param numClasses K ≥ 2
   * @param seed sklearn's {@code random_state}, in [0, 2³²)
   * @param parameters the boosting parameters
   * @param pool the pool that fits the trees of a stage in parallel
   * @return the fitted model
   * @throws IllegalArgumentException on empty or ragged input, a non-finite feature value, a label
   *     outside [0, K), or K &lt; 2
   */
  public static GradientBoostingClassifier fit(
      float[][] x,
      int[] labels,
      int numClasses,
      long seed,
      Parameters parameters,
      ForkJoinPool pool) {
    check(x, labels.length);
    if (numClasses < 2) {
      throw new IllegalArgumentException("need at least 2 classes, got " + numClasses);
    }
    for (int i = 0; i < labels.length; i++) {
      if (labels[i] < 0 || labels[i] >= numClasses) {
        throw new IllegalArgumentException(
            "label " + labels[i] + " of sample " + i + " is outside [0, " + numClasses + ")");
      }
    }
    NumpyRandomState rs = new NumpyRandomState(seed);
    if (ForkJoinTask.getPool() == pool) {
      return fitInPool(x, labels, numClasses, rs, parameters);
    }
    return pool.invoke(ForkJoinTask.adapt(() -> fitInPool(x, labels, numClasses, rs, parameters)));
  }

  private static void check(float[][] x, int n) {
    if (x.length == 0 || n == 0) {
      throw new IllegalArgumentException(
          "need at least one feature and one sample, got " + x.length + " and " + n);
    }
    for (int f = 0; f < x.length; f++) {
      if (x[f].length != n) {
        throw new IllegalArgumentException(
            "feature " + f + " has " + x[f].length + " values, expected " + n);
      }
      for (int i = 0; i < n; i++) {
        if (!Float.isFinite(x[f][i])) {
          throw new IllegalArgumentException(
              "feature " + f + " of sample " + i + " is " + x[f][i] + ", not finite");
        }
      }
    }
  }

  private static GradientBoostingClassifier fitInPool(
      float[][] x, int[] labels, int numClasses, NumpyRandomState rs, Parameters parameters) {
    int n = labels.length;
    int numFeatures = x.length;
    int[][] presorted = presort(x);
    boolean binary = numClasses == 2;
    int numTrees = binary ? 1 : numClasses;
    double[] counts = new double[numClasses];
    for (int c : labels) {
      counts[c] += 1.0;
    }
    double[] init = new double[numTrees];
    if (binary) {
      double p1 = clip(counts[1] / n);
      init[0] = Math.log(p1 / (1 - p1));
    } else {
      for (int c = 0; c < numClasses; c++) {
        init[c] = Math.log(clip(counts[c] / n));
      }
    }
    double[][] raw = new double[numTrees][n];
    for (int k = 0; k < numTrees; k++) {
      Arrays.fill(raw[k], init[k]);
    }
    double[][] target = new double[numTrees][n];
    for (int i = 0; i < n; i++) {
      if (binary) {
        target[0][i] = labels[i];
      } else {
        target[labels[i]][i] = 1.0;
      }
    }
    double[][] residual = new double[numTrees][n];
    double[] tmp = new double[numClasses];
    double lr = parameters.learningRate();
    double newtonFactor = binary ? 1.0 : (numClasses - 1) / (double) numClasses;
    List<RegressionTree[]> stages = new ArrayList<>(parameters.numStages());
    double[] importanceSum = new double[numFeatures];
    double[] treeImportance = new double[numFeatures];
    int relevantTrees = 0;
    for (int stage = 0; stage < parameters.numStages(); stage++) {
      // negative gradients at the scores before this stage
      for (int i = 0; i < n; i++) {
        if (binary) {
          residual[0][i] = target[0][i] - expit(raw[0][i]);
        } else {
          double lse = logSumExp(raw, i, tmp);
          for (int k = 0; k < numClasses; k++) {
            residual[k][i] = target[k][i] - Math.exp(raw[k][i] - lse);
          }
        }
      }
      int[] seeds = new int[numTrees];
      for (int k = 0; k < numTrees; k++) {
        seeds[k] = (int) rs.randint(0, NumpyRandomState.RAND_R_MAX);
      }
      RegressionTree[] trees = new RegressionTree[numTrees];
      ForkJoinTasks.invokeEach(
          numTrees,
          k ->
              trees[k] =
                  fitTree(
                      x,
                      presorted,
                      residual[k],
                      target[k],
                      raw[k],
                      newtonFactor,
                      lr,
                      parameters.maxDepth(),
                      seeds[k]));
      for (RegressionTree t : trees) {
        if (t.nodeCount > 1) {
          t.importances(numFeatures, treeImportance);
          for (int f = 0; f < numFeatures; f++) {
            importanceSum[f] += treeImportance[f];
          }
          relevantTrees++;
        }
      }
      stages.add(trees);
    }
    double[] importances = new double[numFeatures];
    if (relevantTrees > 0) {
      double[] mean = new double[numFeatures];
      for (int f = 0; f < numFeatures; f++) {
        mean[f] = importanceSum[f] / relevantTrees;
      }
      double total = NumpySums.sum(mean, 0, numFeatures);
      for (int f = 0; f < numFeatures; f++) {
        importances[f] = mean[f] / total;
      }
    }
    return new GradientBoostingClassifier(
        parameters, numClasses, numFeatures, init, stages, importances);
  }

  /**
   * Fits one tree to the residuals, sets its leaves to the Newton step and adds the shrunk leaf
   * values to the scores ({@code update_terminal_regions}).
   */
  private static RegressionTree fitTree(
      float[][] x,
      int[][] presorted,
      double[] residual,
      double[] target,
      double[] raw,
      double newtonFactor,
      double lr,
      int maxDepth,
      int seed) {
    int n = residual.length;
    RegressionTree.Workspace ws = RegressionTree.workspace(n, x.length);
    RegressionTree tree = RegressionTree.fit(x, presorted, residual, maxDepth, seed, ws);
    int[] leafOf = ws.leafOf;
    int nodes = tree.nodeCount;
    int[] start = new int[nodes + 1];
    for (int i = 0; i < n; i++) {
      int leaf = tree.apply(x, i);
      leafOf[i] = leaf;
      start[leaf + 1]++;
    }
    for (int node = 0; node < nodes; node++) {
      start[node + 1] += start[node];
    }
    int[] fill = Arrays.copyOf(start, nodes);
    double[] num = ws.bufA;
    double[] den = ws.bufB;
    for (int i = 0; i < n; i++) {
      int at = fill[leafOf[i]]++;
      double r = residual[i];
      double y = target[i];
      num[at] = 1.0 * r;
      den[at] = 1.0 * (y - r) * (1 - y + r);
    }
    for (int node = 0; node < nodes; node++) {
      if (tree.left[node] != RegressionTree.LEAF) {
        continue;
      }
      int from = start[node];
      int count = start[node + 1] - from;
      double numerator = NumpySums.sum(num, from, count);
      numerator *= newtonFactor;
      double denominator = NumpySums.sum(den, from, count);
      tree.value[node] = Math.abs(denominator) < 1e-150 ? 0.0 : numerator / denominator;
    }
    for (int i = 0; i < n; i++) {
      raw[i] += lr * tree.value[leafOf[i]];
    }
    return tree;
  }

  /** {@code np.clip(p, eps, 1 - eps)} with sklearn's float32 eps (1 − eps is a float32 too). */
  private static double clip(double p) {
    return Math.min(Math.max(p, FLOAT32_EPS), CLIP_HIGH);
  }

  /** scipy's {@code expit}: 1 / (1 + exp(−v)). */
  private static double expit(double v) {
    return 1.0 / (1.0 + Math.exp(-v));
  }

  /** scipy's {@code logsumexp} over the classes of sample i. */
  private static double logSumExp(double[][] raw, int i, double[] tmp) {
    int k = raw.length;
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < k; c++) {
      max = Math.max(max, raw[c][i]);
    }
    if (!Double.isFinite(max)) {
      max = 0.0;
    }
    for (int c = 0; c < k; c++) {
      tmp[c] = Math.exp(raw[c][i] - max);
    }
    return Math.log(NumpySums.sum(tmp, 0, k)) + max;
  }

  /** Per feature, the sample indices in ascending order of the value (ties by index). */
  private static int[][] presort(float[][] x) {
    int numFeatures = x.length;
    int n = x[0].length;
    int[][] out = new int[numFeatures][n];
    long[] keys = new long[n];
    for (int f = 0; f < numFeatures; f++) {
      for (int i = 0; i < n; i++) {
        int bits = Float.floatToIntBits(x[f][i] + 0.0f);
        int sortable = bits >= 0 ? bits : bits ^ 0x7FFFFFFF;
        keys[i] = ((long) sortable << 32) | i;
      }
      Arrays.sort(keys);
      for (int i = 0; i < n; i++) {
        out[f][i] = (int) keys[i];
      }
    }
    return out;
  }

  /**
   * sklearn's {@code feature_importances_}.
   *
   * @return one non-negative-up-to-rounding value per feature, summing to 1 (all 0 when no tree
   *     split)
   */
  public double[] featureImportances() {
    return featureImportances.clone();
  }

  /**
   * The number of classes K.
   *
   * @return K
   */
  public int numClasses() {
    return numClasses;
  }

  /**
   * The boosting parameters.
   *
   * @return the parameters
   */
  public Parameters parameters() {
    return parameters;
  }

  /**
   * Predicts the class of every sample ({@code predict}).
   *
   * @param x feature-major values with the training number of features
   * @return the predicted class, in [0, K)
   * @throws IllegalArgumentException if x has another number of features, is ragged or not finite
   */
  public int[] predict(float[][] x) {
    return decide(rawScores(x, stages.size()));
  }

  /**
   * The raw scores after the first {@code numStages} stages ({@code staged_decision_function}),
   * [tree index (class, or one for K = 2)][sample].
   */
  double[][] rawScores(float[][] x, int numStages) {
    if (x.length != numFeatures) {
      throw new IllegalArgumentException(
          "model has " + numFeatures + " features, input has " + x.length);
    }
    int n = x.length == 0 ? 0 : x[0].length;
    check(x, n);
    int numTrees = initialScores.length;
    double[][] raw = new double[numTrees][n];
    for (int k = 0; k < numTrees; k++) {
      Arrays.fill(raw[k], initialScores[k]);
    }
    double lr = parameters.learningRate();
    for (RegressionTree[] stage : stages.subList(0, numStages)) {
      for (int k = 0; k < numTrees; k++) {
        RegressionTree t = stage[k];
        double[] r = raw[k];
        for (int i = 0; i < n; i++) {
          r[i] += lr * t.value[t.apply(x, i)];
        }
      }
    }
    return raw;
  }

  private int[] decide(double[][] raw) {
    int numTrees = raw.length;
    int n = raw[0].length;
    int[] out = new int[n];
    double[] tmp = new double[numClasses];
    for (int i = 0; i < n; i++) {
      if (numTrees == 1) {
        double p1 = expit(raw[0][i]);
        double p0 = 1.0 - p1;
        out[i] = p1 > p0 ? 1 : 0;
      } else {
        double lse = logSumExp(raw, i, tmp);
        int best = 0;
        double bestP = Math.exp(raw[0][i] - lse);
        for (int c = 1; c < numClasses; c++) {
          double p = Math.exp(raw[c][i] - lse);
          if (p > bestP) {
            bestP = p;
            best = c;
          }
        }
        out[i] = best;
      }
    }
    return out;
  }
}
