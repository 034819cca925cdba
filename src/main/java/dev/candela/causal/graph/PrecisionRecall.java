package dev.candela.causal.graph;

import dev.candela.metrics.stats.Arrays2;
import java.util.Arrays;

/**
 * Area under the precision-recall curve with the semantics of {@code cdt.metrics.precision_recall}.
 *
 * <p>Both matrices are raveled row by row, diagonal included; a truth entry is positive when it is
 * non-zero. The curve is scikit-learn's {@code precision_recall_curve} (version ≥ 1.1, no points
 * dropped): scores sorted in decreasing order, one threshold at each distinct score; at threshold s
 * with tp(s) true and fp(s) false entries scoring ≥ s, precision = tp / (tp + fp) and recall = tp /
 * P (recall = 1 everywhere when there is no positive, as scikit-learn does); the points are listed
 * by decreasing recall and end with (recall 0, precision 1). AUPR is the trapezoidal area under
 * precision as a function of recall over those points ({@code sklearn.metrics.auc}), not average
 * precision.
 *
 * <p>{@code lowConfidenceUndirected} first multiplies every entry with {@code p_ij == p_ji}
 * (diagonal and zeros included) by {@code min(0.5 · smallest non-zero entry, 0.1)}, as cdt does.
 */
public final class PrecisionRecall {
  private PrecisionRecall() {}

  /**
   * The AUPR and its curve.
   *
   * @param aupr area under the curve by the trapezoidal rule
   * @param precision precision of each curve point, the last one 1
   * @param recall recall of each curve point, non-increasing, the last one 0
   * @param thresholds the distinct scores, increasing; point k (k < thresholds.length) uses
   *     thresholds[k]
   */
  public record Result(double aupr, double[] precision, double[] recall, double[] thresholds) {
    /**
     * Validates the lengths.
     *
     * @throws IllegalArgumentException if precision and recall differ in length or the thresholds
     *     are not one fewer
     */
    public Result {
      if (precision.length != recall.length || thresholds.length != precision.length - 1) {
        throw new IllegalArgumentException(
            "curve lengths differ: precision "
                + precision.length
                + ", recall "
                + recall.length
                + ", thresholds "
                + thresholds.length);
      }
    }
  }

  /**
   * AUPR of a score matrix against a true adjacency matrix.
   *
   * @param truth true adjacency (non-zero = edge)
   * @param scores predicted scores or 0/1 adjacency, same square shape
   * @param lowConfidenceUndirected whether to down-weight entries equal to their transpose
   * @return the area and the curve
   * @throws IllegalArgumentException if the shapes differ (both shapes are named) or a score is not
   *     finite
   */
  public static Result aupr(double[][] truth, double[][] scores, boolean lowConfidenceUndirected) {
    String ts = truth.length + "x" + (truth.length == 0 ? 0 : truth[0].length);
    String ps = scores.length + "x" + (scores.length == 0 ? 0 : scores[0].length);
    int n = truth.length;
    boolean ok = scores.length == n;
    for (int i = 0; ok && i < n; i++) {
      ok = truth[i].length == n && scores[i].length == n;
    }
    if (!ok) {
      throw new IllegalArgumentException(
          "shape mismatch: truth is " + ts + ", prediction is " + ps + " (need equal square)");
    }
    double[][] p = new double[n][];
    for (int i = 0; i < n; i++) {
      p[i] = scores[i].clone();
      for (int j = 0; j < n; j++) {
        if (!Double.isFinite(p[i][j])) {
          throw new IllegalArgumentException(
              "prediction entry [" + i + "][" + j + "] = " + p[i][j] + " is not finite");
        }
      }
    }
    if (lowConfidenceUndirected) {
      double minNonZero = Double.POSITIVE_INFINITY;
      for (double[] row : p) {
        for (double v : row) {
          if (v != 0) {
            minNonZero = Math.min(minNonZero, v);
          }
        }
      }
      if (minNonZero == Double.POSITIVE_INFINITY) {
        throw new IllegalArgumentException(
            "low_confidence_undirected needs a non-zero prediction entry, all " + n * n + " are 0");
      }
      double factor = Math.min(minNonZero * 0.5, 0.1);
      boolean[][] sym = new boolean[n][n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          sym[i][j] = p[i][j] == p[j][i];
        }
      }
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
          if (sym[i][j]) {
            p[i][j] *= factor;
          }
        }
      }
    }
    int m = n * n;
    double[] y = new double[m];
    double[] s = new double[m];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        y[i * n + j] = truth[i][j] != 0 ? 1 : 0;
        s[i * n + j] = p[i][j];
      }
    }
    return curve(y, s);
  }

  /**
   * AUPR of binary adjacency matrices (convenience for graphs).
   *
   * @param truth true adjacency
   * @param pred predicted adjacency
   * @param lowConfidenceUndirected whether to down-weight entries equal to their transpose
   * @return the area and the curve
   */
  public static Result aupr(int[][] truth, int[][] pred, boolean lowConfidenceUndirected) {
    return aupr(Arrays2.toDouble(truth), Arrays2.toDouble(pred), lowConfidenceUndirected);
  }

  /**
   * scikit-learn's precision_recall_curve and auc on flat labels and scores.
   *
   * @param labels 1 for positive, 0 for negative
   * @param scores scores, higher = more likely positive
   * @return the area and the curve
   */
  public static Result curve(double[] labels, double[] scores) {
    int m = scores.length;
    Integer[] idx = new Integer[m];
    for (int k = 0; k < m; k++) {
      idx[k] = k;
    }
    Arrays.sort(idx, (a, b) -> Double.compare(scores[b], scores[a]));
    // cumulative counts at the last index of each distinct score (decreasing thresholds)
    double[] tps = new double[m];
    double[] fps = new double[m];
    double[] thr = new double[m];
    int c = 0;
    double tp = 0;
    double fp = 0;
    for (int k = 0; k < m; k++) {
      double lab = labels[idx[k]];
      tp += lab;
      fp += 1 - lab;
      if (k == m - 1 || scores[idx[k + 1]] != scores[idx[k]]) {
        tps[c] = tp;
        fps[c] = fp;
        thr[c] = scores[idx[k]];
        c++;
      }
    }
    double total = c == 0 ? 0 : tps[c - 1];
    double[] precision = new double[c + 1];
    double[] recall = new double[c + 1];
    double[] thresholds = new double[c];
    for (int k = 0; k < c; k++) {
      int src = c - 1 - k; // reverse: recall decreasing
      double ps = tps[src] + fps[src];
      precision[k] = ps == 0 ? 0 : tps[src] / ps;
      recall[k] = total == 0 ? 1 : tps[src] / total;
      thresholds[k] = thr[src];
    }
    precision[c] = 1;
    recall[c] = 0;
    double area = 0;
    for (int k = 0; k < c; k++) {
      area += (recall[k] - recall[k + 1]) * (precision[k] + precision[k + 1]) / 2;
    }
    return new Result(area, precision, recall, thresholds);
  }
}
