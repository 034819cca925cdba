package dev.candela.metrics.stats;

import java.util.Arrays;

/**
 * numpy's default ("linear", Hyndman &amp; Fan type 7) quantile, computed by selection in linear
 * expected time instead of by sorting. The buffer is reordered in place.
 */
public final class Quantiles {

  /** Recursion depth (per element count) after which a range is sorted instead of partitioned. */
  private static final int DEPTH_FACTOR = 2;

  /** Below this sample size {@link #linearOfAbsDeviations} selects in place, without a filter. */
  static final int FILTER_MIN = 4096;

  /**
   * The most deviations {@link #linearOfAbsDeviations} samples to choose its filter threshold:
   * n/128 of them, at least {@value #MIN_SAMPLE}, at most this.
   */
  static final int SAMPLE = 4096;

  /** The fewest deviations {@link #linearOfAbsDeviations} samples. */
  static final int MIN_SAMPLE = 512;

  private Quantiles() {}

  /**
   * The buffers of {@link #linearOfAbsDeviations}, one per thread: the sample and the candidates
   * above the threshold (grown when needed).
   */
  public static final class Scratch {
    private final double[] sample = new double[SAMPLE];
    private double[] candidates = new double[1024];
    private long filtered;

    /** Empty buffers. */
    public Scratch() {}

    /** How many quantiles were selected among the filtered candidates (not in place). */
    long filtered() {
      return filtered;
    }
  }

  /**
   * {@code np.quantile(|a[from..to) − center|, q)} (default linear method), bit for bit {@link
   * #linear} of the absolute deviations, in about one pass when q is near 1 (IRS's 0.99): the
   * quantile needs only the order statistics {@code lo = floor((n − 1)·q)} and {@code lo + 1}, so
   * the deviations of a strided sample of n/128 values (512 to 4,096) give a threshold τ below
   * which, with a wide margin, fewer than {@code n − lo} deviations lie above; one pass copies the
   * deviations {@code ≥ τ} (a few percent) into the scratch, and the selection runs on those. The
   * multiset of values {@code ≥ τ} is the top of the sorted deviations, so the two order statistics
   * are the same values; when the threshold leaves too few candidates or too many (ties: more than
   * n/16, so the candidates never take more than half a byte per value), or n is small, or q is not
   * near 1 (fewer than 97% of the values below the quantile), the deviations are written into
   * {@code a} and {@link #linear} selects in place. This is Floyd and Rivest's sampling idea (CACM
   * 18, 1975) reduced to one threshold; it replaces several partitioning passes with unpredictable
   * branches by one filtering pass.
   *
   * @param a values; {@code a[from..to)} is the sample, overwritten by its deviations only on the
   *     in-place path
   * @param from first index of the sample
   * @param to end of the sample (exclusive), {@code to > from}
   * @param center the value the deviations are taken from (the sample's mean)
   * @param q quantile in [0, 1]
   * @param scratch this thread's buffers
   * @return the quantile of {@code |a[k] − center|}
   */
  public static double linearOfAbsDeviations(
      double[] a, int from, int to, double center, double q, Scratch scratch) {
    int n = to - from;
    double h = (n - 1) * q;
    int lo = (int) Math.floor(h);
    int top = n - lo; // order statistics lo..n-1 (0-based), at least 2 when h < n − 1
    if (n < FILTER_MIN || h >= n - 1 || top > n / 32) {
      return inPlace(a, from, to, center, q);
    }
    double[] sample = scratch.sample;
    int size = Math.min(SAMPLE, Math.max(MIN_SAMPLE, n >>> 7));
    int stride = n / size;
    for (int s = 0; s < size; s++) {
      sample[s] = Math.abs(a[from + s * stride] - center);
    }
    Arrays.sort(sample, 0, size);
    double expected = (double) top * size / n;
    int r = (int) Math.ceil(expected + 4 * Math.sqrt(expected) + 4);
    if (r >= size) {
      return inPlace(a, from, to, center, q);
    }
    double tau = sample[size - r];
    double[] c = scratch.candidates;
    int count = 0;
    int limit = n / 16; // ties at τ: more candidates than this and the filter gains nothing
    for (int k = from; k < to; k++) {
      double d = Math.abs(a[k] - center);
      if (d >= tau) {
        if (count == c.length) {
          if (count >= limit) {
            return inPlace(a, from, to, center, q);
          }
          c = Arrays.copyOf(c, Math.min(2 * c.length, Math.max(limit, c.length + 1)));
          scratch.candidates = c;
        }
        c[count++] = d;
      }
    }
    if (count < top) {
      return inPlace(a, from, to, center, q);
    }
    scratch.filtered++;
    int k = count - top; // the position of order statistic lo among the candidates
    select(c, 0, count - 1, k);
    return interpolate(c[k], min(c, k + 1, count), h - lo);
  }

  private static double inPlace(double[] a, int from, int to, double center, double q) {
    for (int k = from; k < to; k++) {
      a[k] = Math.abs(a[k] - center);
    }
    return linear(a, from, to, q);
  }

  /** numpy's lerp between two neighbouring order statistics. */
  private static double interpolate(double below, double above, double gamma) {
    double diff = above - below;
    return gamma >= 0.5 ? above - diff * (1 - gamma) : below + diff * gamma;
  }

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
    return interpolate(a[from + lo], min(a, from + lo + 1, to), h - lo);
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
