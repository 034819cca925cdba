package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.metrics.stats.Uncertainty;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Downstream-task accuracy and its cross-validated logistic regression (issue 40). */
class DownstreamTest {
  /** Accuracies are counts over rows: exact. */
  static final double EXACT = 1e-15;

  @Test
  void wellSeparatedFactorsArePredictedExactly() {
    // z0 = 10·factor + small noise: every classifier separates the three values
    LatentCodes codes = separated(600, 1);
    DownstreamResult r = Downstream.compute(codes, 0);
    assertEquals(300, r.numTest());
    assertArrayEquals(
        new int[] {10, 100}, r.sizes().stream().mapToInt(s -> s.trainSize()).toArray());
    DownstreamResult.Size s = r.at(100);
    assertEquals(1.0, s.meanTestAccuracy(), EXACT);
    assertEquals(1.0, s.minTestAccuracy(), EXACT);
    assertEquals(1.0, s.meanTrainAccuracy(), EXACT);
  }

  @Test
  void boostedTreesPredictWellSeparatedFactorsExactly() {
    LatentCodes codes = separated(600, 1);
    DownstreamResult r = Downstream.compute(codes, 0, Downstream.Predictor.BOOSTED_TREES);
    assertEquals("boosted-trees", r.predictor());
    DownstreamResult.Size s = r.at(100);
    assertEquals(1.0, s.meanTestAccuracy(), EXACT);
    assertEquals(1.0, s.meanTrainAccuracy(), EXACT);
    assertNull(s.chosenC().get(0), "boosted trees choose no C");
  }

  @Test
  void boostedTreesPredictAFactorWithOneTrainingValueAsIt() {
    DownstreamResult.Size s =
        Downstream.onRows(
            oneTrainingValue(), range(0, 10), range(10, 20), Downstream.Predictor.BOOSTED_TREES, 0);
    assertEquals(1.0, s.trainAccuracy().get(1), EXACT);
    assertEquals(4 / 10.0, s.testAccuracy().get(1), EXACT);
  }

  @Test
  void aFactorWithOneTrainingValueIsPredictedAsIt() {
    DownstreamResult.Size s = Downstream.onRows(oneTrainingValue(), range(0, 10), range(10, 20));
    assertEquals(1.0, s.trainAccuracy().get(1), EXACT);
    assertEquals(4 / 10.0, s.testAccuracy().get(1), EXACT);
    assertNull(s.chosenC().get(1));
    assertNotNull(s.chosenC().get(0));
  }

  /** Rows 0..9 train (factor 1 is 0 there), rows 10..19 test: 4 of them carry 0. */
  private static LatentCodes oneTrainingValue() {
    float[][] z = new float[1][20];
    int[][] f = new int[2][20];
    Random rng = new Random(3);
    for (int i = 0; i < 20; i++) {
      z[0][i] = (float) rng.nextGaussian();
      f[0][i] = i % 2;
      f[1][i] = i < 10 || i >= 16 ? 0 : 1;
    }
    return LatentCodes.of(z, f);
  }

  @Test
  void aTestValueNeverSeenInTrainingCountsAsWrong() {
    // factor = z rounded; training rows carry values 0 and 1, test rows 0, 1 and 2
    float[][] z = new float[1][30];
    int[][] f = new int[1][30];
    for (int i = 0; i < 30; i++) {
      int v = i < 20 ? i % 2 : i % 3;
      f[0][i] = v;
      z[0][i] = 10f * v;
    }
    DownstreamResult.Size s = Downstream.onRows(LatentCodes.of(z, f), range(0, 20), range(20, 30));
    // test rows 20..29: values 2,0,1,2,0,1,2,0,1,2 — the four 2s are missed, the rest right
    assertEquals(0.6, s.testAccuracy().get(0), EXACT);
  }

  @Test
  void relabellingAFactorsValuesChangesNothing() {
    LatentCodes codes = noisy(400, 5);
    int[][] relabelled = new int[codes.numFactors()][];
    for (int k = 0; k < relabelled.length; k++) {
      relabelled[k] = codes.factors()[k].clone();
      for (int i = 0; i < relabelled[k].length; i++) {
        relabelled[k][i] = 3 * relabelled[k][i] + 7; // increasing: the same class order
      }
    }
    LatentCodes other = LatentCodes.of(codes.latents(), relabelled);
    DownstreamResult a = Downstream.compute(codes, 4);
    DownstreamResult b = Downstream.compute(other, 4);
    assertEquals(a.sizes(), b.sizes());
  }

  @Test
  void scoresAreAccuraciesBetweenChanceAndOne() {
    LatentCodes codes = noisy(400, 6);
    DownstreamResult r = Downstream.compute(codes, 1);
    for (DownstreamResult.Size s : r.sizes()) {
      assertTrue(s.minTestAccuracy() <= s.meanTestAccuracy());
      for (double t : s.testAccuracy()) {
        assertTrue(t >= 0 && t <= 1, "accuracy " + t);
        // counts over the 200 test rows
        assertEquals(Math.rint(t * 200), t * 200, 1e-9);
      }
    }
  }

