package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class MigModularityTest {

  /** Hand-computed: MI and entropy of balanced binary labels are ln 2 up to a few ulps. */
  private static final double HAND = 1e-15;

  /** Pasted numpy results (same formulas; summation order may differ in the last bits). */
  private static final double NUMPY = 1e-12;

  @Test
  void disentangledCodeHasMigOneAndModularityOne() {
    MigResult m = Mig.compute(Fixtures.disentangled());
    assertEquals(1.0, m.score(), HAND);
    assertArrayEquals(new double[] {Math.log(2), Math.log(2)}, m.factorEntropy().toArray(), HAND);
    assertArrayEquals(new double[] {Math.log(2), 0}, m.mutualInformation().row(0).toArray(), HAND);
    assertEquals(List.of(0, 1), m.bestLatent());
    assertEquals(0, m.constantFactors().size());
    assertEquals(20, m.bins());
    ModularityResult mod = Modularity.compute(Fixtures.disentangled());
    assertEquals(1.0, mod.score(), HAND);
  }

  @Test
  void latentCarryingTwoFactorsIsNotModular() {
    // z0 takes 4 values that identify (f0, f1): MI ln 2 with both factors, so MIG is 1 for both
    // (numpy: 1.0000000000000002), but its modularity is 1 − θ/(θ·1) = 0; z1 and the constant z2
    // carry nothing and score 0.
    MigResult m = Mig.compute(Fixtures.entangled());
    assertEquals(1.0, m.score(), NUMPY);
    ModularityResult mod = Modularity.compute(Fixtures.entangled());
    assertArrayEquals(new double[] {0, 0, 0}, mod.perLatent().toArray(), HAND);
    assertEquals(0.0, mod.score(), HAND);
  }

  @Test
  void randomCodeMatchesNumpy() {
    MigResult m = Mig.compute(Fixtures.random60());
    assertEquals(0.19252415604455345, m.score(), NUMPY);
    ModularityResult mod = Modularity.compute(Fixtures.random60());
    assertArrayEquals(
        new double[] {
          0.9174511209916154, 0.9323019178369845, 0.9451948881473976, 0.743775858336557
        },
        mod.perLatent().toArray(),
        NUMPY);
    assertEquals(0.8846809463281387, mod.score(), NUMPY);
  }

  @Test
  void singleLatentUsesZeroAsSecondBest() {
    LatentCodes c = Fixtures.disentangled().rows(new int[] {0, 1, 2, 3, 4, 5, 6, 7});
    LatentCodes one = LatentCodes.of(new float[][] {c.latents()[0]}, new int[][] {c.factors()[0]});
    MigResult m = Mig.compute(one);
    assertEquals(1.0, m.score(), HAND);
  }

  @Test
  void constantFactorIsExcludedAndListed() {
    LatentCodes c =
        LatentCodes.of(
            new double[][] {Fixtures.toDouble(Fixtures.GRID_F0)},
            new int[][] {Fixtures.GRID_F0, {3, 3, 3, 3, 3, 3, 3, 3}});
    MigResult m = Mig.compute(c);
    assertEquals(1.0, m.score(), HAND);
    assertEquals(List.of(1), m.constantFactors());
    assertEquals(0.0, m.gap().get(1), 0.0);
  }

  @Test
  void allConstantFactorsAreRejected() {
    LatentCodes c = LatentCodes.of(new double[][] {{1, 2, 3}}, new int[][] {{0, 0, 0}, {2, 2, 2}});
    assertRejects(() -> Mig.compute(c), "all 2 factors are constant", "[0, 1]");
  }

  @Test
  void modularityWithOneFactorIsOneForInformativeLatents() {
    ModularityResult r = Modularity.fromMutualInformation(new double[][] {{0.5}, {0.0}}, 20);
    assertArrayEquals(new double[] {1, 0}, r.perLatent().toArray(), 0.0);
    assertEquals(0.5, r.score(), 0.0);
  }

  @Test
  void modularityByHand() {
    // Row (0.3, 0.4): θ = 0.16, Σ = 0.25, δ = 0.09 / 0.16 = 0.5625, score 0.4375.
    ModularityResult r = Modularity.fromMutualInformation(new double[][] {{0.3, 0.4}}, 20);
    assertEquals(0.4375, r.score(), HAND);
  }

  @Test
  void migFromMatrixChecksShapes() {
    assertRejects(
        () -> Mig.fromMutualInformation(new double[][] {{0.1, 0.2}}, new double[] {1}, 20),
        "2 entries for 1");
  }
}
