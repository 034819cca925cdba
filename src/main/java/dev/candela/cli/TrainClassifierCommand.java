package dev.candela.cli;

import ai.djl.Device;
import dev.candela.data.FactorDataset;
import dev.candela.model.ClassifierTrainer;
import dev.candela.model.Devices;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela train-classifier}: trains a factor classifier and reports held-out accuracy. */
@Command(
    name = "train-classifier",
    mixinStandardHelpOptions = true,
    description = {
      "Train the factor classifier ((conv+ReLU)x3 + FC) on a seeded subset and measure its accuracy"
          + " per factor on disjoint held-out images (written into DIR/model.json)."
    })
public final class TrainClassifierCommand implements Callable<Integer> {
  @Option(names = "--dataset", required = true, description = "Dataset folder, .npz or .h5.")
  Path dataset;

  @Option(names = "--out", required = true, description = "Output model directory.")
  Path out;

  @Option(
      names = "--head",
      defaultValue = "softmax",
      description =
          "softmax (one per factor) or sigmoid (one per value) (default ${DEFAULT-VALUE}).")
  String head;

  @Option(
      names = "--epochs",
      defaultValue = "5",
      description = "Epochs (default ${DEFAULT-VALUE}).")
  int epochs;

  @Option(
      names = "--batch-size",
      defaultValue = "64",
      description = "Batch size (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Option(names = "--seed", defaultValue = "0", description = "Seed (default ${DEFAULT-VALUE}).")
  long seed;

  @Option(
      names = "--lr",
      defaultValue = "1e-3",
      description = "Adam learning rate (default ${DEFAULT-VALUE}).")
  double lr;

  @Option(
      names = "--train-count",
      defaultValue = "0",
      description = "Training images (0 = all not held out).")
  int trainCount;

  @Option(
      names = "--test-count",
      defaultValue = "1000",
      description = "Held-out images (default ${DEFAULT-VALUE}).")
  int testCount;

  @Option(
      names = "--device",
      defaultValue = "auto",
      description = "auto, cpu or gpu (default ${DEFAULT-VALUE}).")
  String device;

  @Option(names = "--quiet", description = "No progress bar.")
  boolean quiet;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public TrainClassifierCommand() {}

  @Override
  public Integer call() throws Exception {
    ClassifierTrainer.Config cfg =
        new ClassifierTrainer.Config(head, epochs, batchSize, seed, lr, trainCount, testCount);
    Device dev = Devices.parse(device);
    String command =
        "candela " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
    ClassifierTrainer.Result r;
    try (FactorDataset ds = DatasetPaths.open(dataset);
        Progress p = new Progress("train-classifier", quiet)) {
      r = ClassifierTrainer.train(ds, cfg, out, dev, command, p);
    }
    System.out.println(
        "wrote " + out + "; held-out accuracy " + r.card().results().get("heldOutAccuracy"));
    return Main.OK;
  }
}
