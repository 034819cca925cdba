package dev.candela.metrics.gbt;

/**
 * numpy's summation of a contiguous float64 array ({@code np.sum}, {@code add.reduce}): the array
 * is reduced in chunks of 8192 elements (the ufunc buffer size), each by pairwise summation with an
 * 8-way unrolled block of at most 128 elements, and the chunk sums are added in order; so Candela's
 * sums round exactly as sklearn's do.
 */
final class NumpySums {

  private static final int BLOCK = 128;

  private static final int BUFFER = 8192;

  private NumpySums() {}

  /**
   * {@code np.sum(a[from:from+n])}.
   *
   * @param a the values
   * @param from first index
   * @param n number of values
   * @return the sum, rounded as numpy rounds it
   */
  static double sum(double[] a, int from, int n) {
    double s = 0.0;
    for (int c = 0; c < n; c += BUFFER) {
      s += pairwise(a, from + c, Math.min(BUFFER, n - c));
    }
    return s;
  }

  private static double pairwise(double[] a, int from, int n) {
    if (n < 8) {
      double res = 0.0;
      for (int i = 0; i < n; i++) {
        res += a[from + i];
      }
      return res;
    } else if (n <= BLOCK) {
      double r0 = a[from];
      double r1 = a[from + 1];
      double r2 = a[from + 2];
      double r3 = a[from + 3];
      double r4 = a[from + 4];
      double r5 = a[from + 5];
      double r6 = a[from + 6];
      double r7 = a[from + 7];
      int i;
      int stop = n - (n % 8);
      for (i = 8; i < stop; i += 8) {
        int b = from + i;
        r0 += a[b];
        r1 += a[b + 1];
        r2 += a[b + 2];
        r3 += a[b + 3];
        r4 += a[b + 4];
        r5 += a[b + 5];
        r6 += a[b + 6];
        r7 += a[b + 7];
      }
      double res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
      for (; i < n; i++) {
        res += a[from + i];
      }
      return res;
    } else {
      int n2 = n / 2;
      n2 -= n2 % 8;
      return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
    }
  }
}
