package dev.candela.metrics.gbt;

import dev.candela.metrics.stats.Arrays2;

/**
 * One least-squares regression tree as scikit-learn 1.2 grows it for gradient boosting: {@code
 * DecisionTreeRegressor(criterion='friedman_mse', splitter='best', max_depth=D,
 * min_samples_split=2, min_samples_leaf=1, max_features=None)} with unit sample weights, built
 * depth first (left child first) by {@code DepthFirstTreeBuilder}.
 *
 * <p>At every node ({@code BestSplitter.node_split}) the features are visited in the order
 * sklearn's Fisher–Yates draw with its xorshift generator gives ({@link
 * NumpyRandomState#xorshiftRandInt}); a feature whose values in the node span at most {@code
 * FEATURE_THRESHOLD} = 10⁻⁷ (float32 arithmetic) is constant there and skipped in the node's
 * descendants too. For each feature, the samples sorted by it are scanned; a split between
 * consecutive sorted values v &lt; v' is a candidate when v' &gt; v + 10⁻⁷, its Friedman proxy is
 * (n_R·S_L − n_L·S_R)² / (n_L·n_R) (S the residual sums), and the first strictly larger proxy wins
 * (so sklearn's feature order decides between exactly equal proxies). The threshold is v/2 + v'/2
 * (v if that rounds to v'). A node is a leaf at depth D, with fewer than 2 samples, with impurity
 * (variance of the residuals) ≤ 2⁻⁵², or when no feature has two values. Running sums are updated
 * as sklearn's criterion updates them (forward from the last position, or backward from the node
 * total when that is shorter), so the proxies round as sklearn's do.
 *
 * <p>The samples sorted by each feature come from a sort done once per boosting fit and are
 * partitioned stably down the tree (sklearn re-sorts at every node); only the order among equal
 * values can differ, which changes sums in their last bits at most.
 */
final class RegressionTree {

  /** sklearn's {@code FEATURE_THRESHOLD} (a float32 constant). */
  static final float FEATURE_THRESHOLD = 1e-7f;

  /** sklearn's {@code EPSILON} for the leaf test, {@code np.finfo(np.double).eps}. */
  static final double EPSILON = Math.ulp(1.0);

  static final int LEAF = -1;

  final int[] feature;
  final double[] threshold;
  final int[] left;
  final int[] right;
  final double[] impurity;
  final double[] weightedSamples;
  final double[] value;
  int nodeCount;

  private RegressionTree(int capacity) {
    feature = new int[capacity];
    threshold = new double[capacity];
    left = new int[capacity];
    right = new int[capacity];
    impurity = new double[capacity];
    weightedSamples = new double[capacity];
    value = new double[capacity];
  }

  /** Reusable per-thread buffers (one fit at a time per thread). */
  static final class Workspace {
    final int n;
    final int numFeatures;
    final int[] samples;
    final int[][] sorted;
    final int[] tmp;
    final boolean[] goLeft;
    final int[] features;
    final int[] constantFeatures;
    final int[] leafOf;
    final double[] bufA;
    final double[] bufB;
    final int[] counts;

    Workspace(int n, int numFeatures) {
      this.n = n;
      this.numFeatures = numFeatures;
      samples = new int[n];
      sorted = new int[numFeatures][n];
      tmp = new int[n];
      goLeft = new boolean[n];
      features = new int[numFeatures];
      constantFeatures = new int[numFeatures];
      leafOf = new int[n];
      bufA = new double[n];
      bufB = new double[n];
      counts = new int[1 << 12];
    }
  }

  private static final ThreadLocal<Workspace> WORKSPACE = new ThreadLocal<>();

  /** This thread's workspace for n samples and the given number of features. */
  static Workspace workspace(int n, int numFeatures) {
    Workspace w = WORKSPACE.get();
    if (w == null || w.n != n || w.numFeatures != numFeatures) {
      w = new Workspace(n, numFeatures);
      WORKSPACE.set(w);
    }
    return w;
  }

  /** A pending node of the depth-first builder. */
  private record Pending(
      int start,
      int end,
      int depth,
      int parent,
      boolean isLeft,
      double impurity,
      int constantFeatures) {}

