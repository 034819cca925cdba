package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link MigSampled}: cases whose true value is known by construction, and bad input. */
class MigSampledTest {

  /**
   * A latent that copies a factor with σ = 10⁻⁴ and values 1 apart: every other value's density is
   * below e^{−5·10⁷}, so the estimate is exact up to rounding.
   */
  static final double EXACT = 1e-12;

  static final float TINY_LOG_VAR = (float) Math.log(1e-8);

  /**
   * Rows of a factor with 4 equally frequent values (and a second factor with 2 values): z0 copies
   * the first factor with σ = 10⁻⁴, z1 is N(0, 1) for every row (independent of everything).
   */
  static float[][][] copyAndNoise(int n, int[][] codes) {
    float[][] mean = new float[n][2];
    float[][] lv = new float[n][2];
    for (int i = 0; i < n; i++) {
      mean[i][0] = codes[0][i];
      lv[i][0] = TINY_LOG_VAR;
      mean[i][1] = 0;
      lv[i][1] = 0;
    }
    return new float[][][] {mean, lv};
  }

  static int[][] twoFactors(int n) {
    int[][] codes = new int[2][n];
    for (int i = 0; i < n; i++) {
      codes[0][i] = i % 4;
      codes[1][i] = (i / 4) % 2;
    }
    return codes;
  }

  @Test
  void aLatentCopyingAFactorHasMutualInformationItsEntropyAndNoiseHasNone() {
    int n = 80;
    int[][] codes = twoFactors(n);
    float[][][] p = copyAndNoise(n, codes);
    MigSampledResult r = MigSampled.compute(p[0], p[1], codes, 10_000, 0, 7);
    double[][] mi = r.mutualInformation().toArray();
    // I(z0; v0) = H(v0) = log 4: q(z0) is the mixture of 4 spikes, q(z0 | v0) one of them
    assertEquals(Math.log(4), mi[0][0], EXACT);
    assertEquals(Math.log(4), r.factorEntropy().get(0), EXACT);
    // z1 ~ N(0, 1) whatever the row: q(z1) = q(z1 | v) = N(0, 1), the same samples: MI 0
    assertEquals(0, mi[1][0], EXACT);
    assertEquals(0, mi[1][1], EXACT);
    // z0 tells nothing of v1 (each v1 value holds every v0 value equally often)
    assertEquals(0, mi[0][1], EXACT);
    assertArrayEquals(new double[] {1, 0}, r.gap().toArray(), EXACT);
    assertEquals(0.5, r.score(), EXACT);
    assertEquals(List.of(0, 0), r.bestLatent());
    assertNull(r.uncertainty());
  }

  @Test
  void twoLatentsCopyingTheSameFactorLeaveNoGap() {
    int n = 40;
    int[][] codes = {twoFactors(n)[0]};
    float[][] mean = new float[n][2];
    float[][] lv = new float[n][2];
    for (int i = 0; i < n; i++) {
      mean[i][0] = codes[0][i];
      mean[i][1] = 10 * codes[0][i];
      lv[i][0] = TINY_LOG_VAR;
      lv[i][1] = TINY_LOG_VAR;
    }
    MigSampledResult r = MigSampled.compute(mean, lv, codes, 10_000, 0, 1);
    assertEquals(Math.log(4), r.mutualInformation().get(0, 0), EXACT);
    assertEquals(Math.log(4), r.mutualInformation().get(1, 0), EXACT);
    assertEquals(0, r.score(), EXACT);
  }

  @Test
  void aConstantFactorIsLeftOutOfTheMean() {
    int n = 40;
    int[][] two = twoFactors(n);
    int[][] codes = {two[0], new int[n]};
    float[][][] p = copyAndNoise(n, codes);
    MigSampledResult r = MigSampled.compute(p[0], p[1], codes, 10_000, 0, 3);
    assertEquals(List.of(1), r.constantFactors());
    assertEquals(1, r.score(), EXACT);
  }

