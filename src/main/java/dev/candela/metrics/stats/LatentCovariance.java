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
    long cellsPerRange = Math.max(1L, (long) d * d);
    int ranges =
        (int)
            Math.max(
                1, Math.min(MAX_RANGES, Math.min(n / (4L * BLOCK), (1L << 24) / cellsPerRange)));
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
      for (int j = 0; j < d; j++) {
        double[] bj = buf[j];
        int k = j;
        // four columns at a time: four independent sums share each load of bj (one sum per
        // (j, k) was bound by the latency of its additions: 3x numpy's np.cov at 10^6 x 64)
        for (; k + 3 < d; k += 4) {
          double[] b0 = buf[k];
          double[] b1 = buf[k + 1];
          double[] b2 = buf[k + 2];
          double[] b3 = buf[k + 3];
          double s0 = 0;
          double s1 = 0;
          double s2 = 0;
          double s3 = 0;
          for (int t = 0; t < len; t++) {
            double x = bj[t];
            s0 += x * b0[t];
            s1 += x * b1[t];
            s2 += x * b2[t];
            s3 += x * b3[t];
          }
          acc[j * d + k] += s0;
          acc[j * d + k + 1] += s1;
          acc[j * d + k + 2] += s2;
          acc[j * d + k + 3] += s3;
        }
        for (; k < d; k++) {
          double[] bk = buf[k];
          double s = 0;
          for (int t = 0; t < len; t++) {
            s += bj[t] * bk[t];
          }
          acc[j * d + k] += s;
        }
      }
    }
    return acc;
  }
}
