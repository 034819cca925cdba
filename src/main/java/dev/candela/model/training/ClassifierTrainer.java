package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.SequentialBlock;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.data.FactorDataset;
import dev.candela.model.arch.Architectures;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.FactorClassifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Trains a {@link FactorClassifier} ({@value Architectures#CLASSIFIER}, or {@value
 * Architectures#CLASSIFIER_CANDLE} for CANDLE at half resolution) on a seeded subset of a dataset
 * and measures its accuracy per factor on a disjoint held-out subset. Trains in the {@link
 * TrainingLoop} the VAEs train in, with the {@link ClassifierStep} (its batches and its loss: the
 * sum over factors of the softmax cross-entropy for head {@code softmax}, binary cross-entropy of
 * one sigmoid per factor value for head {@code sigmoid}, the CANDLE authors' classifier); the split
 * is {@link ClassifierSplit}'s.
 */
public final class ClassifierTrainer {
  private ClassifierTrainer() {}

  /**
   * The outcome.
   *
   * @param card the written card (held-out accuracy per factor in {@code results})
   * @param accuracy held-out accuracy per factor, in factor order
   * @param lossHistory mean training loss per epoch
   */
  public record Result(ModelCard card, double[] accuracy, List<Double> lossHistory) {
    /** Copies arrays. */
    public Result {
      accuracy = accuracy.clone();
      lossHistory = List.copyOf(lossHistory);
    }
  }

  /**
   * Trains, evaluates on the held-out subset and writes the model directory (no resume).
   *
   * @param ds the dataset
   * @param cfg hyper-parameters
   * @param out the output directory (must not hold a model)
   * @param device the device
   * @param command the command line for the card, or null
   * @param progress the run's notices and its step count, with the running loss as the note
   * @return card, accuracy, loss history
   * @throws CandelaException on I/O failure
   */
  public static Result train(
      FactorDataset ds,
      ClassifierTrainingConfig cfg,
      Path out,
      ComputeDevice device,
      String command,
      Progress progress)
      throws CandelaException {
    return train(ds, cfg, out, false, device, command, progress);
  }

  /**
   * Trains, evaluates on the held-out subset and writes the model directory, with a checkpoint
   * after every epoch in {@code out/checkpoint/} (parameters, Adam moments and step counts, {@code
   * state.json}); {@code resume} continues from it (only {@code epochs} may differ). Deterministic
   * on the CPU for a seed: the split depends on the seed only, the engine seed and the shuffling
   * are re-derived from (seed, epoch), so a resumed run gives the weights of an uninterrupted one.
   *
   * @param ds the dataset
   * @param cfg hyper-parameters
   * @param out the output directory (must not hold a model unless resuming)
   * @param resume continue from {@code out/checkpoint} when present
   * @param device the device
   * @param command the command line for the card, or null
   * @param progress the run's notices and its step count, with the running loss as the note
   * @return card, accuracy, loss history
   * @throws CandelaException on I/O failure or a checkpoint of another configuration
   */
  public static Result train(
      FactorDataset ds,
      ClassifierTrainingConfig cfg,
      Path out,
      boolean resume,
      ComputeDevice device,
      String command,
      Progress progress)
      throws CandelaException {
    return train(ds, cfg, out, resume, null, device, command, progress);
  }

  /**
   * A trained classifier to start from ({@code train-classifier --init-from}): its weights are the
   * initial weights, and its held-out images stay held out, so the new held-out accuracy is
   * measured on images neither run trained on.
   *
   * @param dir the classifier's folder
   * @param card its card
   */
  public record Init(Path dir, ModelCard card) {
    /**
     * Reads a classifier folder.
     *
     * @param dir the folder
     * @return its card and folder
     * @throws CandelaException when it holds no classifier card
     */
    public static Init read(Path dir) throws CandelaException {
      ModelCard card = ModelCard.read(dir);
      if (!"classifier".equals(card.kind()) || !"djl".equals(card.format())) {
        throw new BadSettingException(
            SettingText.of(
                dir + ": ",
                Setting.INIT_FROM,
                " needs a classifier trained by Candela (kind classifier, format djl), got kind "
                    + card.kind()
                    + ", format "
                    + card.format()));
      }
      return new Init(dir, card);
    }

    /** The weights' SHA-256 recorded in the card. */
    String weightsSha256() {
      return card.weights().getOrDefault(FactorClassifier.PREFIX + "-0000.params", "");
    }

    /** Checks that this classifier can start {@code cfg} on {@code ds}; returns its held-out. */
    long[] heldOut(FactorDataset ds, ClassifierTrainingConfig cfg) throws CandelaException {
      Map<String, Object> t = card.training();
      String fp = ds.fingerprint();
      if (!fp.equals(t.get("datasetFingerprint"))) {
        throw new BadSettingException(
            SettingText.of(
                dir + ": ",
                Setting.INIT_FROM,
                " was trained on dataset "
                    + t.get("datasetFingerprint")
                    + ", not on "
                    + fp
                    + "; its held-out images cannot be kept held out"));
      }
      Object arch = t.getOrDefault("architecture", Architectures.CLASSIFIER);
      if (!cfg.architecture().equals(arch) || !cfg.head().equals(card.output())) {
        throw new BadSettingException(
            SettingText.of(
                dir + ": ",
                Setting.INIT_FROM,
                " is a " + arch + " classifier with head " + card.output() + ", not ",
                Setting.ARCHITECTURE,
                " " + cfg.architecture() + " and ",
                Setting.HEAD,
                " " + cfg.head()));
      }
      // a classifier that was itself started from another keeps that one's held-out images
      // (recorded as training.initFrom.training, nested as deep as the chain goes)
      while (t.get("initFrom") instanceof Map<?, ?> from
          && from.get("training") instanceof Map<?, ?> parent) {
        @SuppressWarnings("unchecked")
        Map<String, Object> p = (Map<String, Object>) parent;
        t = p;
      }
      int testCount = ((Number) t.get("testCount")).intValue();
      if (testCount != cfg.testCount()) {
        throw new BadSettingException(
            SettingText.of(
                dir + ": ",
                Setting.TEST_COUNT,
                " " + cfg.testCount() + " differs from the " + testCount + " held-out images of ",
                Setting.INIT_FROM,
                ", which stay the held-out images"));
      }
      long[][] split =
          ClassifierSplit.split(
              ds.size(),
              ((Number) t.get("trainCount")).intValue(),
              testCount,
              ((Number) t.get("seed")).longValue());
      return split[1];
    }
  }

  /**
   * As {@link #train(FactorDataset, ClassifierTrainingConfig, Path, boolean, ComputeDevice, String,
   * Progress)}, starting from {@code init}'s weights when it is not null: its held-out images are
   * the held-out images, and the {@code trainCount} training images are a seeded subset of the
   * others (they may include {@code init}'s training images). The card records {@code
   * training.initFrom} (the folder name, its weights' SHA-256 and its training configuration).
   *
   * @param ds the dataset
   * @param cfg hyper-parameters ({@code testCount} must equal {@code init}'s)
   * @param out the output directory (must not hold a model unless resuming)
   * @param resume continue from {@code out/checkpoint} when present
   * @param init the classifier to start from, or null for a fresh initialisation
   * @param device the device
   * @param command the command line for the card, or null
   * @param progress the run's notices and its step count, with the running loss as the note
   * @return card, accuracy, loss history
   * @throws CandelaException on I/O failure, a checkpoint of another configuration or an {@code
   *     init} of another dataset, architecture or held-out size
   */
  public static Result train(
      FactorDataset ds,
      ClassifierTrainingConfig cfg,
      Path out,
      boolean resume,
      Init init,
      ComputeDevice device,
      String command,
      Progress progress)
      throws CandelaException {
    Device djl = device.djl();
    Checkpoints ck = new Checkpoints(out);
    Map<String, Object> config = cfg.toMap();
    config.put("architecture", cfg.architecture());
    if (init != null) {
      config.put("initFromWeightsSha256", init.weightsSha256());
    }
    Checkpoints.State state = ck.start(resume, config, Map.of(), ClassifierTrainingConfig.LR_DROP);
    if (state.notice() != null) {
      progress.message(state.notice());
    }
    long size = ds.size();
    long[] trainIdx;
    long[] testIdx;
    if (init == null) {
      long[][] split = ClassifierSplit.split(size, cfg.trainCount(), cfg.testCount(), cfg.seed());
      trainIdx = split[0];
      testIdx = split[1];
    } else {
      testIdx = init.heldOut(ds, cfg);
      trainIdx = ClassifierSplit.trainingOutside(size, testIdx, cfg.trainCount(), cfg.seed());
    }
    int wantTrain = trainIdx.length;
    ModelCard.Shape shape =
        Architectures.classifierInput(cfg.architecture(), ds.imageShape().channels());
    TrainingData train =
        TrainingData.load(ds, trainIdx, shape.height(), shape.width(), false, k -> {});
    TrainingData test =
        TrainingData.load(ds, testIdx, shape.height(), shape.width(), false, k -> {});
    List<ModelCard.FactorInfo> factors = ModelCard.factorsOf(ds.space());
    int total = factors.stream().mapToInt(ModelCard.FactorInfo::size).sum();
    int b = Math.min(cfg.batchSize(), wantTrain);
    SequentialBlock block = Architectures.classifier(cfg.architecture(), total);
    String prefix = FactorClassifier.PREFIX;
    TrainingLoop.Restore restore = TrainingLoop.Restore.NONE;
    if (state.epochsDone() > 0) {
      restore = (model, adam) -> ck.restore(model, adam, prefix);
    } else if (init != null) {
      restore = (model, adam) -> Checkpoints.loadWeights(model, init.dir(), prefix);
    }
    Shape batchShape = new Shape(b, train.input.channels(), shape.height(), shape.width());
    try (TrainingLoop loop =
        TrainingLoop.open(
            prefix, block, djl, cfg.seed(), cfg.learningRate(), batchShape, restore)) {
      ClassifierStep step =
          new ClassifierStep(loop.trainer, loop.adam, block, train, factors, b, cfg);
      List<TrainingListener> listeners =
          List.of(new CheckpointListener(ck, config, loop.adam, prefix, null, null));
      List<Map<String, Double>> terms =
          loop.run(out, cfg.seed(), wantTrain, b, cfg.epochs(), state, step, progress, listeners);
      List<Double> history = new ArrayList<>();
      for (Map<String, Double> t : terms) {
        history.add(t.get("loss"));
      }
      ck.saveModel(loop.model, out, prefix);
      return new ClassifierRun(cfg, ds, train, test, init, djl, command)
          .finish(out, block, history);
    }
  }
}
