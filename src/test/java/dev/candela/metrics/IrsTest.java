package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.candela.metrics.stats.Arrays2;
import java.util.List;
import org.junit.jupiter.api.Test;

class IrsTest {

  /** Hand-computed cases are exact up to rounding of a few operations. */
  private static final double HAND = 1e-15;

  /**
   * Pasted numpy results (same algorithm; summation order may differ in the last bits), computed in
   * float64 from the float32 values of the fixture, which is what the codes hold
   * (scripts/float32-fixtures.py).
   */
  private static final double NUMPY = 1e-12;

  @Test
  void perfectlyDisentangledCodeScoresOne() {
    // Inside a group of its own factor each latent is constant (EMPIDA 0, entry 1); inside a group
    // of the other factor it takes 0 and 1 (deviation 0.5 = max_dev, entry 0).
    IrsResult r = Irs.compute(Fixtures.disentangled());
    assertEquals(1.0, r.score(), HAND);
    assertArrayEquals(new double[] {1, 0}, r.matrix().row(0).toArray(), HAND);
    assertArrayEquals(new double[] {0, 1}, r.matrix().row(1).toArray(), HAND);
    assertArrayEquals(new double[] {0.5, 0.5}, r.maxDeviation().toArray(), HAND);
    assertEquals(List.of(0, 1), r.activeLatents());
    assertEquals(List.of(), r.droppedLatents());
    assertEquals(List.of(2, 2), r.factorGroups());
    assertEquals(IrsOptions.DEFAULTS, r.options());
  }

  @Test
  void entangledCodeByHandAndConstantLatentDropped() {
    // z0 = f0 + 2 f1 has mean 1.5, max_dev 1.5. In f0-groups z0 ∈ {f0, f0+2}: deviation 1,
    // entry 1 − 1/1.5 = 1/3. In f1-groups z0 ∈ {2f1, 2f1+1}: deviation 0.5, entry 2/3.
    // z1 is balanced inside every group: deviation 0.5 = max_dev, entries 0. z2 is constant.
    // IRS = (1.5·2/3 + 0.5·0) / (1.5 + 0.5) = 0.5 (numpy: 0.5).
    IrsResult r = Irs.compute(Fixtures.entangled());
    assertEquals(List.of(0, 1), r.activeLatents());
    assertEquals(List.of(2), r.droppedLatents());
    assertArrayEquals(new double[] {1.0 / 3, 2.0 / 3}, r.matrix().row(0).toArray(), HAND);
    assertArrayEquals(new double[] {0, 0}, r.matrix().row(1).toArray(), HAND);
    assertArrayEquals(new double[] {2.0 / 3, 0}, r.perLatent().toArray(), HAND);
    assertEquals(0.5, r.score(), HAND);
    assertEquals(2.0 / 3, r.entry(0, 1), HAND);
    assertRejects(() -> r.entry(2, 0), "latent 2 is not active");
  }

  @Test
  void randomCodeMatchesNumpyWithTwentyBinRebinning() {
    IrsResult r = Irs.compute(Fixtures.random60());
    double[][] numpy = {
      {0.32599249648794726, 0.23639753291847887, 0.6936719787461321},
      {0.20787608246650202, 0.19638209750480085, 0.7235731560448562},
      {0.1834753877854971, 0.26965074111487164, 0.6454856339161579},
      {0.01996241195296955, 0.6880845756991711, 0.5186498073364569}
    };
    assertMatrix(numpy, r.matrix().toArray());
    assertArrayEquals(
        new double[] {3.652618435801317, 2.637136706120024, 2.1953382222447546, 1.8948632385271291},
        r.maxDeviation().toArray(),
        NUMPY);
    assertEquals(0.690057397447437, r.score(), NUMPY);
    // The factor with 24 distinct values (0..24) is merged into 19 non-empty histogram bins.
    assertEquals(List.of(3, 4, 19), r.factorGroups()); // numpy: 19 unique bins
  }

  @Test
  void randomCodeMatchesNumpyOnRawFactorCodes() {
    IrsResult r = Irs.compute(Fixtures.random60(), new IrsOptions(0.99, 0));
    double[][] numpy = {
      {0.32599249648794726, 0.23639753291847887, 0.7479161580958582},
      {0.20787608246650202, 0.19638209750480085, 0.7697913170534987},
      {0.1834753877854971, 0.26965074111487164, 0.7346111631842638},
      {0.01996241195296955, 0.6880845756991711, 0.5869933851489746}
    };
    assertMatrix(numpy, r.matrix().toArray());
    assertEquals(0.7397375260964572, r.score(), NUMPY);
    assertEquals(List.of(3, 4, 24), r.factorGroups()); // value 16 never drawn
    assertEquals(0, r.options().factorBins());
  }

  @Test
  void allConstantLatentsScoreZeroLikeTheReference() {
    LatentCodes c =
        LatentCodes.of(new double[][] {{1, 1, 1}, {2, 2, 2}}, new int[][] {{0, 1, 0}, {1, 1, 0}});
    IrsResult r = Irs.compute(c);
    assertEquals(0.0, r.score(), 0.0);
    assertEquals(List.of(0, 1), r.droppedLatents());
    assertEquals(0, r.activeLatents().size());
  }

  @Test
  void resultIsImmutable() {
    IrsResult r = Irs.compute(Fixtures.disentangled());
    r.matrix().toArray()[0][0] = 42;
    Arrays2.ints(r.activeLatents())[0] = 42;
    assertEquals(1.0, r.matrix().get(0, 0), HAND);
    assertEquals(0, r.activeLatents().get(0));
    assertThrows(UnsupportedOperationException.class, () -> r.activeLatents().set(0, 42));
  }

  @Test
  void badOptionsNameTheValue() {
    assertRejects(() -> new IrsOptions(1.5, 20), "1.5");
    assertRejects(() -> new IrsOptions(0.99, -1), "-1");
  }

  static void assertMatrix(double[][] expected, double[][] actual) {
    assertEquals(expected.length, actual.length);
    for (int i = 0; i < expected.length; i++) {
      assertArrayEquals(expected[i], actual[i], NUMPY, "row " + i);
    }
  }
}
