package dev.candela.cli;

import dev.candela.cli.console.ConsoleBars;
import dev.candela.cli.console.FlagWords;
import dev.candela.evaluate.ProgressListener;
import dev.candela.metrics.CodeScorer;
import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;

/**
 * The command line's {@link ProgressListener}: progress bars on standard error (none with {@code
 * --quiet}) and messages as lines on the command's error stream, with an optional prefix.
 */
final class ProgressBars implements ProgressListener {
  private final PrintWriter err;
  private final String prefix;
  private final boolean quiet;

  /**
   * A listener.
   *
   * @param err where messages go
   * @param prefix put before every message (e.g. {@code candela counterfactuals: })
   * @param quiet no progress bars
   */
  ProgressBars(PrintWriter err, String prefix, boolean quiet) {
    this.err = err;
    this.prefix = prefix;
    this.quiet = quiet;
  }

  @Override
  public void message(String line) {
    err.println(prefix + FlagWords.flags(line));
    err.flush();
  }

  @Override
  public CodeScorer.Progress.Task task(String name, long total) {
    if (quiet) {
      return CodeScorer.Progress.Task.NONE;
    }
    ProgressBar bar = bar(name, total);
    return new CodeScorer.Progress.Task() {
      @Override
      public void step() {
        bar.step();
      }

      @Override
      public void stepTo(long done) {
        bar.stepTo(done);
      }

      @Override
      public void close() {
        bar.close();
      }
    };
  }

  /** A progress bar on standard error, updated twice a second. */
  static ProgressBar bar(String name, long total) {
    return ConsoleBars.onStderr(name, total, 500);
  }
}
