package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.metrics.CodeMemory;
import dev.candela.metrics.CodeScorer;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The memory check of {@link ScoreCodesJob}: before a latent table is read, its estimated memory
 * ({@link CodeMemory}) against the Java heap limit, refused in one line that says how much heap to
 * give.
 */
public final class ScoreCodesMemory {
  private ScoreCodesMemory() {}

  /**
   * Refuses a run whose estimated memory ({@link CodeMemory}: the table held as float32 latents and
   * int codes, and the largest working set of the metrics and intervals) exceeds the heap limit, in
   * one line that names both files, the shape, the memory needed and the memory allowed, before the
   * table is read (for {@code .npy} tables; a CSV table is measured once read).
   *
   * @param factors the factor table
   * @param latents the latent table
   * @param rows N
   * @param numLatents the latent columns
   * @param numFactors the factor columns
   * @param largestGroup the rows of IRS's largest group ({@link CodeMemory#largestIrsGroup}), N
   *     when not known
   * @param options what is scored
   * @param intervals the replicates
   * @param jvm the processors, heap limit and heap region size ({@link CodeMemory.Jvm#current()})
   * @throws BadInputException when the estimate exceeds the limit
   */
  public static void require(
      Path factors,
      Path latents,
      long rows,
      int numLatents,
      int numFactors,
      long largestGroup,
      CodeScorer.Options options,
      CodeScorer.IntervalOptions intervals,
      CodeMemory.Jvm jvm)
      throws BadInputException {
    CodeMemory.Estimate e =
        CodeMemory.estimate(rows, numLatents, numFactors, largestGroup, options, intervals, jvm);
    long maxMemory = jvm.maxMemory();
    if (e.needed() <= maxMemory) {
      return;
    }
    long suggest = Math.max(1, (long) Math.ceil(e.needed() * 1.1 / (1L << 30)));
    throw new BadInputException(
        String.format(
            Locale.ROOT,
            "%s and %s: %d rows × %d latents and %d factors need about %s of memory (table %s,"
                + " scoring %s), the Java heap allows %s; run with CANDELA_JAVA_OPTS=-Xmx%dg"
                + " (java -Xmx%dg) or with fewer rows",
            latents,
            factors,
            rows,
            numLatents,
            numFactors,
            size(e.needed()),
            size(e.table()),
            size(e.working()),
            size(maxMemory),
            suggest,
            suggest));
  }

  /** Bytes as GiB with one decimal, or as whole MiB below 1 GiB. */
  static String size(long bytes) {
    return bytes >= 1L << 30
        ? String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30))
        : String.format(Locale.ROOT, "%d MiB", Math.round(bytes / (double) (1L << 20)));
  }
}
