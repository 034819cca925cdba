package dev.candela.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link CoverageStudy#attainableCoverage}: the coverages fixed-offset intervals can have. */
class AttainableCoverageTest {

  /** Fractions of a few hundred repetitions are exact in binary to far better than this. */
  private static final double EXACT = 1e-12;

  /** UC at N = 10⁴ in the study: 4, 172 and 24 of 200 data sets at 0.7, 0.9 and 1.0. */
  @Test
  void ucLatticeOfTheStudyCannotReachTheBand() {
    double[] uc = lattice(new double[] {0.7, 0.9, 1.0}, new int[] {4, 172, 24});
    // windows: {0.9} 172, {0.9, 1.0} 196, {0.7, 0.9} 176, all 200; the smallest ≥ 186 is 196
    assertEquals(0.98, CoverageStudy.attainableCoverage(uc, 0.93), EXACT);
    assertTrue(CoverageStudy.attainableCoverage(uc, 0.93) > CoverageStudy.BAND_HIGH);
    // below the band the same lattice attains 0.86 and 0.88 only
    assertEquals(0.86, CoverageStudy.attainableCoverage(uc, 0.5), EXACT);
    assertEquals(0.88, CoverageStudy.attainableCoverage(uc, 0.87), EXACT);
  }

  /** A window need not be centred: 10 + 80 + 6 of 100 are attainable only as a run. */
  @Test
  void windowsAreRunsOfNeighbouringValues() {
    double[] v = lattice(new double[] {0.1, 0.2, 0.3, 0.4}, new int[] {4, 10, 80, 6});
    // runs ≥ 93: {0.2,0.3,0.4} 96, {0.1,0.2,0.3} 94, all 100 → 94
    assertEquals(0.94, CoverageStudy.attainableCoverage(v, 0.93), EXACT);
    // {0.1, 0.3} would hold exactly 84 but skips 0.2: not a window; {0.3, 0.4} holds 86
    assertEquals(0.86, CoverageStudy.attainableCoverage(v, 0.84), EXACT);
  }

  /** Distinct estimates attain ⌈floor·R⌉/R, whatever their order and spread. */
  @Test
  void distinctEstimatesAttainTheFloorRoundedUp() {
    SplittableRandom rng = new SplittableRandom(7);
    for (int r : new int[] {1, 7, 200, 333}) {
      double[] v = new double[r];
      for (int i = 0; i < r; i++) {
        v[i] = rng.nextDouble() * 10 - 5;
      }
      assertEquals(
          Math.ceil(0.93 * r - 1e-9) / r,
          CoverageStudy.attainableCoverage(v, 0.93),
          EXACT,
          "R " + r);
      assertEquals(1.0, CoverageStudy.attainableCoverage(v, 1.0), EXACT);
    }
  }

  /** One value repeated: every window holds all or nothing. */
  @Test
  void aConstantEstimateAttainsOnlyOne() {
    double[] v = new double[50];
    Arrays.fill(v, 0.9);
    assertEquals(1.0, CoverageStudy.attainableCoverage(v, 0.01), EXACT);
  }

  @Test
  void badInputsNameTheValue() {
    IllegalArgumentException empty =
        assertThrows(
            IllegalArgumentException.class,
            () -> CoverageStudy.attainableCoverage(new double[0], 0.93));
    assertEquals(
        "attainable coverage needs estimates and a floor in (0, 1], got 0 estimates and floor 0.93",
        empty.getMessage());
    IllegalArgumentException floor =
        assertThrows(
            IllegalArgumentException.class,
            () -> CoverageStudy.attainableCoverage(new double[] {1}, 1.5));
    assertTrue(floor.getMessage().endsWith("floor 1.5"), floor.getMessage());
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> CoverageStudy.attainableCoverage(new double[] {0.2, Double.NaN}, 0.93));
    assertEquals("attainable coverage needs finite estimates, got 0.2 … NaN", nan.getMessage());
  }

  private static double[] lattice(double[] values, int[] counts) {
    double[] out = new double[Arrays.stream(counts).sum()];
    int k = 0;
    // interleaved, so the order of the estimates is not the order of the values
    for (int round = 0; k < out.length; round++) {
      for (int i = values.length - 1; i >= 0; i--) {
        if (round < counts[i]) {
          out[k++] = values[i];
        }
      }
    }
    return out;
  }
}
