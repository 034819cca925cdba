package dev.candela.cli;

import dev.candela.model.training.TrainingProgress;
import java.io.PrintWriter;
import java.util.Map;
import me.tongfei.progressbar.ProgressBar;

/**
 * A progress bar on standard error that shows the running loss terms; notices are printed as one
 * line each, {@code COMMAND: LINE} (with {@code --quiet} too).
 */
final class TrainingBar implements TrainingProgress, AutoCloseable {
  private final ProgressBar bar;
  private final PrintWriter notices;
  private final String command;

  TrainingBar(String task, boolean quiet) {
    this(task, quiet, null, null);
  }

  /**
   * A bar whose notices go to a writer.
   *
   * @param task the bar's title
   * @param quiet no bar
   * @param notices where notices are printed, or null to drop them
   * @param command the command's name that starts each notice, e.g. {@code candela train}
   */
  TrainingBar(String task, boolean quiet, PrintWriter notices, String command) {
    this.bar = quiet ? null : ProgressBars.bar(task, 1);
    this.notices = notices;
    this.command = command;
  }

  @Override
  public void notice(String line) {
    if (notices != null) {
      notices.println(command + ": " + line);
      notices.flush();
    }
  }

  @Override
  public void step(long step, long totalSteps, Map<String, Double> terms) {
    if (bar == null) {
      return;
    }
    bar.maxHint(totalSteps);
    bar.stepTo(step);
    StringBuilder sb = new StringBuilder();
    terms.forEach((k, v) -> sb.append(k).append(' ').append(String.format("%.3g", v)).append(' '));
    bar.setExtraMessage(sb.toString().trim());
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
