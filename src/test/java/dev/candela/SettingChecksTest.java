package dev.candela;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The shared range checks: their bounds, their messages and the value they carry. */
class SettingChecksTest {

  private static SettingException fails(Executable check) {
    return assertThrows(SettingException.class, check);
  }

  @Test
  void atLeastAndNotNegativeSkipAValueNotGiven() {
    assertDoesNotThrow(() -> SettingChecks.atLeast(null, 1, Setting.LIMIT));
    assertDoesNotThrow(() -> SettingChecks.notNegative(null, Setting.COUNT));
    assertDoesNotThrow(() -> SettingChecks.atLeast(10, 10, Setting.SAMPLES));
    assertDoesNotThrow(() -> SettingChecks.notNegative(0, Setting.COUNT));
  }

  @Test
  void integerChecksNameTheSettingAndCarryTheValue() {
    SettingException e = fails(() -> SettingChecks.atLeast(5, 10, Setting.SAMPLES));
    assertEquals("samples must be at least 10, got 5", e.getMessage());
    assertEquals(5, e.value());
    e = fails(() -> SettingChecks.notNegative(-1, Setting.COUNT));
    assertEquals("count must be >= 0, got -1", e.getMessage());
    assertEquals(-1, e.value());
    e = fails(() -> SettingChecks.positive(0, Setting.BATCH_SIZE));
    assertEquals("batch size must be > 0, got 0", e.getMessage());
    assertSame(Setting.BATCH_SIZE, e.settingText().setting());
  }

  @Test
  void realChecksRejectNanAndInfinity() {
    assertDoesNotThrow(() -> SettingChecks.finitePositive(1e-9, Setting.LEARNING_RATE));
    assertDoesNotThrow(() -> SettingChecks.finiteNotNegative(0.0, Setting.GAMMA));
    for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
      SettingException e = fails(() -> SettingChecks.finitePositive(bad, Setting.LEARNING_RATE));
      assertEquals("learning rate must be a finite number > 0, got " + bad, e.getMessage());
      assertEquals(bad, e.value());
    }
    for (double bad : new double[] {-0.5, Double.NaN, Double.POSITIVE_INFINITY}) {
      SettingException e = fails(() -> SettingChecks.finiteNotNegative(bad, Setting.GAMMA));
      assertEquals("gamma must be a finite number >= 0, got " + bad, e.getMessage());
    }
  }
}
