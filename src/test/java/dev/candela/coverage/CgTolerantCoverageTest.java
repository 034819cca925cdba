package dev.candela.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The {@code cg-tolerant} family of the coverage study: CG on the toy model read with the tolerant
 * read-out over its ordinal factors, with the same {@code mean+baseline} interval as {@code cg}.
 */
class CgTolerantCoverageTest {
  @Test
  void oneRepetitionScoresTheTolerantCgWithItsInterval() {
    List<CoverageStudy.Result> exact = CoverageStudy.repetition("cg", 300, 4);
    List<CoverageStudy.Result> tol = CoverageStudy.repetition("cg-tolerant", 300, 4);
    assertEquals(List.of("cg"), exact.stream().map(CoverageStudy.Result::key).toList());
    assertEquals(
        List.of("cg (tolerant read-out)"), tol.stream().map(CoverageStudy.Result::key).toList());
    CoverageStudy.Result t = tol.get(0);
    assertEquals("mean+baseline", t.method());
    assertTrue(t.se() > 0 && t.lo() <= t.score() && t.score() <= t.hi(), t.toString());
    // the toy classifier's Gaussian softmax spreads mass over neighbouring values: the read-outs
    // differ on the same codes
    assertNotEquals(exact.get(0).score(), t.score());
    assertTrue(CoverageStudy.FAMILIES.contains("cg-tolerant"));
  }
}
