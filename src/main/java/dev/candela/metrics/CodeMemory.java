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
 *       largest group of a factor (a double per row of it; N when the factors are not read yet);
 *   <li>the mutual information (MIG, Modularity): one int per row per worker thread (the latent's
 *       bins);
 *   <li>the latent × latent mutual information (latent MI): two ints per row per worker thread (the
 *       bins of a pair), and a float per row more on a subsample (the gathered latent);
 *   <li>the learned metrics' split: its shuffled row order (an int per row), held through the
 *       intervals; the train and test rows themselves are capped and small;
 *   <li>the jackknife of MIG and Modularity: the rows' groups and a shuffle (an int per row each)
 *       and the latent bins per thread;
 *   <li>the subsampling of IRS and UC (when the work budget allows splits at this size): per
 *       parallel split a shuffle, a half's row indices and IRS on the half; the subsamples are row
 *       indices, not copies of the table.
 * </ul>
 *
 * The thread counts are those the scans use ({@link Workers#count}). Every array is counted with
 * its header and, with G1, as the whole heap regions it occupies: an array of at least half a
 * region is allocated in whole regions (4 MiB regions with a 6 GiB heap: a column of 2·10⁷ floats,
 * 76.3 MiB, takes 80 MiB). Everything else (matrices of latents × factors, the capped train and
 * test rows, the young generation's room) is covered by a fixed allowance of {@value #OVERHEAD_MIB}
 * MiB.
 */
public final class CodeMemory {
  /** A Java array's header, in bytes (64-bit HotSpot). */
  static final long ARRAY_HEADER = 16;

  /** A fixed allowance for everything that does not grow with the rows, in MiB. */
  public static final long OVERHEAD_MIB = 64;

  private CodeMemory() {}

  /**
   * What the estimate depends on in the JVM that runs the scoring.
   *
   * @param processors the processors (the scans' threads)
   * @param maxMemory the heap limit, bytes (the scans' threads are bounded by it, {@link Workers})
   * @param regionBytes G1's heap region size, or 0 for a collector without regions
   */
  public record Jvm(int processors, long maxMemory, long regionBytes) {
    /**
     * This JVM: its processors, {@code Runtime.maxMemory()} and G1's region size (0 when G1 is not
     * the collector or the size cannot be read).
     *
     * @return the JVM
     */
    public static Jvm current() {
      long region = 0;
      try {
        com.sun.management.HotSpotDiagnosticMXBean hs =
            java.lang.management.ManagementFactory.getPlatformMXBean(
                com.sun.management.HotSpotDiagnosticMXBean.class);
        if (hs != null && "true".equals(hs.getVMOption("UseG1GC").getValue())) {
          region = Long.parseLong(hs.getVMOption("G1HeapRegionSize").getValue());
        }
      } catch (RuntimeException | LinkageError e) {
        region = 0; // not HotSpot: arrays counted without regions
      }
      return new Jvm(
          Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory(), region);
    }

    /**
     * The heap an array of {@code payload} bytes takes: with its header, in whole regions when it
     * is at least half a region (a humongous object of G1).
     *
     * @param payload the elements' bytes
     * @return bytes
     */
    public long array(long payload) {
      long bytes = payload + ARRAY_HEADER;
      if (regionBytes > 0 && 2 * bytes >= regionBytes) {
        return (bytes + regionBytes - 1) / regionBytes * regionBytes;
      }
      return bytes;
    }
  }

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
   * The rows of the largest group IRS forms: per factor, its codes grouped as IRS groups them
   * (re-binned into {@code factorBins} bins by their values, as {@link CodeContext#irs()}).
   *
   * @param factors {@code factors[f][r]}, codes ≥ 0
   * @param vocabularies per factor, the value behind each code, or {@code null}
   * @param factorBins IRS's factor bins (0 = the codes)
   * @return the largest group's rows
   */
  public static long largestIrsGroup(
      int[][] factors, java.util.List<java.util.List<Object>> vocabularies, int factorBins) {
    long largest = 0;
    for (int f = 0; f < factors.length; f++) {
      int[] col = factors[f];
      int max = 0;
      for (int c : col) {
        max = Math.max(max, c);
      }
      long[] count = new long[max + 1];
      for (int c : col) {
        count[c]++;
      }
      int[] labels =
          factorBins > 0
              ? CodeContext.binLabel(
                  max, vocabularies == null ? null : vocabularies.get(f), factorBins)
              : null;
      long[] group = labels == null ? count : new long[factorBins];
      if (labels != null) {
        for (int c = 0; c <= max; c++) {
          group[labels[c]] += count[c];
        }
      }
      for (long g : group) {
        largest = Math.max(largest, g);
      }
    }
    return largest;
  }

  /**
   * The estimate of scoring a table of this shape with these options.
   *
   * @param rows N
   * @param latents the latent columns
   * @param factors the factor columns
   * @param largestGroup the rows of IRS's largest group ({@link #largestIrsGroup}), N when unknown
   * @param options what is scored
   * @param intervals the replicates
   * @param jvm the processors, heap limit and region size
   * @return the estimate
   */
  public static Estimate estimate(
      long rows,
      int latents,
      int factors,
      long largestGroup,
      CodeScorer.Options options,
      CodeScorer.IntervalOptions intervals,
      Jvm jvm) {
    long n = rows;
    long column = jvm.array(4L * n); // a float or int per row
    List<CodeMetric> metrics = CodeScorer.registered(options.metrics());
    boolean subsampled = metrics.stream().anyMatch(m -> m instanceof CodeMetric.Subsampled);
    boolean jackknifed = metrics.stream().anyMatch(m -> m instanceof CodeMetric.Jackknifed);
    boolean refitted = metrics.stream().anyMatch(m -> m instanceof CodeMetric.Refitted);
    int binThreads = Workers.count(latents, 4L * n, jvm.processors(), jvm.maxMemory());
    long irs = subsampled ? subsampledIrs(metrics, n, largestGroup, latents, jvm) : 0;
    // JEMMIG is subsampled but reads the MI matrix and the binned latents' entropies too
    boolean jemmig = metrics.stream().anyMatch(m -> m instanceof JemmigMetric);
    long mi = jackknifed || jemmig ? binThreads * column : 0;
    boolean latentMi = options.metrics().contains(Metric.LATENT_MI);
    int pairThreads = Workers.count(latents, 8L * n, jvm.processors(), jvm.maxMemory());
    long pairs = latentMi ? pairThreads * 2 * column : 0;
    long scoring = Math.max(Math.max(irs, mi), pairs);
    // the intervals: the split's row order is held while they run
    long split = refitted ? column : 0;
    long jackknife = 0;
    if (jackknifed && Math.min(intervals.groups(), n / 2) >= 2) {
      jackknife = column + binThreads * column; // the rows' groups, the bins per thread
    }
    long subsampling = 0;
    int splits = intervals.effectiveSplits((int) Math.min(n, Integer.MAX_VALUE), latents, factors);
    if (subsampled && splits > 0) {
      long half = (n + 1) / 2;
      int parallel = Math.min(jvm.processors(), splits);
      // per split: its shuffle, a half's row indices, IRS on the half
      long halfColumn = jvm.array(4L * half);
      // JEMMIG's MI on a half copies the half's rows and bins them per thread
      long jemmigHalf = jemmig ? (latents + factors + binThreads) * halfColumn : 0;
      int halfThreads = Workers.count(latents, 12L * half, jvm.processors(), jvm.maxMemory());
      long halfPairs = latentMi ? halfThreads * 3 * halfColumn : 0;
      subsampling =
          parallel
              * (column
                  + halfColumn
                  + Math.max(
                      subsampledIrs(metrics, half, largestGroup, latents, jvm),
                      Math.max(jemmigHalf, halfPairs)));
    }
    long working = Math.max(scoring, split + Math.max(jackknife, subsampling));
    return new Estimate((long) (latents + factors) * column, working + (OVERHEAD_MIB << 20));
  }

  /** IRS on a half when IRS or UC is requested (JEMMIG alone does not run it). */
  private static long subsampledIrs(
      List<CodeMetric> metrics, long half, long largestGroup, int latents, Jvm jvm) {
    boolean irs = metrics.stream().anyMatch(m -> m instanceof IrsMetric || m instanceof UcMetric);
    return irs ? irsBytes(half, Math.min(half, largestGroup), latents, jvm) : 0;
  }

  /**
   * IRS on m rows: the row order of one factor and one scratch buffer of its largest group per
   * thread.
   */
  private static long irsBytes(long m, long largestGroup, int latents, Jvm jvm) {
    int threads = Workers.count(latents, 8L * largestGroup, jvm.processors(), jvm.maxMemory());
    return jvm.array(4L * m) + threads * jvm.array(8L * largestGroup);
  }
}
