package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.metrics.CodeMemory;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.Metric;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The memory estimate of score-codes and the one line that refuses a run the heap cannot hold, with
 * the processors, the heap limit and G1's region size given (they decide the scans' threads and the
 * regions an array takes), so the numbers are exact.
 */
class ScoreCodesMemoryTest {

  private static final long ROWS = 20_000_000;

  private static final long MIB = 1L << 20;

  /** The default heap limit of the 23 GiB machine of issue 37 (a quarter), with 4 MiB regions. */
  private static final CodeMemory.Jvm DEFAULT_JVM = new CodeMemory.Jvm(2, 6_320_816_128L, 4 * MIB);

  /** The largest IRS group of a factor with 3 equally frequent codes. */
  private static final long THIRD = 6_666_667;

  /** Whole regions of an array of {@code bytes} payload plus its 16-byte header. */
  private static long regions(long bytes, long region) {
    return (bytes + 16 + region - 1) / region * region;
  }

  @Test
  void twentyMillionRowsOf64LatentsFitTheDefaultHeap() {
    CodeMemory.Estimate e =
        CodeMemory.estimate(
            ROWS,
            64,
            5,
            THIRD,
            CodeScorer.Options.defaults(),
            CodeScorer.IntervalOptions.of(20, 10),
            DEFAULT_JVM);
    long column = regions(4 * ROWS, 4 * MIB); // 20 regions of 4 MiB: 76.3 MiB take 80 MiB
    assertEquals(80 * MIB, column);
    assertEquals(69 * column, e.table());
    // the largest stage: the jackknife's groups and two threads' bins, with the split's order
    assertEquals(column + 3 * column + CodeMemory.OVERHEAD_MIB * MIB, e.working());
    assertTrue(e.needed() < DEFAULT_JVM.maxMemory(), "needs " + e.needed());
    // not knowing the groups (N assumed) still fits: IRS's two scratch buffers of N doubles lead
    CodeMemory.Estimate unknown =
        CodeMemory.estimate(
            ROWS,
            64,
            5,
            ROWS,
            CodeScorer.Options.defaults(),
            CodeScorer.IntervalOptions.of(20, 10),
            DEFAULT_JVM);
    assertEquals(
        column + 2 * regions(8 * ROWS, 4 * MIB) + CodeMemory.OVERHEAD_MIB * MIB, unknown.working());
    assertTrue(unknown.needed() < DEFAULT_JVM.maxMemory(), "needs " + unknown.needed());
  }

  @Test
  void theStagesCountOnlyForTheirMetrics() {
    CodeScorer.IntervalOptions none = CodeScorer.IntervalOptions.none();
    long overhead = CodeMemory.OVERHEAD_MIB * MIB;
    CodeMemory.Jvm big = new CodeMemory.Jvm(4, 1L << 40, 0); // no regions: arrays as they are
    long column = 4 * ROWS + 16;
    CodeMemory.Estimate mig =
        CodeMemory.estimate(
            ROWS, 64, 5, ROWS, CodeScorer.Options.defaults(EnumSet.of(Metric.MIG), 0), none, big);
    assertEquals(69 * column, mig.table());
    assertEquals(4 * column + overhead, mig.working()); // the latent bins of 4 threads
    CodeMemory.Estimate dci =
        CodeMemory.estimate(
            ROWS, 64, 5, ROWS, CodeScorer.Options.defaults(EnumSet.of(Metric.DCI), 0), none, big);
    assertEquals(column + overhead, dci.working()); // the split's row order
    // a small heap caps the threads: one IRS scratch buffer when two do not fit into 1/8 of it
    CodeMemory.Estimate irs =
        CodeMemory.estimate(
            ROWS,
            64,
            5,
            ROWS,
            CodeScorer.Options.defaults(EnumSet.of(Metric.IRS), 0),
            none,
            new CodeMemory.Jvm(16, 1L << 30, 0));
    assertEquals(column + (8 * ROWS + 16) + overhead, irs.working());
  }

  @Test
  void largestIrsGroupFollowsTheRebinning() {
    // 40 codes once each, values 0..39: 20 bins of two codes; raw codes: groups of one
    int[][] factor = {IntStream.range(0, 40).toArray()};
    List<List<Object>> vocab =
        List.of(IntStream.range(0, 40).mapToObj(c -> (Object) (double) c).toList());
    assertEquals(2, CodeMemory.largestIrsGroup(factor, vocab, 20));
    assertEquals(1, CodeMemory.largestIrsGroup(factor, vocab, 0));
    assertEquals(3, CodeMemory.largestIrsGroup(new int[][] {{0, 1, 1}, {2, 2, 2}}, null, 20));
  }

  @Test
  void aTableBeyondTheHeapIsRefusedInOneLineNamingBothFiles() {
    // a 4 GiB heap has 2 MiB regions: a column takes 39 of them (78 MiB)
    CodeMemory.Jvm jvm = new CodeMemory.Jvm(2, 4L << 30, 2 * MIB);
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                ScoreCodesMemory.require(
                    Path.of("F.npy"),
                    Path.of("L.npy"),
                    ROWS,
                    64,
                    5,
                    THIRD,
                    CodeScorer.Options.defaults(),
                    CodeScorer.IntervalOptions.of(20, 10),
                    jvm));
    assertEquals(
        "L.npy and F.npy: 20000000 rows × 64 latents and 5 factors need about 5.6 GiB of memory"
            + " (table 5.3 GiB, scoring 376 MiB), the Java heap allows 4.0 GiB; run with"
            + " CANDELA_JAVA_OPTS=-Xmx7g (java -Xmx7g) or with fewer rows",
        e.getMessage());
  }

  @Test
  void aTableWithinTheHeapPasses() throws BadInputException {
    ScoreCodesMemory.require(
        Path.of("F.npy"),
        Path.of("L.npy"),
        ROWS,
        64,
        5,
        THIRD,
        CodeScorer.Options.defaults(),
        CodeScorer.IntervalOptions.of(20, 10),
        DEFAULT_JVM);
  }
}
