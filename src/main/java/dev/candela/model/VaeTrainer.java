package dev.candela.model;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.loss.Loss;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.HistogramDiscretizer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Trains a VAE of one of the {@link Architectures#VAES} with one of the {@link Objective}s through
 * DJL's training API ({@link Trainer}, {@link GradientCollector}) and a checkpointable Adam. Writes
 * a model directory ({@code vae-0000.params} + {@code model.json}) and a checkpoint after every
 * epoch ({@code checkpoint/}); {@code resume} continues from it. Deterministic on the CPU for a
 * seed: the engine's random seed and the shuffling are re-derived from (seed, epoch), and the
 * optimizer state is saved, so a resumed run reproduces an uninterrupted one.
 */
public final class VaeTrainer {
  private VaeTrainer() {}

  /** Receives progress: after every step the step count and the running loss terms. */
  @FunctionalInterface
  public interface Progress {
    /**
     * Called after a step.
     *
     * @param step steps done in this run (including resumed epochs)
     * @param totalSteps all steps of the run
     * @param terms current epoch's running means of the loss terms
     */
    void step(long step, long totalSteps, Map<String, Double> terms);

    /** Ignores progress. */
    Progress NONE = (s, t, m) -> {};
  }

  /**
   * The outcome of a run.
   *
   * @param card the written model card
   * @param history per completed epoch, the mean loss terms
   */
  public record Result(ModelCard card, List<Map<String, Double>> history) {
    /** Copies the history. */
    public Result {
      history = List.copyOf(history);
    }
  }

  /**
   * Trains and writes the model directory.
   *
   * @param ds the dataset (its codes are the labels of the ss- variants)
   * @param cfg hyper-parameters
   * @param out the output model directory
   * @param resume continue from {@code out/checkpoint} when present
   * @param device the device
   * @param command the command line to record in the card, or null
   * @param progress progress sink
   * @return the card and the loss history
   * @throws CandelaException on I/O failure or an unusable dataset
   */
  public static Result train(
      FactorDataset ds,
      VaeTrainingConfig cfg,
      Path out,
      boolean resume,
      Device device,
      String command,
      Progress progress)
      throws CandelaException {
    return train(ds, cfg, out, resume, device, command, progress, TrainingMonitor.NONE);
  }

  /**
   * Trains as {@link #train(FactorDataset, VaeTrainingConfig, Path, boolean, Device, String,
   * Progress)}, and also reports loss windows and held-out metric snapshots to the monitor's
   * listener and keeps step-named snapshots in {@code out/snapshots/step-NNNNNNNN/} (each a model
   * folder that {@code evaluate} scores).
   *
   * @param ds the dataset
   * @param cfg the configuration
   * @param out the model folder
   * @param resume continue from {@code out/checkpoint}
   * @param device the device
   * @param command the command line, for the card
   * @param progress per-step progress
   * @param monitor the training log and snapshot settings
   * @return the card and the per-epoch history
   * @throws CandelaException on I/O failure or bad input
   */
  public static Result train(
      FactorDataset ds,
      VaeTrainingConfig cfg,
      Path out,
      boolean resume,
      Device device,
      String command,
      Progress progress,
      TrainingMonitor monitor)
      throws CandelaException {
    Objective obj = cfg.objective();
    int[] supervised = supervisedFactors(ds, cfg);
    String arch = cfg.architecture();
    ModelCard.Shape netIn = Architectures.vaeInput(arch, ds.imageShape().channels());
    if (Architectures.isCandle(arch)) {
      FactorDataset.ImageShape is = ds.imageShape();
      if (is.height() != netIn.height() || is.width() != netIn.width()) {
        throw new IllegalArgumentException(
            "--architecture "
                + arch
                + " takes "
                + netIn.height()
                + "x"
                + netIn.width()
                + " images, but dataset '"
                + ds.space().name()
                + "' has "
                + is.channels()
                + "x"
                + is.height()
                + "x"
                + is.width()
                + "; use --architecture "
                + Architectures.DL_CONV64);
      }
    }
    int inH = netIn.height();
    int inW = netIn.width();
    Checkpoints ck = new Checkpoints(out);
    Map<String, Object> config = cfg.toMap();
    Checkpoints.State state = ck.start(resume, config, cfg.legacyDefaults());

    long[] indices = TrainingData.subset(ds.size(), cfg.limit(), cfg.seed());
    TrainingData data = TrainingData.load(ds, indices, inH, inW, obj.boundingBox(), k -> {});
    int n = data.size();
    if (n < cfg.batchSize()) {
      throw new IllegalArgumentException(
          "--batch-size " + cfg.batchSize() + " exceeds the " + n + " training images");
    }
    boolean[] labelled = labelledMask(n, cfg);
    TrainingData held = null;
    boolean heldInTraining = false;
    if (monitor.evalEvery() > 0) {
      long[] heldIdx = heldOutIndices(ds.size(), indices, monitor.heldOut(), cfg.seed());
      heldInTraining = heldIdx.length == 0;
      if (heldInTraining) {
        heldIdx = TrainingData.subset(indices.length, monitor.heldOut(), cfg.seed() + 1);
        for (int i = 0; i < heldIdx.length; i++) {
          heldIdx[i] = indices[(int) heldIdx[i]];
        }
      }
      held = TrainingData.load(ds, heldIdx, inH, inW, false, k -> {});
    }
    int window = monitor.evalEvery() > 0 ? monitor.evalEvery() : 0;
    Map<String, Double> windowSums = new LinkedHashMap<>();
    int windowCount = 0;
    int c = data.input.channels();
    int vol = data.input.volume();
    int d = cfg.latentDim();
    int b = cfg.batchSize();
    int stepsPerEpoch = n / b;
    Engine engine = Engine.getEngine(VaeModels.ENGINE);
    engine.setRandomSeed((int) cfg.seed());

    VaeBlock block = new VaeBlock(arch, d, c);
    boolean factorVae = obj.base() == Objective.Base.FACTOR_VAE;
    try (Model model = Model.newInstance(VaeModels.DJL_VAE_PREFIX, device, VaeModels.ENGINE);
        Model discModel = factorVae ? Model.newInstance("disc", device, VaeModels.ENGINE) : null) {
      model.setBlock(block);
      CheckpointAdam adam =
          new CheckpointAdam(block, (float) cfg.learningRate(), 0.9f, 0.999f, 1e-8f);
      // Parameters are restored before the trainers exist: Trainer.initialize caches the parameter
      // arrays it finds and skips initialised ones.
      if (state.epochsDone() > 0) {
        ck.restore(model, adam, VaeModels.DJL_VAE_PREFIX);
      }
      Trainer trainer = model.newTrainer(config(adam, device));
      trainer.initialize(new Shape(b, c, inH, inW));
      Block disc = null;
      Trainer discTrainer = null;
      CheckpointAdam discAdam = null;
      if (factorVae) {
        disc = Architectures.discriminator(cfg.discriminatorLayers(), cfg.discriminatorUnits());
        discModel.setBlock(disc);
        discAdam =
            new CheckpointAdam(disc, (float) cfg.discriminatorLearningRate(), 0.5f, 0.9f, 1e-8f);
        if (state.epochsDone() > 0) {
          ck.restore(discModel, discAdam, "disc");
        }
        discTrainer = discModel.newTrainer(config(discAdam, device));
        discTrainer.initialize(new Shape(b, d));
      }
      List<Map<String, Double>> history = new ArrayList<>(state.history());
      long total = (long) cfg.epochs() * stepsPerEpoch;
      for (int epoch = state.epochsDone(); epoch < cfg.epochs(); epoch++) {
        long epochSeed = mix(cfg.seed(), epoch);
        engine.setRandomSeed((int) epochSeed);
        SplittableRandom rng = new SplittableRandom(epochSeed);
        int[] perm = permutation(n, rng);
        Map<String, Double> sums = new LinkedHashMap<>();
        for (int s = 0; s < stepsPerEpoch; s++) {
          Map<String, Float> terms;
          try (NDManager sub = trainer.getManager().newSubManager()) {
            float[] x = new float[b * vol];
            float[] y = new float[b * Math.max(1, supervised.length)];
            float[] mask = new float[b];
            float[] box = obj.boundingBox() ? new float[b * inH * inW] : null;
            int labelledCount = 0;
            for (int i = 0; i < b; i++) {
              int r = perm[s * b + i];
              System.arraycopy(data.images, r * vol, x, i * vol, vol);
              if (labelled[r]) {
                mask[i] = 1f;
                labelledCount++;
                for (int k = 0; k < supervised.length; k++) {
                  int f = supervised[k];
                  int size = ds.space().factors().get(f).size();
                  y[i * supervised.length + k] = data.codes[r][f] / (float) (size - 1);
                }
              }
              if (box != null) {
                int area = inH * inW;
                System.arraycopy(data.boxes, r * area, box, i * area, area);
              }
            }
            NDArray xs = sub.create(x, new Shape(b, c, inH, inW));
            terms = new LinkedHashMap<>();
            NDArray zDetached;
            zeroGradients(block);
            if (disc != null) {
              zeroGradients(disc);
            }
            try (GradientCollector gc = trainer.newGradientCollector()) {
              NDList o = trainer.forward(new NDList(xs));
              NDArray logits = o.get(0);
              NDArray mean = o.get(1);
              NDArray logVar = o.get(2);
              NDArray z = o.get(3);
              NDArray recon = Losses.bernoulli(logits, xs);
              NDArray kl = Losses.gaussianKl(mean, logVar);
              NDArray loss;
              terms.put("recon", recon.getFloat());
              terms.put("kl", kl.getFloat());
              switch (obj.base()) {
                case BETA_VAE -> loss = recon.add(kl.mul((float) cfg.beta()));
                case BETA_TCVAE -> {
                  NDArray tc = Losses.totalCorrelation(z, mean, logVar);
                  terms.put("tc", tc.getFloat());
                  loss = recon.add(kl).add(tc.mul((float) (cfg.beta() - 1)));
                }
                case DIP_VAE_I -> {
                  NDArray reg = Losses.dipI(mean, (float) cfg.lambdaOd(), (float) cfg.lambdaD());
                  terms.put("dip", reg.getFloat());
                  loss = recon.add(kl).add(reg);
                }
                case FACTOR_VAE -> {
                  NDArray dl = discTrainer.forward(new NDList(z)).singletonOrThrow();
                  NDList cols = dl.split(2, 1);
                  NDArray tc = cols.get(0).sub(cols.get(1)).mean();
                  terms.put("tc", tc.getFloat());
                  loss = recon.add(kl).add(tc.mul((float) cfg.gamma()));
                }
                default -> throw new IllegalStateException("objective " + obj);
              }
              if (obj.semiSupervised() && labelledCount > 0) {
                int k = supervised.length;
                NDArray ys = sub.create(y, new Shape(b, k));
                NDArray ms = sub.create(mask, new Shape(b, 1));
                NDArray head = mean.get(":, 0:" + k);
                NDArray sup =
                    Losses.bceWithLogits(head, ys).mul(ms).sum().div((float) labelledCount);
                terms.put("sup", sup.getFloat());
                loss = loss.add(sup.mul((float) cfg.supervisedWeight()));
              }
              if (box != null) {
                NDArray w = sub.create(box, new Shape(b, 1, inH, inW));
                NDArray diff = xs.sub(Activation.sigmoid(logits)).mul(w);
                NDArray bb = diff.square().reshape(b, -1).sum(new int[] {1}).mean();
                terms.put("box", bb.getFloat());
                loss = loss.add(bb.mul((float) cfg.boxWeight()));
              }
              float lv = loss.getFloat();
              if (!Float.isFinite(lv)) {
                throw new IllegalStateException(
                    "loss became "
                        + lv
                        + " at epoch "
                        + (epoch + 1)
                        + " step "
                        + (s + 1)
                        + "; lower --lr or the regulariser weights");
              }
              terms.put("loss", lv);
              gc.backward(loss);
              zDetached = sub.create(z.toFloatArray(), new Shape(b, d));
            }
            trainer.step();
            if (disc != null) {
              zeroGradients(disc);
              float[] zf = zDetached.toFloatArray();
              float[] zp = permuteDims(zf, b, d, rng);
              NDArray zPerm = sub.create(zp, new Shape(b, d));
              float[] t0 = new float[b * 2];
              float[] t1 = new float[b * 2];
              for (int i = 0; i < b; i++) {
                t0[2 * i] = 1f;
                t1[2 * i + 1] = 1f;
              }
              try (GradientCollector gc = discTrainer.newGradientCollector()) {
                NDArray l0 = discTrainer.forward(new NDList(zDetached)).singletonOrThrow();
                NDArray l1 = discTrainer.forward(new NDList(zPerm)).singletonOrThrow();
                NDArray ld =
                    Losses.softmaxCrossEntropy(l0, sub.create(t0, new Shape(b, 2)))
                        .add(Losses.softmaxCrossEntropy(l1, sub.create(t1, new Shape(b, 2))))
                        .mul(0.5f);
                terms.put("disc", ld.getFloat());
                gc.backward(ld);
              }
              discTrainer.step();
            }
          }
          for (Map.Entry<String, Float> e : terms.entrySet()) {
            sums.merge(e.getKey(), (double) e.getValue(), Double::sum);
          }
          Map<String, Double> running = new LinkedHashMap<>();
          int done = s + 1;
          sums.forEach((k, v) -> running.put(k, v / done));
          long step = (long) epoch * stepsPerEpoch + done;
          progress.step(step, total, running);
          for (Map.Entry<String, Float> e : terms.entrySet()) {
            windowSums.merge(e.getKey(), (double) e.getValue(), Double::sum);
          }
          windowCount++;
          boolean windowEnd = window > 0 ? step % window == 0 : done == stepsPerEpoch;
          if (windowEnd && monitor.listener() != null) {
            Map<String, Double> means = new LinkedHashMap<>();
            int wc = windowCount;
            windowSums.forEach((k, v) -> means.put(k, v / wc));
            monitor.listener().log(step, epoch + 1, "train", means);
          }
          if (windowEnd) {
            windowSums.clear();
            windowCount = 0;
          }
          if (window > 0 && step % window == 0) {
            if (monitor.listener() != null) {
              Map<String, Double> snap =
                  heldOutSnapshot(trainer, held, ds, b, c, inH, inW, d, cfg.seed());
              snap.put("heldout_in_training", heldInTraining ? 1.0 : 0.0);
              monitor.listener().log(step, epoch + 1, "heldout", snap);
            }
            if (monitor.keepCheckpoints() != 0) {
              snapshot(
                  out,
                  model,
                  step,
                  epoch + 1,
                  monitor.keepCheckpoints(),
                  cfg,
                  ds,
                  data,
                  n,
                  device,
                  command);
            }
          }
        }
        if (window == 0 && monitor.keepCheckpoints() != 0) {
          snapshot(
              out,
              model,
              (long) (epoch + 1) * stepsPerEpoch,
              epoch + 1,
              monitor.keepCheckpoints(),
              cfg,
              ds,
              data,
              n,
              device,
              command);
        }
        Map<String, Double> means = new LinkedHashMap<>();
        sums.forEach((k, v) -> means.put(k, v / stepsPerEpoch));
        history.add(means);
        ck.save(
            epoch + 1, history, config, model, adam, VaeModels.DJL_VAE_PREFIX, discModel, discAdam);
      }
      model.setProperty("Epoch", "0");
      ck.saveModel(model, out, VaeModels.DJL_VAE_PREFIX);
      Map<String, Object> results = new LinkedHashMap<>();
      results.put("finalEpochLoss", history.isEmpty() ? Map.of() : history.get(history.size() - 1));
      results.put("epochs", history.size());
      results.put("epochHistory", history);
      ModelCard card = card(out, cfg, ds, data, n, device, command, results);
      card.write(out);
      trainer.close();
      if (discTrainer != null) {
        discTrainer.close();
      }
      return new Result(card, history);
    }
  }

  /** The folder of step-named snapshots inside a run folder. */
  public static final String SNAPSHOTS = "snapshots";

  private static ModelCard card(
      Path dir,
      VaeTrainingConfig cfg,
      FactorDataset ds,
      TrainingData data,
      int n,
      Device device,
      String command,
      Map<String, Object> results)
      throws CandelaException {
    Map<String, Object> training = new LinkedHashMap<>(cfg.toMap());
    training.put("trainImages", n);
    training.put("datasetFingerprint", ds.fingerprint());
    training.put("device", device.toString());
    return new ModelCard(
        "vae",
        "djl",
        cfg.architecture(),
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

  /**
   * Writes a step-named snapshot (a model folder) atomically and keeps only the newest {@code keep}
   * snapshots ({@link TrainingMonitor#ALL}: all).
   */
  private static void snapshot(
      Path out,
      Model model,
      long step,
      int epoch,
      int keep,
      VaeTrainingConfig cfg,
      FactorDataset ds,
      TrainingData data,
      int n,
      Device device,
      String command)
      throws CandelaException {
    Path root = out.resolve(SNAPSHOTS);
    String name = String.format(java.util.Locale.ROOT, "step-%08d", step);
    Path dir = root.resolve(name);
    Path tmp = root.resolve(name + ".tmp");
    try {
      Checkpoints.deleteTree(tmp);
      Files.createDirectories(tmp);
      model.setProperty("Epoch", "0");
      model.save(tmp, VaeModels.DJL_VAE_PREFIX);
      Map<String, Object> results = new LinkedHashMap<>();
      results.put("step", step);
      results.put("epoch", epoch);
      card(tmp, cfg, ds, data, n, device, command, results).write(tmp);
      Checkpoints.deleteTree(dir);
      Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
      if (keep > 0) {
        List<Path> all;
        try (Stream<Path> list = Files.list(root)) {
          all = list.filter(p -> p.getFileName().toString().matches("step-\\d+")).sorted().toList();
        }
        for (int i = 0; i < all.size() - keep; i++) {
          Checkpoints.deleteTree(all.get(i));
        }
      }
    } catch (IOException e) {
      throw new CandelaException(dir + ": cannot write the snapshot (" + e.getMessage() + ")", e);
    }
  }

  /** Up to {@code count} seeded indices of the dataset that are not in the training subset. */
  static long[] heldOutIndices(long size, long[] training, int count, long seed) {
    long free = size - training.length;
    if (free <= 0) {
      return new long[0];
    }
    java.util.Set<Long> train = new java.util.HashSet<>();
    for (long t : training) {
      train.add(t);
    }
    SplittableRandom rng = new SplittableRandom(mix(seed, -2));
    java.util.TreeSet<Long> out = new java.util.TreeSet<>();
    int want = (int) Math.min(count, free);
    if (free <= 4L * want) {
      List<Long> rest = new ArrayList<>();
      for (long i = 0; i < size; i++) {
        if (!train.contains(i)) {
          rest.add(i);
        }
      }
      for (int i = rest.size() - 1; i > 0; i--) {
        int j = rng.nextInt(i + 1);
        Long t = rest.get(i);
        rest.set(i, rest.get(j));
        rest.set(j, t);
      }
      out.addAll(rest.subList(0, want));
    } else {
      while (out.size() < want) {
        long i = rng.nextLong(size);
        if (!train.contains(i)) {
          out.add(i);
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * The held-out snapshot: mean reconstruction loss and KL per image (the training losses'
   * definitions), and MIG, DCI disentanglement and IRS of the encoder means ({@link CodeScorer}); a
   * metric that cannot be computed (e.g. every latent constant) is NaN.
   */
  private static Map<String, Double> heldOutSnapshot(
      Trainer trainer,
      TrainingData held,
      FactorDataset ds,
      int b,
      int c,
      int inH,
      int inW,
      int d,
      long seed) {
    int m = held.size();
    int vol = c * inH * inW;
    double[][] lat = new double[d][m];
    double recon = 0;
    double kl = 0;
    for (int a = 0; a < m; a += b) {
      int e = Math.min(m, a + b);
      int k = e - a;
      try (NDManager sub = trainer.getManager().newSubManager()) {
        NDArray xs =
            sub.create(
                java.util.Arrays.copyOfRange(held.images, a * vol, e * vol),
                new Shape(k, c, inH, inW));
        NDList o = trainer.evaluate(new NDList(xs));
        recon += Losses.bernoulli(o.get(0), xs).getFloat() * (double) k;
        kl += Losses.gaussianKl(o.get(1), o.get(2)).getFloat() * (double) k;
        float[] mu = o.get(1).toFloatArray();
        for (int i = 0; i < k; i++) {
          for (int j = 0; j < d; j++) {
            lat[j][a + i] = mu[i * d + j];
          }
        }
      }
    }
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("recon", recon / m);
    out.put("kl", kl / m);
    int f = ds.space().numFactors();
    int[][] codes = new int[f][m];
    for (int i = 0; i < m; i++) {
      for (int q = 0; q < f; q++) {
        codes[q][i] = held.codes[i][q];
      }
    }
    List<String> latentNames = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      latentNames.add("z" + j);
    }
    double mig = Double.NaN;
    double dciD = Double.NaN;
    double irs = Double.NaN;
    try {
      CodeScorer.Scores sc =
          CodeScorer.score(
              new LatentCodes(lat, codes, latentNames, ds.space().names()),
              null,
              new CodeScorer.Options(
                  java.util.EnumSet.of(
                      CodeScorer.Metric.IRS, CodeScorer.Metric.MIG, CodeScorer.Metric.DCI),
                  List.of(1),
                  java.util.EnumSet.of(UcSelection.TOPK),
                  HistogramDiscretizer.DEFAULT_BINS,
                  CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
                  CodeScorer.Options.DEFAULT_MAX_TRAIN,
                  CodeScorer.Options.DEFAULT_MAX_TEST,
                  seed));
      mig = sc.scores().getOrDefault("mig", Double.NaN);
      dciD = sc.scores().getOrDefault("dci.disentanglement", Double.NaN);
      irs = sc.scores().getOrDefault("irs", Double.NaN);
    } catch (IllegalArgumentException e) {
      // a degenerate representation (e.g. every latent constant): the metrics stay NaN
    }
    out.put("mig", mig);
    out.put("dci.disentanglement", dciD);
    out.put("irs", irs);
    return out;
  }

  static DefaultTrainingConfig config(CheckpointAdam adam, Device device) {
    return new DefaultTrainingConfig(Loss.l2Loss())
        .optOptimizer(adam)
        .optDevices(new Device[] {device});
  }

  /** Sets the gradient of every parameter of a block to zero (PyTorch accumulates). */
  static void zeroGradients(Block block) {
    for (var p : block.getParameters().values()) {
      NDArray a = p.getArray();
      if (a.hasGradient()) {
        try (NDManager scope = a.getManager().newSubManager()) {
          NDArray g = a.getGradient();
          g.attach(scope);
          g.subi(g);
        }
      }
    }
  }

  /** The factors the ss- term supervises: those with more than one value, in order. */
  private static int[] supervisedFactors(FactorDataset ds, VaeTrainingConfig cfg) {
    if (!cfg.objective().semiSupervised()) {
      return new int[0];
    }
    int[] f =
        java.util.stream.IntStream.range(0, ds.space().numFactors())
            .filter(i -> ds.space().factors().get(i).size() > 1)
            .toArray();
    if (f.length == 0) {
      throw new IllegalArgumentException(
          cfg.objective()
              + " needs labelled factors, but dataset '"
              + ds.space().name()
              + "' has no factor with more than one value");
    }
    if (cfg.latentDim() < f.length) {
      throw new IllegalArgumentException(
          cfg.objective()
              + " aligns one latent per varying factor: --latent-dim "
              + cfg.latentDim()
              + " is smaller than the "
              + f.length
              + " factors of '"
              + ds.space().name()
              + "'");
    }
    return f;
  }

  /** A seeded choice of ⌈fraction·n⌉ labelled samples (all false unless semi-supervised). */
  private static boolean[] labelledMask(int n, VaeTrainingConfig cfg) {
    boolean[] m = new boolean[n];
    if (!cfg.objective().semiSupervised()) {
      return m;
    }
    int k = (int) Math.ceil(cfg.supervisedFraction() * n);
    int[] p = permutation(n, new SplittableRandom(mix(cfg.seed(), -1)));
    for (int i = 0; i < k; i++) {
      m[p[i]] = true;
    }
    return m;
  }

  static int[] permutation(int n, SplittableRandom rng) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** Each latent dimension permuted independently across the batch (FactorVAE's q̄(z) sample). */
  static float[] permuteDims(float[] z, int b, int d, SplittableRandom rng) {
    float[] out = new float[z.length];
    for (int j = 0; j < d; j++) {
      int[] p = permutation(b, rng);
      for (int i = 0; i < b; i++) {
        out[i * d + j] = z[p[i] * d + j];
      }
    }
    return out;
  }

  static long mix(long seed, long epoch) {
    long x = seed * 0x9E3779B97F4A7C15L + epoch * 0xBF58476D1CE4E5B9L;
    x ^= x >>> 31;
    return x & 0x7fffffffL;
  }
}
