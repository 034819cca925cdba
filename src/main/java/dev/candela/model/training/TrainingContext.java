package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.training.Trainer;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What {@link TrainingListener}s see of a running VAE training. */
final class TrainingContext {
  final VaeTrainingConfig cfg;
  final FactorDataset ds;
  final TrainingData data;
  final Path out;
  final Device device;
  final String command;
  final Model model;
  final Trainer trainer;
  final int stepsPerEpoch;
  final long totalSteps;

  TrainingContext(
      VaeTrainingConfig cfg,
      FactorDataset ds,
      TrainingData data,
      Path out,
      Device device,
      String command,
      Model model,
      Trainer trainer,
      int stepsPerEpoch) {
    this.cfg = cfg;
    this.ds = ds;
    this.data = data;
    this.out = out;
    this.device = device;
    this.command = command;
    this.model = model;
    this.trainer = trainer;
    this.stepsPerEpoch = stepsPerEpoch;
    this.totalSteps = (long) cfg.epochs() * stepsPerEpoch;
  }

  /** The model card of a model folder written by this run, with the given results. */
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
