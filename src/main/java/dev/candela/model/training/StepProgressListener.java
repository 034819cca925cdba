package dev.candela.model.training;

/** Passes every step's count and running loss means to a {@link VaeTrainer.Progress}. */
final class StepProgressListener implements TrainingListener {
  private final VaeTrainer.Progress progress;

  StepProgressListener(VaeTrainer.Progress progress) {
    this.progress = progress;
  }

  @Override
  public void onStep(TrainingContext run, TrainingListener.StepEnd end) {
    progress.step(end.step(), run.totalSteps, end.running());
  }
}
