package dev.candela.metrics.stats;

/** Defensive copies for the arrays held by result records, and a seeded shuffle. */
public final class Arrays2 {

  private Arrays2() {}

  /**
   * A copy of every row.
   *
   * @param m the matrix
   * @return its deep copy
   */
  public static double[][] deepCopy(double[][] m) {
    double[][] c = new double[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  /**
   * A copy of every row.
   *
   * @param m the matrix
   * @return its deep copy
   */
  public static int[][] deepCopy(int[][] m) {
    int[][] c = new int[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  /**
   * Fails unless the value is finite.
   *
   * @param what the value's name in the message
   * @param v the value
   * @throws IllegalArgumentException when it is NaN or infinite
   */
  public static void requireFinite(String what, double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(what + " must be finite, got " + v);
    }
  }

  /**
   * A uniformly random permutation of {@code 0..n-1} (Fisher–Yates).
   *
   * @param n the length
   * @param rng the generator
   * @return the permutation
   */
  public static int[] shuffled(int n, java.util.SplittableRandom rng) {
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      swap(perm, i, rng.nextInt(i + 1));
    }
    return perm;
  }

  /**
   * Exchanges two entries.
   *
   * @param a the array
   * @param i one index
   * @param j the other index
   */
  public static void swap(int[] a, int i, int j) {
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}
