package dev.candela.cli;

import dev.candela.cli.console.LockedOutputCommand;
import dev.candela.data.FactorDataset;
import dev.candela.model.hosting.ComputeDevice;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;

/**
 * The training commands ({@code train}, {@code train-classifier}): the {@link TrainingOptions} they
 * share (a mixin of this base, which picocli reads for every subclass), their output model
 * directory locked while they run, and one training run on {@code --dataset} with a progress bar,
 * on {@code --device}, recording the command line in the model card.
 */
abstract class TrainingCommand extends LockedOutputCommand {
  @Mixin TrainingOptions common;

  /**
   * Creates the command.
   *
   * @param name the command's name, for the lock's message
   */
  TrainingCommand(String name) {
    super(name);
  }

  @Override
  protected final Path outputFolder() {
    return common.out;
  }

  /** The command line as typed, {@code candela ...}, recorded in the model card. */
  private String invocation() {
    return "candela " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
  }

  /**
   * A trainer's run on the opened dataset.
   *
   * @param <R> the trainer's result
   */
  @FunctionalInterface
  interface Trainer<R> {
    /**
     * Trains.
     *
     * @param dataset {@code --dataset}, open
     * @param device {@code --device}
     * @param command the command line, for the model card
     * @param bar the progress bar (silent with {@code --quiet})
     * @return the result
     * @throws Exception when training fails
     */
    R train(FactorDataset dataset, ComputeDevice device, String command, TrainingBar bar)
        throws Exception;
  }

  /**
   * Runs a trainer on {@code --dataset} and {@code --device} with a progress bar on standard error.
   *
   * @param task the progress bar's task, e.g. {@code train beta-vae}
   * @param trainer the trainer
   * @param <R> its result
   * @return its result
   * @throws Exception when {@code --device} is bad, the dataset cannot be read or training fails
   */
  final <R> R train(String task, Trainer<R> trainer) throws Exception {
    ComputeDevice device = common.parsedDevice();
    String command = invocation();
    try (FactorDataset ds = common.openDataset();
        TrainingBar bar = new TrainingBar(task, common.quiet.quiet(), err(), "candela " + name())) {
      return trainer.train(ds, device, command, bar);
    }
  }
}
