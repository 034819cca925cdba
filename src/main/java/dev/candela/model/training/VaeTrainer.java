package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.ndarray.types.Shape;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.data.FactorDataset;
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

/**
 * Trains a VAE of one of the {@link VaeArchitecture#trainables()} with one of the {@link
 * Objective}s in the {@link TrainingLoop}, whose step is the {@link VaeStep}: the objective's
 * {@code VaeLoss} (one class per objective) composed with the semi-supervised and bounding-box
 * terms. The steps are counted on a {@link Progress} task; the training log with held-out
 * evaluation, step snapshots and the per-epoch checkpoint are {@code TrainingListener}s. Writes a
 * model directory ({@code vae-0000.params} + {@code model.json}) and a checkpoint after every epoch
 * ({@code checkpoint/}); {@code resume} continues from it. Deterministic on the CPU for a seed: the
 * engine's random seed and the shuffling are re-derived from (seed, epoch), and the optimizer state
 * is saved, so a resumed run reproduces an uninterrupted one.
 */
public final class VaeTrainer {
  private VaeTrainer() {}

  /** The folder of step-named snapshots inside a run folder. */
  public static final String SNAPSHOTS = "snapshots";

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
   * Trains and writes the model directory; reports loss windows and held-out metric snapshots to
   * the monitor's listener, keeps step-named snapshots in {@code out/snapshots/step-NNNNNNNN/}
   * (each a model folder that {@code evaluate} scores) and times every step's phases when the
   * monitor has a {@link StepTimes} (for {@code bench models}); {@link TrainingMonitor#NONE} does
   * none of that.
   *
   * @param ds the dataset (its codes are the labels of the ss- variants)
   * @param cfg hyper-parameters
   * @param out the output model directory
   * @param resume continue from {@code out/checkpoint} when present
   * @param device the device
   * @param command the command line to record in the card, or null
   * @param progress the run's notices and its step count, with the running loss terms as the note
   * @param monitor the training log and snapshot settings
   * @return the card and the per-epoch loss history
   * @throws CandelaException on I/O failure, bad input or an unusable dataset
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
    int[] supervised = SupervisedTerm.factors(ds, cfg);
    FactorDataset.ImageShape is = ds.imageShape();
    ModelCard.Shape netIn =
        cfg.architecture()
            .inputFor(
                new ModelCard.Shape(is.channels(), is.height(), is.width()), ds.space().name());
    Checkpoints ck = new Checkpoints(out);
    Map<String, Object> config = cfg.toMap();
    Checkpoints.State state = ck.start(resume, config, cfg.legacyDefaults());
    if (state.notice() != null) {
      progress.message(state.notice());
    }

    long[] indices = TrainingData.subset(ds.size(), cfg.limit(), cfg.seed());
    TrainingData data =
        TrainingData.load(ds, indices, netIn.height(), netIn.width(), obj.boundingBox(), k -> {});
    int n = data.size();
    int b = cfg.batchSize();
    if (n < b) {
      throw new SettingException(
          Setting.BATCH_SIZE, b, "must be at most the " + n + " training images, got " + b);
    }
    boolean[] labelled = SupervisedTerm.labelled(n, cfg);
    VaeRun vae = new VaeRun(cfg, ds, data, djl, command);
    MonitorListener log = MonitorListener.load(monitor, vae);
    ModelCard.Shape in = data.input;
    int d = cfg.latentDim();
    VaeBlock block = new VaeBlock(cfg.architecture().id(), d, in.channels());
    boolean resumed = state.epochsDone() > 0;
    String prefix = VaeModels.DJL_VAE_PREFIX;
    TrainingLoop.Restore restore =
        resumed ? (model, adam) -> ck.restore(model, adam, prefix) : TrainingLoop.Restore.NONE;
    Shape batchShape = new Shape(b, in.channels(), in.height(), in.width());
    try (TrainingLoop loop =
            TrainingLoop.open(
                prefix, block, djl, cfg.seed(), cfg.learningRate(), batchShape, restore);
        VaeLoss loss = VaeLoss.of(cfg, djl, b, resumed ? ck : null)) {
      VaeBatch.Source batches =
          new VaeBatch.Source(ds, data, supervised, labelled, b, d, obj.boundingBox());
      List<VaeLoss.LossTerm> additions =
          VaeLoss.additions(cfg, supervised.length, in.height(), in.width());
      VaeStep step = new VaeStep(loop.trainer, block, batches, loss, additions, monitor.times());
      CheckpointListener checkpoint =
          new CheckpointListener(
              ck, config, loop.adam, prefix, loss.auxiliaryModel(), loss.auxiliaryOptimizer());
      List<Map<String, Double>> history =
          loop.run(
              out,
              cfg.seed(),
              n,
              b,
              cfg.epochs(),
              state,
              step,
              progress,
              listeners(log, monitor, vae, checkpoint));
      ck.saveModel(loop.model, out, prefix);
      return writeCard(vae, out, history, indices);
    }
  }

  /**
   * Writes the model folder's card: the loss history, and the saved model's reconstruction error on
   * {@value Reconstruction#HELD_OUT_IMAGES} seeded images outside the training subset (the card's
   * {@code results.heldOut}; none when the subset is the whole dataset).
   */
  private static Result writeCard(
      VaeRun vae, Path out, List<Map<String, Double>> history, long[] training)
      throws CandelaException {
    Map<String, Object> results = new LinkedHashMap<>();
    results.put("finalEpochLoss", history.isEmpty() ? Map.of() : history.get(history.size() - 1));
    results.put("epochs", history.size());
    results.put("epochHistory", history);
    ModelCard card = vae.card(out, results);
    card.write(out);
    FactorDataset ds = vae.ds();
    long[] held =
        SeededIndices.heldOut(
            ds.size(), training, Reconstruction.HELD_OUT_IMAGES, vae.cfg().seed());
    if (held.length > 0) {
      try (VaeModel model = VaeModels.load(out, ComputeDevice.of(vae.device()))) {
        results.put(Reconstruction.CARD_KEY, Reconstruction.cardEntry(model, ds, held));
      }
      card = vae.card(out, results);
      card.write(out);
    }
    return new Result(card, history);
  }

  /**
   * The listeners of a run, in the order they run: the training log with held-out evaluation, step
   * snapshots, the per-epoch checkpoint.
   */
  private static List<TrainingListener> listeners(
      MonitorListener log, TrainingMonitor monitor, VaeRun vae, CheckpointListener checkpoint) {
    List<TrainingListener> listeners = new ArrayList<>();
    listeners.add(log);
    // also when none are kept: it removes the snapshots of an interrupted run
    listeners.add(new SnapshotListener(monitor.evalEvery(), monitor.keepCheckpoints(), vae));
    listeners.add(checkpoint);
    return listeners;
  }
}
