package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** DCI-ES ({@link DciEs}): the curve arithmetic by hand, known cases, properties, bad inputs. */
class DciEsTest {
  /** Sums of a handful of terms: a few ulps. */
  static final double EXACT = 1e-14;

  /** Small probes for the unit tests (the default grid is checked in DciEsPeerAgreementTest). */
  static final int[] DEPTHS = {1, 2, 4};

  static final int TREES = 10;

  @Test
  void aLinearFallFromTheBaselineToZeroScoresZero() {
    // area above ℓ* = 0: ½(1 + 0.5) + ½(0.5 + 0) = 1; normaliser ½·2·1 = 1
    assertEquals(
        0.0, DciEs.explicitness(new double[] {1, 2, 3}, new double[] {1, 0.5, 0}, 1), EXACT);
  }

  @Test
  void theCurveIsTheRunningMinimumMeasuredAboveItsLowestLoss() {
    // running minimum 0.2, 0.2, 0.1; ℓ* = 0.1; area ½(0.1 + 0.1) + ½(0.1 + 0) = 0.15
    double[] caps = {1, 2, 3};
    double[] losses = {0.2, 0.6, 0.1};
    assertEquals(1 - 0.15 / 1.0, DciEs.explicitness(caps, losses, 1), EXACT);
    // baseline 0.5: normaliser ½·2·0.5 = 0.5
    assertEquals(1 - 0.15 / 0.5, DciEs.explicitness(caps, losses, 0.5), EXACT);
  }

  @Test
  void unequalCapacityStepsWeighTheirWidths() {
    // area ½·0.5·3 = 0.75 over ½·3·1 = 1.5; a flat stretch at the bottom adds nothing
    assertEquals(0.5, DciEs.explicitness(new double[] {1, 4}, new double[] {0.5, 0}, 1), EXACT);
    assertEquals(
        1 - 0.75 / 3.0,
        DciEs.explicitness(new double[] {1, 4, 7}, new double[] {0.5, 0, 0}, 1),
        EXACT);
  }

  @Test
  void aFlatCurveScoresOneWhateverItsLevel() {
    // the authors' E measures how soon the curve reaches its lowest loss, not how low it is
    assertEquals(1.0, DciEs.explicitness(new double[] {1, 2}, new double[] {0.9, 0.9}, 1), EXACT);
    assertEquals(1.0, DciEs.explicitness(new double[] {1, 2}, new double[] {0, 0}, 1), EXACT);
  }

  @Test
  void explicitnessIsInvariantToAffineCapacitiesAndCommonLossScale() {
    Random rng = new Random(7);
    for (int rep = 0; rep < 50; rep++) {
      int n = 2 + rng.nextInt(8);
      double[] caps = new double[n];
      double[] losses = new double[n];
      double c = 0;
      for (int i = 0; i < n; i++) {
        c += 0.1 + rng.nextDouble() * 3;
        caps[i] = c;
        losses[i] = rng.nextDouble() * 1.2;
      }
      double e = DciEs.explicitness(caps, losses, 1);
      assertTrue(e <= 1 + EXACT, "E " + e + " above 1");
      double[] caps2 = caps.clone();
      double[] losses2 = losses.clone();
      for (int i = 0; i < n; i++) {
        caps2[i] = 3 * caps[i] - 5;
        losses2[i] = 2 * losses[i];
      }
      assertEquals(e, DciEs.explicitness(caps2, losses2, 2), 1e-12);
    }
  }

  /** Two binary factors read exactly by latents 0 and 1, and a constant third latent. */
  static LatentCodes exact(int n, long seed) {
    Random rng = new Random(seed);
    double[][] z = new double[3][n];
    int[][] f = new int[2][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = rng.nextInt(2);
      f[1][i] = rng.nextInt(2);
      z[0][i] = f[0][i];
      z[1][i] = 3 * f[1][i];
      z[2][i] = 0.5;
    }
    return LatentCodes.of(z, f);
  }

  @Test
  void latentsThatAreTheBinaryFactorsScoreOneEverywhere() {
    DciEsResult r = DciEs.compute(exact(200, 1), exact(100, 2), DEPTHS, TREES, 0);
    // depth 1 already predicts each factor exactly: every loss 0, every E_k 1
    for (double[] curve : r.losses().toArray()) {
      assertArrayEquals(new double[] {0, 0, 0}, curve, EXACT);
    }
    assertEquals(1.0, r.explicitness(), EXACT);
    assertEquals(1.0, r.informativeness(), EXACT);
    assertEquals(2.0 / 3.0, r.size(), EXACT);
    assertEquals(1, r.bestDepth());
    // latent j alone splits factor j; the constant latent is never used (D and C as 10⁻¹¹ allows)
    assertEquals(1.0, r.disentanglement(), 1e-9);
    assertEquals(1.0, r.completeness(), 1e-9);
    assertEquals(1.0, r.importance().get(0, 0), EXACT);
    assertEquals(0.0, r.importance().get(2, 1), EXACT);
  }

