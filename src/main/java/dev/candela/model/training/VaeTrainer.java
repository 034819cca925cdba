package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.loss.Loss;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.VaeArchitecture;
import dev.candela.model.arch.VaeBlock;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.Reconstruction;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Trains a VAE of one of the {@link VaeArchitecture#trainables()} with one of the {@link
 * Objective}s through DJL's training API ({@link Trainer}, {@link GradientCollector}) and a
 * checkpointable Adam. The step composes the objective's {@code VaeLoss} (one class per objective)
 * with the semi-supervised and bounding-box terms; progress, the training log with held-out
 * evaluation, step snapshots and the per-epoch checkpoint are {@code TrainingListener}s. Writes a
 * model directory ({@code vae-0000.params} + {@code model.json}) and a checkpoint after every epoch
 * ({@code checkpoint/}); {@code resume} continues from it. Deterministic on the CPU for a seed: the
 * engine's random seed and the shuffling are re-derived from (seed, epoch), and the optimizer state
 * is saved, so a resumed run reproduces an uninterrupted one.
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
      ComputeDevice device,
      String command,
      Progress progress)
      throws CandelaException {
    return train(ds, cfg, out, resume, device, command, progress, TrainingMonitor.NONE);
  }

  /**
   * Trains as {@link #train(FactorDataset, VaeTrainingConfig, Path, boolean, Device, String,
   * Progress)}, and also reports loss windows and held-out metric snapshots to the monitor's
   * listener, keeps step-named snapshots in {@code out/snapshots/step-NNNNNNNN/} (each a model
   * folder that {@code evaluate} scores) and times every step's phases when the monitor has a
   * {@link StepTimes} (for {@code bench models}).
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
      ComputeDevice device,
      String command,
      Progress progress,
      TrainingMonitor monitor)
      throws CandelaException {
    Device djl = device.djl();
    Objective obj = cfg.objective();
    int[] supervised = supervisedFactors(ds, cfg);
    VaeArchitecture arch = cfg.architecture();
    ModelCard.Shape netIn = networkInput(arch, ds);
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
          "batch size must be at most the " + n + " training images, got " + cfg.batchSize());
    }
    boolean[] labelled = labelledMask(n, cfg);
    MonitorListener log = MonitorListener.load(monitor, ds, indices, inH, inW, cfg.seed());
    int c = data.input.channels();
    int d = cfg.latentDim();
    int b = cfg.batchSize();
    int stepsPerEpoch = n / b;
    Engine engine = Engine.getEngine(VaeModels.ENGINE);
    engine.setRandomSeed((int) cfg.seed());

    VaeBlock block = new VaeBlock(arch.id(), d, c);
    boolean resumed = state.epochsDone() > 0;
    try (Model model = Model.newInstance(VaeModels.DJL_VAE_PREFIX, djl, VaeModels.ENGINE)) {
      model.setBlock(block);
      CheckpointAdam adam =
          new CheckpointAdam(block, (float) cfg.learningRate(), 0.9f, 0.999f, 1e-8f);
      // Parameters are restored before the trainers exist: Trainer.initialize caches the parameter
      // arrays it finds and skips initialised ones.
      if (resumed) {
        ck.restore(model, adam, VaeModels.DJL_VAE_PREFIX);
      }
      try (Trainer trainer = model.newTrainer(config(adam, djl))) {
        trainer.initialize(new Shape(b, c, inH, inW));
        try (VaeLoss loss = objectiveLoss(cfg, djl, b, resumed ? ck : null)) {
          List<VaeLoss.LossTerm> additions = new ArrayList<>();
          if (obj.semiSupervised()) {
            additions.add(new SupervisedTerm(supervised.length, cfg.supervisedWeight()));
          }
          if (obj.boundingBox()) {
            additions.add(new BoundingBoxTerm(inH, inW, cfg.boxWeight()));
          }
          TrainingContext run =
              new TrainingContext(cfg, ds, data, out, djl, command, model, trainer, stepsPerEpoch);
          List<TrainingListener> listeners =
              listeners(progress, log, monitor, new CheckpointListener(ck, config, adam, loss));
          Batches batches = new Batches(ds, data, supervised, labelled, b, obj.boundingBox());
          List<Map<String, Double>> history = new ArrayList<>(state.history());
          for (int epoch = state.epochsDone(); epoch < cfg.epochs(); epoch++) {
            long epochSeed = mix(cfg.seed(), epoch);
            engine.setRandomSeed((int) epochSeed);
            SplittableRandom rng = new SplittableRandom(epochSeed);
            int[] perm = permutation(n, rng);
            Map<String, Double> sums = new LinkedHashMap<>();
            for (int s = 0; s < stepsPerEpoch; s++) {
              Map<String, Float> terms;
              try (NDManager sub = trainer.getManager().newSubManager()) {
                VaeBatch batch = batches.batch(sub, perm, s, d);
                terms =
                    step(trainer, block, loss, additions, batch, rng, epoch, s, monitor.times());
              }
              for (Map.Entry<String, Float> e : terms.entrySet()) {
                sums.merge(e.getKey(), (double) e.getValue(), Double::sum);
              }
              Map<String, Double> running = new LinkedHashMap<>();
              int done = s + 1;
              sums.forEach((k, v) -> running.put(k, v / done));
              long step = (long) epoch * stepsPerEpoch + done;
              TrainingListener.StepEnd end =
                  new TrainingListener.StepEnd(step, epoch + 1, done, terms, running);
              for (TrainingListener l : listeners) {
                l.onStep(run, end);
              }
            }
            Map<String, Double> means = new LinkedHashMap<>();
            sums.forEach((k, v) -> means.put(k, v / stepsPerEpoch));
            history.add(means);
            for (TrainingListener l : listeners) {
              l.onEpoch(run, epoch + 1, history);
            }
          }
          model.setProperty("Epoch", "0");
          ck.saveModel(model, out, VaeModels.DJL_VAE_PREFIX);
          Map<String, Object> results = new LinkedHashMap<>();
          results.put(
              "finalEpochLoss", history.isEmpty() ? Map.of() : history.get(history.size() - 1));
          results.put("epochs", history.size());
          results.put("epochHistory", history);
          ModelCard card = run.card(out, results);
          card.write(out);
          Map<String, Object> held = heldOutReconstruction(ds, indices, out, djl, cfg.seed());
          if (held != null) {
            results.put(Reconstruction.CARD_KEY, held);
            card = run.card(out, results);
            card.write(out);
          }
          return new Result(card, history);
        }
      }
    }
  }

  /**
   * The saved model's reconstruction error on {@value Reconstruction#HELD_OUT_IMAGES} seeded images
   * outside the training subset (the card's {@code results.heldOut}), or null when the subset is
   * the whole dataset.
   */
  private static Map<String, Object> heldOutReconstruction(
      FactorDataset ds, long[] training, Path out, Device device, long seed)
      throws CandelaException {
    long[] held =
        MonitorListener.heldOutIndices(ds.size(), training, Reconstruction.HELD_OUT_IMAGES, seed);
    if (held.length == 0) {
      return null;
    }
    try (VaeModel vae = VaeModels.load(out, ComputeDevice.of(device))) {
      return Reconstruction.cardEntry(vae, ds, held);
    }
  }

  /** The folder of step-named snapshots inside a run folder. */
  public static final String SNAPSHOTS = "snapshots";

  /**
   * The network input of an architecture for a dataset's images; a native-CANDLE architecture needs
   * images of exactly its input size.
   */
  private static ModelCard.Shape networkInput(VaeArchitecture arch, FactorDataset ds) {
    ModelCard.Shape netIn = arch.input(ds.imageShape().channels());
    if (arch.candle()) {
      FactorDataset.ImageShape is = ds.imageShape();
      if (is.height() != netIn.height() || is.width() != netIn.width()) {
        throw new IllegalArgumentException(
            "architecture "
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
                + "; use architecture "
                + Architectures.DL_CONV64);
      }
    }
    return netIn;
  }

  /**
   * The listeners of a run, in the order they run: progress, the training log with held-out
   * evaluation, step snapshots (when kept), the per-epoch checkpoint.
   */
  private static List<TrainingListener> listeners(
      Progress progress,
      MonitorListener log,
      TrainingMonitor monitor,
      CheckpointListener checkpoint) {
    List<TrainingListener> listeners = new ArrayList<>();
    listeners.add(new StepProgressListener(progress));
    listeners.add(log);
    if (monitor.keepCheckpoints() != 0) {
      listeners.add(new SnapshotListener(monitor.evalEvery(), monitor.keepCheckpoints()));
    }
    listeners.add(checkpoint);
    return listeners;
  }

  /** The loss of the configuration's base objective. */
  private static VaeLoss objectiveLoss(
      VaeTrainingConfig cfg, Device device, int batch, Checkpoints restoreFrom)
      throws BadInputException {
    return switch (cfg.objective().base()) {
      case BETA_VAE -> new BetaVaeLoss(cfg.beta());
      case BETA_TCVAE -> new BetaTcVaeLoss(cfg.beta());
      case DIP_VAE_I -> new DipVaeILoss(cfg.lambdaOd(), cfg.lambdaD());
      case FACTOR_VAE -> new FactorVaeLoss(cfg, device, batch, restoreFrom);
    };
  }

  /**
   * One optimisation step: forward pass, the objective's loss and the composed terms, backward pass
   * and optimiser step, then the objective's own step.
   *
   * @return the named loss terms of the step
   */
  private static Map<String, Float> step(
      Trainer trainer,
      Block block,
      VaeLoss loss,
      List<VaeLoss.LossTerm> additions,
      VaeBatch batch,
      SplittableRandom rng,
      int epoch,
      int s,
      StepTimes times) {
    Map<String, Float> terms = new LinkedHashMap<>();
    long t0 = System.nanoTime();
    zeroGradients(block);
    loss.zeroGradients();
    long t1 = System.nanoTime();
    long t2;
    long t3;
    try (GradientCollector gc = trainer.newGradientCollector()) {
      NDList o = trainer.forward(new NDList(batch.x));
      batch.logits = o.get(0);
      batch.mean = o.get(1);
      batch.logVar = o.get(2);
      batch.z = o.get(3);
      NDArray recon = Losses.bernoulli(batch.logits, batch.x);
      NDArray kl = Losses.gaussianKl(batch.mean, batch.logVar);
      terms.put("recon", recon.getFloat());
      terms.put("kl", kl.getFloat());
      NDArray total = loss.loss(batch, recon, kl, terms);
      for (VaeLoss.LossTerm t : additions) {
        total = t.addTo(total, batch, terms);
      }
      float lv = total.getFloat();
      if (!Float.isFinite(lv)) {
        throw new IllegalStateException(
            "loss became "
                + lv
                + " at epoch "
                + (epoch + 1)
                + " step "
                + (s + 1)
                + "; lower the learning rate or the regulariser weights");
      }
      terms.put("loss", lv);
      t2 = System.nanoTime();
      gc.backward(total);
      t3 = System.nanoTime();
      batch.zDetached =
          batch.manager.create(batch.z.toFloatArray(), new Shape(batch.size, batch.latentDim));
    }
    long t4 = System.nanoTime();
    trainer.step();
    long t5 = System.nanoTime();
    loss.afterStep(batch, rng, terms);
    if (times != null) {
      times.add(t2 - t1, t3 - t2, (t1 - t0) + (t5 - t4));
    }
    return terms;
  }

  /** Assembles the batches of an epoch from the in-memory training subset. */
  private static final class Batches {
    private final FactorDataset ds;
    private final TrainingData data;
    private final int[] supervised;
    private final boolean[] labelled;
    private final int b;
    private final boolean withBoxes;

    Batches(
        FactorDataset ds,
        TrainingData data,
        int[] supervised,
        boolean[] labelled,
        int b,
        boolean withBoxes) {
      this.ds = ds;
      this.data = data;
      this.supervised = supervised;
      this.labelled = labelled;
      this.b = b;
      this.withBoxes = withBoxes;
    }

    /** Batch {@code s} of the epoch's permutation. */
    VaeBatch batch(NDManager sub, int[] perm, int s, int d) {
      ModelCard.Shape in = data.input;
      int vol = in.volume();
      int inH = in.height();
      int inW = in.width();
      float[] x = new float[b * vol];
      float[] y = new float[b * Math.max(1, supervised.length)];
      float[] mask = new float[b];
      float[] box = withBoxes ? new float[b * inH * inW] : null;
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
      NDArray xs = sub.create(x, new Shape(b, in.channels(), inH, inW));
      return new VaeBatch(sub, b, d, xs, y, mask, labelledCount, box);
    }
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
              + " aligns one latent per varying factor: latent dimension "
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
