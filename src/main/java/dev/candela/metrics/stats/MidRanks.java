package dev.candela.metrics.stats;

import java.util.Arrays;

/** The sorted order of a sample and its mid-ranks: tied values share the mean of their ranks. */
final class MidRanks {
  private MidRanks() {}

  /**
   * The indices of a sample by increasing value (a stable sort: ties keep their index order).
   *
   * @param v the values
   * @return the indices
   */
  static Integer[] order(double[] v) {
    Integer[] order = new Integer[v.length];
    for (int i = 0; i < v.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (p, q) -> Double.compare(v[p], v[q]));
    return order;
  }

  /**
   * The 1-based mid-ranks of a sample.
   *
   * @param v the values
   * @param order their {@link #order}
   * @return {@code rank[i]} of value i
   */
  static double[] ranks(double[] v, Integer[] order) {
    int n = v.length;
    double[] rank = new double[n];
    int i = 0;
    while (i < n) {
      int j = i;
      while (j + 1 < n && v[order[j + 1]] == v[order[i]]) {
        j++;
      }
      // ranks i+1 .. j+1 (1-based) share their mean
      double mid = (i + j) / 2.0 + 1.0;
      for (int k = i; k <= j; k++) {
        rank[order[k]] = mid;
      }
      i = j + 1;
    }
    return rank;
  }
}
