package dev.candela.metrics.stats;

import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * How many worker threads a scan over all rows runs, when each thread holds a scratch buffer as
 * long as the rows (IRS's gathered groups, the latent bins of the mutual information): at most one
 * per processor and per task, and no more than fit together into {@link #HEAP_SHARE 1/8} of the
 * heap limit, but always one. The thread count never changes a result, only the time and the memory
 * a scan takes; {@link dev.candela.metrics.CodeMemory} counts the same threads.
 */
public final class Workers {
  /** The scratch buffers of one scan's threads take at most 1/{@value} of the heap limit. */
  public static final int HEAP_SHARE = 8;

  private Workers() {}

  /**
   * The threads of a scan on this JVM.
   *
   * @param tasks independent tasks (latents)
   * @param bytesPerThread the scratch each thread holds
   * @return the thread count, at least 1
   */
  public static int count(int tasks, long bytesPerThread) {
    return count(
        tasks,
        bytesPerThread,
        Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory());
  }

  /**
   * The threads of a scan.
   *
   * @param tasks independent tasks
   * @param bytesPerThread the scratch each thread holds
   * @param processors the processors
   * @param maxMemory the heap limit in bytes
   * @return {@code max(1, min(processors, tasks, maxMemory / HEAP_SHARE / bytesPerThread))}
   */
  public static int count(int tasks, long bytesPerThread, int processors, long maxMemory) {
    long byMemory =
        bytesPerThread <= 0 ? Integer.MAX_VALUE : maxMemory / HEAP_SHARE / bytesPerThread;
    return (int) Math.max(1, Math.min(Math.min(processors, tasks), byMemory));
  }

  /**
   * Runs {@code body} for thread indices {@code 0..threads-1} in parallel (the common fork-join
   * pool); thread t takes the tasks {@code t, t + threads, ...}.
   *
   * @param threads the thread count from {@link #count}
   * @param body what thread t does
   */
  public static void run(int threads, IntConsumer body) {
    if (threads == 1) {
      body.accept(0);
      return;
    }
    IntStream.range(0, threads).parallel().forEach(body);
  }
}
