package dev.candela.metrics.gbt;

import java.util.Arrays;

/**
 * scikit-learn 1.2's {@code RandomForestRegressor(n_estimators=T, max_depth=D, random_state=seed)}
 * with its other defaults ({@code criterion='squared_error', bootstrap=True, max_features=1.0,
 * min_samples_split=2, min_samples_leaf=1}), the learner of Eastwood and Williams' DCI code.
 *
 * <p>The forest draws one {@code randint(0, 2³¹ − 1)} per tree from {@code RandomState(seed)}
 * ({@link NumpyRandomState}); tree t's bootstrap is {@code RandomState(seed_t).randint(0, n, n)}
 * and its sample weights are the draw counts (rows drawn 0 times are left out of the tree, as
 * sklearn's splitter leaves out zero weights). Every tree is grown depth first by the best split:
 * at a node the features are scanned in sorted order of their float32 values; a split between
 * consecutive values v &lt; v' is a candidate when v' &gt; v + 10⁻⁷, its proxy is S_L²/W_L +
 * S_R²/W_R (weighted sums of y and weights), and the first strictly larger proxy wins; the
 * threshold is v/2 + v'/2 (v if that rounds to v'). A node is a leaf at depth D, with fewer than 2
 * rows, or with weighted variance ≤ 2⁻⁵². The features are visited in the order of sklearn's
 * Fisher–Yates draw with its xorshift generator seeded by {@code RandomState(seed_t).randint(0, 2³¹
 * − 1)} ({@link NumpyRandomState#xorshiftRandInt}), skipping features constant in the node and,
 * below it, in its descendants, so that exactly equal proxies (common in small nodes) are decided
 * as sklearn decides them.
 *
 * <p>Feature importances are sklearn's: per tree, the weighted impurity decrease of each feature's
 * splits over the root's weight, normalised to sum 1; the forest's are the mean over the trees that
 * split at all, normalised to sum 1. Predictions are the mean over the trees of the leaf's weighted
 * mean of y.
 */
public final class RandomForestRegressor {

  private final Tree[] trees;
  private final int numFeatures;

  private RandomForestRegressor(Tree[] trees, int numFeatures) {
    this.trees = trees;
    this.numFeatures = numFeatures;
  }

  /**
   * Fits the forest.
   *
   * @param x feature-major values, {@code x[f][i]} (float32, as sklearn casts them)
   * @param y the targets, one per row
   * @param numTrees T, at least 1
   * @param maxDepth D, at least 1
   * @param seed sklearn's {@code random_state}, in [0, 2³²)
   * @return the forest
   * @throws IllegalArgumentException naming a bad count, depth or shape
   */
  public static RandomForestRegressor fit(
      float[][] x, double[] y, int numTrees, int maxDepth, long seed) {
    if (numTrees < 1 || maxDepth < 1) {
      throw new IllegalArgumentException(
          "a forest needs at least 1 tree and depth 1, got " + numTrees + " and " + maxDepth);
    }
    int n = y.length;
    for (float[] col : x) {
      if (col.length != n) {
        throw new IllegalArgumentException(
            "feature column has " + col.length + " rows, the targets " + n);
      }
    }
    NumpyRandomState forest = new NumpyRandomState(seed);
    Tree[] trees = new Tree[numTrees];
    for (int t = 0; t < numTrees; t++) {
      long treeSeed = forest.randint(0, NumpyRandomState.RAND_R_MAX);
      NumpyRandomState draws = new NumpyRandomState(treeSeed);
      double[] w = new double[n];
      for (int i = 0; i < n; i++) {
        w[(int) draws.randint(0, n)] += 1.0;
      }
      int splitterSeed =
          (int) new NumpyRandomState(treeSeed).randint(0, NumpyRandomState.RAND_R_MAX);
      trees[t] = Tree.grow(x, y, w, maxDepth, splitterSeed);
    }
    return new RandomForestRegressor(trees, x.length);
  }

  /**
   * sklearn's {@code feature_importances_}.
   *
   * @return one importance per feature, summing to 1 (all zero when no tree split)
   */
  public double[] featureImportances() {
    double[] sum = new double[numFeatures];
    int used = 0;
    for (Tree t : trees) {
      if (t.nodeCount > 1) {
        double[] imp = t.importances(numFeatures);
        for (int f = 0; f < numFeatures; f++) {
          sum[f] += imp[f];
        }
        used++;
      }
    }
    if (used == 0) {
      return sum;
    }
    double total = 0.0;
    for (int f = 0; f < numFeatures; f++) {
      sum[f] /= used;
      total += sum[f];
    }
    if (total > 0.0) {
      for (int f = 0; f < numFeatures; f++) {
        sum[f] /= total;
      }
    }
    return sum;
  }

  /**
   * Predictions, the mean over the trees.
   *
   * @param x feature-major values, {@code x[f][i]}
   * @return one prediction per row
   */
  public double[] predict(float[][] x) {
    int n = x[0].length;
    double[] out = new double[n];
    for (Tree t : trees) {
      for (int i = 0; i < n; i++) {
        out[i] += t.predict(x, i);
      }
    }
    for (int i = 0; i < n; i++) {
      out[i] /= trees.length;
    }
    return out;
  }

