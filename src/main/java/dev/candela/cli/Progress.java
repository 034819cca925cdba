package dev.candela.cli;

import dev.candela.model.VaeTrainer;
import java.util.Map;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/** A progress bar on standard error that shows the running loss terms. */
final class Progress implements VaeTrainer.Progress, AutoCloseable {
  private final ProgressBar bar;

  Progress(String task, boolean quiet) {
    this.bar =
        quiet
            ? null
            : new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(1)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .setUpdateIntervalMillis(500)
                .build();
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
