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
import org.junit.jupiter.api.Test;

/**
 * The memory estimate of score-codes and the one line that refuses a run the heap cannot hold, with
 * the processors and the heap limit given (they decide the scans' threads), so the numbers are
 * exact.
 */
class ScoreCodesMemoryTest {

  private static final long ROWS = 20_000_000;

  /** This machine's default heap limit when the issue was written (a quarter of 23 GiB). */
  private static final long DEFAULT_HEAP = 6_320_816_128L;

  private static final long MIB = 1L << 20;

  @Test
  void twentyMillionRowsOf64LatentsFitTheDefaultHeap() {
    CodeMemory.Estimate e =
        CodeMemory.estimate(
            ROWS,
            64,
            5,
            CodeScorer.Options.defaults(),
            CodeScorer.IntervalOptions.of(20, 10),
            2,
            DEFAULT_HEAP);
    // 69 columns of 4-byte values, each with its header and half a 2 MiB region
    assertEquals(69 * (4 * ROWS + 16 + MIB), e.table());
    // IRS on 2 threads: a row order (4 bytes a row) and two scratch buffers (8 bytes a row each),
    // the largest stage (the jackknife with the split's order: 4 + 8 + 2·4 bytes a row ties it)
    assertEquals(4 * ROWS + 2 * 8 * ROWS + CodeMemory.OVERHEAD_MIB * MIB, e.working());
    assertTrue(e.needed() < DEFAULT_HEAP, "needs " + e.needed());
  }

  @Test
  void theStagesCountOnlyForTheirMetrics() {
    CodeScorer.IntervalOptions none = CodeScorer.IntervalOptions.none();
    long overhead = CodeMemory.OVERHEAD_MIB * MIB;
    CodeMemory.Estimate mig =
        CodeMemory.estimate(
            ROWS, 64, 5, CodeScorer.Options.defaults(EnumSet.of(Metric.MIG), 0), none, 4, 1L << 40);
    assertEquals(4 * 4 * ROWS + overhead, mig.working()); // the latent bins of 4 threads
    CodeMemory.Estimate dci =
        CodeMemory.estimate(
            ROWS, 64, 5, CodeScorer.Options.defaults(EnumSet.of(Metric.DCI), 0), none, 4, 1L << 40);
    assertEquals(4 * ROWS + overhead, dci.working()); // the split's row order
    // a small heap caps the threads: one IRS scratch buffer when two do not fit into 1/8 of it
    CodeMemory.Estimate irs =
        CodeMemory.estimate(
            ROWS,
            64,
            5,
            CodeScorer.Options.defaults(EnumSet.of(Metric.IRS), 0),
            none,
            16,
            1L << 30);
    assertEquals(4 * ROWS + 8 * ROWS + overhead, irs.working());
  }

  @Test
  void aTableBeyondTheHeapIsRefusedInOneLineNamingBothFiles() {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                ScoreCodesJob.requireMemory(
                    Path.of("F.npy"),
                    Path.of("L.npy"),
                    ROWS,
                    64,
                    5,
                    CodeScorer.Options.defaults(),
                    CodeScorer.IntervalOptions.of(20, 10),
                    2,
                    4L << 30));
    assertEquals(
        "L.npy and F.npy: 20000000 rows × 64 latents and 5 factors need about 5.6 GiB of memory"
            + " (table 5.2 GiB, scoring 445 MiB), the Java heap allows 4.0 GiB; run with"
            + " CANDELA_JAVA_OPTS=-Xmx7g (java -Xmx7g) or with fewer rows",
        e.getMessage());
  }

  @Test
  void aTableWithinTheHeapPasses() throws BadInputException {
    ScoreCodesJob.requireMemory(
        Path.of("F.npy"),
        Path.of("L.npy"),
        ROWS,
        64,
        5,
        CodeScorer.Options.defaults(),
        CodeScorer.IntervalOptions.of(20, 10),
        2,
        DEFAULT_HEAP);
  }
}
