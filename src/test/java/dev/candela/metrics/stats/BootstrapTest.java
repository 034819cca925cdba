package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class BootstrapTest {

  private static final double EXACT = 1e-12;
  private static final double WILSON = 1e-9;

  @Test
  void replicateSummaryIsSampleSdNormalIntervalAndBias() {
    // numpy: np.std([1,2,3,4], ddof=1) = 1.2909944487358056; replicate mean 2.5
    Uncertainty u =
        Uncertainty.ofReplicates(2.0, new double[] {4, 1, Double.NaN, 3, 2}, "bootstrap");
    assertEquals(1.2909944487358056, u.se(), EXACT);
    assertEquals(2.0 - 1.959963984540054 * 1.2909944487358056, u.ci95().get(0), EXACT);
    assertEquals(2.0 + 1.959963984540054 * 1.2909944487358056, u.ci95().get(1), EXACT);
    assertEquals(0.5, u.bias(), EXACT);
    assertEquals(4, u.replicates(), "the NaN replicate is not counted");
    Uncertainty seeds = Uncertainty.ofReplicates(2.5, new double[] {4, 1, 3, 2}, Uncertainty.SEEDS);
    assertEquals(List.of(1.0, 4.0), seeds.ci95(), "over seeds the interval is [min, max]");
    assertNull(Uncertainty.ofReplicates(1, new double[] {Double.NaN}, "bootstrap"));
  }

  @Test
  void binomialIsWilsonInterval() {
    // Wilson score interval for 45 of 50 (statsmodels proportion_confint(45, 50, method='wilson')):
    // (0.7863976856252035, 0.9565242350681096); SE = sqrt(0.9 * 0.1 / 50)
    Uncertainty u = Uncertainty.binomial(0.9, 50);
    assertEquals(Math.sqrt(0.9 * 0.1 / 50), u.se(), EXACT);
    assertEquals(0.7863976856252035, u.ci95().get(0), WILSON);
    assertEquals(0.9565242350681096, u.ci95().get(1), WILSON);
    assertEquals("binomial", u.method());
    assertEquals(50, u.replicates());
  }

  @Test
  void badIntervalIsRejectedWithBothValues() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new Uncertainty(0.1, List.of(0.5, 0.4), "bootstrap", 10, 0));
    assertEquals("95% interval must be [lo, hi] with lo ≤ hi, got [0.5, 0.4]", e.getMessage());
    IllegalArgumentException b =
        assertThrows(
            IllegalArgumentException.class, () -> Bootstrap.run(Map.of(), 5, 0, 0, i -> Map.of()));
    assertEquals("bootstrap needs n ≥ 1 and B ≥ 1, got n = 5 and B = 0", b.getMessage());
  }

  @Property(tries = 30)
  void bootstrapSeOfAMeanIsNearSdOverRootN(
      @ForAll @IntRange(min = 50, max = 200) int n,
      @ForAll @DoubleRange(min = 0.1, max = 5) double s) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = s * Math.sin(i * 1.7) + i % 3;
    }
    double mean = java.util.Arrays.stream(x).average().orElse(0);
    double var = java.util.Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / n;
    Map<String, Uncertainty> u =
        Bootstrap.run(
            Map.of("m", mean),
            n,
            400,
            3,
            idx -> {
              double sum = 0;
              for (int i : idx) {
                sum += x[i];
              }
              return Map.of("m", sum / idx.length);
            });
    double expected = Math.sqrt(var / n);
    // 400 replicates: the SE of an SE estimate is about SE / sqrt(2 * 400) ≈ 3.5%; allow 20%
    assertEquals(expected, u.get("m").se(), 0.2 * expected);
    assertTrue(u.get("m").ci95().get(0) <= mean && mean <= u.get("m").ci95().get(1));
  }
}
