package dev.candela.model.training;

/** Passes every step's count and running loss means to a {@link TrainingProgress}. */
final class StepProgressListener implements TrainingListener {
  private final TrainingProgress progress;

  StepProgressListener(TrainingProgress progress) {
    this.progress = progress;
  }

  @Override
  public void onStep(TrainingContext run, TrainingListener.StepEnd end) {
    progress.step(end.step(), run.totalSteps, end.running());
  }
}
