package dev.candela.metrics.cg.truth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.data.DSpritesDrawing;
import dev.candela.data.ImageDegradation;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgNeighbourhoods;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.CgResult;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The constructed decoders of the ground-truth CG benchmark: reconstructions, true sets, oracle,
 * degradation, and the true CG where it is known by hand.
 */
class ConstructedDecoderTest {

  /** CG sums 0/1 terms over samples: exact in doubles at these sizes. */
  private static final double EXACT = 1e-12;

  private static final int N = 200;

  private static final int[] ALL = {0, 1, 2, 3, 4};

  @Test
  void everyConstructionRedrawsTheTrueCodes() {
    for (TruthCase c : TruthCase.defaults()) {
      TruthCase.Samples s = c.sample(N, 3);
      ConstructedDecoder d = c.decoder();
      d.decode(s.z());
      assertTrue(Arrays.deepEquals(s.codes(), d.lastCodes()), c.name());
    }
  }

  @Test
  void cleanLatentsOfGridCodesDrawTheDatasetImage() {
    ConstructedDecoder d = ConstructedDecoder.disentangled();
    int[] codes = {2, 3, 7, 30, 4};
    float[][] z = new float[1][5];
    for (int k = 0; k < 5; k++) {
      z[0][k] = (float) ConstructedDecoder.standardised(k, codes[k]);
    }
    float[] img = d.decode(z);
    byte[] ref = new byte[64 * 64];
    DSpritesDrawing.DEEPMIND.render(new int[] {0, 2, 3, 7, 30, 4}, ref);
    int differ = 0;
    for (int p = 0; p < ref.length; p++) {
      differ += img[p] == ref[p] ? 0 : 1;
    }
    // float rounding of the latent may move a boundary pixel centre across an edge
    assertTrue(differ <= 2, differ + " pixels differ from the dataset drawing");
    assertArrayEquals(codes, column(d.lastCodes(), 0));
  }

  @Test
  void trueSetsAreTheLatentsReadWithTheLargestWeight() {
    int[][] identity = {{0}, {1}, {2}, {3}, {4}};
    assertTrue(Arrays.deepEquals(identity, ConstructedDecoder.disentangled().trueSets()));
    assertTrue(Arrays.deepEquals(identity, ConstructedDecoder.leak(0.5).trueSets()));
    // the inert latent 5 carries posX exactly, but the decoder never reads it
    assertTrue(Arrays.deepEquals(identity, ConstructedDecoder.inertCopy(0.5).trueSets()));
    // duplicated: latents 3 and 5 tie at 0.5, the lower index wins (rho = 1)
    assertTrue(Arrays.deepEquals(identity, ConstructedDecoder.duplicated().trueSets()));
  }

  @Test
  void inertLatentIsACleanCopyThatTheDecoderIgnores() {
    ConstructedDecoder d = ConstructedDecoder.inertCopy(0.5);
    TruthCase.Samples s = TruthCase.of(d).sample(50, 1);
    for (int i = 0; i < 50; i++) {
      assertEquals(
          (float) ConstructedDecoder.standardised(ConstructedDecoder.POS_X, s.codes()[3][i]),
          s.z()[i][5],
          0f);
    }
    float[][] moved = new float[50][];
    for (int i = 0; i < 50; i++) {
      moved[i] = s.z()[i].clone();
      moved[i][5] = 100f;
    }
    assertArrayEquals(d.decode(s.z()), d.decode(moved), 0f);
  }

  @Test
  void inertLatentChangesNoPixelOfADegradedImage() {
    ConstructedDecoder d =
        ConstructedDecoder.inertCopy(0.5)
            .withDegradation(new ImageDegradation(2, 0.8, 0.05, 0.02), 3);
    TruthCase.Samples s = TruthCase.of(d).sample(20, 1);
    float[][] moved = new float[20][];
    for (int i = 0; i < 20; i++) {
      moved[i] = s.z()[i].clone();
      moved[i][5] = -7f;
    }
    assertArrayEquals(d.decode(s.z()), d.decode(moved), 0f);
  }

