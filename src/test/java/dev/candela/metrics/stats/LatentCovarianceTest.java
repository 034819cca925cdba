package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link LatentCovariance}: the tiled sums give, to the last bit, one plain sum per column pair
 * over the same blocks and ranges (the order that fixes the bits), and match the two-pass formula
 * on a hand-computed case.
 */
class LatentCovarianceTest {
  /** Tolerance of the hand-computed case (exact halves and quarters). */
  private static final double EXACT = 0.0;

  @Test
  void handComputedTwoLatents() {
    // z0 = 1, 2, 3, 4 (mean 2.5); z1 = 2, 0, 2, 0 (mean 1)
    // var z0 = (2.25 + 0.25 + 0.25 + 2.25) / 3 = 5/3; var z1 = 4/3;
    // cov = ((-1.5)(1) + (-0.5)(-1) + (0.5)(1) + (1.5)(-1)) / 3 = -2/3
    double[][] c = LatentCovariance.of(new float[][] {{1, 2, 3, 4}, {2, 0, 2, 0}});
    assertEquals(5.0 / 3, c[0][0], EXACT);
    assertEquals(4.0 / 3, c[1][1], EXACT);
    assertEquals(-2.0 / 3, c[0][1], EXACT);
    assertEquals(c[0][1], c[1][0], EXACT);
  }

  @ParameterizedTest(name = "D={0}, N={1}, subset={2}")
  @CsvSource({
    "1, 2, false",
    "3, 255, false",
    "4, 257, true",
    "5, 1000, false",
    "7, 3001, true",
    "9, 70000, false",
    "64, 20000, false",
    "64, 70001, true",
    "13, 300000, false"
  })
  void bitsEqualOnePlainSumPerPair(int d, int n, boolean subset) {
    Random random = new Random(31L * d + n);
    float[][] z = new float[d][n];
    for (int j = 0; j < d; j++) {
      double offset = random.nextGaussian() * 50;
      for (int i = 0; i < n; i++) {
        z[j][i] = (float) (offset + random.nextGaussian() * (j + 1));
      }
    }
    int[] rows = null;
    if (subset) {
      rows = new int[n / 2];
      for (int i = 0; i < rows.length; i++) {
        rows[i] = random.nextInt(n);
      }
    }
    double[][] tiled = LatentCovariance.of(z, rows);
    double[][] plain = plain(z, rows);
    for (int j = 0; j < d; j++) {
      for (int k = 0; k < d; k++) {
        assertEquals(
            Double.doubleToLongBits(plain[j][k]),
            Double.doubleToLongBits(tiled[j][k]),
            "bits of (" + j + ", " + k + "): " + plain[j][k] + " vs " + tiled[j][k]);
      }
    }
  }

  @Test
  void refusesTooFewRows() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> LatentCovariance.of(new float[][] {{1f}}));
    assertEquals("covariance needs at least 2 rows, got 1", e.getMessage());
  }

  /** The reference order: means, then per range, per block, one sum per pair added in order. */
  private static double[][] plain(float[][] z, int[] rows) {
    int d = z.length;
    int n = rows == null ? z[0].length : rows.length;
    double[] mean = new double[d];
    for (int j = 0; j < d; j++) {
      double s = 0;
      for (int i = 0; i < n; i++) {
        s += z[j][rows == null ? i : rows[i]];
      }
      mean[j] = s / n;
    }
    int ranges = LatentCovariance.ranges(n, d);
    double[][][] parts = new double[ranges][d][d];
    int block = LatentCovariance.BLOCK;
    for (int r = 0; r < ranges; r++) {
      int from = (int) ((long) n * r / ranges);
      int to = (int) ((long) n * (r + 1) / ranges);
      for (int start = from; start < to; start += block) {
        int len = Math.min(block, to - start);
        for (int j = 0; j < d; j++) {
          for (int k = j; k < d; k++) {
            double s = 0;
            for (int t = 0; t < len; t++) {
              int i = rows == null ? start + t : rows[start + t];
              double x = z[j][i] - mean[j];
              double y = z[k][i] - mean[k];
              s += x * y;
            }
            parts[r][j][k] += s;
          }
        }
      }
    }
    double[][] cov = new double[d][d];
    for (int j = 0; j < d; j++) {
      for (int k = j; k < d; k++) {
        double s = 0;
        for (double[][] p : parts) {
          s += p[j][k];
        }
        cov[j][k] = s / (n - 1);
        cov[k][j] = cov[j][k];
      }
    }
    return cov;
  }
}
