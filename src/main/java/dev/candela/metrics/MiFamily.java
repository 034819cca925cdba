package dev.candela.metrics;

import java.util.Arrays;

/**
 * Shared checks and order statistics of the mutual-information family ({@link MigSup}, {@link
 * Jemmig}, {@link Dcimig}): the shape of a {@code [latent][factor]} matrix against its entropies,
 * and the largest and second-largest entry of a row or a column (lowest index on ties; the second
 * is 0 when there is a single entry, as for {@link Mig}).
 */
final class MiFamily {
  private MiFamily() {}

  /** The largest value, its index, and the second-largest value of a row or column. */
  record Top2(double first, int index, double second) {}

  static void requireShape(String metric, double[][] mi, double[] factorEntropy) {
    if (mi.length == 0) {
      throw new IllegalArgumentException(metric + ": MI matrix has no latents");
    }
    for (double[] row : mi) {
      if (row.length != factorEntropy.length) {
        throw new IllegalArgumentException(
            metric
                + ": MI matrix row has "
                + row.length
                + " entries for "
                + factorEntropy.length
                + " factor entropies");
      }
    }
    if (factorEntropy.length == 0) {
      throw new IllegalArgumentException(metric + ": no factors");
    }
  }

  static void requirePositive(String metric, String what, double[] entropy) {
    for (int k = 0; k < entropy.length; k++) {
      if (!(entropy[k] > 0)) {
        throw new IllegalArgumentException(
            metric
                + " is undefined for a "
                + what
                + " of entropy "
                + entropy[k]
                + " (index "
                + k
                + " of "
                + Arrays.toString(entropy)
                + ")");
      }
    }
  }

  /** Over latents j of column k. */
  static Top2 column(double[][] m, int k) {
    double first = Double.NEGATIVE_INFINITY;
    double second = 0;
    int index = 0;
    for (int j = 0; j < m.length; j++) {
      double v = m[j][k];
      if (v > first) {
        if (j > 0) {
          second = first;
        }
        first = v;
        index = j;
      } else if (v > second) {
        second = v;
      }
    }
    return new Top2(first, index, second);
  }

  /** Over the entries of a row. */
  static Top2 row(double[] r) {
    double first = Double.NEGATIVE_INFINITY;
    double second = 0;
    int index = 0;
    for (int k = 0; k < r.length; k++) {
      double v = r[k];
      if (v > first) {
        if (k > 0) {
          second = first;
        }
        first = v;
        index = k;
      } else if (v > second) {
        second = v;
      }
    }
    return new Top2(first, index, second);
  }
}
