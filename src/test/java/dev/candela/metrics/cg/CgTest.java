package dev.candela.metrics.cg;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.Arrays2;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CG on generators and classifiers whose answer is known by construction. */
class CgTest {

  /** Every probability here is a dyadic fraction, exact in float and double. */
  private static final double EXACT = 0.0;

  /** Region generator: sample s has z0, z1 in {−1, −0.5, 0.5, 1}. */
  private static final float[][] Z = {{-1f, 0.5f}, {-0.5f, 1f}, {0.5f, -1f}, {1f, -0.5f}};

  /** True binary codes: value 1 when the factor's latent is positive. */
  private static final int[][] Y = {{0, 0, 1, 1}, {1, 1, 0, 0}};

  private static CgOptions options(int[][] sets, CgBaseline b) {
    return CgOptions.builder().setSets(sets).optBaseline(b).build();
  }

  /**
   * Perfectly factorised: latent i draws factor i's pixel as (z_i + 1) / 2; the classifier reads
   * p(1) = pixel. Max-deviation moves z_i to the farthest batch value (−1 ↔ 1, ±0.5 → ∓1), so the
   * true-value probability falls from p̂ to 0: ICE_I = p̂ = 1, 0.75, 0.75, 1. Intervening on the
   * other latent leaves the pixel alone: ICE_\I = 0. CG_i = (1 + 0.75 + 0.75 + 1) / 4 = 0.875.
   */
  @Test
  void perfectlyFactorisedGeneratorGivesWorkedValue() {
    LatentDecoder g = CgToys.regions(new int[][] {{0}, {1}});
    FactorProbabilities c = CgToys.binaryRegions(2, 2);
    CgResult r = Cg.compute(Z, Y, g, c, options(new int[][] {{0}, {1}}, CgBaseline.MAX_DEVIATION));
    assertEquals(0.875, r.score(), EXACT);
    assertArrayEquals(new double[] {0.875, 0.875}, r.perFactor().toArray(), EXACT);
    CgFactorTerms f0 = r.factors().get(0);
    assertArrayEquals(new double[] {1, 0.75, 0.75, 1}, f0.pReconstruction(), EXACT);
    assertArrayEquals(new double[] {0, 0, 0, 0}, f0.pIntervened(), EXACT);
    assertArrayEquals(new double[] {1, 0.75, 0.75, 1}, f0.iceIntervened(), EXACT);
    assertArrayEquals(new double[] {0, 0, 0, 0}, f0.iceComplement(), EXACT);
    assertArrayEquals(new double[] {0.75, 1, 1, 0.75}, r.factor("f1").terms(), EXACT);
    assertEquals(0.875, r.summary().factors().get(1).meanIceIntervened(), EXACT);
    assertEquals(0.0, r.summary().factors().get(1).meanIceComplement(), EXACT);
    assertEquals(4, r.summary().numSamples());

    // Mean (= zero here, the batch mean is 0): the pixel goes to 0.5, ICE_I = p̂ − 0.5.
    for (CgBaseline b : new CgBaseline[] {CgBaseline.MEAN, CgBaseline.ZERO}) {
      CgResult m = Cg.compute(Z, Y, g, c, options(new int[][] {{0}, {1}}, b));
      assertEquals((0.5 + 0.25 + 0.25 + 0.5) / 4, m.score(), EXACT, b.name());
    }
  }

  /**
   * A decoder that ignores latents 2 and 3: adding them to a factor's set changes nothing, and a
   * set holding only an ignored latent swaps the roles of ICE_I and ICE_\I. CG takes |ICE_I −
   * ICE_\I|, so it is symmetric in Z_I and its complement and stays 0.875; the mean ICE terms tell
   * the two cases apart.
   */
  @Test
  void decoderIgnoringLatents() {
    float[][] z = new float[4][];
    for (int s = 0; s < 4; s++) {
      z[s] = new float[] {Z[s][0], Z[s][1], 3f * s - 2f, 7f - s};
    }
    LatentDecoder g = CgToys.regions(new int[][] {{0}, {1}});
    FactorProbabilities c = CgToys.binaryRegions(2, 2);
    CgResult own =
        Cg.compute(z, Y, g, c, options(new int[][] {{0}, {1}}, CgBaseline.MAX_DEVIATION));
    CgResult padded =
        Cg.compute(z, Y, g, c, options(new int[][] {{0, 2}, {1, 3}}, CgBaseline.MAX_DEVIATION));
    CgResult ignored =
        Cg.compute(z, Y, g, c, options(new int[][] {{2}, {3}}, CgBaseline.MAX_DEVIATION));
    assertEquals(0.875, own.score(), EXACT);
    assertEquals(0.875, padded.score(), EXACT);
    assertArrayEquals(
        own.factors().get(0).iceIntervened(), padded.factors().get(0).iceIntervened(), EXACT);
    assertEquals(0.875, ignored.score(), EXACT);
    CgSummary.FactorScore f0 = ignored.summary().factors().get(0);
    assertEquals(0.0, f0.meanIceIntervened(), EXACT);
    assertEquals(0.875, f0.meanIceComplement(), EXACT);
  }

