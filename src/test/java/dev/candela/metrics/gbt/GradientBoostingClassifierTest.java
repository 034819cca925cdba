package dev.candela.metrics.gbt;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class GradientBoostingClassifierTest {

  static final ForkJoinPool POOL = new ForkJoinPool(2);

  @AfterAll
  static void close() {
    POOL.shutdownNow();
  }

  /** numpy 1.24: {@code RandomState(0).randint(0, 2**31 - 1)} three times, and seed 12345. */
  @Test
  void randomStateMatchesNumpy() {
    NumpyRandomState r = new NumpyRandomState(0);
    assertEquals(209652396L, r.randint(0, NumpyRandomState.RAND_R_MAX));
    assertEquals(398764591L, r.randint(0, NumpyRandomState.RAND_R_MAX));
    assertEquals(924231285L, r.randint(0, NumpyRandomState.RAND_R_MAX));
    NumpyRandomState s = new NumpyRandomState(12345);
    assertEquals(1845187042L, s.randint(0, NumpyRandomState.RAND_R_MAX));
    assertEquals(1675701733L, s.randint(0, NumpyRandomState.RAND_R_MAX));
    assertEquals(1358822685L, s.randint(0, NumpyRandomState.RAND_R_MAX));
    // MT19937 with seed 0: the well-known first outputs (numpy randint(0, 2**32, dtype=uint64))
    NumpyRandomState u = new NumpyRandomState(0);
    assertEquals(2357136044L, u.nextUint32());
    assertEquals(2546248239L, u.nextUint32());
    assertEquals(3071714933L, u.nextUint32());
  }

  @Test
  void badSeedIsNamed() {
    assertRejects(() -> new NumpyRandomState(-1), "-1");
  }

  /** xorshift step by hand: s = 1 → 1 ^ 1≪13 = 8193; ^ (8193 ≫ 17 = 0); ^ 8193≪5 = 270369. */
  @Test
  void xorshiftByHand() {
    int[] state = {1};
    assertEquals(270369 % 7, NumpyRandomState.xorshiftRandInt(state, 0, 7));
    assertEquals(270369, state[0]);
    int[] zero = {0};
    NumpyRandomState.xorshiftRandInt(zero, 0, 5);
    assertEquals(270369, zero[0]); // 0 is replaced by 1, as sklearn does
  }

  /** numpy's pairwise sums (values printed by numpy 1.24 for a = ((7919 i) mod 1000 − 500) / 7). */
  @Test
  void sumsRoundAsNumpy() {
    int[] sizes = {5, 13, 200, 10000, 20001};
    double[] numpy = {
      98.57142857142856,
      -116.85714285714286,
      -128.5714285714286,
      -714.2857142857154,
      -1500.0000000000025
    };
    for (int t = 0; t < sizes.length; t++) {
      int n = sizes[t];
      double[] a = new double[n];
      for (int i = 0; i < n; i++) {
        a[i] = ((i * 7919L) % 1000 - 500) / 7.0;
      }
      assertEquals(numpy[t], NumpySums.sum(a, 0, n), 0.0, "n = " + n);
    }
  }

  /**
   * Separable binary data on feature 0 (feature 1 constant): the root splits at 4.5, both children
   * are pure (impurity 0, leaves), so every tree has one split, all on feature 0. First-stage leaf
   * values by hand: Σr / Σp(1−p) = ±2.5 / 1.25 = ±2.
   */
  @Test
  void separableBinaryByHand() {
    float[][] x = new float[2][10];
    int[] y = new int[10];
    for (int i = 0; i < 10; i++) {
      x[0][i] = i;
      x[1][i] = 3f;
      y[i] = i >= 5 ? 1 : 0;
    }
    GradientBoostingClassifier m =
        GradientBoostingClassifier.fit(
            x, y, 2, 0, GradientBoostingClassifier.Parameters.SKLEARN_DEFAULTS, POOL);
    assertArrayEquals(new double[] {1.0, 0.0}, m.featureImportances(), 0.0);
    assertArrayEquals(y, m.predict(x));
    double[][] raw1 = m.rawScores(x, 1);
    assertEquals(-0.2, raw1[0][0], 1e-15);
    assertEquals(0.2, raw1[0][9], 1e-15);
  }

  /** Three classes on three thresholds of feature 1; feature 0 is noise-free but uninformative. */
  @Test
  void multiClassUsesInformativeFeature() {
    int n = 90;
    float[][] x = new float[2][n];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % 3;
      x[1][i] = y[i] * 10 + (i % 7);
      x[0][i] = (i * 37) % 11;
    }
    GradientBoostingClassifier m =
        GradientBoostingClassifier.fit(
            x, y, 3, 0, GradientBoostingClassifier.Parameters.SKLEARN_DEFAULTS, POOL);
    double[] imp = m.featureImportances();
    assertEquals(1.0, imp[0] + imp[1], 1e-12);
    assertTrue(imp[1] > 0.99, "feature 1 carries the classes: " + imp[1]);
    assertArrayEquals(y, m.predict(x));
  }

  @Test
  void badInputIsNamed() {
    float[][] x = {{0f, 1f, Float.NaN}};
    IllegalArgumentException e =
        assertRejects(
            () ->
                GradientBoostingClassifier.fit(
                    x,
                    new int[] {0, 1, 0},
                    2,
                    0,
                    GradientBoostingClassifier.Parameters.SKLEARN_DEFAULTS,
                    POOL),
            "feature 0 of sample 2");
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                GradientBoostingClassifier.fit(
                    new float[][] {{0f, 1f}},
                    new int[] {0, 2},
                    2,
                    0,
                    GradientBoostingClassifier.Parameters.SKLEARN_DEFAULTS,
                    POOL));
    assertTrue(e.getMessage().contains("label 2 of sample 1"), e.getMessage());
  }
}
