package dev.candela.evaluate;

/**
 * How a long run of this package tells its caller what it is doing: one-line messages and counted
 * tasks. The pipeline never prints; the command line supplies a listener with progress bars on
 * standard error, tests and libraries use {@link #SILENT}.
 */
public interface ProgressListener {

  /** A listener that ignores everything. */
  ProgressListener SILENT = new ProgressListener() {};

  /**
   * A listener that passes messages on and counts nothing.
   *
   * @param sink receives each message
   * @return the listener
   */
  static ProgressListener messages(java.util.function.Consumer<String> sink) {
    return new ProgressListener() {
      @Override
      public void message(String line) {
        sink.accept(line);
      }
    };
  }

  /**
   * This listener's tasks as the progress of {@link dev.candela.metrics.CodeScorer#uncertainty}
   * (steps may come from several threads; they are serialised here).
   *
   * @param l the listener
   * @return the adapter
   */
  static dev.candela.metrics.CodeScorer.Progress scorer(ProgressListener l) {
    return (name, total) -> {
      Task t = l.task(name, total);
      return new dev.candela.metrics.CodeScorer.Progress.Task() {
        @Override
        public synchronized void step() {
          t.step();
        }

        @Override
        public synchronized void close() {
          t.close();
        }
      };
    };
  }

  /**
   * A one-line message (a timing, a note, a warning the caller should see at once).
   *
   * @param line the message, without a trailing newline
   */
  default void message(String line) {}

  /**
   * Starts a counted task; the caller closes it when the task ends.
   *
   * @param name the task's short name (e.g. {@code encode})
   * @param total the number of steps
   * @return the task's counter
   */
  default Task task(String name, long total) {
    return Task.NONE;
  }

  /** A counted task. */
  interface Task extends AutoCloseable {

    /** A task that counts nothing. */
    Task NONE =
        new Task() {
          @Override
          public void step() {}

          @Override
          public void stepTo(long done) {}

          @Override
          public void close() {}
        };

    /** One more step done. */
    void step();

    /**
     * Steps done so far.
     *
     * @param done the count
     */
    void stepTo(long done);

    @Override
    void close();
  }
}
