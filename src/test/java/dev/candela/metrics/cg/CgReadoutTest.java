package dev.candela.metrics.cg;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The read-outs of CG ({@link CgReadout}): the exact one is today's CG bit for bit, the tolerant
 * one sums the classifier's probabilities over the neighbourhood of the true value, hand-computed
 * on a classifier that reads every sample one value too high.
 */
class CgReadoutTest {

  /** Probabilities here are 0, 1 or dyadic fractions: exact in float and double. */
  private static final double EXACT = 0.0;

  /** Two samples, latent 0 drives the factor, latent 1 is ignored. */
  private static final float[][] Z = {{1f, 0f}, {2f, 0.5f}};

  /** True codes of the one factor: 0 and 1, one below what the classifier reads. */
  private static final int[][] Y = {{0, 1}};

  /** The image is the latent row itself (1 × 1 × 2). */
  private static final LatentDecoder COPY =
      LatentDecoder.of(
          new int[] {1, 1, 2},
          z -> {
            float[] out = new float[z.length * 2];
            for (int i = 0; i < z.length; i++) {
              out[2 * i] = z[i][0];
              out[2 * i + 1] = z[i][1];
            }
            return out;
          });

  /** One factor with K = 4 values, all mass on clamp(round(pixel 0), 0, 3). */
  private static final FactorProbabilities ONE_HOT =
      (images, n) -> {
        float[][][] p = new float[1][n][4];
        for (int i = 0; i < n; i++) {
          int c = Math.max(0, Math.min(3, Math.round(images[2 * i])));
          p[0][i][c] = 1f;
        }
        return p;
      };

  private static CgOptions options(CgReadout r, CgNeighbourhoods n) {
    return CgOptions.builder()
        .setSets(new int[][] {{0}})
        .optReadout(r)
        .optNeighbourhoods(n)
        .build();
  }

  /**
   * Max-deviation baseline over the two samples: z0 ∈ {1, 2}, so sample 0's x_I has pixel 2 (read
   * 2) and sample 1's pixel 1 (read 1); x_\I moves only the ignored latent, so it is read as x̂ (1
   * and 2, one above the truth).
   *
   * <p>Exact: p̂ = p(y|x̂) = 0 for both; p_I = p(0|read 2) = 0 and p(1|read 1) = 1; ICE_I = 0, 1;
   * ICE_\I = 0, 0; CG = (0 + 1)/2 = 0.5.
   *
   * <p>Tolerant with N(y) = {y − 1, y, y + 1}: N(0) = {0, 1}, N(1) = {0, 1, 2}. p̂ = 1, 1 (read 1 ∈
   * N(0), read 2 ∈ N(1)); p_I = 0 (read 2 ∉ N(0)), 1 (read 1 ∈ N(1)); ICE_I = 1, 0; ICE_\I = 0, 0;
   * CG = 0.5 again, but from the other sample: the exact read-out counted sample 0's total miss as
   * no change and sample 1's near miss as a total one.
   */
  @Test
  void massOnTheNextValueIsReadByTheTolerantReadoutOnly() {
    CgResult exact =
        Cg.compute(Z, Y, COPY, ONE_HOT, options(CgReadout.EXACT, CgNeighbourhoods.ORDINAL));
    CgFactorTerms e = exact.factors().get(0);
    assertArrayEquals(new double[] {0, 0}, e.pReconstruction(), EXACT);
    assertArrayEquals(new double[] {0, 1}, e.pIntervened(), EXACT);
    assertArrayEquals(new double[] {0, 0}, e.pComplement(), EXACT);
    assertArrayEquals(new double[] {0, 1}, e.terms(), EXACT);
    assertEquals(0.5, exact.score(), EXACT);

    CgResult tol =
        Cg.compute(Z, Y, COPY, ONE_HOT, options(CgReadout.TOLERANT, CgNeighbourhoods.ORDINAL));
    CgFactorTerms t = tol.factors().get(0);
    assertArrayEquals(new double[] {1, 1}, t.pReconstruction(), EXACT);
    assertArrayEquals(new double[] {0, 1}, t.pIntervened(), EXACT);
    assertArrayEquals(new double[] {1, 1}, t.pComplement(), EXACT);
    assertArrayEquals(new double[] {1, 0}, t.iceIntervened(), EXACT);
    assertArrayEquals(new double[] {0, 0}, t.iceComplement(), EXACT);
    assertArrayEquals(new double[] {1, 0}, t.terms(), EXACT);
    assertEquals(0.5, tol.score(), EXACT);
  }

  /**
   * A sigmoid head whose outputs are 0.75 on the read value and on the one below: the tolerant sum
   * over N(0) = {0, 1} is 1.5, clipped to 1; over N(3) = {2, 3} it is 0.75 + 0.75 = 1.5 too; a
   * singleton neighbourhood reads 0.75.
   */
  @Test
  void theTolerantSumIsClippedToOne() {
    FactorProbabilities sigmoid =
        (images, n) -> {
          float[][][] p = new float[1][n][4];
          for (int i = 0; i < n; i++) {
            int c = Math.max(1, Math.min(3, Math.round(images[2 * i])));
            p[0][i][c] = 0.75f;
            p[0][i][c - 1] = 0.75f;
          }
          return p;
        };
    float[][] z = {{1f, 0f}, {3f, 0f}};
    int[][] y = {{0, 3}};
    CgFactorTerms t =
        Cg.compute(z, y, COPY, sigmoid, options(CgReadout.TOLERANT, CgNeighbourhoods.ORDINAL))
            .factors()
            .get(0);
    assertArrayEquals(new double[] {1, 1}, t.pReconstruction(), EXACT);
    CgFactorTerms s =
        Cg.compute(z, y, COPY, sigmoid, options(CgReadout.TOLERANT, CgNeighbourhoods.SINGLETONS))
            .factors()
            .get(0);
    assertArrayEquals(new double[] {0.75, 0.75}, s.pReconstruction(), EXACT);
  }