  @Test
  void theJackknifeIntervalCoversTheScoreAndIsWiderWithFewerRows() {
    Random rnd = new Random(5);
    double[] width = new double[2];
    int[] sizes = {60, 480};
    for (int t = 0; t < 2; t++) {
      int n = sizes[t];
      int[][] codes = {new int[n]};
      float[][] mean = new float[n][2];
      float[][] lv = new float[n][2];
      for (int i = 0; i < n; i++) {
        codes[0][i] = i % 3;
        mean[i][0] = (float) (codes[0][i] + 0.5 * rnd.nextGaussian());
        mean[i][1] = (float) rnd.nextGaussian();
        lv[i][0] = -2;
        lv[i][1] = -1;
      }
      MigSampledResult r = MigSampled.compute(mean, lv, codes, 10_000, 10, 11);
      assertNotNull(r.uncertainty());
      assertEquals(10, r.uncertainty().replicates());
      assertTrue(r.uncertainty().ci95().get(0) < r.score());
      assertTrue(r.uncertainty().ci95().get(1) > r.score());
      width[t] = r.uncertainty().ci95().get(1) - r.uncertainty().ci95().get(0);
    }
    assertTrue(width[0] > width[1], "60 rows " + width[0] + " vs 480 rows " + width[1]);
  }

  @Test
  void permutingTheLatentsPermutesTheMutualInformationOnly() {
    int n = 48;
    Random rnd = new Random(2);
    int[][] codes = twoFactors(n);
    float[][] mean = new float[n][3];
    float[][] lv = new float[n][3];
    double[][] z = new double[n][3];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < 3; j++) {
        mean[i][j] = (float) (codes[j % 2][i] * (j + 1) + rnd.nextGaussian());
        lv[i][j] = (float) (-1 - rnd.nextDouble());
        z[i][j] = mean[i][j] + 0.3 * rnd.nextGaussian();
      }
    }
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = (i * 7) % n;
    }
    MigSampledResult a = MigSampled.fromSamples(mean, lv, z, codes, order, n, 0, 0);
    int[] perm = {2, 0, 1};
    float[][] pm = new float[n][3];
    float[][] pl = new float[n][3];
    double[][] pz = new double[n][3];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < 3; j++) {
        pm[i][j] = mean[i][perm[j]];
        pl[i][j] = lv[i][perm[j]];
        pz[i][j] = z[i][perm[j]];
      }
    }
    MigSampledResult b = MigSampled.fromSamples(pm, pl, pz, codes, order, n, 0, 0);
    assertEquals(a.score(), b.score(), EXACT);
    for (int j = 0; j < 3; j++) {
      assertArrayEquals(
          a.mutualInformation().row(perm[j]).toArray(),
          b.mutualInformation().row(j).toArray(),
          EXACT);
    }
  }

  @Test
  void badInputNamesTheValue() {
    int[][] codes = {{0, 1, 0}};
    float[][] ok = {{0}, {1}, {0}};
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigSampled.compute(ok, new float[][] {{0}, {0}}, codes, 10, 0, 0));
    assertEquals("means have 3 rows but log-variances 2", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigSampled.compute(ok, new float[][] {{0}, {Float.NaN}, {0}}, codes, 10, 0, 0));
    assertEquals("log-variance at row 1, latent 0 is NaN, must be finite", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigSampled.compute(ok, ok, new int[][] {{0, -1, 0}}, 10, 0, 0));
    assertEquals("factor 0 code at row 1 is -1, must be >= 0", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> MigSampled.compute(ok, ok, codes, 10, 5, 0));
    assertEquals("jackknife groups must be 0 or in [2, 3] (the rows), got 5", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> MigSampled.compute(ok, ok, new int[][] {{0, 0, 0}}, 10, 0, 0));
    assertEquals(
        "MIG (sampled) is undefined: all 1 factors are constant (entropy 0)", e.getMessage());
  }
}