  @Test
  void badInputIsRefusedWithItsValues() {
    LatentCodes codes = noisy(100, 2);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> Downstream.compute(codes, new int[] {1000}, 0));
    assertEquals(
        "training size 1000 does not fit: it must be in [5, 50] beside 50 test rows of 100",
        e.getMessage());
    IllegalArgumentException small =
        assertThrows(IllegalArgumentException.class, () -> Downstream.compute(noisy(18, 2), 0));
    assertEquals(
        "downstream accuracy needs at least 19 rows (10 training rows beside ⌊N/2⌋ test rows), got 18",
        small.getMessage());
    int[][] f = codes.factors().clone();
    f[1] = new int[100];
    java.util.Arrays.fill(f[1], 4);
    IllegalArgumentException one =
        assertThrows(
            IllegalArgumentException.class,
            () -> Downstream.compute(LatentCodes.of(codes.latents(), f), 0));
    assertEquals("factor 'f1' has a single value (4): nothing to predict", one.getMessage());
  }

  @Test
  void theIntervalAddsWhatTheTablesRowsHideFromTheRepeats() {
    // n = 100, m = 1000 of N = 3000: φ = 1000/2900, n/N = 1/30
    double phi = 1000.0 / 2900;
    double s2 = 4e-4;
    double vt = 2e-4;
    double expected = s2 + phi * vt + (1.0 / 30) / (29.0 / 30) * (s2 - (1 - phi) * vt);
    assertEquals(expected, DownstreamMetric.variance(s2, vt, 100, 1000, 3000), 1e-18);
    // the binomial part larger than the repeats: no training part
    assertEquals(1e-5 + phi * 1e-3, DownstreamMetric.variance(1e-5, 1e-3, 100, 1000, 3000), 1e-18);
    // per-factor accuracies 0.5 and 0.9 on m = 100: (0.25 + 0.09) / (4 · 100)
    DownstreamResult.Size size =
        new DownstreamResult.Size(
            10,
            0.7,
            0.5,
            1.0,
            java.util.List.of("a", "b"),
            java.util.List.of(1.0, 1.0),
            java.util.List.of(0.5, 0.9),
            java.util.List.of(1.0, 1.0));
    assertEquals(0.34 / 400, DownstreamMetric.binomialOfMean(size, 100), 1e-15);
    assertEquals(0.25 / 100, DownstreamMetric.binomialOfMin(size, 100), 1e-15);
    // runs 0.5, 0.6 (×5 each): s² = 10·0.0025/9
    double[] runs = {0.5, 0.6, 0.5, 0.6, 0.5, 0.6, 0.5, 0.6, 0.5, 0.6};
    Uncertainty u = DownstreamMetric.of(0.5, runs, vt, 100, 1000, 3000);
    assertEquals(
        Math.sqrt(DownstreamMetric.variance(10 * 0.0025 / 9, vt, 100, 1000, 3000)), u.se(), 1e-12);
    assertEquals(0.05, u.bias(), 1e-12);
    assertEquals(Uncertainty.REPEATS, u.method());
  }

  @Test
  void scoreCodesReportsEverySizeThatFitsWithAnInterval() {
    LatentCodes codes = separated(600, 2);
    CodeScorer.Options o = CodeScorer.Options.defaults(EnumSet.of(Metric.DOWNSTREAM), 3);
    CodeContext context = new CodeContext(codes, null, o);
    CodeScorer.Scores s = CodeScorer.score(context, true);
    assertEquals(
        java.util.List.of(
            "downstream.10", "downstream.10.min", "downstream.100", "downstream.100.min"),
        java.util.List.copyOf(s.scores().keySet()));
    assertEquals(1.0, s.scores().get("downstream.100"), EXACT);
    Map<String, Uncertainty> u =
        CodeScorer.uncertainty(
            context, s.scores(), CodeScorer.IntervalOptions.of(5, 0), Progress.NONE);
    assertEquals(s.scores().keySet(), u.keySet());
    assertTrue(u.get("downstream.100").ci95().get(1) <= 1.0);
  }

  private static int[] range(int from, int to) {
    return java.util.stream.IntStream.range(from, to).toArray();
  }

  /** Two factors (3 and 2 values), each read off its own latent ×10 plus N(0, 0.1²) noise. */
  static LatentCodes separated(int n, long seed) {
    Random rng = new Random(seed);
    float[][] z = new float[3][n];
    int[][] f = new int[2][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = rng.nextInt(3);
      f[1][i] = rng.nextInt(2);
      z[0][i] = (float) (10 * f[0][i] + 0.1 * rng.nextGaussian());
      z[1][i] = (float) (10 * f[1][i] + 0.1 * rng.nextGaussian());
      z[2][i] = (float) rng.nextGaussian();
    }
    return LatentCodes.of(z, f);
  }

  /** Two factors (4 and 3 values) seen through unit noise. */
  static LatentCodes noisy(int n, long seed) {
    Random rng = new Random(seed);
    float[][] z = new float[2][n];
    int[][] f = new int[2][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = rng.nextInt(4);
      f[1][i] = rng.nextInt(3);
      z[0][i] = (float) (f[0][i] + rng.nextGaussian());
      z[1][i] = (float) (f[1][i] - 0.5 * f[0][i] + rng.nextGaussian());
    }
    return LatentCodes.of(z, f);
  }
}
