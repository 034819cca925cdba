package dev.candela.metrics.cg;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.LatentStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The image checks of {@link CgAccumulator} on a hand decoder whose pixel masses are known. */
class CgImageChecksTest {

  /** Sums of dyadic fractions: exact. */
  private static final double EXACT = 0.0;

  /** A standard deviation through a square root. */
  private static final double SQRT = 1e-12;

  private static final float[][] Z = {{-1f, 0.5f}, {-0.5f, 1f}, {0.5f, -1f}, {1f, -0.5f}};
  private static final int[][] Y = {{0, 0, 1, 1}, {1, 1, 0, 0}};

  private static CgAccumulator accumulator() {
    CgOptions o =
        CgOptions.builder()
            .setSets(new int[][] {{0}, {1}})
            .optBaseline(CgBaseline.MAX_DEVIATION)
            .optMaxBatch(3)
            .build();
    return new CgAccumulator(
        CgToys.regions(new int[][] {{0}, {1}}), CgToys.binaryRegions(2, 2), o, LatentStats.of(Z));
  }

  /**
   * Image = two pixels (z0 + 1)/2, (z1 + 1)/2, so pixel mass = (z0 + z1 + 2)/2. Reconstructions: z0
   * + z1 = −0.5, 0.5, −0.5, 0.5, masses 0.75, 1.25, 0.75, 1.25 (mean 1, sd √(0.25/3)). x_I of
   * factor 0 moves z0 to 1, 1, −1, −1: masses 1.75, 2, 0, 0.25 (mean 1, sd √(13/24)). Confidence
   * (max(p, 1 − p) of the factor's pixel): reconstructions 1, 0.75, 0.75, 1 (mean 0.875); x_I of
   * factor 0 drives pixel 0 to 1 or 0 (mean 1); x_\I leaves pixel 0 alone (0.875).
   */
  @Test
  void massesAndConfidencesOfAHandDecoder() {
    CgAccumulator acc = accumulator();
    acc.process(Z, Y);
    CgImageChecks c = acc.imageChecks();
    assertEquals(4, c.samples());
    CgImageChecks.Factor f0 = c.factors().get(0);
    assertEquals("f0", f0.name());
    assertEquals(1.0, f0.reconstruction().meanPixelMass(), EXACT);
    assertEquals(Math.sqrt(0.25 / 3), f0.reconstruction().sdPixelMass(), SQRT);
    assertEquals(0.875, f0.reconstruction().meanConfidence(), EXACT);
    assertEquals(1.0, f0.intervened().meanPixelMass(), EXACT);
    // deviations 0.75, 1, −1, −0.75: Σ² = 3.125, / 3
    assertEquals(Math.sqrt(3.125 / 3), f0.intervened().sdPixelMass(), SQRT);
    assertEquals(1.0, f0.intervened().meanConfidence(), EXACT);
    assertEquals(0.875, f0.complement().meanConfidence(), EXACT);
    assertEquals(1.0, f0.complement().meanPixelMass(), EXACT);
  }

  /** Chunks add up; terms read back (add) are not images and leave the checks alone. */
  @Test
  void chunksAddAndReadBackTermsAreNotCounted() {
    CgAccumulator whole = accumulator();
    whole.process(Z, Y);
    CgAccumulator parts = accumulator();
    parts.process(new float[][] {Z[0], Z[1]}, new int[][] {{0, 0}, {1, 1}});
    CgBatch rest = accumulator().evaluate(new float[][] {Z[2], Z[3]}, new int[][] {{1, 1}, {0, 0}});
    parts.add(rest);
    assertEquals(2, parts.imageChecks().samples());
    parts.process(new float[][] {Z[2], Z[3]}, new int[][] {{1, 1}, {0, 0}});
    assertEquals(4, parts.imageChecks().samples());
    assertEquals(
        whole.imageChecks().factors().get(1).intervened().meanPixelMass(),
        parts.imageChecks().factors().get(1).intervened().meanPixelMass(),
        EXACT);
    CgAccumulator none = accumulator();
    none.add(rest);
    assertNull(none.imageChecks());
  }

  @Test
  void warningsNameFactorRoleValueAndThreshold() {
    CgAccumulator acc = accumulator();
    acc.process(Z, Y);
    CgImageChecks c = acc.imageChecks();
    // real images of mass 1 ± 0.5: every role's mean 1 is inside, confidences ≥ 0.875
    assertEquals(List.of(), c.warnings(1.0, 0.5));
    // real images of mass 3 ± 1 (MASS_SHIFT_SD = 1): [2, 4], every role's mean 1 is outside
    List<String> w = c.warnings(3.0, 1.0);
    assertEquals(6, w.size(), w.toString());
    assertTrue(
        w.contains(
            "cg.f0: the images x_I of factor 'f0' are unlike the data: mean pixel mass 1.0 outside"
                + " the real images' 3.0 ± 1.0 x 1.0 = [2.0, 4.0]"),
        w.toString());
    // a classifier that cannot decide between three values: confidence 1/3 < 0.5
    FactorProbabilities unsure =
        (images, n) -> {
          float[][][] p = new float[2][n][];
          for (int f = 0; f < 2; f++) {
            for (int i = 0; i < n; i++) {
              p[f][i] = new float[] {0.25f, 0.25f, 0.5f};
            }
          }
          return p;
        };
    CgOptions o = CgOptions.builder().setSets(new int[][] {{0}, {1}}).build();
    CgAccumulator u =
        new CgAccumulator(CgToys.regions(new int[][] {{0}, {1}}), unsure, o, LatentStats.of(Z));
    u.process(Z, Y);
    assertEquals(List.of(), u.imageChecks().warnings(1.0, 0.5), "0.5 is not below 0.5");
    FactorProbabilities third =
        (images, n) -> {
          float[][][] p = new float[2][n][];
          for (int f = 0; f < 2; f++) {
            for (int i = 0; i < n; i++) {
              p[f][i] = new float[] {0.375f, 0.375f, 0.25f};
            }
          }
          return p;
        };
    CgAccumulator t =
        new CgAccumulator(CgToys.regions(new int[][] {{0}, {1}}), third, o, LatentStats.of(Z));
    t.process(Z, Y);
    List<String> tw = t.imageChecks().warnings(1.0, 0.5);
    assertEquals(4, tw.size(), tw.toString());
    assertEquals(
        "cg.f1: the classifier is unsure of the counterfactual images x_\\I of factor 'f1' (mean"
            + " confidence 0.375 < 0.50): their probabilities say little",
        tw.get(3));
  }
}
