package dev.candela.cli;

import dev.candela.cli.console.ExitCodes;
import dev.candela.model.training.TrainingLog;
import dev.candela.model.training.TrainingMonitor;
import dev.candela.model.training.VaeTrainer;
import dev.candela.model.training.VaeTrainingConfig;
import dev.candela.report.TrainingCurves;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela train}: trains a VAE and writes a model directory. */
@Command(
    name = "train",
    description = {
      "Train a disentanglement_lib-architecture VAE (dl-conv64: 64x64 input, larger images are"
          + " area-resized; dl-conv-candle: native 3x240x320 CANDLE images) with beta-vae, beta-tcvae, dip-vae-i, factor-vae, ss-<any of those> or ss-fvae-bb."
          + " Writes DIR/vae-0000.params, DIR/model.json and DIR/checkpoint/ after every epoch."
    })
public final class TrainCommand extends TrainingCommand {
  @Mixin VaeTrainingOptions hyper;

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

  /** Creates the command. */
  public TrainCommand() {
    super("train");
  }

  @Override
  protected Integer locked() throws Exception {
    VaeTrainingConfig cfg = hyper.config(common.batchSize, common.seed.seed());
    VaeTrainer.Result r =
        train(
            "train " + cfg.objective(),
            (ds, dev, command, p) -> {
              TrainingMonitor monitor =
                  new TrainingMonitor(
                      evalEvery,
                      heldOut,
                      TrainingMonitor.parseKeep(keepCheckpoints),
                      new TrainingLog(
                          common.out,
                          (steps, values) ->
                              TrainingCurves.write(
                                  common.out.resolve(TrainingLog.PNG), steps, values)));
              return VaeTrainer.train(ds, cfg, common.out, common.resume, dev, command, p, monitor);
            });
    Map<String, Double> last = r.history().get(r.history().size() - 1);
    System.out.println(
        "wrote " + common.out + " (" + r.history().size() + " epochs; last epoch " + last + ")");
    return ExitCodes.OK;
  }
}