  /**
   * Fully confounded: both factors are the same quantity (y0 = y1) and the representation carries
   * it twice (z0 = z1); every pixel reads (z0 + z1) / 2. IRS ties the two latents in every column,
   * so UC(1) picks latent 0 for both factors: UC = 0. By the definition, x_I sets z0 to its
   * baseline and x_\I sets z1 to its baseline; z0 = z1 and the two latents have the same batch
   * statistics, so both baselines are equal and x_I = x_\I: ICE_I = ICE_\I for every sample and
   * every term |ICE_I − ICE_\I| is exactly 0, so CG = 0 for every baseline.
   */
  @Test
  void fullyConfoundedModelHasZeroUcAndZeroCg() {
    double[] v = {-1, -0.5, 0.5, 1};
    int[] y = {0, 0, 1, 1};
    UcResult uc =
        Uc.compute(LatentCodes.of(new double[][] {v, v}, new int[][] {y, y}), 1, UcSelection.TOPK);
    assertEquals(0.0, uc.score(), EXACT);
    assertArrayEquals(new int[][] {{0}, {0}}, Arrays2.ints2(uc.sets()));
    float[][] z = new float[4][];
    for (int s = 0; s < 4; s++) {
      z[s] = new float[] {(float) v[s], (float) v[s]};
    }
    LatentDecoder g = CgToys.regions(new int[][] {{0, 1}, {0, 1}});
    FactorProbabilities c = CgToys.binaryRegions(2, 2);
    for (CgBaseline b : CgBaseline.values()) {
      CgResult r = Cg.compute(z, new int[][] {y, y}, g, c, options(Arrays2.ints2(uc.sets()), b));
      assertEquals(0.0, r.score(), EXACT, b.name());
      // Not because nothing happens: intervening moves the prediction (except at the mean).
      if (b == CgBaseline.MAX_DEVIATION) {
        assertTrue(r.summary().factors().get(0).meanIceIntervened() > 0.3);
      }
    }
  }

  /**
   * The other reading of "confounded": one latent draws every factor and the rest are ignored. UC
   * is 0, but CG is not: x_\I only touches ignored latents, so ICE_\I = 0 and CG_i = mean ICE_I =
   * 0.875 (as in the factorised case). CG measures whether Z_I controls factor i, not whether it
   * controls only factor i; sharing is what UC measures.
   */
  @Test
  void oneLatentDrivingAllFactorsIsConfoundedButKeepsCg() {
    double[] z0 = {-1, -0.5, 0.5, 1};
    double[] z1 = {0.3, -0.2, 0.3, -0.2};
    int[] y = {0, 0, 1, 1};
    UcResult uc =
        Uc.compute(
            LatentCodes.of(new double[][] {z0, z1}, new int[][] {y, y}), 1, UcSelection.TOPK);
    assertEquals(0.0, uc.score(), EXACT);
    assertArrayEquals(new int[][] {{0}, {0}}, Arrays2.ints2(uc.sets()));
    LatentDecoder g = CgToys.regions(new int[][] {{0}, {0}});
    CgResult r =
        Cg.compute(
            Cg.toRows(LatentCodes.narrow(new double[][] {z0, z1})),
            new int[][] {y, y},
            g,
            CgToys.binaryRegions(2, 2),
            options(Arrays2.ints2(uc.sets()), CgBaseline.MAX_DEVIATION));
    assertEquals(0.875, r.score(), EXACT);
  }

  /** Baselines on a hand example: the decoder copies the latents into the image. */
  private static final float[][] ZB = {{0, 5}, {3, 1}, {4, 2}, {2, 3}};

  private static final int[][] YB = {{0, 1, 1, 1}};

  /** p(value 1) = clamp(pixel 0 / 4, 0, 1); latent 1 is never read. */
  private static final FactorProbabilities QUARTER =
      (images, n) -> {
        float[][][] p = new float[1][n][2];
        for (int i = 0; i < n; i++) {
          float v = Math.max(0f, Math.min(1f, images[i * 2] / 4f));
          p[0][i][0] = 1 - v;
          p[0][i][1] = v;
        }
        return p;
      };

