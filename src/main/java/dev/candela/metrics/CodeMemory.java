package dev.candela.metrics;

import dev.candela.metrics.stats.Workers;
import java.util.List;

/**
 * The heap a scoring of codes takes ({@link CodeScorer#score(CodeContext, boolean)} and {@link
 * CodeScorer#intervals}), estimated from the table's size before it is read, so that a run that
 * cannot fit is refused at once instead of failing after minutes.
 *
 * <p>The table is held once: 4 bytes per latent value (float32) and 4 per factor code (int), one
 * array per column. On top of it, the largest working set of the stages, each a few arrays as long
 * as the rows (N):
 *
 * <ul>
 *   <li>IRS (and UC): one row order (an int per row) and, per worker thread, the deviations of the
 *       largest group (a double per row; N is assumed, the groups being unknown before the factors
 *       are read) ({@link Irs#workingBytes});
 *   <li>the mutual information (MIG, Modularity): one int per row per worker thread (the latent's
 *       bins);
 *   <li>the learned metrics' split: its shuffled row order (an int per row), held through the
 *       intervals; the train and test rows themselves are capped and small;
 *   <li>the jackknife of MIG and Modularity: the rows' groups and a shuffle (an int per row each)
 *       and the latent bins per thread;
 *   <li>the subsampling of IRS and UC (when the work budget allows splits at this size): per
 *       parallel split a shuffle, a half's row indices and IRS on the half; the subsamples are row
 *       indices, not copies of the table.
 * </ul>
 *
 * The thread counts are those the scans use ({@link Workers#count}). Everything else (matrices of
 * latents × factors, the capped train and test rows) is small and covered by a fixed allowance of
 * {@value #OVERHEAD_MIB} MiB (the JVM's own heap use, the report).
 */
public final class CodeMemory {
  /** A Java array's header, in bytes (64-bit HotSpot). */
  static final long ARRAY_HEADER = 16;

  /**
   * Heap regions are wasted at the end of every large array (G1 gives an array of more than half a
   * region whole regions of 1 to 32 MiB): half of a 2 MiB region is counted per column.
   */
  static final long COLUMN_SLACK = 1L << 20;

  /** A fixed allowance for everything that does not grow with the rows, in MiB. */
  public static final long OVERHEAD_MIB = 64;

  private CodeMemory() {}

  /**
   * The estimate.
   *
   * @param table the bytes of the table (latent and factor columns)
   * @param working the bytes of the largest working set on top of it, with the fixed allowance
   */
  public record Estimate(long table, long working) {
    /**
     * The bytes the run needs.
     *
     * @return table plus working set
     */
    public long needed() {
      return table + working;
    }
  }

  /**
   * The bytes of a table held as float32 latent columns and int factor columns.
   *
   * @param rows N
   * @param latents the latent columns
   * @param factors the factor columns
   * @return bytes
   */
  public static long tableBytes(long rows, int latents, int factors) {
    return (long) (latents + factors) * (4L * rows + ARRAY_HEADER + COLUMN_SLACK);
  }

  /**
   * The estimate of scoring a table of this shape with these options on this JVM.
   *
   * @param rows N
   * @param latents the latent columns
   * @param factors the factor columns
   * @param options what is scored
   * @param intervals the replicates
   * @return the estimate
   */
  public static Estimate estimate(
      long rows,
      int latents,
      int factors,
      CodeScorer.Options options,
      CodeScorer.IntervalOptions intervals) {
    return estimate(
        rows,
        latents,
        factors,
        options,
        intervals,
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory());
  }

  /**
   * The estimate of scoring a table of this shape with these options.
   *
   * @param rows N
   * @param latents the latent columns
   * @param factors the factor columns
   * @param options what is scored
   * @param intervals the replicates
   * @param processors the processors (the scans' threads)
   * @param maxMemory the heap limit (the scans' threads are bounded by it, {@link Workers})
   * @return the estimate
   */
  public static Estimate estimate(
      long rows,
      int latents,
      int factors,
      CodeScorer.Options options,
      CodeScorer.IntervalOptions intervals,
      int processors,
      long maxMemory) {
    long n = rows;
    List<CodeMetric> metrics = CodeScorer.registered(options.metrics());
    boolean subsampled = metrics.stream().anyMatch(m -> m instanceof CodeMetric.Subsampled);
    boolean jackknifed = metrics.stream().anyMatch(m -> m instanceof CodeMetric.Jackknifed);
    boolean refitted = metrics.stream().anyMatch(m -> m instanceof CodeMetric.Refitted);
    int irsThreads = Workers.count(latents, 8L * n, processors, maxMemory);
    int binThreads = Workers.count(latents, 4L * n, processors, maxMemory);
    long irs = subsampled ? Irs.workingBytes(n, n, irsThreads) : 0;
    long mi = jackknifed ? 4L * n * binThreads : 0;
    long scoring = Math.max(irs, mi);
    // the intervals: the split's row order is held while they run
    long split = refitted ? 4L * n : 0;
    long jackknife = 0;
    if (jackknifed && Math.min(intervals.groups(), n / 2) >= 2) {
      jackknife = 8L * n + 4L * n * binThreads;
    }
    long subsampling = 0;
    int splits = intervals.effectiveSplits((int) Math.min(n, Integer.MAX_VALUE), latents, factors);
    if (subsampled && splits > 0) {
      long half = (n + 1) / 2;
      int parallel = Math.min(processors, splits);
      subsampling = parallel * (4L * n + 4L * half + Irs.workingBytes(half, half, irsThreads));
    }
    long working = Math.max(scoring, split + Math.max(jackknife, subsampling));
    return new Estimate(tableBytes(n, latents, factors), working + (OVERHEAD_MIB << 20));
  }
}
