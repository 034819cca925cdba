package dev.candela.cli;

import dev.candela.model.training.TrainingProgress;
import java.util.Map;
import me.tongfei.progressbar.ProgressBar;

/** A progress bar on standard error that shows the running loss terms. */
final class Progress implements TrainingProgress, AutoCloseable {
  private final ProgressBar bar;

  Progress(String task, boolean quiet) {
    this.bar = quiet ? null : ProgressBars.bar(task, 1);
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