  /** One weighted least-squares tree, as arrays of nodes. */
  private static final class Tree {
    private int nodeCount;
    private int[] feature = new int[64];
    private double[] threshold = new double[64];
    private int[] left = new int[64];
    private int[] right = new int[64];
    private double[] impurity = new double[64];
    private double[] weight = new double[64];
    private double[] value = new double[64];

    private record Pending(
        int start, int end, int depth, int parent, boolean isLeft, double imp, int constants) {}

    static Tree grow(float[][] x, double[] y, double[] w, int maxDepth, int seed) {
      int n = 0;
      for (double wi : w) {
        if (wi != 0.0) {
          n++;
        }
      }
      int[] samples = new int[n];
      int k = 0;
      for (int i = 0; i < w.length; i++) {
        if (w[i] != 0.0) {
          samples[k++] = i;
        }
      }
      Tree tree = new Tree();
      long[] keys = new long[n];
      java.util.ArrayDeque<Pending> stack = new java.util.ArrayDeque<>();
      int numFeatures = x.length;
      int[] features = new int[numFeatures];
      int[] constantFeatures = new int[numFeatures];
      for (int f = 0; f < numFeatures; f++) {
        features[f] = f;
        constantFeatures[f] = f;
      }
      int[] rand = {seed};
      stack.push(new Pending(0, n, 0, -1, false, Double.NaN, 0));
      boolean first = true;
      while (!stack.isEmpty()) {
        Pending rec = stack.pop();
        int start = rec.start();
        int end = rec.end();
        double sum = 0.0;
        double sq = 0.0;
        double wn = 0.0;
        for (int p = start; p < end; p++) {
          int i = samples[p];
          double wy = w[i] * y[i];
          sum += wy;
          sq += wy * y[i];
          wn += w[i];
        }
        double imp = rec.imp();
        if (first) {
          double mean = sum / wn;
          imp = sq / wn - mean * mean;
          first = false;
        }
        boolean isLeaf =
            rec.depth() >= maxDepth || end - start < 2 || imp <= RegressionTree.EPSILON;
        int bestFeature = -1;
        int bestPos = end;
        double bestThreshold = 0.0;
        int knownConstants = rec.constants();
        int totalConstants = knownConstants;
        if (!isLeaf) {
          double bestProxy = Double.NEGATIVE_INFINITY;
          // BestSplitter.node_split's Fisher-Yates draw of the features, constants skipped
          int fi = numFeatures;
          int visited = 0;
          int foundConstants = 0;
          int drawnConstants = 0;
          while (fi > totalConstants
              && (visited < numFeatures || visited <= foundConstants + drawnConstants)) {
            visited++;
            int fj = NumpyRandomState.xorshiftRandInt(rand, drawnConstants, fi - foundConstants);
            if (fj < knownConstants) {
              swap(features, drawnConstants, fj);
              drawnConstants++;
              continue;
            }
            fj += foundConstants;
            int f = features[fj];
            float[] col = x[f];
            int m = end - start;
            for (int p = 0; p < m; p++) {
              int i = samples[start + p];
              keys[p] = ((long) sortable(col[i]) << 32) | (i & 0xFFFFFFFFL);
            }
            Arrays.sort(keys, 0, m);
            float lo = col[(int) keys[0]];
            float hi = col[(int) keys[m - 1]];
            if (lo != hi) {
              // sklearn sorts samples[start:end] by this feature in place
              for (int p = 0; p < m; p++) {
                samples[start + p] = (int) keys[p];
              }
            }
            if (hi <= lo + RegressionTree.FEATURE_THRESHOLD) {
              swap(features, fj, totalConstants);
              foundConstants++;
              totalConstants++;
              continue;
            }
            fi--;
            swap(features, fi, fj);
            double[] left = {0.0, 0.0};
            int pos = start;
            int p = start;
            while (p < end) {
              while (p + 1 < end
                  && col[samples[p + 1]] <= col[samples[p]] + RegressionTree.FEATURE_THRESHOLD) {
                p++;
              }
              p++;
              if (p >= end) {
                break;
              }
              updateLeft(left, pos, p, start, end, sum, wn, y, w, samples);
              pos = p;
              double sumLeft = left[0];
              double wLeft = left[1];
              double sumRight = sum - sumLeft;
              double wRight = wn - wLeft;
              double proxy = sumLeft * sumLeft / wLeft + sumRight * sumRight / wRight;
              if (proxy > bestProxy) {
                bestProxy = proxy;
                bestFeature = f;
                bestPos = p;
                double a = col[samples[p - 1]];
                double b = col[samples[p]];
                double t = a / 2.0 + b / 2.0;
                bestThreshold = (t == b || Double.isInfinite(t)) ? a : t;
              }
            }
          }
          isLeaf = bestFeature < 0;
          System.arraycopy(constantFeatures, 0, features, 0, knownConstants);
          System.arraycopy(
              features, knownConstants, constantFeatures, knownConstants, foundConstants);
        }
        int id = tree.add();
        if (rec.parent() >= 0) {
          if (rec.isLeft()) {
            tree.left[rec.parent()] = id;
          } else {
            tree.right[rec.parent()] = id;
          }
        }
        tree.impurity[id] = imp;
        tree.weight[id] = wn;
        tree.value[id] = sum / wn;
        tree.left[id] = -1;
        tree.right[id] = -1;
        tree.feature[id] = -1;
        if (!isLeaf) {
          // sklearn partitions samples[start:end] in place by the threshold
          float[] col = x[bestFeature];
          int partitionEnd = end;
          int p = start;
          while (p < partitionEnd) {
            if (col[samples[p]] <= bestThreshold) {
              p++;
            } else {
              partitionEnd--;
              swap(samples, p, partitionEnd);
            }
          }
          tree.feature[id] = bestFeature;
          tree.threshold[id] = bestThreshold;
          double[] children = childImpurities(samples, start, bestPos, end, y, w, sum, sq, wn);
          stack.push(
              new Pending(bestPos, end, rec.depth() + 1, id, false, children[1], totalConstants));
          stack.push(
              new Pending(start, bestPos, rec.depth() + 1, id, true, children[0], totalConstants));
        }
      }
      return tree;
    }

