package dev.candela.cli;

import dev.candela.Progress;
import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;

/**
 * The {@link Progress} of a command with one counted step (training, encoding, a check): one
 * progress bar on standard error, shown from the start (with a total of 1 until the first step),
 * that every task of the run moves and whose max becomes the task's total with each step; a step's
 * note (a training run's running loss terms) is shown beside the count. Messages are printed as one
 * line each, {@code COMMAND: LINE} (with {@code --quiet} too).
 */
final class TrainingBar extends Progress.Forwarding implements AutoCloseable {
  private final ProgressBar bar;

  TrainingBar(String task, boolean quiet) {
    this(task, quiet, null, null);
  }

  /**
   * A bar whose messages go to a writer.
   *
   * @param task the bar's title
   * @param quiet no bar
   * @param notices where messages are printed, or null to drop them
   * @param command the command's name that starts each message, e.g. {@code candela train}
   */
  TrainingBar(String task, boolean quiet, PrintWriter notices, String command) {
    super(notices == null ? Progress.NONE : new ProgressBars(notices, command + ": ", true));
    this.bar = quiet ? null : ProgressBars.bar(task, 1);
  }

  @Override
  public Progress.Task task(String name, long total) {
    if (bar == null) {
      return Progress.Task.NONE;
    }
    return new Progress.Task() {
      @Override
      public void step() {
        bar.maxHint(total);
        bar.step();
      }

      @Override
      public void stepTo(long done) {
        bar.maxHint(total);
        bar.stepTo(done);
      }

      @Override
      public void stepTo(long done, String note) {
        stepTo(done);
        bar.setExtraMessage(note);
      }

      @Override
      public void close() {
        // the bar is the command's: closed with it
      }
    };
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
