package dev.candela.cli;

import dev.candela.Progress;
import dev.candela.SettingText;
import dev.candela.cli.console.ConsoleBars;
import dev.candela.cli.console.SettingFlags;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import me.tongfei.progressbar.ProgressBar;

/**
 * The command line's {@link Progress}: progress bars on standard error (none with {@code --quiet})
 * and messages as lines on the command's error stream, with an optional prefix.
 */
final class ProgressBars implements Progress {
  private final PrintWriter err;
  private final String prefix;
  private final boolean quiet;
  private final Map<String, SettingText> announced = new ConcurrentHashMap<>();

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
    err.println(prefix + line);
    err.flush();
  }

  @Override
  public void message(SettingText line) {
    message(SettingFlags.render(line));
  }

  @Override
  public void warning(SettingText warning) {
    announced.put(warning.plain(), warning);
  }

  /**
   * The warnings the run announced with their settings, by their plain words, for {@link
   * SettingFlags#warn}.
   *
   * @return plain words to warning (a live view)
   */
  Map<String, SettingText> announced() {
    return announced;
  }

  @Override
  public Progress.Task task(String name, long total) {
    if (quiet) {
      return Progress.Task.NONE;
    }
    ProgressBar bar = bar(name, total);
    return new Progress.Task() {
      @Override
      public void step() {
        bar.step();
      }

      @Override
      public void stepTo(long done) {
        bar.stepTo(done);
      }

      @Override
      public void stepTo(long done, String note) {
        bar.stepTo(done);
        bar.setExtraMessage(note);
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
