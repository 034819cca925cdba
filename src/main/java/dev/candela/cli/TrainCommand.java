package dev.candela.cli;

import ai.djl.Device;
import dev.candela.data.FactorDataset;
import dev.candela.model.Objective;
import dev.candela.model.TrainingMonitor;
import dev.candela.model.VaeTrainer;
import dev.candela.model.VaeTrainingConfig;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela train}: trains a VAE and writes a model directory. */
@Command(
    name = "train",
    mixinStandardHelpOptions = true,
    description = {
      "Train a disentanglement_lib-architecture VAE (dl-conv64: 64x64 input, larger images are"
          + " area-resized; dl-conv-candle: native 3x240x320 CANDLE images) with beta-vae, beta-tcvae, dip-vae-i, factor-vae, ss-<any of those> or ss-fvae-bb."
          + " Writes DIR/vae-0000.params, DIR/model.json and DIR/checkpoint/ after every epoch."
    })
public final class TrainCommand implements Callable<Integer> {
  @Option(names = "--objective", required = true, description = "Objective.")
  String objective;

  @Option(
      names = "--latent-dim",
      defaultValue = "10",
      description = "Latent size (default ${DEFAULT-VALUE}).")
  int latentDim;

  @Option(
      names = "--epochs",
      defaultValue = "10",
      description = "Epochs (default ${DEFAULT-VALUE}).")
  int epochs;

  @Option(
      names = "--lr",
      defaultValue = "1e-4",
      description = "Adam learning rate (default ${DEFAULT-VALUE}).")
  double lr;

  @Option(
      names = "--beta",
      defaultValue = "4",
      description = "beta of beta-vae/beta-tcvae (default ${DEFAULT-VALUE}).")
  double beta;

  @Option(
      names = "--gamma",
      defaultValue = "6",
      description = "gamma of factor-vae (default ${DEFAULT-VALUE}).")
  double gamma;

  @Option(
      names = "--lambda-od",
      defaultValue = "10",
      description = "DIP-VAE-I off-diagonal weight (default ${DEFAULT-VALUE}).")
  double lambdaOd;

  @Option(
      names = "--lambda-d",
      defaultValue = "100",
      description = "DIP-VAE-I diagonal weight (default ${DEFAULT-VALUE}).")
  double lambdaD;

  @Option(
      names = "--label-fraction",
      defaultValue = "0.1",
      description = "Labelled fraction for ss- objectives (default ${DEFAULT-VALUE}).")
  double labelFraction;

  @Option(
      names = "--ss-weight",
      defaultValue = "10",
      description = "Weight of the supervised term (default ${DEFAULT-VALUE}).")
  double ssWeight;

  @Option(
      names = "--box-weight",
      defaultValue = "1",
      description = "lambda of the ss-fvae-bb box term (default ${DEFAULT-VALUE}).")
  double boxWeight;

  @Option(
      names = "--discriminator-lr",
      defaultValue = "1e-4",
      description = "FactorVAE discriminator learning rate (default ${DEFAULT-VALUE}).")
  double discLr;

  @Option(
      names = "--disc-layers",
      defaultValue = "6",
      description = "FactorVAE discriminator hidden layers (default ${DEFAULT-VALUE}).")
  int discLayers;

  @Option(
      names = "--disc-units",
      defaultValue = "1000",
      description = "FactorVAE discriminator units per hidden layer (default ${DEFAULT-VALUE}).")
  int discUnits;

  @Option(
      names = "--limit",
      defaultValue = "0",
      description = "Train on a seeded subset of N images (0 = all).")
  int limit;

  @Option(
      names = "--architecture",
      defaultValue = "dl-conv64",
      description =
          "dl-conv64 (64x64 input, larger images area-resized) or dl-conv-candle (native"
              + " 240x320 input, CANDLE datasets only), both with transposed-convolution decoders;"
              + " dl-conv64-upsample and dl-conv-candle-upsample have the earlier upsampling"
              + " decoders (default ${DEFAULT-VALUE}).")
  String architecture;

  @Option(names = "--resume", description = "Continue from DIR/checkpoint.")
  boolean resume;

  @Option(
      names = "--eval-every",
      defaultValue = "0",
      paramLabel = "STEPS",
      description =
          "Every STEPS steps: log the mean loss terms of the window and score a fixed held-out"
              + " sample (reconstruction, KL, MIG, DCI-D, IRS) into DIR/training-log.csv and"
              + " DIR/training.png (default 0 = one loss row per epoch, no held-out scoring).")
  int evalEvery;

  @Option(
      names = "--held-out",
      defaultValue = "2000",
      paramLabel = "N",
      description =
          "Held-out sample size for --eval-every, drawn from the images not in the training"
              + " subset (default ${DEFAULT-VALUE}).")
  int heldOut;

  @Option(
      names = "--keep-checkpoints",
      defaultValue = "0",
      paramLabel = "N|all",
      description =
          "Keep step-named snapshots DIR/snapshots/step-NNNNNNNN/ (model folders), the newest N or"
              + " all; taken every --eval-every steps, else every epoch (default 0 = none).")
  String keepCheckpoints;

  @Mixin TrainingOptions common;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public TrainCommand() {}

  @Override
  public Integer call() throws Exception {
    VaeTrainingConfig cfg =
        new VaeTrainingConfig(
            Objective.parse(objective),
            latentDim,
            epochs,
            common.batchSize,
            common.seed,
            lr,
            beta,
            gamma,
            lambdaOd,
            lambdaD,
            labelFraction,
            ssWeight,
            boxWeight,
            discLr,
            limit,
            architecture,
            discLayers,
            discUnits);
    Device dev = common.parsedDevice();
    String command = TrainingOptions.invocation(spec);
    VaeTrainer.Result r;
    try (FactorDataset ds = common.openDataset();
        Progress p = new Progress("train " + cfg.objective(), common.quiet)) {
      TrainingMonitor monitor =
          new TrainingMonitor(
              evalEvery, heldOut, parseKeep(keepCheckpoints), new TrainingLog(common.out));
      r = VaeTrainer.train(ds, cfg, common.out, resume, dev, command, p, monitor);
    }
    Map<String, Double> last = r.history().get(r.history().size() - 1);
    System.out.println(
        "wrote " + common.out + " (" + r.history().size() + " epochs; last epoch " + last + ")");
    return Main.OK;
  }

  static int parseKeep(String text) {
    if (text.trim().equalsIgnoreCase("all")) {
      return TrainingMonitor.ALL;
    }
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // the message below
    }
    throw new IllegalArgumentException(
        "--keep-checkpoints must be 'all' or an integer ≥ 0, got '" + text + "'");
  }
}