  /**
   * Grows a tree on the residuals y.
   *
   * @param x feature-major values, {@code x[f][i]}
   * @param presorted per feature, the sample indices sorted by the feature's value
   * @param y the regression targets (residuals), one per sample
   * @param maxDepth the maximum depth
   * @param seed the splitter's xorshift seed ({@code RandomState.randint(0, RAND_R_MAX)})
   * @param ws this thread's workspace
   * @return the tree (leaf values still unset)
   */
  static RegressionTree fit(
      float[][] x, int[][] presorted, double[] y, int maxDepth, int seed, Workspace ws) {
    int n = y.length;
    int numFeatures = x.length;
    RegressionTree tree = new RegressionTree((1 << (maxDepth + 1)) - 1);
    int[] samples = ws.samples;
    for (int i = 0; i < n; i++) {
      samples[i] = i;
    }
    for (int f = 0; f < numFeatures; f++) {
      System.arraycopy(presorted[f], 0, ws.sorted[f], 0, n);
      ws.features[f] = f;
      ws.constantFeatures[f] = f;
    }
    int[] rand = {seed};
    Pending[] stack = new Pending[2 * maxDepth + 2];
    int top = 0;
    stack[top++] = new Pending(0, n, 0, LEAF, false, Double.POSITIVE_INFINITY, 0);
    boolean first = true;
    Split split = new Split();
    while (top > 0) {
      Pending rec = stack[--top];
      int start = rec.start();
      int end = rec.end();
      int nNode = end - start;
      // node_reset: the criterion's totals over samples[start:end] in the current order
      double sumTotal = 0.0;
      double sqSumTotal = 0.0;
      double wn = 0.0;
      for (int p = start; p < end; p++) {
        double yi = y[samples[p]];
        double wy = 1.0 * yi;
        sumTotal += wy;
        sqSumTotal += wy * yi;
        wn += 1.0;
      }
      boolean isLeaf = rec.depth() >= maxDepth || nNode < 2;
      double impurity = rec.impurity();
      if (first) {
        double mean = sumTotal / wn;
        impurity = sqSumTotal / wn - mean * mean;
        first = false;
      }
      isLeaf = isLeaf || impurity <= EPSILON;
      int constants = rec.constantFeatures();
      if (!isLeaf) {
        constants =
            nodeSplit(x, y, start, end, sumTotal, sqSumTotal, wn, constants, rand, ws, split);
        isLeaf = split.pos >= end;
      }
      int id = tree.nodeCount++;
      if (rec.parent() != LEAF) {
        if (rec.isLeft()) {
          tree.left[rec.parent()] = id;
        } else {
          tree.right[rec.parent()] = id;
        }
      }
      tree.impurity[id] = impurity;
      tree.weightedSamples[id] = wn;
      tree.left[id] = LEAF;
      tree.right[id] = LEAF;
      if (isLeaf) {
        tree.feature[id] = LEAF;
      } else {
        tree.feature[id] = split.feature;
        tree.threshold[id] = split.threshold;
        if (rec.depth() + 1 < maxDepth) {
          partitionSorted(x[split.feature], split.threshold, start, end, ws);
        }
        stack[top++] =
            new Pending(split.pos, end, rec.depth() + 1, id, false, split.impurityRight, constants);
        stack[top++] =
            new Pending(start, split.pos, rec.depth() + 1, id, true, split.impurityLeft, constants);
      }
    }
    return tree;
  }

  /** The best split of a node, as {@code SplitRecord}. */
  private static final class Split {
    int feature;
    int pos;
    double threshold;
    double impurityLeft;
    double impurityRight;
  }

  /**
   * {@code BestSplitter.node_split}: fills {@code best} (pos = end when no split exists), reorders
   * {@code samples[start:end]} as sklearn leaves it, and returns the number of constant features
   * known to the children.
   */
  private static int nodeSplit(
      float[][] x,
      double[] y,
      int start,
      int end,
      double sumTotal,
      double sqSumTotal,
      double wn,
      int knownConstants,
      int[] rand,
      Workspace ws,
      Split best) {
    int numFeatures = x.length;
    int[] samples = ws.samples;
    int[] features = ws.features;
    int[] constantFeatures = ws.constantFeatures;
    best.pos = end;
    best.feature = LEAF;
    double bestProxy = Double.NEGATIVE_INFINITY;
    int fi = numFeatures;
    int visited = 0;
    int foundConstants = 0;
    int drawnConstants = 0;
    int totalConstants = knownConstants;
    while (fi > totalConstants
        && (visited < numFeatures || visited <= foundConstants + drawnConstants)) {
      visited++;
      int fj = NumpyRandomState.xorshiftRandInt(rand, drawnConstants, fi - foundConstants);
      if (fj < knownConstants) {
        Arrays2.swap(features, drawnConstants, fj);
        drawnConstants++;
        continue;
      }
      fj += foundConstants;
      int f = features[fj];
      float[] xf = x[f];
      int[] sortedF = ws.sorted[f];
      float lo = xf[sortedF[start]];
      float hi = xf[sortedF[end - 1]];
      if (lo != hi) {
        // sklearn sorts samples[start:end] by this feature in place (all-equal values: unchanged)
        System.arraycopy(sortedF, start, samples, start, end - start);
      }
      if (hi <= lo + FEATURE_THRESHOLD) {
        Arrays2.swap(features, fj, totalConstants);
        foundConstants++;
        totalConstants++;
        continue;
      }
      fi--;
      Arrays2.swap(features, fi, fj);
      // criterion.reset()
      int pos = start;
      double[] left = {0.0, 0.0};
      int p = start;
      while (p < end) {
        while (p + 1 < end && xf[samples[p + 1]] <= xf[samples[p]] + FEATURE_THRESHOLD) {
          p++;
        }
        p++;
        if (p < end) {
          updateLeft(left, pos, p, end, sumTotal, wn, y, samples);
          pos = p;
          double sumLeft = left[0];
          double wnl = left[1];
          double wnr = wn - wnl;
          double sumRight = sumTotal - sumLeft;
          double diff = wnr * sumLeft - wnl * sumRight;
          double proxy = diff * diff / (wnl * wnr);
          if (proxy > bestProxy) {
            bestProxy = proxy;
            double a = xf[samples[p - 1]];
            double b = xf[samples[p]];
            double t = a / 2.0 + b / 2.0;
            if (t == b || Double.isInfinite(t)) {
              t = a;
            }
            best.feature = f;
            best.pos = p;
            best.threshold = t;
          }
        }
      }
    }
    if (best.pos < end) {
      float[] xb = x[best.feature];
      double t = best.threshold;
      int partitionEnd = end;
      int p = start;
      while (p < partitionEnd) {
        if (xb[samples[p]] <= t) {
          p++;
        } else {
          partitionEnd--;
          Arrays2.swap(samples, p, partitionEnd);
        }
      }
      // criterion.reset(); criterion.update(best.pos); children_impurity
      int bp = best.pos;
      double[] left = {0.0, 0.0};
      updateLeft(left, start, bp, end, sumTotal, wn, y, samples);
      double sumLeft = left[0];
      double wnl = left[1];
      double wnr = wn - wnl;
      double sumRight = sumTotal - sumLeft;
      double sqLeft = 0.0;
      for (int q = start; q < bp; q++) {
        double yi = y[samples[q]];
        sqLeft += 1.0 * yi * yi;
      }
      double sqRight = sqSumTotal - sqLeft;
      double ml = sumLeft / wnl;
      double mr = sumRight / wnr;
      best.impurityLeft = sqLeft / wnl - ml * ml;
      best.impurityRight = sqRight / wnr - mr * mr;
    }
    System.arraycopy(constantFeatures, 0, features, 0, knownConstants);
    System.arraycopy(features, knownConstants, constantFeatures, knownConstants, foundConstants);
    return totalConstants;
  }