  @Test
  void aLatentUnrelatedToTheFactorHasNoTestSkill() {
    Random rng = new Random(3);
    int n = 300;
    double[][] z = new double[1][n];
    int[][] f = new int[1][n];
    for (int i = 0; i < n; i++) {
      z[0][i] = rng.nextGaussian();
      f[0][i] = rng.nextInt(4);
    }
    LatentCodes all = LatentCodes.of(z, f);
    int[] tr = java.util.stream.IntStream.range(0, 200).toArray();
    int[] te = java.util.stream.IntStream.range(200, n).toArray();
    DciEsResult r = DciEs.compute(all.rows(tr), all.rows(te), DEPTHS, TREES, 0);
    // noise probes: test R² ≤ about 0 at every depth (loss near or above the baseline 1)
    for (double loss : r.losses().row(0).toArray()) {
      assertTrue(loss > 0.9, "loss " + loss);
    }
    assertTrue(r.informativeness() < 0.1, "I " + r.informativeness());
    assertEquals(1.0, r.size(), EXACT);
  }

  @Test
  void scalingEveryLatentByTwoChangesNothing() {
    LatentCodes a = Fixtures.random60();
    double[][] z2 = new double[a.numLatents()][];
    for (int j = 0; j < z2.length; j++) {
      z2[j] = a.latentAsDoubles(j);
      for (int i = 0; i < z2[j].length; i++) {
        z2[j][i] *= 2;
      }
    }
    LatentCodes b = LatentCodes.of(z2, a.factors());
    int[] tr = java.util.stream.IntStream.range(0, 40).toArray();
    int[] te = java.util.stream.IntStream.range(40, 60).toArray();
    DciEsResult ra = DciEs.compute(a.rows(tr), a.rows(te), DEPTHS, TREES, 5);
    DciEsResult rb = DciEs.compute(b.rows(tr), b.rows(te), DEPTHS, TREES, 5);
    assertEquals(ra.explicitness(), rb.explicitness(), 0.0);
    assertEquals(ra.disentanglement(), rb.disentanglement(), 0.0);
    for (int k = 0; k < ra.losses().rows(); k++) {
      assertArrayEquals(ra.losses().row(k).toArray(), rb.losses().row(k).toArray(), 0.0);
    }
  }

  @Test
  void rSquaredIsSklearns() {
    // y = 0, 1, 2, 3 (mean 1.5, Σ(y − ȳ)² = 5), ŷ = 0, 1, 1, 3: Σ(y − ŷ)² = 1
    assertEquals(0.8, DciEs.rSquared(new double[] {0, 1, 1, 3}, new double[] {0, 1, 2, 3}), EXACT);
    assertEquals(1.0, DciEs.rSquared(new double[] {2, 2}, new double[] {2, 2}), 0.0);
    assertEquals(0.0, DciEs.rSquared(new double[] {1, 2}, new double[] {2, 2}), 0.0);
  }

  @Test
  void badCurvesAreRefusedWithTheirValues() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DciEs.explicitness(new double[] {1, 3, 2}, new double[] {1, 1, 1}, 1));
    assertEquals(
        "capacities must be finite and strictly ascending, got [1.0, 3.0, 2.0]", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DciEs.explicitness(new double[] {1, 2}, new double[] {1}, 1));
    assertEquals(
        "a loss-capacity curve needs at least 2 points and one loss per capacity, got 2 capacities"
            + " and 1 losses",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DciEs.explicitness(new double[] {1, 2}, new double[] {1, Double.NaN}, 1));
    assertEquals("loss at capacity 2.0 is not finite: NaN", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DciEs.explicitness(new double[] {1, 2}, new double[] {1, 0}, 0));
    assertEquals("baseline loss must be finite and > 0, got 0.0", e.getMessage());
  }

  @Test
  void badProbesAndInputsAreRefusedWithTheirValues() {
    LatentCodes a = exact(50, 1);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DciEs.compute(a, a, new int[] {2, 2}, TREES, 0));
    assertEquals(
        "probe depths must be at least two, ≥ 1 and strictly ascending, got [2, 2]",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> DciEs.compute(a, a, new int[] {0, 1}, TREES, 0));
    assertEquals(
        "probe depths must be at least two, ≥ 1 and strictly ascending, got [0, 1]",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> DciEs.compute(a, a, DEPTHS, 0, 0));
    assertEquals("a forest needs at least 1 tree, got 0", e.getMessage());
    LatentCodes constant = LatentCodes.of(new double[][] {{1, 2, 3}}, new int[][] {{4, 4, 4}});
    e =
        assertThrows(
            IllegalArgumentException.class, () -> DciEs.compute(constant, constant, DEPTHS, 1, 0));
    assertTrue(
        e.getMessage().contains("has the single value 4 in all 3 training samples"),
        e.getMessage());
  }
}
