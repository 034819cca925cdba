package dev.candela.metrics.stats;

import java.util.Arrays;

/**
 * Defensive copies for the arrays held by result records, a swap, a seeded shuffle, and the dot
 * product and {@code axpy} of the solvers (in index order, so every solver rounds alike).
 */
public final class Arrays2 {

  private Arrays2() {}

  /**
   * {@code Σ a[i]·b[i]}, summed in index order.
   *
   * @param a one vector
   * @param b another, at least as long
   * @return the dot product
   */
  public static double dot(double[] a, double[] b) {
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  /**
   * {@code y[i] += a·x[i]} for every i of x.
   *
   * @param a the scale
   * @param x the vector added
   * @param y the vector added to, at least as long
   */
  public static void axpy(double a, double[] x, double[] y) {
    for (int i = 0; i < x.length; i++) {
      y[i] += a * x[i];
    }
  }

  /**
   * A copy of every row.
   *
   * @param m the matrix
   * @return its deep copy
   */
  public static double[][] deepCopy(double[][] m) {
    return Arrays.stream(m).map(double[]::clone).toArray(double[][]::new);
  }

  /**
   * The values of an integer matrix as doubles (rows may differ in length).
   *
   * @param a the matrix
   * @return a new matrix of the same shape
   */
  public static double[][] toDouble(int[][] a) {
    double[][] d = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      d[i] = new double[a[i].length];
      for (int j = 0; j < a[i].length; j++) {
        d[i][j] = a[i][j];
      }
    }
    return d;
  }

  /**
   * A copy of every row.
   *
   * @param m the matrix
   * @return its deep copy
   */
  public static int[][] deepCopy(int[][] m) {
    return Arrays.stream(m).map(int[]::clone).toArray(int[][]::new);
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
