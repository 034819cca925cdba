package dev.candela.metrics.cg;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Invariants of CG on random nonlinear generators. */
class CgPropertiesTest {

  /** Swapping Z_I and its complement swaps the same float probabilities: no rounding at all. */
  private static final double EXACT = 0.0;

  private static final int[] SIZES = {2, 3, 4};
  private static final int D = 5;
  private static final int W = 9;

  @Property(tries = 30)
  void batchSizeDoesNotChangeTheResult(
      @ForAll @IntRange(min = 1, max = 80) int maxBatch,
      @ForAll @IntRange(min = 0, max = 999) int seed) {
    CgToys.Problem t = CgToys.problem(17, SIZES, D, W, seed);
    CgOptions o = CgOptions.builder().setSets(new int[][] {{0}, {1, 2}, {4}}).build();
    CgResult ref = t.cg(o.withMaxBatch(1000));
    assertEquals(ref, t.cg(o.withMaxBatch(maxBatch)));
    assertTrue(ref.score() >= 0 && ref.score() <= 1);
  }

  /**
   * |ICE_I − ICE_\I| is symmetric: giving each factor the complement of its set swaps p_I and p_\I
   * sample by sample and leaves CG unchanged (for the zero and mean baselines, which do not depend
   * on the set; max-deviation does not either, it is per latent).
   */
  @Property(tries = 20)
  void complementSetsSwapTheTermsAndKeepCg(@ForAll @IntRange(min = 0, max = 999) int seed) {
    CgToys.Problem toy = CgToys.problem(11, SIZES, D, W, seed);
    int[][] sets = {{0}, {1, 2}, {4}};
    int[][] complements = {{1, 2, 3, 4}, {0, 3, 4}, {0, 1, 2, 3}};
    for (CgBaseline b : CgBaseline.values()) {
      CgResult r = toy.cg(CgOptions.builder().setSets(sets).optBaseline(b).build());
      CgResult s = toy.cg(CgOptions.builder().setSets(complements).optBaseline(b).build());
      for (int k = 0; k < SIZES.length; k++) {
        CgFactorTerms a = r.factors().get(k);
        CgFactorTerms t = s.factors().get(k);
        assertArrayEquals(a.pIntervened(), t.pComplement(), EXACT);
        assertArrayEquals(a.pComplement(), t.pIntervened(), EXACT);
        assertArrayEquals(a.terms(), t.terms(), EXACT);
      }
      assertEquals(r.score(), s.score(), EXACT);
    }
  }
}
