package dev.candela.model.training;

import ai.djl.Model;
import dev.candela.CandelaException;
import java.util.List;
import java.util.Map;

/**
 * Writes the per-epoch checkpoint ({@link Checkpoints}): the network, its optimiser state, an
 * auxiliary network when the objective has one (FactorVAE's discriminator), and the loss history.
 *
 * @param checkpoints the checkpoint folder
 * @param config the configuration the checkpoint records
 * @param adam the network's optimiser
 * @param prefix the network's parameter prefix
 * @param auxiliary the auxiliary network, or null
 * @param auxiliaryAdam its optimiser, or null
 */
record CheckpointListener(
    Checkpoints checkpoints,
    Map<String, Object> config,
    CheckpointAdam adam,
    String prefix,
    Model auxiliary,
    CheckpointAdam auxiliaryAdam)
    implements TrainingListener {

  @Override
  public void onEpoch(TrainingContext run, int epoch, List<Map<String, Double>> history)
      throws CandelaException {
    checkpoints.save(epoch, history, config, run.model, adam, prefix, auxiliary, auxiliaryAdam);
  }
}
