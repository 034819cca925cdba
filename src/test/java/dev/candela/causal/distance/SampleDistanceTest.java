package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.candela.causal.fit.Hungarian;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SampleDistanceTest {
  private static final double EXACT = 1e-12;
  private static final double TIGHT = 1e-9;

  private static double[][] col(double... v) {
    double[][] out = new double[v.length][1];
    for (int i = 0; i < v.length; i++) {
      out[i][0] = v[i];
    }
    return out;
  }

  @Test
  void oneDimensionalWassersteinByHand() {
    Wasserstein w = new Wasserstein();
    assertEquals(1.0, w.between(col(0, 1, 2), col(1, 2, 3)), EXACT);
    // F jumps to 1 at 0; G to 1/2 at 0 and 1 at 2: |1 - 1/2| * 2 = 1.
    assertEquals(1.0, w.between(col(0), col(0, 2)), EXACT);
    assertEquals(0.0, w.between(col(3, 1, 2), col(1, 2, 3)), EXACT);
  }

  @Test
  void multivariateAssignmentByHand() {
    double[][] a = {{0, 0}, {1, 0}};
    double[][] b = {{1, 1}, {0, 1}};
    assertEquals(1.0, new Wasserstein().between(a, b), EXACT);
    String msg =
        assertThrows(
                IllegalArgumentException.class,
                () -> new Wasserstein().between(a, new double[][] {{0, 0}, {1, 1}, {2, 2}}))
            .getMessage();
    assertEquals("multivariate exact Wasserstein needs equal sample sizes, got 2 and 3", msg);
  }

  @Test
  void energyDistanceByHandMatchesScipyForm() {
    // E|X-Y| = 1.5, E|X-X'| = 0.5, E|Y-Y'| = 1.5: sqrt(3 - 2) = 1 (scipy energy_distance).
    assertEquals(1.0, new EnergyDistance().between(col(0, 1), col(0, 3)), EXACT);
  }

  @Test
  void pooledHistogramMatchesPyemdEmdSamples() {
    // Values from pyemd-equivalent numpy (histogram_bin_edges 'auto' on the concatenation).
    for (PooledHistogramEmd.BinRule rule : PooledHistogramEmd.BinRule.values()) {
      assertEquals(
          0.75,
          PooledHistogramEmd.emdSamples(new double[] {1, 2, 3, 4}, new double[] {2, 3, 4, 5}, rule),
          TIGHT);
    }
    double[] a = new double[40];
    double[] b = new double[60];
    for (int i = 0; i < 40; i++) {
      a[i] = 0.1 * i * i;
    }
    for (int i = 0; i < 60; i++) {
      b[i] = 3 + 0.05 * i;
    }
    double[] all = new double[100];
    System.arraycopy(a, 0, all, 0, 40);
    System.arraycopy(b, 0, all, 40, 60);
    PooledHistogramEmd.BinRule legacy = PooledHistogramEmd.BinRule.LEGACY;
    PooledHistogramEmd.BinRule modern = PooledHistogramEmd.BinRule.NUMPY_2_1;
    assertEquals(22, PooledHistogramEmd.autoBins(all, 0, 152.1, legacy));
    assertEquals(20, PooledHistogramEmd.autoBins(all, 0, 152.1, modern));
    assertEquals(48.04977272727275, PooledHistogramEmd.emdSamples(a, b, legacy), TIGHT);
    assertEquals(47.9115, PooledHistogramEmd.emdSamples(a, b, modern), TIGHT);
  }

  @Property(tries = 40)
  void hungarianMatchesBruteForce(@ForAll @IntRange(min = 1, max = 6) int n, @ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[][] c = new double[n][n];
    for (double[] row : c) {
      for (int j = 0; j < n; j++) {
        row[j] = r.nextDouble() * 10 - 3;
      }
    }
    int[] s = Hungarian.solve(c);
    double got = 0;
    for (int i = 0; i < n; i++) {
      got += c[i][s[i]];
    }
    assertEquals(brute(c, new boolean[n], 0), got, TIGHT);
  }

  private static double brute(double[][] c, boolean[] used, int row) {
    if (row == c.length) {
      return 0;
    }
    double best = Double.POSITIVE_INFINITY;
    for (int j = 0; j < c.length; j++) {
      if (!used[j]) {
        used[j] = true;
        best = Math.min(best, c[row][j] + brute(c, used, row + 1));
        used[j] = false;
      }
    }
    return best;
  }

  @Property(tries = 30)
  void distancesAreSymmetricAndZeroOnIdentical(
      @ForAll @IntRange(min = 1, max = 3) int d, @ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double[][] a = new double[20][d];
    double[][] b = new double[20][d];
    for (int i = 0; i < 20; i++) {
      for (int j = 0; j < d; j++) {
        a[i][j] = r.nextGaussian();
        b[i][j] = r.nextGaussian() + 1;
      }
    }
    for (SampleDistance dist :
        new SampleDistance[] {new Wasserstein(), new EnergyDistance(), new PooledHistogramEmd()}) {
      assertEquals(dist.between(a, b), dist.between(b, a), TIGHT, dist.id());
      assertEquals(0.0, dist.between(a, a), TIGHT, dist.id());
    }
  }

  @Property(tries = 20)
  void exactOtAgreesWithSortingIn1d(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int k = 30;
    double[][] a = new double[k][1];
    double[][] b = new double[k][1];
    double[][] cost = new double[k][k];
    for (int i = 0; i < k; i++) {
      a[i][0] = r.nextGaussian();
      b[i][0] = r.nextGaussian() * 2;
    }
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        cost[i][j] = Math.abs(a[i][0] - b[j][0]);
      }
    }
    int[] s = Hungarian.solve(cost);
    double ot = 0;
    for (int i = 0; i < k; i++) {
      ot += cost[i][s[i]] / k;
    }
    assertEquals(new Wasserstein().between(a, b), ot, TIGHT);
  }
}
