package dev.candela.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ImageDegradationTest {
  private static final int[] SHAPE = {1, 64, 64};

  /** Float rounding of OpenCV's separable float32 kernel. */
  private static final double MASS_TOLERANCE = 1e-3;

  private static float[] square(int images) {
    float[] x = new float[images * 4096];
    for (int k = 0; k < images; k++) {
      for (int r = 24; r < 40; r++) {
        for (int c = 24; c < 40; c++) {
          x[k * 4096 + r * 64 + c] = 1f;
        }
      }
    }
    return x;
  }

  private static double sum(float[] x, int from, int to) {
    double s = 0;
    for (int i = from; i < to; i++) {
      s += x[i];
    }
    return s;
  }

  @Test
  void blurKeepsTheMassOfAShapeFarFromTheBorderAndSpreadsIt() {
    float[] x = square(1);
    new ImageDegradation(2, 1, 0, 0).apply(x, 0, 1, SHAPE, new SplittableRandom(1));
    assertEquals(256, sum(x, 0, 4096), 256 * MASS_TOLERANCE);
    // the corner pixel of the square loses mass, a pixel just outside gains
    assertTrue(x[24 * 64 + 24] < 0.5f, "corner " + x[24 * 64 + 24]);
    assertTrue(x[22 * 64 + 30] > 0.05f, "outside " + x[22 * 64 + 30]);
    assertEquals(0f, x[0]);
  }

  @Test
  void intensityMapIsOffsetPlusContrastTimesTheValue() {
    float[] x = square(1);
    new ImageDegradation(0, 0.8, 0.05, 0).apply(x, 0, 1, SHAPE, new SplittableRandom(1));
    assertEquals(0.85f, x[30 * 64 + 30], 1e-7);
    assertEquals(0.05f, x[0], 1e-7);
  }

  @Test
  void noiseHasTheStatedStandardDeviationAndIsClippedToTheUnitRange() {
    float[] x = new float[4096];
    java.util.Arrays.fill(x, 0.5f);
    new ImageDegradation(0, 1, 0, 0.05).apply(x, 0, 1, SHAPE, new SplittableRandom(3));
    double mean = sum(x, 0, 4096) / 4096;
    double ss = 0;
    for (float v : x) {
      ss += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(ss / 4095);
    // sd of a sample sd of 4096 normals: 0.05 / sqrt(2 · 4095) = 5.5e-4; 5 of them
    assertEquals(0.05, sd, 0.0028);
    assertEquals(0.5, mean, 5 * 0.05 / 64);
    float[] y = new float[4096];
    new ImageDegradation(0, 1, 0, 0.5).apply(y, 0, 1, SHAPE, new SplittableRandom(3));
    for (float v : y) {
      assertTrue(v >= 0 && v <= 1, "value " + v);
    }
  }

  @Test
  void onlyTheNamedImagesChangeTheSameSeedGivesTheSameImagesAndNoneIsTheIdentity() {
    float[] x = square(3);
    float[] before = x.clone();
    ImageDegradation d = new ImageDegradation(1.5, 0.7, 0.02, 0.03);
    d.apply(x, 1, 1, SHAPE, new SplittableRandom(9));
    assertArrayEquals(
        java.util.Arrays.copyOfRange(before, 0, 4096), java.util.Arrays.copyOfRange(x, 0, 4096));
    assertArrayEquals(
        java.util.Arrays.copyOfRange(before, 8192, 12288),
        java.util.Arrays.copyOfRange(x, 8192, 12288));
    float[] again = square(3);
    d.apply(again, 1, 1, SHAPE, new SplittableRandom(9));
    assertArrayEquals(x, again);
    float[] same = square(1);
    ImageDegradation.NONE.apply(same, 0, 1, SHAPE, new SplittableRandom(1));
    assertArrayEquals(square(1), same);
  }

  @Test
  void vaeLikeDrawsStayInTheirRangesAndLeaveAFifthClean() {
    SplittableRandom rng = new SplittableRandom(11);
    int clean = 0;
    int n = 10_000;
    for (int i = 0; i < n; i++) {
      ImageDegradation d = ImageDegradation.drawVaeLike(rng);
      if (d.isNone()) {
        clean++;
        continue;
      }
      assertTrue(d.blurSigma() <= ImageDegradation.VAE_LIKE_MAX_BLUR);
      assertTrue(d.contrast() >= ImageDegradation.VAE_LIKE_MIN_CONTRAST && d.contrast() <= 1);
      assertTrue(d.offset() <= ImageDegradation.VAE_LIKE_MAX_OFFSET);
      assertTrue(d.noiseSd() <= ImageDegradation.VAE_LIKE_MAX_NOISE);
    }
    // binomial(10000, 0.2): sd 40; 5 sd
    assertEquals(2000, clean, 200);
  }

  @Test
  void badParametersAndBuffersAreNamed() {
    assertEquals(
        "blur sigma must be a finite number >= 0, got -1.0",
        assertThrows(IllegalArgumentException.class, () -> new ImageDegradation(-1, 1, 0, 0))
            .getMessage());
    assertEquals(
        "contrast must be in (0, 1], got 1.5",
        assertThrows(IllegalArgumentException.class, () -> new ImageDegradation(0, 1.5, 0, 0))
            .getMessage());
    assertEquals(
        "offset must be in [0, 1), got 1.0",
        assertThrows(IllegalArgumentException.class, () -> new ImageDegradation(0, 1, 1, 0))
            .getMessage());
    assertEquals(
        "noise standard deviation must be a finite number >= 0, got NaN",
        assertThrows(
                IllegalArgumentException.class, () -> new ImageDegradation(0, 1, 0, Double.NaN))
            .getMessage());
    assertEquals(
        "images 1..2 of shape 1x64x64 need 12288 floats, got 8192",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    new ImageDegradation(1, 1, 0, 0)
                        .apply(new float[8192], 1, 2, SHAPE, new SplittableRandom(1)))
            .getMessage());
  }
}
