package dev.candela.metrics.gbt;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntConsumer;

/** Fork-join helpers of the boosted-tree learners. */
public final class ForkJoinTasks {
  private ForkJoinTasks() {}

  /**
   * Runs {@code task(0)} … {@code task(n − 1)} as fork-join tasks and waits for all of them ({@link
   * ForkJoinTask#invokeAll(java.util.Collection)}: called from a task of a pool, they run in that
   * pool).
   *
   * @param n the number of tasks
   * @param task the work of one index
   */
  public static void invokeEach(int n, IntConsumer task) {
    List<ForkJoinTask<?>> tasks = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      int index = k;
      tasks.add(ForkJoinTask.adapt(() -> task.accept(index)));
    }
    ForkJoinTask.invokeAll(tasks);
  }
}
