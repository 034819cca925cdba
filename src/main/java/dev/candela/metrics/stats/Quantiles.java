package dev.candela.metrics.stats;

import java.util.Arrays;

/**
 * numpy's default ("linear", Hyndman &amp; Fan type 7) quantile, computed by selection in linear
 * expected time instead of by sorting. The buffer is reordered in place.
 */
public final class Quantiles {

  /** Recursion depth (per element count) after which a range is sorted instead of partitioned. */
  private static final int DEPTH_FACTOR = 2;

  private Quantiles() {}

  /**
   * {@code np.quantile(a[from..to), q)} with the default linear method, evaluated as numpy does:
   * virtual index {@code h = (n − 1) · q}, {@code lo = floor(h)}, {@code γ = h − lo}, and {@code
   * a_lo + (a_hi − a_lo)·γ} if {@code γ < 0.5}, else {@code a_hi − (a_hi − a_lo)·(1 − γ)}; when
   * {@code h >= n − 1} the maximum.
   *
   * @param a buffer; {@code a[from..to)} is the sample and gets reordered
   * @param from first index of the sample
   * @param to end of the sample (exclusive), {@code to > from}
   * @param q quantile in [0, 1]
   * @return the quantile
   */
  public static double linear(double[] a, int from, int to, double q) {
    int n = to - from;
    double h = (n - 1) * q;
    if (h >= n - 1) {
      return max(a, from, to);
    }
    int lo = (int) Math.floor(h);
    select(a, from, to - 1, from + lo);
    double below = a[from + lo];
    double above = min(a, from + lo + 1, to);
    double gamma = h - lo;
    double diff = above - below;
    return gamma >= 0.5 ? above - diff * (1 - gamma) : below + diff * gamma;
  }

  /**
   * Reorders {@code a[from..to]} so that {@code a[k]} holds the value a full sort would put there,
   * everything before it is {@code <=} and everything after it {@code >=}. Three-way partitioning
   * around a median-of-three pivot; falls back to sorting the remaining range when recursion gets
   * deep, so the worst case is {@code O(n log n)}.
   */
  static void select(double[] a, int from, int to, int k) {
    int depth = DEPTH_FACTOR * (32 - Integer.numberOfLeadingZeros(to - from + 1));
    while (to > from) {
      if (depth-- == 0 || to - from < 16) {
        Arrays.sort(a, from, to + 1);
        return;
      }
      double pivot = medianOfThree(a[from], a[(from + to) >>> 1], a[to]);
      int lt = from;
      int gt = to;
      int i = from;
      while (i <= gt) {
        double v = a[i];
        if (v < pivot) {
          a[i++] = a[lt];
          a[lt++] = v;
        } else if (v > pivot) {
          a[i] = a[gt];
          a[gt--] = v;
        } else {
          i++;
        }
      }
      if (k < lt) {
        to = lt - 1;
      } else if (k > gt) {
        from = gt + 1;
      } else {
        return;
      }
    }
  }

  private static double medianOfThree(double x, double y, double z) {
    return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
  }

  private static double max(double[] a, int from, int to) {
    double m = a[from];
    for (int i = from + 1; i < to; i++) {
      if (a[i] > m) {
        m = a[i];
      }
    }
    return m;
  }

  private static double min(double[] a, int from, int to) {
    double m = a[from];
    for (int i = from + 1; i < to; i++) {
      if (a[i] < m) {
        m = a[i];
      }
    }
    return m;
  }
}
