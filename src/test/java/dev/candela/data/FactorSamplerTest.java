package dev.candela.data;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.MixedRadix;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Sampler properties: fixed factors are fixed, seeds reproduce, rules filter. */
class FactorSamplerTest {
  static final FactorSpace DSPRITES_LIKE =
      new FactorSpace(
          "toy",
          List.of(
              new FactorSpace.Factor("a", List.of(0, 1, 2)),
              new FactorSpace.Factor("b", List.of("x", "y")),
              new FactorSpace.Factor("c", List.of(0, 1, 2, 3, 4))));

  @Property(tries = 50)
  void gridFixedFactorIsFixedAndOthersInRange(
      @ForAll @IntRange(min = 0, max = 2) int factor, @ForAll long seed) {
    FactorSampler s = FactorSampler.forGrid(DSPRITES_LIKE);
    FactorSampler.FixedFactorBatch b = s.fixedFactorBatch(factor, 64, new SplittableRandom(seed));
    for (long i : b.indices()) {
      assertTrue(i >= 0 && i < 30);
      assertEquals(b.value(), s.codes(i)[factor]);
    }
    long[][] pairs = s.pairsSharingFactor(factor, 32, new SplittableRandom(seed));
    for (int i = 0; i < 32; i++) {
      assertEquals(s.codes(pairs[0][i])[factor], s.codes(pairs[1][i])[factor]);
    }
  }

  @Property(tries = 30)
  void seededSamplingIsReproducible(@ForAll long seed) {
    FactorSampler s = FactorSampler.forGrid(DSPRITES_LIKE);
    assertArrayEquals(
        s.randomBatch(100, new SplittableRandom(seed)),
        s.randomBatch(100, new SplittableRandom(seed)));
    assertArrayEquals(
        s.fixedFactorBatch(2, 50, new SplittableRandom(seed)).indices(),
        s.fixedFactorBatch(2, 50, new SplittableRandom(seed)).indices());
  }

  @Test
  void otherFactorsActuallyVaryOnTheGrid() {
    FactorSampler s = FactorSampler.forGrid(DSPRITES_LIKE);
    long[] b = s.fixedFactorBatch(0, 1, 200, new SplittableRandom(1));
    Set<Integer> cs = new HashSet<>();
    for (long i : b) {
      cs.add(s.codes(i)[2]);
      assertEquals(1, s.codes(i)[0]);
    }
    assertEquals(5, cs.size());
  }

  @Test
  void rulesRestrictAndSparseSamplingStaysInside() {
    FactorSampler grid = FactorSampler.forGrid(DSPRITES_LIKE);
    // exclude a=0 with c in {3,4}; exclude b=y with a=2
    java.util.function.Predicate<int[]> allows =
        c -> !((c[0] == 0 && c[2] >= 3) || (c[1] == 1 && c[0] == 2));
    long[] allowed = grid.allowedIndices(allows);
    assertEquals(30 - 4 - 5, allowed.length);
    FactorSampler sub = grid.restrict(allows);
    assertFalse(sub.isGrid());
    assertEquals(allowed.length, sub.size());
    Set<Long> ok = new HashSet<>();
    for (long i : allowed) {
      ok.add(i);
    }
    for (int v = 0; v < 3; v++) {
      long[] b = sub.fixedFactorBatch(0, v, 100, new SplittableRandom(v));
      for (long i : b) {
        assertTrue(ok.contains(i), "index " + i + " not allowed");
        assertEquals(v, grid.codes(i)[0]);
      }
    }
    for (long i : sub.randomBatch(200, new SplittableRandom(3))) {
      assertTrue(ok.contains(i));
    }
    FactorSampler only = grid.restrict(c -> c[0] == 1);
    assertRejects(
        () -> only.fixedFactorBatch(0, 2, 1, new SplittableRandom(0)),
        "no sample has value 2 of factor 'a'");
  }

  @Test
  void ofDetectsGridAndSparseDatasets() throws Exception {
    assertTrue(FactorSampler.of(new ToyDataset(DSPRITES_LIKE, false)).isGrid());
    assertFalse(FactorSampler.of(new ToyDataset(DSPRITES_LIKE, true)).isGrid());
  }

  /** In-memory dataset on the grid, optionally in reversed order (not flat-index order). */
  private record ToyDataset(FactorSpace space, boolean reversed) implements FactorDataset {
    @Override
    public long size() {
      return 30;
    }

    @Override
    public ImageShape imageShape() {
      return new ImageShape(1, 1, 1);
    }

    @Override
    public int[] codes(long index) {
      return MixedRadix.decode(reversed ? 29 - index : index, space.sizes());
    }

    @Override
    public float[] images(long[] indices) {
      return new float[indices.length];
    }

    @Override
    public String fingerprint() {
      return "toy";
    }

    @Override
    public void close() {}
  }
}
