package dev.candela.metrics.stats;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class RocAucTest {

  private static final double EXACT = 1e-12;

  @Test
  void perfectReversedAndAllTiedScores() {
    boolean[] y = {false, false, true, true};
    assertEquals(1.0, RocAuc.auc(y, new double[] {0.1, 0.2, 0.3, 0.4}), EXACT);
    assertEquals(0.0, RocAuc.auc(y, new double[] {0.4, 0.3, 0.2, 0.1}), EXACT);
    assertEquals(0.5, RocAuc.auc(y, new double[] {0.7, 0.7, 0.7, 0.7}), EXACT);
  }

  @Test
  void tieBetweenAPositiveAndANegativeCountsHalf() {
    // positives 0.5, 0.8; negatives 0.5, 0.2: pairs (0.5,0.5)=1/2, (0.5,0.2)=1, (0.8,0.5)=1,
    // (0.8,0.2)=1 -> 3.5 / 4
    boolean[] y = {true, false, true, false};
    assertEquals(0.875, RocAuc.auc(y, new double[] {0.5, 0.5, 0.8, 0.2}), EXACT);
  }

  @Test
  void tiesWithinOneClassDoNotMatter() {
    // positives 0.9, 0.9, 0.4; negatives 0.4, 0.1: pairs 1,1,1,1,1/2,1 -> 5.5 / 6
    boolean[] y = {true, true, true, false, false};
    assertEquals(5.5 / 6.0, RocAuc.auc(y, new double[] {0.9, 0.9, 0.4, 0.4, 0.1}), EXACT);
  }

  @Test
  void undefinedWithoutBothClasses() {
    assertRejects(
        () -> RocAuc.auc(new boolean[] {true, true}, new double[] {0.1, 0.2}),
        "2 positives and 0 negatives");
  }

  @Test
  void rejectsMismatchedLengthsAndNonFiniteScores() {
    IllegalArgumentException e =
        assertRejects(() -> RocAuc.auc(new boolean[] {true, false}, new double[] {0.1}), "2 vs 1");
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RocAuc.auc(new boolean[] {true, false}, new double[] {0.1, Double.NaN}));
    assertTrue(e.getMessage().contains("NaN at index 1"), e.getMessage());
  }

  /** The mid-rank formula equals the pair count P(s+ > s-) + P(s+ = s-)/2 on tie-heavy scores. */
  @Property(tries = 200)
  void equalsBruteForcePairCount(
      @ForAll @Size(min = 2, max = 40) List<@IntRange(min = 0, max = 4) Integer> scores,
      @ForAll @Size(min = 2, max = 40) List<Boolean> labels) {
    int n = Math.min(scores.size(), labels.size());
    boolean[] y = new boolean[n];
    double[] s = new double[n];
    int pos = 0;
    for (int i = 0; i < n; i++) {
      y[i] = labels.get(i);
      s[i] = scores.get(i) / 4.0;
      pos += y[i] ? 1 : 0;
    }
    Assume.that(pos > 0 && pos < n);
    double pairs = 0.0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (y[i] && !y[j]) {
          pairs += s[i] > s[j] ? 1.0 : s[i] == s[j] ? 0.5 : 0.0;
        }
      }
    }
    assertEquals(pairs / ((double) pos * (n - pos)), RocAuc.auc(y, s), EXACT);
  }
}
