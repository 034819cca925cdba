package dev.candela.model.training;

import ai.djl.Device;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a VAE training run is, for the cards of the folders it writes (the model, its snapshots) and
 * for the held-out monitor.
 *
 * @param cfg the configuration
 * @param ds the dataset
 * @param data the in-memory training subset
 * @param device the device
 * @param command the command line for the card, or null
 */
record VaeRun(
    VaeTrainingConfig cfg, FactorDataset ds, TrainingData data, Device device, String command) {

  /**
   * The model card of a model folder written by this run, with the given results.
   *
   * @param dir the folder (its parameters are hashed)
   * @param results the card's results
   * @return the card
   * @throws CandelaException when the parameters or the dataset cannot be read
   */
  ModelCard card(Path dir, Map<String, Object> results) throws CandelaException {
    Map<String, Object> training = new LinkedHashMap<>(cfg.toMap());
    training.put("trainImages", data.size());
    TrainingData.recordDataset(training, ds);
    training.put("device", device.toString());
    return new ModelCard(
        "vae",
        "djl",
        cfg.architecture().id(),
        data.input,
        data.source.equals(data.input) ? null : data.source,
        cfg.latentDim(),
        ds.space().name(),
        ModelCard.factorsOf(ds.space()),
        "logits",
        training,
        results,
        ModelCard.checksums(dir, List.of(VaeModels.DJL_VAE_PREFIX + "-0000.params")),
        command,
        Provenance.nowIso());
  }
}
