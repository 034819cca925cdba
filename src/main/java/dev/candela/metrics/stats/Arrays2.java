package dev.candela.metrics.stats;

/** Defensive copies for the arrays held by result records. */
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
}
