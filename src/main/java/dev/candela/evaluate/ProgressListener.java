package dev.candela.evaluate;

import dev.candela.SettingText;
import dev.candela.metrics.CodeScorer;

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
  static CodeScorer.Progress scorer(ProgressListener l) {
    return (name, total) -> {
      CodeScorer.Progress.Task t = l.task(name, total);
      return new CodeScorer.Progress.Task() {
        @Override
        public synchronized void step() {
          t.step();
        }

        @Override
        public synchronized void stepTo(long done) {
          t.stepTo(done);
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
   * A one-line message that names settings; by default the same line in plain words.
   *
   * @param line the message, without a trailing newline
   */
  default void message(SettingText line) {
    message(line.plain());
  }

  /**
   * A warning that names settings, announced as the run records it, in plain words ({@link
   * SettingText#plain()}), among its warnings: a command line shows the recorded warning with the
   * flags that set the settings. Nothing is printed here.
   *
   * @param warning the warning
   */
  default void warning(SettingText warning) {}

  /**
   * Starts a counted task; the caller closes it when the task ends.
   *
   * @param name the task's short name (e.g. {@code encode})
   * @param total the number of steps
   * @return the task's counter
   */
  default CodeScorer.Progress.Task task(String name, long total) {
    return CodeScorer.Progress.Task.NONE;
  }
}