  /**
   * The exact read-out is CG as it was: CgTest's worked factorised case (0.875), and on random
   * latents and a smooth classifier the exact read-out, the tolerant one with singleton
   * neighbourhoods and the default options (singletons) give the same doubles.
   */
  @Test
  void exactReadoutIsTodaysCgBitForBit() {
    float[][] z = {{-1f, 0.5f}, {-0.5f, 1f}, {0.5f, -1f}, {1f, -0.5f}};
    int[][] y = {{0, 0, 1, 1}, {1, 1, 0, 0}};
    LatentDecoder g = CgToys.regions(new int[][] {{0}, {1}});
    FactorProbabilities c = CgToys.binaryRegions(2, 2);
    CgOptions exact =
        CgOptions.builder().setSets(new int[][] {{0}, {1}}).optReadout(CgReadout.EXACT).build();
    CgResult r = Cg.compute(z, y, g, c, exact);
    assertEquals(0.875, r.score(), EXACT);
    assertArrayEquals(new double[] {1, 0.75, 0.75, 1}, r.factors().get(0).terms(), EXACT);

    SplittableRandom rnd = new SplittableRandom(11);
    int n = 50;
    float[][] zr = new float[n][3];
    int[][] yr = new int[2][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < 3; j++) {
        zr[i][j] = (float) rnd.nextGaussian();
      }
      yr[0][i] = zr[i][0] > 0 ? 1 : 0;
      yr[1][i] = zr[i][1] > 0 ? 1 : 0;
    }
    LatentDecoder gr = CgToys.regions(new int[][] {{0, 2}, {1}});
    int[][] sets = {{0}, {1, 2}};
    CgResult a =
        Cg.compute(
            zr, yr, gr, c, CgOptions.builder().setSets(sets).optReadout(CgReadout.EXACT).build());
    CgResult b =
        Cg.compute(
            zr,
            yr,
            gr,
            c,
            CgOptions.builder()
                .setSets(sets)
                .optReadout(CgReadout.TOLERANT)
                .optNeighbourhoods(CgNeighbourhoods.SINGLETONS)
                .build());
    CgResult d = Cg.compute(zr, yr, gr, c, CgOptions.builder().setSets(sets).build());
    assertEquals(a.score(), b.score(), EXACT);
    assertEquals(a.score(), d.score(), EXACT);
    for (int k = 0; k < 2; k++) {
      assertArrayEquals(a.factors().get(k).terms(), b.factors().get(k).terms(), EXACT);
      assertArrayEquals(a.factors().get(k).terms(), d.factors().get(k).terms(), EXACT);
    }
    assertEquals(CgReadout.TOLERANT, CgOptions.builder().setSets(sets).build().readout());
  }

  /** Property: p_tol ≥ p_exact for every sample and role, on random one-hot classifiers. */
  @Test
  void tolerantReadsAtLeastTheExactProbability() {
    SplittableRandom rnd = new SplittableRandom(5);
    int n = 40;
    float[][] z = new float[n][2];
    int[][] y = new int[1][n];
    for (int i = 0; i < n; i++) {
      z[i][0] = (float) (rnd.nextDouble() * 4 - 0.5);
      z[i][1] = (float) rnd.nextGaussian();
      y[0][i] = rnd.nextInt(4);
    }
    CgFactorTerms e =
        Cg.compute(z, y, COPY, ONE_HOT, options(CgReadout.EXACT, CgNeighbourhoods.ORDINAL))
            .factors()
            .get(0);
    CgFactorTerms t =
        Cg.compute(z, y, COPY, ONE_HOT, options(CgReadout.TOLERANT, CgNeighbourhoods.ORDINAL))
            .factors()
            .get(0);
    for (int i = 0; i < n; i++) {
      assertTrue(t.pReconstruction()[i] >= e.pReconstruction()[i], "sample " + i);
      assertTrue(t.pIntervened()[i] >= e.pIntervened()[i], "sample " + i);
      assertTrue(t.pComplement()[i] >= e.pComplement()[i], "sample " + i);
    }
  }

  @Test
  void readoutIdsRoundTripAndUnknownOnesAreNamed() {
    for (CgReadout r : CgReadout.values()) {
      assertEquals(r, CgReadout.fromId(r.id()));
      assertEquals(r, CgReadout.fromId(" " + r.id().toUpperCase(java.util.Locale.ROOT) + " "));
    }
    assertEquals("tolerant", CgReadout.DEFAULT.id());
    assertRejects(
        () -> CgReadout.fromId("fuzzy"), "unknown CG read-out 'fuzzy' (choices: exact, tolerant)");
  }

  @Test
  void badNeighbourhoodsAreNamed() {
    CgNeighbourhoods outside = (f, codes, k) -> new int[] {codes[f], k};
    assertRejects(
        () -> Cg.compute(Z, Y, COPY, ONE_HOT, options(CgReadout.TOLERANT, outside)),
        "neighbourhood of value 0 of factor 0 (f0) at sample 0 holds value 4",
        "outside the classifier's 4 values");
    CgNeighbourhoods withoutTruth = (f, codes, k) -> new int[] {codes[f] + 1};
    assertRejects(
        () -> Cg.compute(Z, Y, COPY, ONE_HOT, options(CgReadout.TOLERANT, withoutTruth)),
        "neighbourhood [1] of value 0 of factor 0 (f0) at sample 0 does not hold the value itself");
  }
}
