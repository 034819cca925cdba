package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.stats.SpearmanLasso;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class UdrTest {

  static final double EXACT = 1e-12;

  /** Coordinate descent stops at a duality gap of 10⁻⁴·‖y‖²: coefficients agree to ~1e-4. */
  static final double LASSO_TOLERANCE = 1e-3;

  @Test
  void relativeStrengthByHand() {
    assertEquals(1.0, Udr.relativeStrength(new double[][] {{1, 0}, {0, 1}}), EXACT);
    assertEquals(0.25, Udr.relativeStrength(new double[][] {{0.5, 0.5}, {0.5, 0.5}}), EXACT);
    // columns: 1/1.5 and 0.25/0.5 → mean 0.583333; rows: 1 and 0.25 → 0.625
    assertEquals(
        (0.5 * (1 / 1.5 + 0.5) + 0.625) / 2,
        Udr.relativeStrength(new double[][] {{1, 0}, {0.5, 0.5}}),
        EXACT);
    // a NaN makes its column and its row count 0, as does the all-zero row (np.nan_to_num):
    // columns 1/1 and 0 → 0.5; rows 0 and 0 → 0
    assertEquals(
        (0.5 * (1 + 0) + 0.5 * (0 + 0)) / 2,
        Udr.relativeStrength(new double[][] {{1, Double.NaN}, {0, 0}}),
        EXACT);
    assertTrue(Double.isNaN(Udr.relativeStrength(new double[0][])));
  }

  @Test
  void spearmanByHand() {
    double[][] r =
        SpearmanLasso.spearmanMatrix(
            new double[][] {{1, 2, 3, 4}, {5, 5, 5, 5}},
            new double[][] {{1, 3, 2, 4}, {4, 3, 2, 1}});
    assertEquals(0.8, r[0][0], EXACT); // 1 − 6·2/60
    assertEquals(1.0, r[0][1], EXACT); // perfectly anti-monotone, absolute value
    assertTrue(Double.isNaN(r[1][0])); // constant column, as scipy
    // ties: mid-ranks [1.5, 1.5, 3, 4] against [1, 2, 3, 4]: 4.5 / sqrt(4.5 · 5)
    double[][] t =
        SpearmanLasso.spearmanMatrix(new double[][] {{1, 1, 2, 3}}, new double[][] {{1, 2, 3, 4}});
    assertEquals(4.5 / Math.sqrt(4.5 * 5), t[0][0], EXACT);
  }

  /** One standardised predictor (‖x‖² = n): w = soft(n·c, α·n)/n = c − α for y = c·x. */
  @Test
  void lassoByHand() {
    int n = 200;
    double[] x = new double[n];
    Random rng = new Random(3);
    for (int i = 0; i < n; i++) {
      x[i] = rng.nextGaussian();
    }
    double[] xs = standardise(x);
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      y[i] = 0.5 * xs[i];
    }
    double[][] r = SpearmanLasso.lassoMatrix(new double[][] {xs}, new double[][] {y}, 0.1);
    assertEquals(0.4, r[0][0], LASSO_TOLERANCE);
    double[][] none = SpearmanLasso.lassoMatrix(new double[][] {xs}, new double[][] {y}, 0.6);
    assertEquals(0.0, none[0][0], EXACT);
  }

  @Test
  void klByHand() {
    double[] kl =
        Udr.meanKl(new float[][] {{0f, 1f}, {0f, 1f}}, new float[][] {{0f, 0f}, {0f, 0f}});
    assertArrayEquals(new double[] {0.0, 0.5}, kl, EXACT);
  }

  /**
   * Models 0 and 1 share a setting; 1 is 0's latents permuted and sign-flipped (a perfect match:
   * UDR 1); 2 mixes them (another setting, alone, so its median is over all models); the third
   * latent (KL 0) is inactive. Latents 0 and 1 form a balanced 4 × 4 grid, so their rank (and
   * linear) correlation is exactly 0.
   */
  @Test
  void modelScores() {
    int n = 16;
    double[][] a = new double[3][n];
    for (int i = 0; i < n; i++) {
      a[0][i] = i % 4;
      a[1][i] = i / 4;
      a[2][i] = 0.001 * i;
    }
    double[][] b = {negate(a[1]), negate(a[0]), a[2]};
    double[][] c = new double[3][n];
    for (int i = 0; i < n; i++) {
      c[0][i] = a[0][i] + a[1][i];
      c[1][i] = a[0][i] - a[1][i];
      c[2][i] = a[2][i];
    }
    double[] kl = {1.0, 1.0, 0.0};
    List<Udr.Model> models =
        List.of(
            new Udr.Model("m0", "beta=4", a, kl),
            new Udr.Model("m1", "beta=4", b, kl),
            new Udr.Model("m2", "beta=1", c, kl));
    UdrResult r = Udr.compute(models, Udr.Correlation.SPEARMAN, Udr.DEFAULT_KL_THRESHOLD);
    assertEquals(1.0, r.pairwise().get(0, 1), EXACT);
    assertEquals(1.0, r.pairwise().get(1, 0), EXACT);
    assertEquals(1.0, r.scores().get(0), EXACT);
    assertEquals(1.0, r.scores().get(1), EXACT);
    assertTrue(r.withinSetting().get(0));
    assertFalse(r.withinSetting().get(2));
    assertTrue(r.scores().get(2) < 0.8, "entangled model scores lower: " + r.scores().get(2));
    assertEquals((r.pairwise().get(0, 2) + r.pairwise().get(1, 2)) / 2, r.scores().get(2), EXACT);
    // Lasso on a permutation of standardised, uncorrelated latents: coefficients 1 − α = 0.9 and 0,
    // so every column and row scores 0.9² / 0.9 = 0.9
    UdrResult lasso = Udr.compute(models, Udr.Correlation.LASSO, Udr.DEFAULT_KL_THRESHOLD);
    assertEquals(0.9, lasso.scores().get(0), LASSO_TOLERANCE);
  }

  @Test
  void badInputIsNamed() {
    double[][] z = {{1, 2, 3}};
    Udr.Model one = new Udr.Model("a", "s", z, new double[] {1});
    IllegalArgumentException e =
        assertRejects(() -> Udr.compute(List.of(one), Udr.Correlation.SPEARMAN, 0.01), "got 1");
    Udr.Model other = new Udr.Model("b", "s", new double[][] {{1, 2}}, new double[] {1});
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Udr.compute(List.of(one, other), Udr.Correlation.SPEARMAN, 0.01));
    assertTrue(e.getMessage().contains("model b encodes 2 inputs"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> new Udr.Model("c", "s", z, new double[] {1, 2}));
    assertTrue(e.getMessage().contains("model c has 1 latents and 2 KL values"), e.getMessage());
  }

  private static double[] negate(double[] v) {
    double[] o = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      o[i] = -v[i];
    }
    return o;
  }

  private static double[] standardise(double[] v) {
    double m = 0;
    for (double x : v) {
      m += x;
    }
    m /= v.length;
    double s = 0;
    for (double x : v) {
      s += (x - m) * (x - m);
    }
    s = Math.sqrt(s / v.length);
    double[] o = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      o[i] = (v[i] - m) / s;
    }
    return o;
  }
}