  @Test
  void oracleIsTheOneHotOfTheLastCall() {
    ConstructedDecoder d = ConstructedDecoder.disentangled();
    TruthCase.Samples s = TruthCase.of(d).sample(7, 2);
    float[] img = d.decode(s.z());
    float[][][] p = d.oracle().probabilities(img, 7);
    for (int k = 0; k < 5; k++) {
      for (int i = 0; i < 7; i++) {
        assertEquals(ConstructedDecoder.size(k), p[k][i].length);
        float sum = 0;
        for (float v : p[k][i]) {
          sum += v;
        }
        assertEquals(1f, sum, 0f);
        assertEquals(1f, p[k][i][s.codes()[k][i]], 0f);
      }
    }
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> d.oracle().probabilities(img, 3));
    assertEquals("oracle asked for 3 images, the last decode call drew 7", e.getMessage());
  }

  @Test
  void degradedImagesDependOnlyOnTheirRow() {
    ImageDegradation vae = new ImageDegradation(2, 0.8, 0.05, 0.02);
    ConstructedDecoder d = ConstructedDecoder.disentangled().withDegradation(vae, 9);
    TruthCase.Samples s = TruthCase.of(d).sample(6, 4);
    float[] all = d.decode(s.z());
    float[] one = d.decode(new float[][] {s.z()[4]});
    assertArrayEquals(Arrays.copyOfRange(all, 4 * 4096, 5 * 4096), one, 0f);
    float[] clean = ConstructedDecoder.disentangled().decode(new float[][] {s.z()[4]});
    assertNotEquals(Arrays.toString(clean), Arrays.toString(one));
    for (float v : all) {
      assertTrue(v >= 0 && v <= 1, "pixel " + v);
    }
  }

  @Test
  void disentangledTruthUnderMaxDeviationIsOne() {
    // Moving latent k to its farther extreme always changes code k; moving the others never does.
    for (long seed = 0; seed < 5; seed++) {
      TruthCase c = TruthCase.of(ConstructedDecoder.disentangled());
      TruthCase.Samples s = c.sample(64, seed);
      CgResult r =
          exactCg(
              c.decoder(), s.z(), s.codes(), CgBaseline.MAX_DEVIATION, LatentStats.of(s.z()), ALL);
      assertEquals(1.0, r.score(), EXACT, "seed " + seed);
    }
  }

  @Test
  void disentangledTruthUnderTheMeanBaselineCountsSamplesAwayFromTheMeanCode() {
    TruthCase c = TruthCase.of(ConstructedDecoder.disentangled());
    TruthCase.Samples s = c.sample(N, 5);
    CgResult r =
        exactCg(c.decoder(), s.z(), s.codes(), CgBaseline.MEAN, LatentStats.of(s.z()), ALL);
    double total = 0;
    for (int k = 0; k < 5; k++) {
      // by hand: ICE_I = 1 unless the sample's code is the code of the latent's mean, ICE_\I = 0
      int size = ConstructedDecoder.size(k);
      double mean = 0;
      for (float[] row : s.z()) {
        mean += row[k];
      }
      mean = (float) (mean / N);
      double sd = Math.sqrt((size * (double) size - 1) / 12.0);
      long meanCode = Math.round((size - 1) / 2.0 + sd * mean);
      int differ = 0;
      for (int i = 0; i < N; i++) {
        differ += s.codes()[k][i] == meanCode ? 0 : 1;
      }
      double expected = differ / (double) N;
      assertEquals(expected, r.perFactor().get(k), EXACT, ConstructedDecoder.FACTOR_NAMES.get(k));
      total += expected;
    }
    assertEquals(total / 5, r.score(), EXACT);
  }

  @Test
  void leakLowersPosXTruthOnly() {
    TruthCase.Samples s0 = TruthCase.of(ConstructedDecoder.disentangled()).sample(N, 6);
    for (double w : new double[] {0.25, 0.5}) {
      TruthCase c = TruthCase.of(ConstructedDecoder.leak(w));
      TruthCase.Samples s = c.sample(N, 6);
      assertTrue(Arrays.deepEquals(s0.codes(), s.codes()), "same codes for the same seed");
      CgResult r =
          exactCg(
              c.decoder(), s.z(), s.codes(), CgBaseline.MAX_DEVIATION, LatentStats.of(s.z()), ALL);
      double[] pf = r.perFactor().toArray();
      for (int k : new int[] {0, 1, 2, 4}) {
        assertEquals(1.0, pf[k], EXACT, "factor " + k + " at w " + w);
      }
      // posX changes under both interventions except where the clamp at its edge absorbs the leak
      assertTrue(pf[3] < 0.1, "posX truth " + pf[3] + " at w " + w);
      assertTrue(r.score() < 0.85, "overall " + r.score());
    }
  }

  @Test
  void truthIgnoresTheDegradation() {
    TruthCase c = TruthCase.of(ConstructedDecoder.leak(0.5));
    TruthCase.Samples s = c.sample(40, 7);
    LatentStats st = LatentStats.of(s.z());
    CgResult clean = exactCg(c.decoder(), s.z(), s.codes(), CgBaseline.ZERO, st, ALL);
    CgResult blurred =
        exactCg(
            c.decoder().withDegradation(new ImageDegradation(2, 0.8, 0.05, 0.02), 1),
            s.z(),
            s.codes(),
            CgBaseline.ZERO,
            st,
            ALL);
    assertEquals(clean.score(), blurred.score(), 0.0);
  }

  @Test
  void confoundedCaseCopiesPosXIntoPosYInMostSamples() {
    TruthCase c = TruthCase.defaults().get(5);
    assertEquals("confounded-posXY", c.name());
    TruthCase.Samples s = c.sample(2000, 8);
    int same = 0;
    for (int i = 0; i < 2000; i++) {
      same += s.codes()[3][i] == s.codes()[4][i] ? 1 : 0;
    }
    // 0.9 + 0.1/32 expected; binomial sd 0.0067
    assertEquals(0.9 + 0.1 / 32, same / 2000.0, 0.03);
  }

  @Test
  void badInputsNameTheValue() {
    double[][] eye = new double[5][5];
    for (int k = 0; k < 5; k++) {
      eye[k][k] = 1;
    }
    double[][] wrong = new double[5][5];
    for (int k = 0; k < 5; k++) {
      wrong[k][k] = 1;
    }
    wrong[3][4] = 0.5;
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ConstructedDecoder("x", wrong, eye, new double[5], ImageDegradation.NONE, 0));
    assertEquals(
        "read times encoder matrix must be the identity, entry (3, 4) is 0.5", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ConstructedDecoder.disentangled()
                    .encode(new int[][] {{0}, {0}, {40}, {0}, {0}}, new SplittableRandom(1)));
    assertEquals("code 40 of factor orientation at sample 0 is outside 0..39", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                ConstructedDecoder.disentangled().decode(new float[][] {{0, 0, Float.NaN, 0, 0}}));
    assertEquals("latent value NaN at row 0, latent 2 is not finite", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new TruthCase("c", ConstructedDecoder.disentangled(), 1.5));
    assertEquals("confounding must be in [0, 1], got 1.5", e.getMessage());
  }

  private static int[] column(int[][] m, int i) {
    int[] c = new int[m.length];
    for (int k = 0; k < m.length; k++) {
      c[k] = m[k][i];
    }
    return c;
  }

  /** The true CG under the exact read-out, as the paper reads the oracle. */
  private static CgResult exactCg(
      ConstructedDecoder decoder,
      float[][] z,
      int[][] codes,
      CgBaseline baseline,
      LatentStats stats,
      int[] factors) {
    return GroundTruthCg.compute(
        decoder, z, codes, baseline, stats, factors, CgReadout.EXACT, CgNeighbourhoods.SINGLETONS);
  }
}
