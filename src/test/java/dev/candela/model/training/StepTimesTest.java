package dev.candela.model.training;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The per-phase step timer of {@code bench models}: warm-up skipping and per-step means. */
class StepTimesTest {
  private static final double EXACT = 1e-15;

  @Test
  void skipsWarmUpAndAveragesTheRest() {
    StepTimes t = new StepTimes(2);
    assertTrue(Double.isNaN(t.forwardSeconds()), "no step timed yet");
    t.add(9_000_000_000L, 9_000_000_000L, 9_000_000_000L); // warm-up, ignored
    t.add(9_000_000_000L, 9_000_000_000L, 9_000_000_000L); // warm-up, ignored
    t.add(1_000_000L, 2_000_000L, 500_000L);
    t.add(3_000_000L, 4_000_000L, 1_500_000L);
    assertEquals(2, t.steps());
    assertEquals(0.002, t.forwardSeconds(), EXACT);
    assertEquals(0.003, t.backwardSeconds(), EXACT);
    assertEquals(0.001, t.optimizerSeconds(), EXACT);
  }

  @Test
  void negativeWarmUpIsRejected() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new StepTimes(-1));
    assertTrue(e.getMessage().contains("-1"), e.getMessage());
  }
}