  private static void assertBaselineRows(
      CgBaseline b, float[] latent0, float[] latent1, double expectedCg) {
    CgToys.Recording g = new CgToys.Recording(2);
    CgResult r = Cg.compute(ZB, YB, g, QUARTER, options(new int[][] {{0}}, b));
    assertEquals(12, g.rows.size());
    for (int s = 0; s < 4; s++) {
      assertArrayEquals(ZB[s], g.rows.get(3 * s), b.name() + " reconstruction row " + s);
      assertArrayEquals(
          new float[] {latent0[s], ZB[s][1]}, g.rows.get(3 * s + 1), b.name() + " x_I row " + s);
      assertArrayEquals(
          new float[] {ZB[s][0], latent1[s]}, g.rows.get(3 * s + 2), b.name() + " x_\\I row " + s);
    }
    assertEquals(expectedCg, r.score(), EXACT, b.name());
  }

  /**
   * Latent 0 spans [0, 4], latent 1 [1, 5]. Max-deviation: 0 → 4, 3 → 0, 4 → 0, 2 → 0 (tie, the
   * minimum); 5 → 1, 1 → 5, 2 → 5, 3 → 1 (tie). CG = mean |p̂ − p_I| (latent 1 is never read): p̂ =
   * 1, .75, 1, .5 and p_I = 0 throughout, so CG = 3.25 / 4.
   */
  @Test
  void maxDeviationPicksBatchMinOrMax() {
    assertBaselineRows(
        CgBaseline.MAX_DEVIATION, new float[] {4, 0, 0, 0}, new float[] {1, 5, 5, 1}, 3.25 / 4);
  }

  /**
   * Means 2.25 and 2.75. p_I(value 1) = 2.25 / 4 = .5625: ICE_I = |1 − .4375|, |.75 − .5625|, |1 −
   * .5625|, |.5 − .5625| = .5625, .1875, .4375, .0625; CG = 1.25 / 4.
   */
  @Test
  void meanBaselineUsesBatchMean() {
    assertBaselineRows(
        CgBaseline.MEAN,
        new float[] {2.25f, 2.25f, 2.25f, 2.25f},
        new float[] {2.75f, 2.75f, 2.75f, 2.75f},
        1.25 / 4);
  }

  /** Zero: p_I(value 1) = 0, so ICE_I = 0 (true value 0), .75, 1, .5; CG = 2.25 / 4. */
  @Test
  void zeroBaseline() {
    assertBaselineRows(CgBaseline.ZERO, new float[4], new float[4], 2.25 / 4);
  }

  @Test
  void maxDeviationWithExternalStatisticsUsesThem() {
    LatentStats wide =
        new LatentStats(new double[] {-10, -10}, new double[] {10, 10}, new double[] {0, 0}, 100);
    CgToys.Recording g = new CgToys.Recording(2);
    Cg.compute(ZB, YB, g, QUARTER, options(new int[][] {{0}}, CgBaseline.MAX_DEVIATION), wide);
    // Sample 0 is (0, 5): latent 0 ties at the centre → −10; latent 1 is nearer 10 → −10.
    // Sample 1 is (3, 1): both nearer 10 → −10.
    assertArrayEquals(new float[] {-10, 5}, g.rows.get(1));
    assertArrayEquals(new float[] {0, -10}, g.rows.get(2));
    assertArrayEquals(new float[] {-10, 1}, g.rows.get(4));
    assertArrayEquals(new float[] {3, -10}, g.rows.get(5));
  }

  private static final int[] SIZES = {3, 4, 2};
  private static final int[][] SETS = {{0, 1}, {2}, {3, 5}};

  @Test
  void sameResultForBatchSizes1And7And64() {
    CgToys.Problem t = CgToys.problem(50, SIZES, 6, 12, 1);
    for (CgBaseline b : CgBaseline.values()) {
      CgOptions o = options(SETS, b);
      CgResult one = t.cg(o.withMaxBatch(1));
      CgResult seven = t.cg(o.withMaxBatch(7));
      CgResult big = t.cg(o.withMaxBatch(64));
      assertEquals(one, seven, b.name());
      assertEquals(one, big, b.name());
      assertTrue(one.score() > 0, b.name());
    }
  }

