package dev.candela.metrics;

/** Defensive copies for the arrays held by result records. */
final class Arrays2 {

  private Arrays2() {}

  static double[][] deepCopy(double[][] m) {
    double[][] c = new double[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  static int[][] deepCopy(int[][] m) {
    int[][] c = new int[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  static void requireFinite(String what, double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(what + " must be finite, got " + v);
    }
  }
}
