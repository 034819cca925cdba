package dev.candela.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.cli.Main;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.DSpritesDataset;
import dev.candela.data.DSpritesDrawing;
import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import dev.candela.data.npy.NpyArray;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpzFile;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generator → npz → loader round trip, flat-index arithmetic and drawing sanity. */
class DSpritesGeneratorTest {
  private static final double EXACT = 0.0;

  /** Pixel counts of drawn squares follow scale² within this relative error (edge pixels). */
  private static final double AREA_REL = 0.08;

  @TempDir Path tmp;

  private static int count(byte[] img) {
    int c = 0;
    for (byte b : img) {
      c += b;
    }
    return c;
  }

  @Test
  void flatIndexMatchesClassesTimesStrides() {
    for (long i : new long[] {0, 1, 31, 32, 1023, 1024, 40_959, 40_960, 245_760, 737_279}) {
      int[] c = DSpritesGenerator.codes(i);
      long back = 0;
      for (int k = 0; k < 6; k++) {
        back += c[k] * DSpritesGenerator.STRIDES[k];
      }
      assertEquals(i, back);
    }
    assertArrayEquals(new int[] {0, 2, 5, 39, 31, 31}, DSpritesGenerator.codes(737_279));
  }

  @Test
  void squareAreaScalesWithScaleSquared() {
    byte[] img = new byte[64 * 64];
    DSpritesDrawing dm = DSpritesDrawing.DEEPMIND;
    double expectedAtOne = 4 * DSpritesDrawing.SQUARE_HALF_SIDE * DSpritesDrawing.SQUARE_HALF_SIDE;
    for (int s = 0; s < 6; s++) {
      double scale = DSpritesGenerator.value(2, s);
      dm.render(0, scale, 0.3, 0.5, 0.5, img);
      double expected = expectedAtOne * scale * scale;
      assertEquals(expected, count(img), expected * AREA_REL, "scale " + scale);
    }
    // a heart and an ellipse are smaller than the square at the same scale, and non-empty
    dm.render(0, 1, 0, 0.5, 0.5, img);
    int sq = count(img);
    dm.render(1, 1, 0, 0.5, 0.5, img);
    int el = count(img);
    dm.render(2, 1, 0, 0.5, 0.5, img);
    int he = count(img);
    assertTrue(el > 0 && el < sq && he > 0 && he < sq, sq + " " + el + " " + he);
    // position moves the shape: centre pixel on at the left edge position, off at the right
    dm.render(0, 0.5, 0, 0, 0, img);
    assertEquals(1, img[12 * 64 + 12]);
    assertEquals(0, img[52 * 64 + 52]);
    // DeepMind's positions: centre at 16 + 32·pos px, so posX = posY = 1 puts it at (48, 48)
    dm.render(0, 0.5, 0, 1, 1, img);
    assertEquals(1, img[47 * 64 + 47]);
    assertEquals(1, img[48 * 64 + 48]);
    assertEquals(0, img[53 * 64 + 53]);
  }

  @Test
  void generatedSubsetRoundTripsThroughTheLoader() throws Exception {
    Path f = tmp.resolve("sub.npz");
    long[] idx = DSpritesGenerator.chooseIndices(300, 7);
    assertArrayEquals(idx, DSpritesGenerator.chooseIndices(300, 7));
    DSpritesGenerator.write(f, idx, n -> {});
    try (NpzFile z = NpzFile.open(f)) {
      assertEquals(NpyDType.U1, z.header("imgs").dtype());
      assertEquals(NpyDType.F8, z.header("latents_values").dtype());
      assertEquals(NpyDType.I8, z.header("latents_classes").dtype());
    }
    try (DSpritesDataset d = DSpritesDataset.open(f)) {
      assertEquals(300, d.size());
      FactorSpace space = d.space();
      byte[] expect = new byte[64 * 64];
      for (int i = 0; i < 300; i += 37) {
        int[] c = d.codes(i);
        long flat = 0;
        for (int k = 0; k < 6; k++) {
          flat += c[k] * DSpritesGenerator.STRIDES[k];
        }
        assertEquals(idx[i], flat);
        double[] v = d.latentValues(i);
        assertEquals(c[1] + 1.0, v[1], EXACT);
        for (int k : new int[] {0, 2, 3, 4, 5}) {
          assertEquals(
              ((Number) space.factors().get(k).values().get(c[k])).doubleValue(), v[k], EXACT);
        }
        DSpritesGenerator.render(flat, expect);
        assertArrayEquals(expect, d.rawImage(i));
        float[] im = d.images(new long[] {i});
        assertEquals(count(expect), (int) sumOf(im));
      }
      // a subset is not a grid: the sampler falls back to sparse mode
      FactorSampler s = FactorSampler.of(d);
      assertTrue(!s.isGrid());
      for (long i : s.fixedFactorBatch(1, 20, new SplittableRandom(1)).indices()) {
        assertTrue(i >= 0 && i < 300);
      }
    }
  }

  private static double sumOf(float[] a) {
    double s = 0;
    for (float x : a) {
      s += x;
    }
    return s;
  }

  @Test
  void cliGeneratesASubsetAndRejectsBadCounts() throws Exception {
    Path f = tmp.resolve("cli.npz");
    int code =
        Main.commandLine()
            .execute(
                "dataset",
                "generate",
                "dsprites",
                "--out",
                f.toString(),
                "--count",
                "50",
                "--seed",
                "3");
    assertEquals(ExitCodes.OK, code);
    try (NpzFile z = NpzFile.open(f);
        NpyArray a = z.array("latents_classes")) {
      assertArrayEquals(new long[] {50, 6}, a.shape());
    }
    int bad =
        Main.commandLine()
            .execute("dataset", "generate", "dsprites", "--out", f.toString(), "--count", "0");
    assertEquals(ExitCodes.BAD_INPUT, bad);
  }
}