  @Test
  void decodesAllFactorsOfAGroupTogether() {
    float[][] z = CgToys.randomLatents(50, 6, 1);
    int[][] y = CgToys.randomCodes(50, SIZES, 2);
    CgToys.Recording g = new CgToys.Recording(6);
    FactorProbabilities c = CgToys.softmaxBlocks(SIZES, 6);
    // 1 + 2·3 = 7 rows per sample; 64 rows per call → groups of 9 samples = 63 rows; 50 samples in
    // 6 calls.
    Cg.compute(z, y, g, c, options(SETS, CgBaseline.MEAN).withMaxBatch(64));
    assertEquals(6, g.calls);
    assertEquals(63, g.largestCall);
    assertEquals(350, g.rows.size());
    // Restricting to factor 1 gives 3 rows per sample.
    CgToys.Recording g1 = new CgToys.Recording(6);
    CgOptions only1 =
        CgOptions.builder().setSets(SETS).optFactors(new int[] {1}).optMaxBatch(64).build();
    CgResult r = Cg.compute(z, y, g1, c, only1);
    assertEquals(150, g1.rows.size());
    assertEquals(1, r.factors().size());
    assertEquals("f1", r.factors().get(0).name());
  }

  @Test
  void accumulatorOverChunksEqualsOneShot() {
    CgToys.Problem t = CgToys.problem(40, SIZES, 6, 12, 4);
    CgOptions o = options(SETS, CgBaseline.MAX_DEVIATION).withMaxBatch(20);
    CgResult all = t.cg(o);
    CgAccumulator acc = new CgAccumulator(t.g(), t.c(), o, LatentStats.of(t.z()));
    for (int from = 0; from < 40; from += 13) {
      int to = Math.min(40, from + 13);
      float[][] zc = java.util.Arrays.copyOfRange(t.z(), from, to);
      int[][] yc = new int[SIZES.length][];
      for (int f = 0; f < SIZES.length; f++) {
        yc[f] = java.util.Arrays.copyOfRange(t.y()[f], from, to);
      }
      acc.process(zc, yc);
    }
    assertEquals(all.summary(), acc.summary());
    // The baseline depends on the statistics, not on the chunk: chunk-local statistics differ.
    CgResult local =
        Cg.compute(java.util.Arrays.copyOfRange(t.z(), 0, 13), prefix(t.y(), 13), t.g(), t.c(), o);
    assertNotEquals(all.factors().get(0).pIntervened()[0], local.factors().get(0).pIntervened()[0]);
  }

  private static int[][] prefix(int[][] y, int n) {
    int[][] r = new int[y.length][];
    for (int f = 0; f < y.length; f++) {
      r[f] = java.util.Arrays.copyOf(y[f], n);
    }
    return r;
  }

  @Test
  void setReferencingMissingLatentIsNamed() {
    assertRejects(
        () -> twoRegionsWithTheMean(Z, Y, new int[][] {{0}, {1, 7}}), "latent 7", "only 2 latents");
    assertRejects(() -> options(new int[][] {{-3}}, CgBaseline.ZERO), "latent -3");
  }

  @Test
  void classifierFactorCountMismatchIsNamed() {
    FactorProbabilities three = CgToys.softmaxBlocks(new int[] {2, 2, 2}, 2);
    assertRejects(
        () ->
            Cg.compute(
                Z,
                Y,
                CgToys.regions(new int[][] {{0}, {1}}),
                three,
                options(new int[][] {{0}, {1}}, CgBaseline.MEAN)),
        "3 factors",
        "sets have 2");
    assertRejects(
        () -> twoRegionsWithTheMean(Z, new int[][] {Y[0]}, new int[][] {{0}, {1}}),
        "1 factors, the sets have 2");
  }

  /**
   * CG of the worked example's generator and classifier (two regions) with the mean baseline on
   * these latents, codes and sets.
   */
  private static CgResult twoRegionsWithTheMean(float[][] z, int[][] y, int[][] sets) {
    return Cg.compute(
        z,
        y,
        CgToys.regions(new int[][] {{0}, {1}}),
        CgToys.binaryRegions(2, 2),
        options(sets, CgBaseline.MEAN));
  }

  @Test
  void nanLatentIsNamed() {
    float[][] z = {{0, 1}, {1, 0}, {0.5f, Float.NaN}};
    assertRejects(
        () -> twoRegionsWithTheMean(z, new int[][] {{0, 1, 1}, {1, 0, 0}}, new int[][] {{0}, {1}}),
        "NaN at sample 2, latent 1");
  }

  @Test
  void trueCodeOutsideClassifierIsNamed() {
    assertRejects(
        () -> twoRegionsWithTheMean(Z, new int[][] {{0, 0, 1, 2}, Y[1]}, new int[][] {{0}, {1}}),
        "true code 2 of factor 0",
        "sample 3");
  }

  @Test
  void factorNamesAndRestrictionAreValidated() {
    assertRejects(
        () -> CgOptions.builder().setSets(SETS).optFactors(new int[] {0, 3}).build(),
        "factor index 3");
    assertRejects(
        () -> CgOptions.builder().setSets(SETS).optFactorNames(List.of("a")).build(),
        "1 factor names for 3");
  }
}