    /**
     * sklearn's {@code criterion.update(p)}: moves the left child's weighted sum of y and weight,
     * {@code left[0]} and {@code left[1]}, from {@code samples[start, pos)} to {@code
     * samples[start, p)}: by adding the samples between pos and p, or, when fewer lie between p and
     * end, from the totals by removing those ({@code reverse_reset}).
     */
    private static void updateLeft(
        double[] left,
        int pos,
        int p,
        int start,
        int end,
        double sum,
        double wn,
        double[] y,
        double[] w,
        int[] samples) {
      if (p - pos <= end - p) {
        for (int q = pos; q < p; q++) {
          int i = samples[q];
          left[0] += w[i] * y[i];
          left[1] += w[i];
        }
      } else {
        left[0] = sum;
        left[1] = wn;
        for (int q = end - 1; q >= p; q--) {
          int i = samples[q];
          left[0] -= w[i] * y[i];
          left[1] -= w[i];
        }
      }
    }

    /**
     * sklearn's {@code reset(); update(pos); children_impurity}: the left sums as {@link
     * #updateLeft} moves them, the right ones as total − left.
     */
    private static double[] childImpurities(
        int[] samples,
        int start,
        int pos,
        int end,
        double[] y,
        double[] w,
        double sum,
        double sq,
        double wn) {
      double[] left = {0.0, 0.0};
      updateLeft(left, start, pos, start, end, sum, wn, y, w, samples);
      double sumLeft = left[0];
      double wLeft = left[1];
      double sqLeft = 0.0;
      for (int p = start; p < pos; p++) {
        int i = samples[p];
        sqLeft += w[i] * y[i] * y[i];
      }
      double sumRight = sum - sumLeft;
      double wRight = wn - wLeft;
      double sqRight = sq - sqLeft;
      double ml = sumLeft / wLeft;
      double mr = sumRight / wRight;
      return new double[] {sqLeft / wLeft - ml * ml, sqRight / wRight - mr * mr};
    }

    private static void swap(int[] a, int i, int j) {
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }

    /** A float's bits as an int whose signed order is the floats' order. */
    private static int sortable(float v) {
      int bits = Float.floatToIntBits(v + 0.0f);
      return bits ^ ((bits >> 31) & 0x7FFFFFFF);
    }

    private int add() {
      if (nodeCount == feature.length) {
        int c = 2 * nodeCount;
        feature = Arrays.copyOf(feature, c);
        threshold = Arrays.copyOf(threshold, c);
        left = Arrays.copyOf(left, c);
        right = Arrays.copyOf(right, c);
        impurity = Arrays.copyOf(impurity, c);
        weight = Arrays.copyOf(weight, c);
        value = Arrays.copyOf(value, c);
      }
      return nodeCount++;
    }

    double[] importances(int numFeatures) {
      double[] imp = new double[numFeatures];
      for (int id = 0; id < nodeCount; id++) {
        if (left[id] >= 0) {
          int l = left[id];
          int r = right[id];
          // a chosen split never raises the weighted impurity; a negative decrease is the
          // rounding of a zero-gain split (-3e-16 seen on 10^4 x 64 bench codes), counted as 0
          imp[feature[id]] +=
              Math.max(
                  0.0,
                  weight[id] * impurity[id] - weight[l] * impurity[l] - weight[r] * impurity[r]);
        }
      }
      double total = 0.0;
      for (int f = 0; f < numFeatures; f++) {
        imp[f] /= weight[0];
        total += imp[f];
      }
      if (total > 0.0) {
        for (int f = 0; f < numFeatures; f++) {
          imp[f] /= total;
        }
      }
      return imp;
    }

    double predict(float[][] x, int row) {
      int id = 0;
      while (left[id] >= 0) {
        id = x[feature[id]][row] <= threshold[id] ? left[id] : right[id];
      }
      return value[id];
    }
  }
}
