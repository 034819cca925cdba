package dev.candela;

import java.util.function.Consumer;

/**
 * How every long step of Candela tells its caller what it is doing, as DJL's {@code
 * ai.djl.util.Progress} does for its downloads and training: one-line messages, warnings that name
 * settings, and counted tasks (encoding, uncertainty replicates, counterfactual chunks). Library
 * code never prints; the command line supplies progress bars on standard error, tests and libraries
 * use {@link #NONE}. A task's steps may come from several threads only where {@link #threadSafe}
 * wraps the progress (the code metrics' uncertainty does).
 */
public interface Progress {

  /** A progress that ignores everything. */
  Progress NONE = new Progress() {};

  /**
   * A progress that passes messages on and counts nothing.
   *
   * @param sink receives each message
   * @return the progress
   */
  static Progress messages(Consumer<String> sink) {
    return new Progress() {
      @Override
      public void message(String line) {
        sink.accept(line);
      }
    };
  }

  /**
   * The same progress with every task's calls serialised, for steps taken from several threads.
   *
   * @param p the progress
   * @return a progress whose tasks are safe to step from any thread
   */
  static Progress threadSafe(Progress p) {
    return new Forwarding(p) {
      @Override
      public Task task(String name, long total) {
        Task t = super.task(name, total);
        return new Task() {
          @Override
          public synchronized void step() {
            t.step();
          }

          @Override
          public synchronized void stepTo(long done) {
            t.stepTo(done);
          }

          @Override
          public synchronized void stepTo(long done, String note) {
            t.stepTo(done, note);
          }

          @Override
          public synchronized void close() {
            t.close();
          }
        };
      }
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
  default Task task(String name, long total) {
    return Task.NONE;
  }

  /**
   * A progress that passes every call on to another one: the base of a progress that changes some
   * of the calls (its subclass overrides those) and leaves the rest as they are.
   */
  abstract class Forwarding implements Progress {
    private final Progress to;

    /**
     * A progress passing every call on.
     *
     * @param to the progress that receives the calls
     */
    protected Forwarding(Progress to) {
      this.to = to;
    }

    @Override
    public void message(String line) {
      to.message(line);
    }

    @Override
    public void message(SettingText line) {
      to.message(line);
    }

    @Override
    public void warning(SettingText warning) {
      to.warning(warning);
    }

    @Override
    public Task task(String name, long total) {
      return to.task(name, total);
    }
  }

  /** A counted task under way. */
  interface Task extends AutoCloseable {
    /** A task that reports nothing. */
    Task NONE =
        new Task() {
          @Override
          public void step() {}

          @Override
          public void stepTo(long done) {}

          @Override
          public void close() {}
        };

    /** One step done. */
    void step();

    /**
     * Steps done so far.
     *
     * @param done the count
     */
    void stepTo(long done);

    /**
     * Steps done so far, with a short note on how the task goes (a training run's running loss
     * terms), shown beside the count as DJL's {@code Progress.update(progress, message)} does; by
     * default the note is dropped.
     *
     * @param done the count
     * @param note the note, one line
     */
    default void stepTo(long done, String note) {
      stepTo(done);
    }

    /** The task is over. */
    @Override
    void close();
  }
}
