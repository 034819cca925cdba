package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** sklearn's LogisticRegressionCV semantics: folds, Cs, the fitted optimum, bad input. */
class LogisticRegressionCvTest {
  /** The fits stop at a largest gradient component of 10⁻⁴ (sklearn's tol). */
  static final double GTOL = LogisticRegressionCv.TOLERANCE;

  @Test
  void foldsAreKFoldsConsecutiveBlocks() {
    // 12 rows into 5 folds: 12 mod 5 = 2 folds of 3, then 3 of 2
    assertArrayEquals(new int[][] {{0, 3}, {3, 6}, {6, 8}, {8, 10}, {10, 12}}, foldsOf(12));
    assertArrayEquals(new int[][] {{0, 2}, {2, 4}, {4, 6}, {6, 8}, {8, 10}}, foldsOf(10));
  }

  private static int[][] foldsOf(int n) {
    return LogisticRegressionCv.folds(n);
  }

  @Test
  void theCsAreNumpysLogspace() {
    assertEquals(10, LogisticRegressionCv.CS.length);
    for (int i = 0; i < 10; i++) {
      assertEquals(
          Math.pow(10, -4 + 8.0 * i / 9),
          LogisticRegressionCv.CS[i],
          1e-12 * LogisticRegressionCv.CS[i]);
    }
  }

  @Test
  void twoSymmetricPointsFitTheHandSolvedWeight() {
    // x = +1 (class 1), x = −1 (class 0), C = 1: by symmetry b = 0 and f'(w) = 0 gives
    // w = 2C·σ(−w); solved by bisection here
    double lo = 0;
    double hi = 2;
    for (int i = 0; i < 200; i++) {
      double mid = (lo + hi) / 2;
      if (mid - 2 / (1 + Math.exp(mid)) < 0) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    double[][] w =
        LogisticRegressionCv.fitOne(
            new double[][] {{1}, {-1}}, new int[] {1, 0}, 2, false, 1.0, null);
    assertEquals(1, w.length);
    // |f'(w)| ≤ GTOL and f'' ≥ 1/C, so |w − w*| ≤ GTOL
    assertEquals(lo, w[0][0], GTOL);
    assertEquals(0, w[0][1], GTOL);
  }

  @Test
  void threeSeparatedClassesAreLearnedAndTheGridIsScored() {
    double[][] x = new double[30][1];
    int[] y = new int[30];
    for (int i = 0; i < 30; i++) {
      y[i] = (i % 3) * 2 + 1; // labels 1, 3, 5
      x[i][0] = 5.0 * (i % 3) + 0.01 * i;
    }
    LogisticRegressionCv.Model m = LogisticRegressionCv.fit(x, y);
    assertArrayEquals(new int[] {1, 3, 5}, m.classes());
    assertArrayEquals(y, m.predict(x));
    assertEquals(10, m.cvAccuracy().length);
    assertEquals(3, m.weights().length);
  }

  @Test
  void badInputNamesTheValues() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LogisticRegressionCv.fit(new double[4][1], new int[] {0, 1, 0, 1}));
    assertEquals("cross-validation needs at least 5 rows, got 4", e.getMessage());
    double[][] x = new double[5][1];
    x[2][0] = Double.NaN;
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> LogisticRegressionCv.fit(x, new int[] {0, 1, 0, 1, 0}));
    assertEquals("feature 0 of row 2 is not finite: NaN", nan.getMessage());
  }
}
