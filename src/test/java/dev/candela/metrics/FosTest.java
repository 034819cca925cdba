package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.metrics.stats.Uncertainty;
import java.util.EnumSet;
import java.util.Map;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * FoS and randFoS ({@link Fos}) on cases whose value is known by construction, their invariances,
 * their registration and interval, and their bad input.
 */
class FosTest {
  /** Double arithmetic on a handful of terms. */
  private static final double EXACT = 1e-12;

  /** Rows as latent-major codes. */
  private static float[][] latents(double[][] rows) {
    float[][] z = new float[rows[0].length][rows.length];
    for (int i = 0; i < rows.length; i++) {
      for (int j = 0; j < rows[i].length; j++) {
        z[j][i] = (float) rows[i][j];
      }
    }
    return z;
  }

  private static int[] identity(int n) {
    int[] o = new int[n];
    java.util.Arrays.setAll(o, i -> i);
    return o;
  }

  @Test
  void twoPointsOnADiagonalMissTheTwoOffDiagonalCornersByTheShorterSide() {
    // joint support {(0,0), (3,4)}; factorized adds (0,4) and (3,0), each 3 from its nearest
    // joint point: d_H = 3, squared 9
    FosResult r = Fos.compute(latents(new double[][] {{0, 0}, {3, 4}}), identity(2), 2);
    assertEquals(3, r.fos(), EXACT);
    assertEquals(9, r.squared(), EXACT);
    assertEquals(1, r.batches());
  }

