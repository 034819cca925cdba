package dev.candela.model.training;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.Trainer;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The one training loop of Candela's networks, VAEs and factor classifiers alike, on DJL's training
 * API ({@link Trainer}) with a checkpointable Adam. {@link #open} seeds the engine, builds the
 * model around the network's block, restores a checkpoint or initial weights, and initialises the
 * trainer; {@link #run} goes over the epochs: it re-derives the engine's seed and the shuffling
 * from (seed, epoch), runs the network's {@link Step} on every batch of the epoch's permutation in
 * its own array scope, keeps the running and per-epoch means of the loss terms, counts the steps on
 * a {@link Progress} task (the running means as its note), and hands the run's start and every
 * step's and epoch's end to the {@link TrainingListener}s (the training log, snapshots, the
 * checkpoint). Deterministic on the CPU for a seed, so a resumed run reproduces an uninterrupted
 * one.
 */
final class TrainingLoop implements AutoCloseable {

  /** The name of the task that counts a run's steps. */
  static final String TASK = "train";

  /** The network-specific part of a step: its batch, its loss, its optimisation. */
  interface Step {
    /**
     * Called before an epoch's steps (e.g. for a learning-rate schedule).
     *
     * @param epoch the 0-based epoch
     */
    default void startEpoch(int epoch) {}

    /**
     * One optimisation step on the rows {@code order[s·B] … order[s·B + B − 1]} of the training
     * subset.
     *
     * @param manager the step's array scope, closed after the step
     * @param order the epoch's permutation of the training rows
     * @param s the step within the epoch (0-based)
     * @param rng the epoch's random stream (after the permutation)
     * @param epoch the 0-based epoch
     * @return the step's named loss terms, in order
     */
    Map<String, Float> run(NDManager manager, int[] order, int s, SplittableRandom rng, int epoch);
  }

  /** Puts weights into a new model before its trainer exists (a checkpoint, initial weights). */
  @FunctionalInterface
  interface Restore {
    /** Restores nothing. */
    Restore NONE = (model, adam) -> {};

    /**
     * Restores.
     *
     * @param model the model, its block set
     * @param adam its optimiser
     * @throws CandelaException when the files cannot be read
     */
    void into(Model model, CheckpointAdam adam) throws CandelaException;
  }

  final Model model;
  final CheckpointAdam adam;
  final Trainer trainer;
  private final Engine engine;

  private TrainingLoop(Model model, CheckpointAdam adam, Trainer trainer, Engine engine) {
    this.model = model;
    this.adam = adam;
    this.trainer = trainer;
    this.engine = engine;
  }

  /**
   * Seeds the engine, builds a model around a block with Adam (β1 0.9, β2 0.999), restores, and
   * initialises the trainer for batches of {@code input}'s shape. Parameters are restored before
   * the trainer exists: {@code Trainer.initialize} caches the parameter arrays it finds and skips
   * initialised ones.
   *
   * @param name the model's name (its parameter file prefix)
   * @param block the network
   * @param device the device
   * @param seed the run's seed (the engine's seed while the parameters are initialised)
   * @param learningRate Adam's learning rate
   * @param input the shape of a training batch
   * @param restore what to restore before initialisation
   * @return the opened loop
   * @throws CandelaException when the restore fails
   */
  static TrainingLoop open(
      String name,
      Block block,
      Device device,
      long seed,
      double learningRate,
      Shape input,
      Restore restore)
      throws CandelaException {
    Engine engine = Engine.getEngine(VaeModels.ENGINE);
    engine.setRandomSeed((int) seed);
    Model model = Model.newInstance(name, device, VaeModels.ENGINE);
    boolean ok = false;
    try {
      model.setBlock(block);
      CheckpointAdam adam = new CheckpointAdam(block, (float) learningRate, 0.9f, 0.999f, 1e-8f);
      restore.into(model, adam);
      Trainer trainer = model.newTrainer(adam.trainingConfig(device));
      trainer.initialize(input);
      ok = true;
      return new TrainingLoop(model, adam, trainer, engine);
    } finally {
      if (!ok) {
        model.close();
      }
    }
  }

  /**
   * Trains from the checkpoint's epochs done to {@code epochs}.
   *
   * @param out the run's output folder
   * @param seed the run's seed
   * @param rows training rows
   * @param batch batch size (the epoch has ⌊rows / batch⌋ steps)
   * @param epochs the run's epochs
   * @param state the epochs already done and their mean loss terms (from a checkpoint)
   * @param step the network's step
   * @param progress counts the run's steps (task {@value #TASK}), resumed ones included
   * @param listeners told of every step's and epoch's end, in order
   * @return the mean loss terms of every epoch
   * @throws CandelaException when a listener cannot write
   */
  List<Map<String, Double>> run(
      Path out,
      long seed,
      int rows,
      int batch,
      int epochs,
      Checkpoints.State state,
      Step step,
      Progress progress,
      List<TrainingListener> listeners)
      throws CandelaException {
    int stepsPerEpoch = rows / batch;
    TrainingContext run = new TrainingContext(out, model, trainer, stepsPerEpoch, epochs);
    try (Progress.Task task = progress.task(TASK, run.totalSteps)) {
      List<Map<String, Double>> done = new ArrayList<>(state.history());
      for (TrainingListener l : listeners) {
        l.onStart(run, state.epochsDone());
      }
      for (int epoch = state.epochsDone(); epoch < epochs; epoch++) {
        step.startEpoch(epoch);
        long epochSeed = SeededIndices.mix(seed, epoch);
        engine.setRandomSeed((int) epochSeed);
        SplittableRandom rng = new SplittableRandom(epochSeed);
        int[] order = Arrays2.shuffled(rows, rng);
        Map<String, Double> sums = new LinkedHashMap<>();
        for (int s = 0; s < stepsPerEpoch; s++) {
          Map<String, Float> terms;
          try (NDManager sub = trainer.getManager().newSubManager()) {
            terms = step.run(sub, order, s, rng, epoch);
          }
          for (Map.Entry<String, Float> e : terms.entrySet()) {
            sums.merge(e.getKey(), (double) e.getValue(), Double::sum);
          }
          Map<String, Double> running = new LinkedHashMap<>();
          int inEpoch = s + 1;
          sums.forEach((k, v) -> running.put(k, v / inEpoch));
          long global = (long) epoch * stepsPerEpoch + inEpoch;
          task.stepTo(global, note(running));
          TrainingListener.StepEnd end =
              new TrainingListener.StepEnd(global, epoch + 1, inEpoch, terms, running);
          for (TrainingListener l : listeners) {
            l.onStep(run, end);
          }
        }
        Map<String, Double> means = new LinkedHashMap<>();
        sums.forEach((k, v) -> means.put(k, v / stepsPerEpoch));
        done.add(means);
        for (TrainingListener l : listeners) {
          l.onEpoch(run, epoch + 1, done);
        }
      }
      return done;
    }
  }

  /**
   * A step's note on its task: the running means of the loss terms, {@code name value} each with
   * three significant digits, separated by spaces.
   *
   * @param running the running means
   * @return the note
   */
  static String note(Map<String, Double> running) {
    StringBuilder sb = new StringBuilder();
    running.forEach(
        (k, v) -> sb.append(k).append(' ').append(String.format("%.3g", v)).append(' '));
    return sb.toString().trim();
  }

  /**
   * Sets the gradient of every parameter of a block to zero (PyTorch accumulates).
   *
   * @param block the block
   */
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

  @Override
  public void close() {
    trainer.close();
    model.close();
  }
}
