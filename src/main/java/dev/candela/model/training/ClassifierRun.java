package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.nn.SequentialBlock;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSymmetries;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ClassifierQuality;
import dev.candela.model.hosting.FactorClassifier;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * What a factor classifier training run is, for the card of the folder it writes: its configuration
 * and data, and the held-out accuracy per factor (and, for factors with a symmetry rule, the
 * accuracy up to the symmetry) measured on the trained network.
 *
 * @param cfg the configuration
 * @param ds the dataset
 * @param train the training images
 * @param test the held-out images
 * @param init the classifier the run started from, or null
 * @param device the device
 * @param command the command line for the card, or null
 */
record ClassifierRun(
    ClassifierTrainingConfig cfg,
    FactorDataset ds,
    TrainingData train,
    TrainingData test,
    ClassifierTrainer.Init init,
    Device device,
    String command) {

  /**
   * Measures the trained network on the held-out images and writes the folder's card.
   *
   * @param out the model folder (its parameters written)
   * @param block the trained network
   * @param history the mean training loss per epoch
   * @return the card, the accuracy per factor and the history
   * @throws CandelaException when the card cannot be written
   */
  ClassifierTrainer.Result finish(Path out, SequentialBlock block, List<Double> history)
      throws CandelaException {
    List<ModelCard.FactorInfo> factors = ModelCard.factorsOf(ds.space());
    Map<String, Object> training = new LinkedHashMap<>(cfg.toMap());
    TrainingData.recordDataset(training, ds);
    training.put("device", device.toString());
    if (init != null) {
      Map<String, Object> from = new LinkedHashMap<>();
      from.put("model", init.dir().getFileName().toString());
      from.put("weightsSha256", init.weightsSha256());
      from.put("training", init.card().training());
      training.put("initFrom", from);
    }
    ModelCard card =
        new ModelCard(
            "classifier",
            "djl",
            cfg.architecture(),
            train.input,
            train.source.equals(train.input) ? null : train.source,
            0,
            ds.space().name(),
            factors,
            cfg.head(),
            training,
            Map.of(),
            ModelCard.checksums(out, List.of(FactorClassifier.PREFIX + "-0000.params")),
            command,
            Provenance.nowIso());
    double[] acc = new double[factors.size()];
    double[] accSym = new double[factors.size()];
    FactorSymmetries sym = FactorSymmetries.forDataset(ds.space().name());
    try (FactorClassifier clf = new FactorClassifier(card, block, null, device, 256)) {
      int[][] pred = clf.predict(test.images, test.size());
      long[] ok = new long[factors.size()];
      long[] okSym = new long[factors.size()];
      int[] identity = IntStream.range(0, factors.size()).toArray();
      ClassifierQuality.tally(pred, test.codes, identity, ds.space(), sym, ok, okSym);
      for (int f = 0; f < acc.length; f++) {
        acc[f] = (double) ok[f] / test.size();
        accSym[f] = (double) okSym[f] / test.size();
      }
    }
    Map<String, Object> results = new LinkedHashMap<>();
    Map<String, Double> perFactor = new LinkedHashMap<>();
    Map<String, Double> perFactorSym = new LinkedHashMap<>();
    for (int f = 0; f < factors.size(); f++) {
      perFactor.put(factors.get(f).name(), acc[f]);
      if (sym.ruleOf(factors.get(f).name()) != null) {
        perFactorSym.put(factors.get(f).name(), accSym[f]);
      }
    }
    results.put("heldOutAccuracy", perFactor);
    if (!perFactorSym.isEmpty()) {
      results.put("heldOutAccuracySymmetric", perFactorSym);
    }
    results.put("heldOutImages", test.size());
    results.put("trainImages", train.size());
    results.put("finalTrainLoss", history.get(history.size() - 1));
    card = card.withResults(results);
    card.write(out);
    return new ClassifierTrainer.Result(card, acc, history);
  }
}
