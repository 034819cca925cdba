package dev.candela.model;

/** Passes every step's count and running loss means to a {@link VaeTrainer.Progress}. */
final class ProgressListener implements TrainingListener {
  private final VaeTrainer.Progress progress;

  ProgressListener(VaeTrainer.Progress progress) {
    this.progress = progress;
  }

  @Override
  public void onStep(TrainingContext run, TrainingListener.StepEnd end) {
    progress.step(end.step(), run.totalSteps, end.running());
  }
}
