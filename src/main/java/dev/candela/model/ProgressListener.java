package dev.candela.model;

import java.util.Map;

/** Passes every step's count and running loss means to a {@link VaeTrainer.Progress}. */
final class ProgressListener implements TrainingListener {
  private final VaeTrainer.Progress progress;

  ProgressListener(VaeTrainer.Progress progress) {
    this.progress = progress;
  }

  @Override
  public void onStep(
      TrainingContext run,
      long step,
      int epoch,
      int stepInEpoch,
      Map<String, Float> terms,
      Map<String, Double> running) {
    progress.step(step, run.totalSteps, running);
  }
}
