package dev.candela.metrics.cg;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.LatentStats;
import org.junit.jupiter.api.Test;

/** The decoder-sensitivity rule of {@link CgLatentActivity} on decoders built by hand. */
class CgLatentActivityTest {

  /** Pixel changes here are dyadic fractions: exact in float and double. */
  private static final double EXACT = 0.0;

  /** Relative error of a ratio of float pixel differences (pixels ~0.5, ulp ~6e-8). */
  private static final double FLOAT_PIXELS = 1e-3;

  /** Latent 2 takes values the decoder never reads. */
  private static final float[][] Z = {
    {-1f, 0.5f, 3f}, {-0.5f, 1f, -2f}, {0.5f, -1f, 0f}, {1f, -0.5f, 1f}
  };

  /**
   * Regions {{0}, {1}}: pixel r = (z_r + 1) / 2, latent 2 ignored exactly. Max-deviation moves z0
   * from −1, −0.5, 0.5, 1 to 1, 1, −1, −1: pixel 0 changes by |Δz| / 2 = 1, 0.75, 0.75, 1, pixel 1
   * not at all, so the per-sample mean absolute change over P = 2 pixels is 0.5, 0.375, 0.375, 0.5
   * and s_0 = 0.4375. z1 takes the same values in another order: s_1 = 0.4375. s_2 = 0: inert.
   */
  @Test
  void decoderThatIgnoresALatentExactlyMakesItInert() {
    LatentDecoder g = CgToys.regions(new int[][] {{0}, {1}});
    CgLatentActivity a =
        CgLatentActivity.measure(
            g, Z, LatentStats.of(Z), CgBaseline.MAX_DEVIATION, 256, CgOptions.DEFAULT_MAX_BATCH);
    assertArrayEquals(new double[] {0.4375, 0.4375, 0}, a.sensitivity(), EXACT);
    assertArrayEquals(new boolean[] {true, true, false}, a.active());
    assertArrayEquals(new int[] {2}, a.inert());
    assertEquals(CgLatentActivity.INERT_SHARE * 0.4375, a.threshold(), EXACT);
    assertEquals(4, a.samples());
  }

  /**
   * A weak but used latent stays active, a nearly ignored one is inert: pixel = (z0 + w·z1 + 1) / 2
   * (unclamped here: |z| ≤ 1 and small w keep it in [0, 1] up to 1 + w, and the decoder is linear),
   * so s_1 / s_0 = w exactly; the rule cuts at {@link CgLatentActivity#INERT_SHARE}.
   */
  @Test
  void weakButUsedLatentIsActiveAndNearlyIgnoredOneIsInert() {
    for (double w : new double[] {0.5, 3 * CgLatentActivity.INERT_SHARE, 0.001}) {
      LatentDecoder g =
          LatentDecoder.of(
              new int[] {1, 1, 1},
              z -> {
                float[] out = new float[z.length];
                for (int i = 0; i < z.length; i++) {
                  out[i] = (float) ((z[i][0] + w * z[i][1] + 1) / 2);
                }
                return out;
              });
      CgLatentActivity a =
          CgLatentActivity.measure(g, Z, LatentStats.of(Z), CgBaseline.MAX_DEVIATION, 256, 7);
      double ratio = a.sensitivity()[1] / a.sensitivity()[0];
      assertEquals(w, ratio, FLOAT_PIXELS * w, "w = " + w);
      assertEquals(w >= CgLatentActivity.INERT_SHARE, a.isActive(1), "w = " + w);
      assertTrue(a.isActive(0));
      assertFalse(a.isActive(2));
    }
  }

  /** Only min(N, maxSamples) samples, spread evenly (rows k·N/m), and no batch dependence. */
  @Test
  void samplesAreSpreadAndBatchingChangesNothing() {
    LatentDecoder g = CgToys.regions(new int[][] {{0}, {1}});
    LatentStats st = LatentStats.of(Z);
    // m = 2 of 4: rows 0 and 2, z0 = −1 → 1 (Δ pixel 1) and 0.5 → −1 (0.75): s_0 = (0.5 + 0.375)/2
    CgLatentActivity two = CgLatentActivity.measure(g, Z, st, CgBaseline.MAX_DEVIATION, 2, 1024);
    assertEquals(2, two.samples());
    assertEquals(0.4375, two.sensitivity()[0], EXACT);
    // z1 of rows 0 and 2: 0.5 → −1 (0.75) and −1 → 1 (1): (0.375 + 0.5) / 2
    assertEquals(0.4375, two.sensitivity()[1], EXACT);
    CgToys.Recording rec = new CgToys.Recording(3);
    CgLatentActivity one = CgLatentActivity.measure(rec, Z, st, CgBaseline.MEAN, 256, 1);
    assertEquals(1, rec.largestCall);
    assertEquals(4 * (1 + 3), rec.calls);
    CgLatentActivity big =
        CgLatentActivity.measure(new CgToys.Recording(3), Z, st, CgBaseline.MEAN, 256, 1024);
    assertEquals(big, one);
    // the copy decoder moves pixel j by |z_j − mean_j| / 3 pixels: every latent is active
    assertArrayEquals(new boolean[] {true, true, true}, one.active());
  }

