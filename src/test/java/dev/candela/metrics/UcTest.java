package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.metrics.stats.Arrays2;
import org.junit.jupiter.api.Test;

class UcTest {

  /** UC is a ratio of small integers. */
  private static final double EXACT = 1e-15;

  @Test
  void disentangledCodeIsFullyUnconfounded() {
    UcResult r = Uc.compute(Fixtures.disentangled(), 1, UcSelection.TOPK);
    assertEquals(1.0, r.score(), EXACT);
    assertArrayEquals(new int[][] {{0}, {1}}, Arrays2.ints2(r.sets()));
    assertEquals(0.0, r.jaccard().get(0, 1), EXACT);
  }

  @Test
  void oneLatentCarryingBothFactorsGivesZero() {
    for (UcSelection s : UcSelection.values()) {
      UcResult r = Uc.compute(Fixtures.entangled(), 1, s);
      assertEquals(0.0, r.score(), EXACT, s.name());
      assertArrayEquals(new int[][] {{0}, {0}}, Arrays2.ints2(r.sets()), s.name());
    }
    // With rho = 2 both active latents are chosen for both factors: still 0.
    assertEquals(0.0, Uc.compute(Fixtures.entangled(), 2, UcSelection.TOPK).score(), EXACT);
  }

  @Test
  void randomCodeTopKAndForkMatchNumpy() {
    IrsResult irs = Irs.compute(Fixtures.random60());
    // numpy: stable argsort of −column, first rho; UC by the paper's formula.
    UcResult t1 = Uc.compute(irs, 1, UcSelection.TOPK);
    assertArrayEquals(new int[][] {{0}, {3}, {1}}, Arrays2.ints2(t1.sets()));
    assertEquals(1.0, t1.score(), EXACT);
    UcResult t2 = Uc.compute(irs, 2, UcSelection.TOPK);
    assertArrayEquals(new int[][] {{0, 1}, {2, 3}, {0, 1}}, Arrays2.ints2(t2.sets()));
    assertEquals(2.0 / 3, t2.score(), EXACT);
    UcResult t3 = Uc.compute(irs, 3, UcSelection.TOPK);
    assertArrayEquals(new int[][] {{0, 1, 2}, {0, 2, 3}, {0, 1, 2}}, Arrays2.ints2(t3.sets()));
    assertEquals(1 - (0.5 + 1 + 0.5) / 3, t3.score(), EXACT);
    // Authors' argpartition(col, -1)[::-rho][:rho], numpy 2.4.6 with SIMD dispatch disabled
    // (NPY_DISABLE_CPU_FEATURES="X86_V3 X86_V4 AVX512_ICL AVX512_SPR").
    UcResult f2 = Uc.compute(irs, 2, UcSelection.FORK);
    assertArrayEquals(new int[][] {{0, 1}, {1, 3}, {1, 3}}, Arrays2.ints2(f2.sets()));
    assertEquals(1 - (1.0 / 3 + 1.0 / 3 + 1) / 3, f2.score(), EXACT);
    UcResult f3 = Uc.compute(irs, 3, UcSelection.FORK);
    assertArrayEquals(new int[][] {{0, 3}, {0, 3}, {0, 1}}, Arrays2.ints2(f3.sets()));
    assertEquals(UcSelection.FORK, f3.selection());
    assertEquals(3, f3.rho());
  }

  @Test
  void argpartitionEmulationMatchesNumpyScalarIntroselect() {
    // Pasted from numpy 2.4.6 np.argpartition(a, -1) with SIMD dispatch disabled.
    check(new double[] {0.1, 0.9, 0.9, 0.3, 0.2}, 0, 1, 4, 3, 2); // LAST maximum moves to the end
    check(new double[] {0.9, 0.9, 0.9, 0.9, 0.9}, 0, 1, 2, 3, 4);
    check(new double[] {0.5, 0.1, 0.9, 0.2, 0.9, 0.3}, 0, 1, 2, 3, 5, 4);
    check(new double[] {0.7, 0.2, 0.4, 0.1}, 3, 1, 2, 0);
    // n <= 3: selection sort.
    check(new double[] {3, 1, 2}, 1, 2, 0);
    check(new double[] {2, 3, 1}, 2, 0, 1);
    check(new double[] {1, 3, 3}, 0, 1, 2);
    check(new double[] {3, 3, 1}, 2, 1, 0);
    check(new double[] {2, 1}, 1, 0);
    check(new double[] {1, 1}, 0, 1);
    check(new double[] {5}, 0);
  }

  private static void check(double[] column, int... numpyPermutation) {
    assertArrayEquals(numpyPermutation, Uc.argpartitionLast(column));
  }

  @Test
  void forkIsNotTopRho() {
    // Identity permutation (maximum already last): positions 4 and 2, not the top-2 {4, 0}.
    assertArrayEquals(new int[] {4, 2}, Uc.fork(new double[] {0.9, 0.8, 0.1, 0.2, 0.95}, 2));
    assertArrayEquals(new int[] {4, 0}, Uc.topK(new double[] {0.9, 0.8, 0.1, 0.2, 0.95}, 2));
    // ceil(n / rho) < rho: fewer than rho latents.
    assertEquals(2, Uc.fork(new double[] {1, 2, 3, 4, 5}, 3).length);
  }

  @Test
  void topKBreaksTiesTowardsLowerIndex() {
    assertArrayEquals(new int[] {1, 2}, Uc.topK(new double[] {0.1, 0.5, 0.5, 0.5}, 2));
  }

  @Test
  void setsUseOriginalLatentIndices() {
    // Latent 0 is constant and dropped; the aligned latents are 1 and 2.
    LatentCodes c =
        LatentCodes.of(
            new double[][] {
              {4, 4, 4, 4, 4, 4, 4, 4},
              Fixtures.toDouble(Fixtures.GRID_F0),
              Fixtures.toDouble(Fixtures.GRID_F1)
            },
            new int[][] {Fixtures.GRID_F0, Fixtures.GRID_F1});
    UcResult r = Uc.compute(c, 1, UcSelection.FORK);
    assertArrayEquals(new int[][] {{1}, {2}}, Arrays2.ints2(r.sets()));
  }

  @Test
  void rhoLargerThanActiveLatentsNamesBothNumbers() {
    assertRejects(
        () -> Uc.compute(Fixtures.entangled(), 3, UcSelection.TOPK),
        "rho = 3",
        "latents, 2",
        "[2]");
  }

  @Test
  void rhoZeroIsRejected() {
    assertRejects(() -> Uc.compute(Fixtures.disentangled(), 0, UcSelection.TOPK), "got 0");
  }

  @Test
  void singleFactorIsUndefined() {
    LatentCodes one = Fixtures.disentangled().selectFactors(new int[] {0});
    assertRejects(() -> Uc.compute(one, 1, UcSelection.TOPK), "at least 2 factors, got 1");
  }
}