  /**
   * sklearn's {@code criterion.update(p)}: moves the left child's sum of y and weight, {@code
   * left[0]} and {@code left[1]}, from {@code samples[start, pos)} to {@code samples[start, p)}: by
   * adding the samples between pos and p, or, when fewer lie between p and end, from the totals by
   * removing those.
   */
  private static void updateLeft(
      double[] left,
      int pos,
      int p,
      int end,
      double sumTotal,
      double wn,
      double[] y,
      int[] samples) {
    if ((p - pos) <= (end - p)) {
      for (int q = pos; q < p; q++) {
        left[0] += 1.0 * y[samples[q]];
        left[1] += 1.0;
      }
    } else {
      left[0] = sumTotal;
      left[1] = wn;
      for (int q = end - 1; q >= p; q--) {
        left[0] -= 1.0 * y[samples[q]];
        left[1] -= 1.0;
      }
    }
  }

  /** Splits every feature's sorted segment [start, end) stably into the left and right child. */
  private static void partitionSorted(
      float[] xb, double threshold, int start, int end, Workspace ws) {
    boolean[] goLeft = ws.goLeft;
    int[] samples = ws.samples;
    for (int p = start; p < end; p++) {
      int i = samples[p];
      goLeft[i] = xb[i] <= threshold;
    }
    int[] tmp = ws.tmp;
    for (int[] s : ws.sorted) {
      int l = start;
      int r = 0;
      for (int p = start; p < end; p++) {
        int i = s[p];
        if (goLeft[i]) {
          s[l++] = i;
        } else {
          tmp[r++] = i;
        }
      }
      System.arraycopy(tmp, 0, s, l, r);
    }
  }

  /**
   * The leaf that sample i falls in ({@code x[f][i] <= threshold} goes left).
   *
   * @param x feature-major values
   * @param i the sample
   * @return the leaf's node id
   */
  int apply(float[][] x, int i) {
    int node = 0;
    while (left[node] != LEAF) {
      node = x[feature[node]][i] <= threshold[node] ? left[node] : right[node];
    }
    return node;
  }

  /**
   * sklearn's {@code Tree.compute_feature_importances(normalize=False)}: per feature, the sum over
   * its splits of n·impurity − n_L·impurity_L − n_R·impurity_R, divided by the root's sample count.
   *
   * @param numFeatures the number of features
   * @param out receives the importances (overwritten)
   */
  void importances(int numFeatures, double[] out) {
    java.util.Arrays.fill(out, 0, numFeatures, 0.0);
    for (int node = 0; node < nodeCount; node++) {
      if (left[node] != LEAF) {
        int l = left[node];
        int r = right[node];
        out[feature[node]] +=
            weightedSamples[node] * impurity[node]
                - weightedSamples[l] * impurity[l]
                - weightedSamples[r] * impurity[r];
      }
    }
    for (int f = 0; f < numFeatures; f++) {
      out[f] /= weightedSamples[0];
    }
  }
}