  /** A decoder that ignores every latent: nothing tells latents apart, all count as active. */
  @Test
  void constantDecoderLeavesEveryLatentActive() {
    LatentDecoder g = LatentDecoder.of(new int[] {1, 2, 2}, z -> new float[z.length * 4]);
    CgLatentActivity a =
        CgLatentActivity.measure(g, Z, LatentStats.of(Z), CgBaseline.ZERO, 256, 64);
    assertArrayEquals(new double[] {0, 0, 0}, a.sensitivity(), EXACT);
    assertArrayEquals(new boolean[] {true, true, true}, a.active());
  }

  /**
   * Properties on random dense decoders: the rule is scale-free (halving every pixel halves every
   * s_j and keeps the mask), and permuting the latents permutes the sensitivities.
   */
  @Test
  void ruleIsScaleFreeAndFollowsALatentPermutation() {
    for (long seed = 1; seed <= 5; seed++) {
      float[][] z = CgToys.randomLatents(40, 4, seed);
      LatentDecoder g = CgToys.dense(4, 16, seed + 10);
      LatentDecoder half =
          LatentDecoder.of(
              g.imageShape(),
              rows -> {
                float[] out = g.decode(rows);
                for (int i = 0; i < out.length; i++) {
                  out[i] *= 0.5f;
                }
                return out;
              });
      LatentStats st = LatentStats.of(z);
      CgLatentActivity a = CgLatentActivity.measure(g, z, st, CgBaseline.MAX_DEVIATION, 256, 50);
      CgLatentActivity h = CgLatentActivity.measure(half, z, st, CgBaseline.MAX_DEVIATION, 256, 50);
      assertArrayEquals(a.active(), h.active(), "seed " + seed);
      for (int j = 0; j < 4; j++) {
        assertEquals(a.sensitivity()[j] / 2, h.sensitivity()[j], 1e-12, "seed " + seed);
      }
      int[] perm = {2, 0, 3, 1};
      float[][] zp = new float[z.length][4];
      for (int i = 0; i < z.length; i++) {
        for (int j = 0; j < 4; j++) {
          zp[i][perm[j]] = z[i][j];
        }
      }
      LatentDecoder gp =
          LatentDecoder.of(
              g.imageShape(),
              rows -> {
                float[][] back = new float[rows.length][4];
                for (int i = 0; i < rows.length; i++) {
                  for (int j = 0; j < 4; j++) {
                    back[i][j] = rows[i][perm[j]];
                  }
                }
                return g.decode(back);
              });
      CgLatentActivity p =
          CgLatentActivity.measure(gp, zp, LatentStats.of(zp), CgBaseline.MAX_DEVIATION, 256, 50);
      for (int j = 0; j < 4; j++) {
        assertEquals(a.sensitivity()[j], p.sensitivity()[perm[j]], EXACT, "seed " + seed);
      }
    }
  }

  @Test
  void badInputsAreRejectedNamingTheValue() {
    LatentDecoder g = CgToys.regions(new int[][] {{0}, {1}});
    LatentStats st = LatentStats.of(Z);
    assertRejects(
        () -> CgLatentActivity.measure(g, new float[0][], st, CgBaseline.MEAN, 256, 64),
        "at least one sample, got 0");
    assertRejects(
        () -> CgLatentActivity.measure(g, Z, st, CgBaseline.MEAN, 0, 64),
        "must be at least 1, got 0 and 64");
    float[][] bad = {{0f, Float.NaN, 0f}};
    assertRejects(
        () -> CgLatentActivity.measure(g, bad, st, CgBaseline.MEAN, 256, 64),
        "latent value NaN at sample 0, latent 1 is not finite");
    assertRejects(
        () -> CgLatentActivity.measure(g, new float[][] {{0f, 1f}}, st, CgBaseline.MEAN, 256, 64),
        "latent row 0 has 2 values, the statistics have 3");
    LatentDecoder shortOut = LatentDecoder.of(new int[] {1, 1, 2}, z -> new float[1]);
    assertRejects(
        () -> CgLatentActivity.measure(shortOut, Z, st, CgBaseline.MEAN, 256, 64),
        "decoder returned 1 floats for 16 rows of image shape [1, 1, 2], expected 32");
  }
}
