package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LearnedCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import java.util.EnumSet;
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

  @Test
  void cgOfConstantTermsHasZeroSpreadAndMeanOfFactorMeans() {
    double[][] terms = {{0.2, 0.2, 0.2}, {0.6, 0.6, 0.6}};
    Map<String, Uncertainty> u = Bootstrap.cg(List.of("a", "b"), terms, 50, 1);
    assertEquals(List.of("cg", "cg.a", "cg.b"), List.copyOf(u.keySet()));
    assertEquals(0, u.get("cg").se(), EXACT);
    assertEquals(0.4, u.get("cg").ci95().get(0), EXACT);
    assertEquals(0.6, u.get("cg.b").ci95().get(1), EXACT);
    assertEquals(0, u.get("cg.b").bias(), EXACT);
    assertEquals(50, u.get("cg").replicates());
  }

  @Test
  void cgReplicatesOfTwoSamplesTakeThreeValues() {
    // two samples with terms 0 and 1: a resample's mean is 0, 0.5 or 1 (probabilities 1/4, 1/2,
    // 1/4); Var of the resampled mean = σ² / n with σ² = 1/4 (population), n = 2: SE ≈ 0.354
    double[][] terms = {{0, 1}};
    Map<String, Uncertainty> u = Bootstrap.cg(List.of("a"), terms, 400, 7);
    assertEquals(Math.sqrt(0.125), u.get("cg.a").se(), 0.05);
    // 0.5 ± 1.96 · 0.35 leaves [0, 1]: clipped to the score's range
    assertEquals(List.of(0.0, 1.0), u.get("cg.a").ci95());
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

  @Test
  void codeScorerBootstrapIsKeyedLikeScoresAndSeeded() {
    LatentCodes codes = LearnedCodes.disentangled(300, 3, new int[] {3, 4}, 0.3, 5);
    CodeScorer.Options o =
        new CodeScorer.Options(
            Metric.of(Metric.Kind.CODES),
            List.of(1),
            EnumSet.of(UcSelection.TOPK),
            0,
            CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
            200,
            100,
            0);
    Map<String, Double> scores = CodeScorer.score(codes, null, o).scores();
    Map<String, Uncertainty> u = CodeScorer.bootstrap(codes, null, o, scores, 20, 2);
    assertEquals(scores.keySet(), u.keySet());
    assertEquals(20, u.get("irs").replicates());
    assertEquals(2, u.get("dci.disentanglement").replicates());
    double irs = scores.get("irs");
    assertEquals(irs, (u.get("irs").ci95().get(0) + u.get("irs").ci95().get(1)) / 2, 1e-12);
    assertEquals(
        u, CodeScorer.bootstrap(codes, null, o, scores, 20, 2), "same seed, same replicates");
    Map<String, Uncertainty> cheapOnly = CodeScorer.bootstrap(codes, null, o, scores, 20, 0);
    assertTrue(!cheapOnly.containsKey("sap") && cheapOnly.containsKey("modularity"));
  }

  @Test
  void biasBeyondTwoStandardErrorsIsWarned() {
    Map<String, Uncertainty> u =
        Map.of(
            "mig", new Uncertainty(0.01, List.of(0.33, 0.37), "bootstrap", 100, -0.03),
            "irs", new Uncertainty(0.01, List.of(0.4, 0.44), "bootstrap", 100, 0.015));
    List<String> w = Bootstrap.biasWarnings(u);
    assertEquals(1, w.size());
    assertTrue(w.get(0).startsWith("'mig': bootstrap replicates average -0.0300"), w.get(0));
  }
}
