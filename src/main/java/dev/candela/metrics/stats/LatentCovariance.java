package dev.candela.metrics.stats;

import java.util.stream.IntStream;

/**
 * The sample covariance matrix of latent columns, {@code numpy.cov} of the latents as
 * disentanglement_lib's unsupervised scores compute it: Σ_jk = Σ_i (z_ji − z̄_j)(z_ki − z̄_k) / (N
 * − 1), in double from float32 values, two passes (means, then centred products).
 *
 * <p>The rows are cut into at most {@link #MAX_RANGES} contiguous ranges, each summed on its own
 * (in parallel) in blocks of {@link #BLOCK} rows copied centred into a small buffer, and the
 * ranges' sums added in order: the cost is N·D(D+1)/2 multiply-adds read from cache, and the ranges
 * depend only on N and D, so the result never depends on the thread count.
 */
public final class LatentCovariance {
  /** The most row ranges summed separately. */
  public static final int MAX_RANGES = 64;

  /** Rows per centred block. */
  public static final int BLOCK = 256;

  /** Columns per side of the tiles of column pairs summed together. */
  private static final int TILE = 4;

  private LatentCovariance() {}

  /**
   * The covariance matrix.
   *
   * @param latents {@code latents[j][i]} = latent j of sample i (at least one latent, finite)
   * @return {@code [D][D]}, symmetric
   * @throws IllegalArgumentException with fewer than two rows
   */
  public static double[][] of(float[][] latents) {
    return of(latents, null);
  }

  /**
   * The covariance matrix of some rows, read in place (no copy of the rows).
   *
   * @param latents {@code latents[j][i]} = latent j of sample i (at least one latent, finite)
   * @param rows the row indices, or {@code null} for all rows
   * @return {@code [D][D]}, symmetric
   * @throws IllegalArgumentException with fewer than two rows
   */
  public static double[][] of(float[][] latents, int[] rows) {
    int d = latents.length;
    if (d == 0) {
      throw new IllegalArgumentException("covariance needs at least one latent, got 0");
    }
    int n = rows == null ? latents[0].length : rows.length;
    if (n < 2) {
      throw new IllegalArgumentException("covariance needs at least 2 rows, got " + n);
    }
    double[] mean = new double[d];
    for (int j = 0; j < d; j++) {
      double s = 0;
      float[] col = latents[j];
      for (int i = 0; i < n; i++) {
        s += col[rows == null ? i : rows[i]];
      }
      mean[j] = s / n;
    }
    int ranges = ranges(n, d);
    double[][] parts = new double[ranges][];
    IntStream.range(0, ranges)
        .parallel()
        .forEach(
            r -> {
              int from = (int) ((long) n * r / ranges);
              int to = (int) ((long) n * (r + 1) / ranges);
              parts[r] = centredProducts(latents, rows, mean, from, to);
            });
    double[][] cov = new double[d][d];
    for (int j = 0; j < d; j++) {
      for (int k = j; k < d; k++) {
        double s = 0;
        for (double[] p : parts) {
          s += p[j * d + k];
        }
        cov[j][k] = s / (n - 1);
        cov[k][j] = cov[j][k];
      }
    }
    return cov;
  }

  /**
   * How many contiguous row ranges are summed separately: at most {@link #MAX_RANGES}, at least
   * {@code 4 · BLOCK} rows each, and at most 2^24 accumulated cells in all.
   *
   * @param n rows
   * @param d latents
   * @return the number of ranges, at least 1
   */
  static int ranges(int n, int d) {
    long cellsPerRange = Math.max(1L, (long) d * d);
    return (int)
        Math.max(1, Math.min(MAX_RANGES, Math.min(n / (4L * BLOCK), (1L << 24) / cellsPerRange)));
  }

