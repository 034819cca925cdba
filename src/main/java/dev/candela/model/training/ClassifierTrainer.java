package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.SequentialBlock;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSymmetries;
import dev.candela.model.arch.Architectures;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ClassifierQuality;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.FactorClassifier;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Trains a {@link FactorClassifier} ({@value Architectures#CLASSIFIER}, or {@value
 * Architectures#CLASSIFIER_CANDLE} for CANDLE at half resolution) on a seeded subset of a dataset
 * and measures its accuracy per factor on a disjoint held-out subset. Loss: the sum over factors of
 * the softmax cross-entropy (head {@code softmax}), or binary cross-entropy of one sigmoid per
 * factor value against the multi-hot target (head {@code sigmoid}, the CANDLE authors' classifier),
 * averaged over the batch.
 */
public final class ClassifierTrainer {
  private ClassifierTrainer() {}

  /** Configuration key of the epoch from which the learning rate is dropped. */
  static final String LR_DROP_EPOCH = "lrDropEpoch";

  /** Configuration key of the factor the learning rate is dropped by. */
  static final String LR_DROP_FACTOR = "lrDropFactor";

  /**
   * Hyper-parameters.
   *
   * @param head {@code softmax} or {@code sigmoid}
   * @param epochs passes over the training subset
   * @param batchSize batch size
   * @param seed seed of initialisation, split and shuffling
   * @param learningRate Adam learning rate
   * @param trainCount training images (0 = all not held out)
   * @param testCount held-out images
   * @param architecture one of {@link Architectures#CLASSIFIERS}
   * @param lrDropEpoch the 0-based epoch from which the learning rate is multiplied by {@code
   *     lrDropFactor} (0 = a constant rate)
   * @param lrDropFactor that factor, in (0, 1]
   */
  public record Config(
      String head,
      int epochs,
      int batchSize,
      long seed,
      double learningRate,
      int trainCount,
      int testCount,
      String architecture,
      int lrDropEpoch,
      double lrDropFactor) {
    /** The factor of {@code --lr-drop-factor} when none is given. */
    public static final double DEFAULT_LR_DROP_FACTOR = 0.1;

    /**
     * A configuration with a constant learning rate.
     *
     * @param head softmax or sigmoid
     * @param epochs epochs
     * @param batchSize batch size
     * @param seed seed
     * @param learningRate Adam's learning rate
     * @param trainCount training images (0 = all but the test images)
     * @param testCount held-out images
     * @param architecture the architecture
     */
    public Config(
        String head,
        int epochs,
        int batchSize,
        long seed,
        double learningRate,
        int trainCount,
        int testCount,
        String architecture) {
      this(
          head,
          epochs,
          batchSize,
          seed,
          learningRate,
          trainCount,
          testCount,
          architecture,
          0,
          DEFAULT_LR_DROP_FACTOR);
    }

    /** Validates; messages name the setting and value. */
    public Config {
      if (lrDropEpoch < 0) {
        throw new IllegalArgumentException(
            "learning rate drop epoch must be >= 0, got " + lrDropEpoch);
      }
      if (!(lrDropFactor > 0 && lrDropFactor <= 1)) {
        throw new IllegalArgumentException(
            "learning rate drop factor must be in (0, 1], got " + lrDropFactor);
      }
      if (!Architectures.CLASSIFIERS.contains(architecture)) {
        throw new IllegalArgumentException(
            "architecture must be one of "
                + String.join(", ", Architectures.CLASSIFIERS)
                + ", got "
                + architecture);
      }
      if (!"softmax".equals(head) && !"sigmoid".equals(head)) {
        throw new IllegalArgumentException("head must be softmax or sigmoid, got " + head);
      }
      if (epochs <= 0) {
        throw new IllegalArgumentException("epochs must be > 0, got " + epochs);
      }
      if (batchSize < 1) {
        throw new IllegalArgumentException("batch size must be > 0, got " + batchSize);
      }
      if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
        throw new IllegalArgumentException(
            "learning rate must be a finite number > 0, got " + learningRate);
      }
      if (trainCount < 0 || testCount < 1) {
        throw new IllegalArgumentException(
            "train count must be >= 0 and test count >= 1, got " + trainCount + ", " + testCount);
      }
    }

    Map<String, Object> toMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("head", head);
      m.put("epochs", epochs);
      m.put("batchSize", batchSize);
      m.put("seed", seed);
      m.put("learningRate", learningRate);
      m.put("trainCount", trainCount);
      m.put("testCount", testCount);
      if (!Architectures.CLASSIFIER.equals(architecture)) {
        m.put("architecture", architecture);
      }
      if (lrDropEpoch > 0) {
        m.put(LR_DROP_EPOCH, lrDropEpoch);
        m.put(LR_DROP_FACTOR, lrDropFactor);
      }
      return m;
    }

    /**
     * The learning rate of an epoch: {@code learningRate}, times {@code lrDropFactor} from epoch
     * {@code lrDropEpoch} (0-based) on when that is &gt; 0.
     *
     * @param epoch the 0-based epoch
     * @return its learning rate
     */
    public double rateAt(int epoch) {
      return lrDropEpoch > 0 && epoch >= lrDropEpoch ? learningRate * lrDropFactor : learningRate;
    }
  }

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
   * @param progress progress sink (step, total, running terms)
   * @return card, accuracy, loss history
   * @throws CandelaException on I/O failure
   */
  public static Result train(
      FactorDataset ds,
      Config cfg,
      Path out,
      ComputeDevice device,
      String command,
      VaeTrainer.Progress progress)
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
   * @param progress progress sink (step, total, running terms)
   * @return card, accuracy, loss history
   * @throws CandelaException on I/O failure or a checkpoint of another configuration
   */
  public static Result train(
      FactorDataset ds,
      Config cfg,
      Path out,
      boolean resume,
      ComputeDevice device,
      String command,
      VaeTrainer.Progress progress)
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
        throw new BadInputException(
            dir
                + ": init from needs a classifier trained by Candela (kind classifier, format"
                + " djl), got kind "
                + card.kind()
                + ", format "
                + card.format());
      }
      return new Init(dir, card);
    }

    /** The weights' SHA-256 recorded in the card. */
    String weightsSha256() {
      return card.weights().getOrDefault(FactorClassifier.PREFIX + "-0000.params", "");
    }

    /** Checks that this classifier can start {@code cfg} on {@code ds}; returns its held-out. */
    long[] heldOut(FactorDataset ds, Config cfg) throws CandelaException {
      Map<String, Object> t = card.training();
      String fp = ds.fingerprint();
      if (!fp.equals(t.get("datasetFingerprint"))) {
        throw new BadInputException(
            dir
                + ": init from was trained on dataset "
                + t.get("datasetFingerprint")
                + ", not on "
                + fp
                + "; its held-out images cannot be kept held out");
      }
      Object arch = t.getOrDefault("architecture", Architectures.CLASSIFIER);
      if (!cfg.architecture().equals(arch) || !cfg.head().equals(card.output())) {
        throw new BadInputException(
            dir
                + ": init from is a "
                + arch
                + " classifier with head "
                + card.output()
                + ", not architecture "
                + cfg.architecture()
                + " and head "
                + cfg.head());
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
        throw new BadInputException(
            dir
                + ": test count "
                + cfg.testCount()
                + " differs from the "
                + testCount
                + " held-out images of init from, which stay the held-out images");
      }
      long[][] split =
          split(
              ds.size(),
              ((Number) t.get("trainCount")).intValue(),
              testCount,
              ((Number) t.get("seed")).longValue());
      return split[1];
    }
  }

  /**
   * The seeded split of a dataset into training and held-out indices, each increasing.
   *
   * @param size dataset size
   * @param trainCount training images (0 = all not held out)
   * @param testCount held-out images
   * @param seed the seed
   * @return {training, held-out}
   */
  static long[][] split(long size, int trainCount, int testCount, long seed) {
    if (size > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("dataset too large; the split needs an int index");
    }
    int wantTrain = trainCount == 0 ? (int) size - testCount : trainCount;
    checkCounts(wantTrain, testCount, size);
    long[] chosen = TrainingData.subset(size, wantTrain + testCount, seed);
    int[] perm = VaeTrainer.permutation(chosen.length, new SplittableRandom(seed + 17));
    long[] trainIdx = new long[wantTrain];
    long[] testIdx = new long[testCount];
    for (int i = 0; i < chosen.length; i++) {
      if (i < wantTrain) {
        trainIdx[i] = chosen[perm[i]];
      } else {
        testIdx[i - wantTrain] = chosen[perm[i]];
      }
    }
    Arrays.sort(trainIdx);
    Arrays.sort(testIdx);
    return new long[][] {trainIdx, testIdx};
  }

  private static void checkCounts(int wantTrain, int testCount, long size) {
    if (wantTrain < 1 || (long) wantTrain + testCount > size) {
      throw new IllegalArgumentException(
          "train count "
              + wantTrain
              + " + test count "
              + testCount
              + " exceed the "
              + size
              + " images of the dataset");
    }
  }

  /**
   * A seeded training subset of the images outside {@code heldOut}: {@code trainCount} of them (0 =
   * all), increasing.
   */
  static long[] trainingOutside(long size, long[] heldOut, int trainCount, long seed) {
    int free = (int) (size - heldOut.length);
    int want = trainCount == 0 ? free : trainCount;
    checkCounts(want, heldOut.length, size);
    long[] pick = TrainingData.subset(free, want, seed);
    // the k-th free index: skip the held-out indices below it (both increasing)
    long[] out = new long[pick.length];
    int h = 0;
    for (int i = 0; i < pick.length; i++) {
      long idx = pick[i] + h;
      while (h < heldOut.length && heldOut[h] <= idx) {
        h++;
        idx++;
      }
      out[i] = idx;
    }
    return out;
  }

  /**
   * As {@link #train(FactorDataset, Config, Path, boolean, ComputeDevice, String,
   * VaeTrainer.Progress)}, starting from {@code init}'s weights when it is not null: its held-out
   * images are the held-out images, and the {@code trainCount} training images are a seeded subset
   * of the others (they may include {@code init}'s training images). The card records {@code
   * training.initFrom} (the folder name, its weights' SHA-256 and its training configuration).
   *
   * @param ds the dataset
   * @param cfg hyper-parameters ({@code testCount} must equal {@code init}'s)
   * @param out the output directory (must not hold a model unless resuming)
   * @param resume continue from {@code out/checkpoint} when present
   * @param init the classifier to start from, or null for a fresh initialisation
   * @param device the device
   * @param command the command line for the card, or null
   * @param progress progress sink (step, total, running terms)
   * @return card, accuracy, loss history
   * @throws CandelaException on I/O failure, a checkpoint of another configuration or an {@code
   *     init} of another dataset, architecture or held-out size
   */
  public static Result train(
      FactorDataset ds,
      Config cfg,
      Path out,
      boolean resume,
      Init init,
      ComputeDevice device,
      String command,
      VaeTrainer.Progress progress)
      throws CandelaException {
    Device djl = device.djl();
    Checkpoints ck = new Checkpoints(out);
    Map<String, Object> config = cfg.toMap();
    config.put("architecture", cfg.architecture());
    if (init != null) {
      config.put("initFromWeightsSha256", init.weightsSha256());
    }
    Checkpoints.State state = ck.start(resume, config, Map.of(), LR_DROP_EPOCH, LR_DROP_FACTOR);
    long size = ds.size();
    long[] trainIdx;
    long[] testIdx;
    if (init == null) {
      long[][] split = split(size, cfg.trainCount(), cfg.testCount(), cfg.seed());
      trainIdx = split[0];
      testIdx = split[1];
    } else {
      testIdx = init.heldOut(ds, cfg);
      trainIdx = trainingOutside(size, testIdx, cfg.trainCount(), cfg.seed());
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
    int c = train.input.channels();
    int vol = train.input.volume();
    int b = Math.min(cfg.batchSize(), wantTrain);
    int steps = wantTrain / b;
    Engine engine = Engine.getEngine(VaeModels.ENGINE);
    engine.setRandomSeed((int) cfg.seed());
    SequentialBlock block = Architectures.classifier(cfg.architecture(), total);
    List<Map<String, Double>> terms = new ArrayList<>(state.history());
    try (Model model = Model.newInstance(FactorClassifier.PREFIX, djl, VaeModels.ENGINE)) {
      model.setBlock(block);
      CheckpointAdam adam =
          new CheckpointAdam(block, (float) cfg.learningRate(), 0.9f, 0.999f, 1e-8f);
      // restored before the trainer exists (Trainer.initialize skips initialised parameters)
      if (state.epochsDone() > 0) {
        ck.restore(model, adam, FactorClassifier.PREFIX);
      } else if (init != null) {
        Checkpoints.loadWeights(model, init.dir(), FactorClassifier.PREFIX);
      }
      try (Trainer trainer = model.newTrainer(VaeTrainer.config(adam, djl))) {
        trainer.initialize(new Shape(b, c, shape.height(), shape.width()));
        for (int epoch = state.epochsDone(); epoch < cfg.epochs(); epoch++) {
          adam.setLearningRate((float) cfg.rateAt(epoch));
          long es = VaeTrainer.mix(cfg.seed(), epoch);
          engine.setRandomSeed((int) es);
          int[] order = VaeTrainer.permutation(wantTrain, new SplittableRandom(es));
          double sum = 0;
          for (int s = 0; s < steps; s++) {
            float[] x = new float[b * vol];
            float[] target = new float[b * total];
            for (int i = 0; i < b; i++) {
              int r = order[s * b + i];
              System.arraycopy(train.images, r * vol, x, i * vol, vol);
              int off = 0;
              for (int f = 0; f < factors.size(); f++) {
                target[i * total + off + train.codes[r][f]] = 1f;
                off += factors.get(f).size();
              }
            }
            try (NDManager sub = trainer.getManager().newSubManager()) {
              NDArray xs = sub.create(x, new Shape(b, c, shape.height(), shape.width()));
              NDArray ts = sub.create(target, new Shape(b, total));
              VaeTrainer.zeroGradients(block);
              float lv;
              try (GradientCollector gc = trainer.newGradientCollector()) {
                NDArray logits = trainer.forward(new NDList(xs)).singletonOrThrow();
                NDArray loss = loss(logits, ts, factors, cfg.head());
                lv = loss.getFloat();
                gc.backward(loss);
              }
              trainer.step();
              sum += lv;
            }
            int done = s + 1;
            double running = sum / done;
            progress.step(
                (long) epoch * steps + done, (long) cfg.epochs() * steps, Map.of("loss", running));
          }
          terms.add(Map.of("loss", sum / steps));
          ck.save(epoch + 1, terms, config, model, adam, FactorClassifier.PREFIX, null, null);
        }
      }
      List<Double> history = new ArrayList<>();
      for (Map<String, Double> t : terms) {
        history.add(t.get("loss"));
      }
      ck.saveModel(model, out, FactorClassifier.PREFIX);
      return finish(ds, cfg, out, init, djl, command, train, test, factors, block, history);
    }
  }

  private static Result finish(
      FactorDataset ds,
      Config cfg,
      Path out,
      Init init,
      Device device,
      String command,
      TrainingData train,
      TrainingData test,
      List<ModelCard.FactorInfo> factors,
      SequentialBlock block,
      List<Double> history)
      throws CandelaException {
    int wantTrain = train.size();
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
      int[] identity = java.util.stream.IntStream.range(0, factors.size()).toArray();
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
    results.put("trainImages", wantTrain);
    results.put("finalTrainLoss", history.get(history.size() - 1));
    card = card.withResults(results);
    card.write(out);
    return new Result(card, acc, history);
  }

  private static NDArray loss(
      NDArray logits, NDArray targets, List<ModelCard.FactorInfo> factors, String head) {
    if (head.equals("sigmoid")) {
      NDArray per = Losses.bceWithLogits(logits, targets);
      return per.sum(new int[] {1}).mean();
    }
    NDArray total = null;
    int off = 0;
    for (ModelCard.FactorInfo f : factors) {
      String range = ":, " + off + ":" + (off + f.size());
      NDArray ce = Losses.softmaxCrossEntropy(logits.get(range), targets.get(range));
      total = total == null ? ce : total.add(ce);
      off += f.size();
    }
    return total;
  }
}