  @Test
  void aFullGridHasAFactorizedSupport() {
    double[][] rows = new double[6][];
    int k = 0;
    for (int a = 0; a < 2; a++) {
      for (int b = 0; b < 3; b++) {
        rows[k++] = new double[] {a, 0.5 * b, a - b};
      }
    }
    // pairs (0,1) grid: 0; (0,2) and (1,2): z2 = z0 - 2 z1 is a function of both, not factorized
    FosResult r = Fos.compute(latents(rows), identity(6), 6);
    assertEquals(0, r.pairMean().get(0, 1), EXACT);
    assertTrue(r.pairMean().get(0, 2) > 0 && r.pairMean().get(1, 2) > 0, () -> "" + r);
    double[][] grid = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}};
    assertEquals(0, Fos.compute(latents(grid), identity(6), 6).fos(), EXACT);
  }

  @Test
  void threeLatentsSumTheirPairsAndTwoBatchesAverage() {
    // batch 1: (0,0,0), (3,4,0): pair (0,1) 3, pairs with the constant latent 0 → 3
    // batch 2: (1,1,1), (1,5,1): every pair has a constant side → 0
    double[][] rows = {{0, 0, 0}, {3, 4, 0}, {1, 1, 1}, {1, 5, 1}};
    FosResult r = Fos.compute(latents(rows), identity(4), 2);
    assertEquals(2, r.batches());
    assertEquals(3, r.batchTerms().get(0), EXACT);
    assertEquals(0, r.batchTerms().get(1), EXACT);
    assertEquals(1.5, r.fos(), EXACT);
    assertEquals(4.5, r.squared(), EXACT);
    assertEquals(1.5, r.pairMean().get(1, 0), EXACT);
  }

  @Test
  void aLargerDistanceComesFromTheWorstCornerNotTheFirst() {
    // joint {(0,0), (1,0), (0,1), (5,5)}; the corners (0,5), (5,0), (1,5), (5,1) are each 4 from
    // their nearest joint point ((0,1), (1,0), (5,5), (5,5)), (1,1) is 1 away: d_H = 4
    double[][] rows = {{0, 0}, {1, 0}, {0, 1}, {5, 5}};
    assertEquals(4, Fos.compute(latents(rows), identity(4), 4).fos(), EXACT);
  }

  @Property(tries = 30)
  void permutingLatentsOrRowsWithinABatchChangesNothingAndScaleMultiplies(
      @ForAll @IntRange(min = 0, max = 10_000) int seed,
      @ForAll @DoubleRange(min = 0.1, max = 10) double scale) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int n = 30;
    int d = 4;
    float[][] z = new float[d][n];
    for (float[] col : z) {
      for (int i = 0; i < n; i++) {
        col[i] = (float) rnd.nextDouble(-1, 1);
      }
    }
    FosResult base = Fos.compute(z, identity(n), n);
    float[][] swapped = {z[2], z[0], z[3], z[1]};
    assertEquals(base.fos(), Fos.compute(swapped, identity(n), n).fos(), 1e-9);
    int[] shuffled = dev.candela.metrics.stats.Arrays2.shuffled(n, rnd);
    assertEquals(base.fos(), Fos.compute(z, shuffled, n).fos(), 1e-9);
    float[][] scaled = new float[d][n];
    for (int j = 0; j < d; j++) {
      for (int i = 0; i < n; i++) {
        scaled[j][i] = (float) (z[j][i] * scale);
      }
    }
    // float32 rounding of the scaled values
    assertEquals(scale * base.fos(), Fos.compute(scaled, identity(n), n).fos(), 1e-5 * scale);
    assertTrue(base.fos() >= 0 && base.squared() >= 0);
  }

  /** The definition as a full scan: max over corners of the min over joint points. */
  private static double fullScan(float[] a, float[] c, int[] rows) {
    double max = 0;
    for (int p : rows) {
      for (int q : rows) {
        double min = Double.POSITIVE_INFINITY;
        for (int r : rows) {
          double ta = (double) a[p] - a[r];
          double tc = (double) c[q] - c[r];
          min = Math.min(min, ta * ta + tc * tc);
        }
        max = Math.max(max, min);
      }
    }
    return max;
  }

  @Property(tries = 40)
  void theOrderedSearchIsTheFullScanToTheBitWithTiesAndRepeatedRows(
      @ForAll @IntRange(min = 0, max = 10_000) int seed,
      @ForAll @IntRange(min = 1, max = 40) int m,
      @ForAll boolean rounded) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int n = 25;
    float[][] z = new float[3][n];
    for (float[] col : z) {
      for (int i = 0; i < n; i++) {
        double v = rnd.nextGaussian();
        col[i] = (float) (rounded ? Math.round(2 * v) / 2.0 : v);
      }
    }
    int[] rows = new int[m];
    for (int i = 0; i < m; i++) {
      rows[i] = rnd.nextInt(n);
    }
    double[][] got = Fos.batch(z, rows);
    for (int a = 0; a < 3; a++) {
      for (int c = a + 1; c < 3; c++) {
        assertEquals(fullScan(z[a], z[c], rows), got[a][c], 0.0, a + "," + c);
      }
    }
  }

  @Test
  void theShuffledScoreUsesEveryRowOnceAndRandFosDrawsTheSameBatchCount() {
    float[][] z = LearnedCodes.disentangled(1000, 3, new int[] {3, 4}, 0.3, 5).latents();
    FosResult fos = Fos.shuffled(z, 128, 10_000, 7);
    assertEquals(8, fos.batches());
    FosResult capped = Fos.shuffled(z, 128, 300, 7);
    assertEquals(3, capped.batches());
    assertEquals(8, Fos.random(z, 128, 10_000, 7).batches());
    // one batch of all rows: the order is irrelevant
    assertEquals(
        Fos.compute(z, identity(1000), 1000).fos(), Fos.shuffled(z, 1000, 1000, 3).fos(), 1e-9);
  }

  @Test
  void scoreCodesReportsBothKeysWithTheMeanIntervalUnclippedAboveOne() {
    LatentCodes codes = LearnedCodes.disentangled(900, 6, new int[] {3, 4}, 0.3, 5);
    CodeScorer.Options o = CodeScorer.Options.defaults(EnumSet.of(Metric.FOS), 0);
    CodeScorer.Scores s = CodeScorer.score(codes, null, o);
    assertEquals(java.util.List.of("fos", "rand_fos"), java.util.List.copyOf(s.scores().keySet()));
    FosResult fos = (FosResult) s.details().get("fos");
    assertEquals(fos.fos(), s.scores().get("fos"), 0);
    Map<String, Uncertainty> u =
        CodeScorer.uncertainty(
            codes, null, o, s.scores(), CodeScorer.IntervalOptions.defaults(), Progress.NONE);
    Uncertainty f = u.get("fos");
    assertEquals(Uncertainty.MEAN, f.method());
    assertEquals(Uncertainty.ofMean(fos.batchTerms().toArray()).se(), f.se(), EXACT);
    assertTrue(s.scores().get("fos") > 1, "a sum over 15 pairs: " + s.scores());
    assertTrue(f.ci95().get(1) > s.scores().get("fos"), () -> "not clipped at 1: " + f);
    // randFoS draws with replacement from the 900 rows: SE² = s²/batches + (128/900)·s²
    FosResult rand = (FosResult) s.details().get("rand_fos");
    double batchSe = Uncertainty.ofMean(rand.batchTerms().toArray()).se();
    assertEquals(
        batchSe * Math.sqrt(1 + 128.0 / 900 * rand.batches()), u.get("rand_fos").se(), EXACT);
    assertEquals(900, u.get("rand_fos").n());
  }

  @Test
  void badInputNamesTheValue() {
    float[][] one = {{0, 1, 2}};
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Fos.compute(one, identity(3), 2));
    assertEquals("FoS needs at least 2 latents to pair, got 1", e.getMessage());
    float[][] two = {{0, 1}, {1, 0}};
    e = assertThrows(IllegalArgumentException.class, () -> Fos.compute(two, identity(2), 0));
    assertEquals("FoS batch size must be ≥ 1, got 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Fos.compute(two, new int[] {0, 2}, 2));
    assertEquals("row 2 is outside 0..1", e.getMessage());
  }
}
