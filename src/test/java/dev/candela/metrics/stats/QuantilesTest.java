package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Expected values pasted from {@code np.percentile} (numpy 2.4.6, default linear method). */
class QuantilesTest {

  /** Same floating-point operations as numpy's lerp. */
  private static final double EXACT = 0.0;

  private static double q(double[] a, double quantile) {
    return Quantiles.linear(a.clone(), 0, a.length, quantile);
  }

  @Test
  void smallArraysMatchNumpy() {
    assertEquals(4.96, q(new double[] {5, 1, 4, 2, 3}, 0.99), EXACT);
    assertEquals(2.5, q(new double[] {2.5}, 0.99), EXACT);
    assertEquals(2.98, q(new double[] {1, 3}, 0.99), EXACT);
  }

  @Test
  void largerArraysMatchNumpy() {
    double[] a = new double[101];
    for (int i = 0; i < 101; i++) {
      a[i] = (i * 37) % 101 / 7.0;
    }
    assertEquals(14.142857142857142, q(a, 0.99), EXACT);
    double[] ties = new double[1000];
    for (int i = 0; i < 1000; i++) {
      ties[i] = (i * 13) % 7;
    }
    assertEquals(6.0, q(ties, 0.99), EXACT);
    assertEquals(3.0, q(ties, 0.5), EXACT);
    assertEquals(0.0, q(ties, 0.0), EXACT);
    double[] c = new double[1009];
    for (int i = 0; i < 1009; i++) {
      c[i] = (i * 7919) % 1009 / 3.0;
    }
    assertEquals(332.64, q(c, 0.99), EXACT);
    assertEquals(126.0, q(c, 37.5 / 100), EXACT);
  }

  @Test
  void selectionAgreesWithSortingOnASubRange() {
    Random r = new Random(7);
    for (int trial = 0; trial < 200; trial++) {
      int n = 1 + r.nextInt(300);
      double[] a = new double[n + 10];
      for (int i = 0; i < a.length; i++) {
        a[i] = r.nextInt(4) == 0 ? r.nextInt(3) : r.nextGaussian();
      }
      double[] sorted = Arrays.copyOfRange(a, 5, 5 + n);
      Arrays.sort(sorted);
      double h = (n - 1) * 0.99;
      int lo = (int) Math.floor(h);
      double expected;
      if (lo >= n - 1) {
        expected = sorted[n - 1];
      } else {
        double g = h - lo;
        double d = sorted[lo + 1] - sorted[lo];
        expected = g >= 0.5 ? sorted[lo + 1] - d * (1 - g) : sorted[lo] + d * g;
      }
      assertEquals(expected, Quantiles.linear(a, 5, 5 + n, 0.99), EXACT, "trial " + trial);
    }
  }
}
