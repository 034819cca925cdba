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

  /**
   * Called with a line the user should read before the run goes on (e.g. that an interrupted
   * checkpoint write was removed and where the run starts instead); ignored by default.
   *
   * @param line one line, without the command's name
   */
  default void notice(String line) {}

  /** Ignores progress. */
  TrainingProgress NONE = (s, t, m) -> {};
}
