package dev.candela.data.validate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.data.FactorSpace;
import java.util.List;
import org.junit.jupiter.api.Test;

class FactorStatisticsTest {
  private static final FactorSpace SPACE =
      new FactorSpace(
          "t",
          List.of(
              new FactorSpace.Factor("a", List.of("x", "y")),
              new FactorSpace.Factor("b", List.of(1, 2, 3))));

  @Test
  void handCountedCoverageAndCooccurrence() throws Exception {
    FactorStatistics.Accumulator acc = new FactorStatistics.Accumulator(SPACE);
    acc.add(new int[] {0, 0});
    acc.add(new int[] {0, 0});
    acc.add(new int[] {1, 2});
    FactorStatistics s = acc.result();
    assertEquals(3, s.samples());
    assertArrayEquals(new long[] {2, 1}, s.coverage().get(0).counts());
    assertArrayEquals(new long[] {2, 0, 1}, s.coverage().get(1).counts());
    FactorStatistics.CoOccurrence ab = s.cooccurrence().get(0);
    assertArrayEquals(new long[] {2, 0, 0}, ab.counts()[0]);
    assertArrayEquals(new long[] {0, 0, 1}, ab.counts()[1]);
    assertEquals(4, ab.zeroCells());
  }
}
