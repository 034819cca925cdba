package dev.candela.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code downstream} family of the coverage study scores the sizes that fit into N with the
 * {@code repeats} interval of {@code score-codes}.
 */
class DownstreamCoverageTest {
  @Test
  void oneRepetitionScoresEverySizeThatFitsWithItsInterval() {
    // N = 100: 50 test rows, so n = 10 fits and n = 100 does not
    List<CoverageStudy.Result> r = CoverageStudy.repetition("downstream", 100, 11);
    assertEquals(
        List.of("downstream.10", "downstream.10.min"),
        r.stream().map(CoverageStudy.Result::key).toList());
    for (CoverageStudy.Result x : r) {
      assertEquals("repeats", x.method(), x.key());
      assertTrue(x.se() > 0 && x.lo() <= x.score() && x.score() <= x.hi(), x.toString());
    }
    assertTrue(CoverageStudy.FAMILIES.contains("downstream"));
  }
}
