package dev.candela.metrics.stats;

import java.util.Arrays;
import java.util.List;

/**
 * Defensive copies for arrays, the immutable lists of integers held by result records and their
 * shape checks, a swap, a seeded shuffle, and the dot product and {@code axpy} of the solvers (in
 * index order, so every solver rounds alike).
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
   * The values as an unmodifiable list (indices and counts held by result records).
   *
   * @param a the values
   * @return an unmodifiable list of them
   */
  public static List<Integer> list(int[] a) {
    return Arrays.stream(a).boxed().toList();
  }

  /**
   * The flags as an unmodifiable list.
   *
   * @param a the flags
   * @return an unmodifiable list of them
   */
  public static List<Boolean> list(boolean[] a) {
    Boolean[] boxed = new Boolean[a.length];
    for (int i = 0; i < a.length; i++) {
      boxed[i] = a[i];
    }
    return List.of(boxed);
  }

  /**
   * The rows as unmodifiable lists (rows may differ in length).
   *
   * @param m the rows
   * @return an unmodifiable list of unmodifiable lists
   */
  public static List<List<Integer>> rows(int[][] m) {
    return Arrays.stream(m).map(Arrays2::list).toList();
  }

  /**
   * An unmodifiable copy of every row.
   *
   * @param rows the rows
   * @return an unmodifiable list of unmodifiable copies
   */
  public static List<List<Integer>> copyRows(List<List<Integer>> rows) {
    return rows.stream().map(List::copyOf).toList();
  }

  /**
   * The values of a list as an array.
   *
   * @param list the values
   * @return a new array
   */
  public static int[] ints(List<Integer> list) {
    return list.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * The rows of a list of lists as an array of arrays.
   *
   * @param rows the rows
   * @return a new array of arrays
   */
  public static int[][] ints2(List<List<Integer>> rows) {
    return rows.stream().map(Arrays2::ints).toArray(int[][]::new);
  }

  /**
   * Fails unless all lengths agree, naming each: {@code shapes disagree: 3 gaps, 2 best latents}.
   *
   * @param lengthsAndNames lengths and what they count, alternating ({@code int, String, ...})
   * @throws IllegalArgumentException when two lengths differ
   */
  public static void requireSameLengths(Object... lengthsAndNames) {
    for (int i = 2; i < lengthsAndNames.length; i += 2) {
      if (!lengthsAndNames[i].equals(lengthsAndNames[0])) {
        StringBuilder b = new StringBuilder("shapes disagree: ");
        for (int j = 0; j < lengthsAndNames.length; j += 2) {
          b.append(j == 0 ? "" : ", ")
              .append(lengthsAndNames[j])
              .append(' ')
              .append(lengthsAndNames[j + 1]);
        }
        throw new IllegalArgumentException(b.toString());
      }
    }
  }

  /**
   * Fails unless a count is at least 1.
   *
   * @param what the count's name in the message
   * @param n the count
   * @throws IllegalArgumentException when {@code n < 1}
   */
  public static void requirePositive(String what, int n) {
    if (n < 1) {
      throw new IllegalArgumentException(what + " must be at least 1, got " + n);
    }
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
