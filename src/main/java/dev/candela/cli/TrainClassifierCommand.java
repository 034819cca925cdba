package dev.candela.cli;

import dev.candela.cli.console.ExitCodes;
import dev.candela.model.arch.Architectures;
import dev.candela.model.training.ClassifierTrainer;
import dev.candela.model.training.ClassifierTrainingConfig;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela train-classifier}: trains a factor classifier and reports held-out accuracy. */
@Command(
    name = "train-classifier",
    description = {
      "Train a factor classifier (conv3-fc: (conv+ReLU)x3 + FC at 64x64; conv3-fc256: the same"
          + " with a hidden FC 256, the shipped dSprites classifier; conv4-fc-candle:"
          + " (conv+ReLU)x4 + FC 256 + FC at 120x160, for CANDLE's 240x320 images) on a seeded"
          + " subset and measure its accuracy per factor on disjoint held-out images (written into"
          + " DIR/model.json). Writes DIR/checkpoint/ after every epoch; --resume continues from"
          + " it."
    })
public final class TrainClassifierCommand extends TrainingCommand {
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
      names = "--architecture",
      defaultValue = Architectures.CLASSIFIER,
      description =
          "conv3-fc (64x64 input, default), conv3-fc256 (64x64, a hidden FC 256) or"
              + " conv4-fc-candle (120x160, CANDLE at half resolution).")
  String architecture;

  @Option(
      names = "--lr-drop-epoch",
      paramLabel = "E",
      description =
          "Multiply the learning rate by --lr-drop-factor from epoch E on (counting from 0;"
              + " default 0 = constant). May be added on --resume while E >= the epochs done.")
  int lrDropEpoch;

  @Option(
      names = "--lr-drop-factor",
      paramLabel = "F",
      description = "The learning-rate factor of --lr-drop-epoch (default ${DEFAULT-VALUE}).")
  double lrDropFactor = ClassifierTrainingConfig.DEFAULT_LR_DROP_FACTOR;

  @Option(
      names = "--init-from",
      paramLabel = "DIR",
      description =
          "Start from this classifier's weights (same dataset, architecture and head): its"
              + " held-out images stay the held-out images (--test-count must equal its own),"
              + " and --train-count images are drawn from all the others with --seed.")
  Path initFrom;

  @Option(
      names = "--degrade",
      paramLabel = "KIND",
      defaultValue = ClassifierTrainingConfig.DEGRADE_NONE,
      description =
          "none (default) or vae-like: degrade each training image like a VAE reconstruction"
              + " (Gaussian blur up to 3 px, contrast 0.4-1, grey offset up to 0.1, noise up to"
              + " 0.05, a fifth left clean), so that the classifier reads reconstructions.")
  String degrade;

  /** Creates the command. */
  public TrainClassifierCommand() {
    super("train-classifier");
  }

  @Override
  protected Integer locked() throws Exception {
    ClassifierTrainingConfig cfg =
        new ClassifierTrainingConfig(
            head,
            epochs,
            common.batchSize,
            common.seed.seed(),
            lr,
            trainCount,
            testCount,
            architecture,
            lrDropEpoch,
            lrDropFactor,
            degrade);
    ClassifierTrainer.Result r =
        train(
            "train-classifier",
            (ds, dev, command, p) -> {
              ClassifierTrainer.Init init =
                  initFrom == null ? null : ClassifierTrainer.Init.read(initFrom);
              return ClassifierTrainer.train(
                  ds, cfg, common.out, common.resume, init, dev, command, p);
            });
    System.out.println(
        "wrote " + common.out + "; held-out accuracy " + r.card().results().get("heldOutAccuracy"));
    return ExitCodes.OK;
  }
}
