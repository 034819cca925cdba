package dev.candela.cli.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class FactorBinsTest {
  @Test
  void parsesNoneAndCounts() {
    assertEquals(0, FactorBins.parse("none"));
    assertEquals(0, FactorBins.parse("NONE"));
    assertEquals(20, FactorBins.parse(" 20 "));
    assertEquals(2, FactorBins.parse("2"));
  }

  @Test
  void rejectsOtherValuesWithTheOptionName() {
    for (String bad : new String[] {"1", "0", "-3", "many", ""}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> FactorBins.parse(bad));
      assertEquals(
          "--factor-bins must be 'none' or an integer ≥ 2, got '" + bad + "'", e.getMessage());
    }
  }
}