  /** Σ over rows [from, to) of the centred products, upper triangle of a flat [D·D]. */
  private static double[] centredProducts(
      float[][] z, int[] rows, double[] mean, int from, int to) {
    int d = z.length;
    double[] acc = new double[d * d];
    double[][] buf = new double[d][BLOCK];
    for (int start = from; start < to; start += BLOCK) {
      int len = Math.min(BLOCK, to - start);
      for (int j = 0; j < d; j++) {
        float[] col = z[j];
        double m = mean[j];
        double[] b = buf[j];
        for (int t = 0; t < len; t++) {
          b[t] = col[rows == null ? start + t : rows[start + t]] - m;
        }
      }
      for (int j0 = 0; j0 < d; j0 += TILE) {
        for (int k0 = j0; k0 < d; k0 += TILE) {
          if (j0 + TILE <= d && k0 + TILE <= d) {
            tile(buf, j0, k0, len, acc, d);
          } else {
            for (int j = j0; j < Math.min(j0 + TILE, d); j++) {
              for (int k = Math.max(j, k0); k < Math.min(k0 + TILE, d); k++) {
                double[] bj = buf[j];
                double[] bk = buf[k];
                double s = 0;
                for (int t = 0; t < len; t++) {
                  s += bj[t] * bk[t];
                }
                acc[j * d + k] += s;
              }
            }
          }
        }
      }
    }
    return acc;
  }

  /**
   * The sums of a {@value #TILE} × {@value #TILE} tile of column pairs over one block: sixteen
   * independent sums share each load of the eight columns (one sum per pair was bound by the
   * latency of its additions, four per pass by the loads). Each sum runs over t in order, as one
   * sum per pair would, so the bits do not depend on the tiling; in a diagonal tile only the pairs
   * with k ≥ j are kept.
   */
  private static void tile(double[][] buf, int j0, int k0, int len, double[] acc, int d) {
    double[] a0 = buf[j0];
    double[] a1 = buf[j0 + 1];
    double[] a2 = buf[j0 + 2];
    double[] a3 = buf[j0 + 3];
    double[] b0 = buf[k0];
    double[] b1 = buf[k0 + 1];
    double[] b2 = buf[k0 + 2];
    double[] b3 = buf[k0 + 3];
    double s00 = 0;
    double s01 = 0;
    double s02 = 0;
    double s03 = 0;
    double s10 = 0;
    double s11 = 0;
    double s12 = 0;
    double s13 = 0;
    double s20 = 0;
    double s21 = 0;
    double s22 = 0;
    double s23 = 0;
    double s30 = 0;
    double s31 = 0;
    double s32 = 0;
    double s33 = 0;
    for (int t = 0; t < len; t++) {
      double x0 = a0[t];
      double x1 = a1[t];
      double x2 = a2[t];
      double x3 = a3[t];
      double y0 = b0[t];
      double y1 = b1[t];
      double y2 = b2[t];
      double y3 = b3[t];
      s00 += x0 * y0;
      s01 += x0 * y1;
      s02 += x0 * y2;
      s03 += x0 * y3;
      s10 += x1 * y0;
      s11 += x1 * y1;
      s12 += x1 * y2;
      s13 += x1 * y3;
      s20 += x2 * y0;
      s21 += x2 * y1;
      s22 += x2 * y2;
      s23 += x2 * y3;
      s30 += x3 * y0;
      s31 += x3 * y1;
      s32 += x3 * y2;
      s33 += x3 * y3;
    }
    put(acc, d, j0, k0, s00, s01, s02, s03);
    put(acc, d, j0 + 1, k0, s10, s11, s12, s13);
    put(acc, d, j0 + 2, k0, s20, s21, s22, s23);
    put(acc, d, j0 + 3, k0, s30, s31, s32, s33);
  }

  /** Adds a tile row's four sums of (j, k0 … k0 + 3) to the upper triangle (k ≥ j only). */
  private static void put(
      double[] acc, int d, int j, int k0, double s0, double s1, double s2, double s3) {
    int row = j * d;
    if (k0 >= j) {
      acc[row + k0] += s0;
    }
    if (k0 + 1 >= j) {
      acc[row + k0 + 1] += s1;
    }
    if (k0 + 2 >= j) {
      acc[row + k0 + 2] += s2;
    }
    if (k0 + 3 >= j) {
      acc[row + k0 + 3] += s3;
    }
  }
}
