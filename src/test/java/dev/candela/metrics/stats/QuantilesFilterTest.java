package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link Quantiles#linearOfAbsDeviations} (the filtering selection IRS uses) against {@link
 * Quantiles#linear} of the deviations written out: the same order statistics, so the same double.
 */
class QuantilesFilterTest {

  /** Both select the same two order statistics and interpolate them with the same operations. */
  private static final double EXACT = 0.0;

  private static double reference(double[] a, int from, int to, double center, double q) {
    double[] d = new double[to - from];
    for (int k = from; k < to; k++) {
      d[k - from] = Math.abs(a[k] - center);
    }
    return Quantiles.linear(d, 0, d.length, q);
  }

  private static void check(double[] a, int from, int to, double q, Quantiles.Scratch s) {
    double sum = 0;
    for (int k = from; k < to; k++) {
      sum += a[k];
    }
    double mean = sum / (to - from);
    double expected = reference(a, from, to, mean, q);
    double got = Quantiles.linearOfAbsDeviations(a.clone(), from, to, mean, q, s);
    assertEquals(expected, got, EXACT, "n = " + (to - from) + ", q = " + q);
  }

  @Test
  void handComputedDeviationsOfARamp() {
    // 0..9999 around 4999.5: deviations 0.5, 0.5, 1.5, 1.5, ..., 4999.5, 4999.5; h = 9999·0.99 =
    // 9899.01, order statistics 9899 and 9900 are 4949.5 and 4950.5, γ = 0.01 (< 0.5: below + d·γ)
    double[] a = new double[10_000];
    for (int i = 0; i < a.length; i++) {
      a[i] = i;
    }
    double h = 9999 * 0.99;
    double expected = 4949.5 + 1.0 * (h - 9899);
    Quantiles.Scratch s = new Quantiles.Scratch();
    assertEquals(expected, Quantiles.linearOfAbsDeviations(a, 0, a.length, 4999.5, 0.99, s), EXACT);
    assertEquals(1, s.filtered(), "the filter, not the in-place selection, gave it");
    assertEquals(9999.0, a[a.length - 1], EXACT, "the values are left as they were");
  }

  @Test
  void tiesSortedAndConstantValuesFallBackToTheSameResult() {
    Quantiles.Scratch s = new Quantiles.Scratch();
    Random r = new Random(3);
    int n = 20_000;
    double[] ties = new double[n];
    double[] sorted = new double[n];
    double[] constant = new double[n];
    double[] spike = new double[n];
    for (int i = 0; i < n; i++) {
      ties[i] = r.nextInt(5);
      sorted[i] = i * 1e-3;
      constant[i] = 0.25;
      spike[i] = i % 997 == 0 ? 1e6 : r.nextGaussian();
    }
    for (double q : new double[] {0.99, 0.999, 0.95, 0.5, 1.0, 0.0}) {
      check(ties, 0, n, q, s);
      check(sorted, 0, n, q, s);
      check(constant, 0, n, q, s);
      check(spike, 0, n, q, s);
      check(spike, 17, n - 3, q, s);
    }
  }

  @Property(tries = 60)
  void agreesWithSelectionOfTheWrittenDeviations(
      @ForAll @IntRange(min = 1, max = 60_000) int n,
      @ForAll @IntRange(min = 0, max = 4) int kind,
      @ForAll long seed) {
    Random r = new Random(seed);
    double[] a = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] =
          switch (kind) {
            case 0 -> r.nextGaussian();
            case 1 -> r.nextInt(7);
            case 2 -> Math.exp(3 * r.nextGaussian());
            case 3 -> (float) r.nextGaussian(); // float32 values, as latents are
            default -> i % 2 == 0 ? r.nextDouble() : -r.nextDouble() * 10;
          };
    }
    check(a, 0, n, 0.99, new Quantiles.Scratch());
  }
}
