package dev.candela.model.training;

import dev.candela.CandelaException;
import java.util.List;
import java.util.Map;

/**
 * Called by the {@link TrainingLoop} at the end of every optimisation step and every epoch, the way
 * DJL's own {@code TrainingListener}s are: progress, the training log with held-out evaluation,
 * step snapshots and the per-epoch checkpoint are separate listeners, run in the order given.
 */
interface TrainingListener {

  /**
   * What a step's end reports.
   *
   * @param step the global step (1-based)
   * @param epoch the epoch (1-based)
   * @param stepInEpoch the step within the epoch (1-based)
   * @param terms this step's loss terms
   * @param running the epoch's running means of the loss terms
   */
  record StepEnd(
      long step,
      int epoch,
      int stepInEpoch,
      Map<String, Float> terms,
      Map<String, Double> running) {}

  /**
   * Before the first step of the run (a new run or a resumed one): what was written after the
   * checkpoint it starts from belongs to an interrupted run.
   *
   * @param run the run
   * @param epochsDone the epochs of the checkpoint it starts from (0 for a new run)
   * @throws CandelaException when the listener cannot write
   */
  default void onStart(TrainingContext run, int epochsDone) throws CandelaException {}

  /**
   * The end of a step.
   *
   * @param run the run
   * @param end the step's counts and loss terms
   * @throws CandelaException when the listener cannot write
   */
  default void onStep(TrainingContext run, StepEnd end) throws CandelaException {}

  /**
   * The end of an epoch.
   *
   * @param run the run
   * @param epoch the epoch (1-based)
   * @param history the mean loss terms of every completed epoch, this one last
   * @throws CandelaException when the listener cannot write
   */
  default void onEpoch(TrainingContext run, int epoch, List<Map<String, Double>> history)
      throws CandelaException {}
}
