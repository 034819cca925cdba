package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.metrics.stats.Arrays2;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A context on some rows ({@link CodeContext#onRows}) holds row indices, not a copy of the rows:
 * IRS (and so UC) on it is bit for bit IRS on a copy of those rows.
 */
class CodeContextRowsTest {

  private static final double EXACT = 0.0;

  private static void assertSameIrs(IrsResult expected, IrsResult actual) {
    assertEquals(expected.score(), actual.score(), EXACT);
    assertEquals(expected.matrix().rows(), actual.matrix().rows());
    for (int a = 0; a < expected.matrix().rows(); a++) {
      assertArrayEquals(
          expected.matrix().row(a).toArray(), actual.matrix().row(a).toArray(), EXACT, "row " + a);
    }
    assertArrayEquals(expected.maxDeviation().toArray(), actual.maxDeviation().toArray(), EXACT);
    assertArrayEquals(Arrays2.ints(expected.activeLatents()), Arrays2.ints(actual.activeLatents()));
    assertArrayEquals(Arrays2.ints(expected.factorGroups()), Arrays2.ints(actual.factorGroups()));
    assertEquals(expected.numSamples(), actual.numSamples());
  }

  @Test
  void irsOnRowIndicesEqualsIrsOnCopiedRows() {
    LatentCodes codes = Fixtures.random60();
    // numeric vocabularies that re-binning into 20 bins merges, as a factor table gives them
    List<List<Object>> vocab =
        List.of(
            List.of(0.0, 1.0, 2.0),
            List.of(0.5, 1.0, 1.5, 2.0),
            java.util.stream.IntStream.range(0, 25).mapToObj(c -> (Object) (c * 0.3)).toList());
    CodeScorer.Options options = CodeScorer.Options.defaults();
    CodeContext all = new CodeContext(codes, vocab, options);
    int[] rows = new int[30];
    for (int k = 0; k < rows.length; k++) {
      rows[k] = 2 * k + (k % 3 == 0 ? 1 : 0);
    }
    assertSameIrs(new CodeContext(codes.rows(rows), vocab, options).irs(), all.onRows(rows).irs());
    // a subsample of a subsample: indices into the first one's rows
    int[] inner = {0, 1, 2, 5, 8, 9, 13, 14, 20, 21, 22, 27, 29};
    int[] composed = new int[inner.length];
    for (int k = 0; k < inner.length; k++) {
      composed[k] = rows[inner[k]];
    }
    assertSameIrs(
        new CodeContext(codes.rows(composed), vocab, options).irs(),
        all.onRows(rows).onRows(inner).irs());
    assertEquals(inner.length, all.onRows(rows).onRows(inner).numSamples());
  }

  @Test
  void aFactorConstantOnTheRowsIsExcludedThere() {
    LatentCodes codes = Fixtures.disentangled();
    CodeContext sub =
        new CodeContext(codes, null, CodeScorer.Options.defaults()).onRows(new int[] {0, 1, 2, 3});
    // factor 0 is 0 on rows 0..3: only factor 1 is scored
    assertEquals(List.of("f1"), sub.scoredFactorNames());
    assertEquals(1, sub.irs().factorGroups().size());
    assertEquals(List.of("f1"), sub.scored().factorNames());
    assertEquals(4, sub.scored().numSamples());
  }
}
