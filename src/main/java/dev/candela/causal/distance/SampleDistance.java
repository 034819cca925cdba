package dev.candela.causal.distance;

/**
 * A distance between two empirical distributions given as samples (rows = draws, columns =
 * variables, the same columns in both).
 */
public interface SampleDistance {
  /**
   * The metric id used in options and JSON ({@code wasserstein}, {@code energy}, ...).
   *
   * @return the id
   */
  String id();

  /**
   * The distance between the empirical distributions of two samples.
   *
   * @param a draws of the first distribution, {@code n × d}
   * @param b draws of the second distribution, {@code m × d}
   * @return the distance, {@code >= 0}
   */
  double between(double[][] a, double[][] b);

  /**
   * Checks that both samples are non-empty with the same number of columns.
   *
   * @param a first sample
   * @param b second sample
   * @return the number of columns
   */
  static int checkShapes(double[][] a, double[][] b) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException(
          "empty sample: " + a.length + " and " + b.length + " rows");
    }
    int d = a[0].length;
    for (double[] r : a) {
      if (r.length != d) {
        throw new IllegalArgumentException("ragged sample: rows of " + d + " and " + r.length);
      }
    }
    for (double[] r : b) {
      if (r.length != d) {
        throw new IllegalArgumentException("samples have " + d + " and " + r.length + " columns");
      }
    }
    return d;
  }
}
