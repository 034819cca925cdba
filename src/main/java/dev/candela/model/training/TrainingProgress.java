package dev.candela.model.training;

import java.util.Map;

/** Receives progress: after every step the step count and the running loss terms. */
@FunctionalInterface
public interface TrainingProgress {
  /**
   * Called after a step.
   *
   * @param step steps done in this run (including resumed epochs)
   * @param totalSteps all steps of the run
   * @param terms current epoch's running means of the loss terms
   */
  void step(long step, long totalSteps, Map<String, Double> terms);

  /** Ignores progress. */
  TrainingProgress NONE = (s, t, m) -> {};
}
