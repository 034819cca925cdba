package dev.candela.model.training;

import dev.candela.CandelaException;
import dev.candela.model.hosting.VaeModels;
import java.util.List;
import java.util.Map;

/**
 * Writes the per-epoch checkpoint ({@link Checkpoints}): the VAE, its optimiser state, the
 * objective's own network when it has one, and the loss history.
 */
final class CheckpointListener implements TrainingListener {
  private final Checkpoints checkpoints;
  private final Map<String, Object> config;
  private final CheckpointAdam adam;
  private final VaeLoss loss;

  CheckpointListener(
      Checkpoints checkpoints, Map<String, Object> config, CheckpointAdam adam, VaeLoss loss) {
    this.checkpoints = checkpoints;
    this.config = config;
    this.adam = adam;
    this.loss = loss;
  }

  @Override
  public void onEpoch(TrainingContext run, int epoch, List<Map<String, Double>> history)
      throws CandelaException {
    checkpoints.save(
        epoch,
        history,
        config,
        run.model,
        adam,
        VaeModels.DJL_VAE_PREFIX,
        loss.auxiliaryModel(),
        loss.auxiliaryOptimizer());
  }
}
