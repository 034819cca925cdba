package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.SettingFlags;
import dev.candela.cli.options.DeviceOption;
import dev.candela.cli.options.EvaluationMixin;
import dev.candela.cli.options.QuietOption;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.BatchEvaluation;
import dev.candela.report.Comparison;
import dev.candela.report.TextTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela evaluate}: scores one VAE checkpoint (or a folder or list of checkpoints) on a
 * dataset with every metric and writes JSON, HTML and PNG reports. With no arguments it runs the
 * shipped dSprites β-VAE and classifier on a generated dSprites-format set.
 */
@Command(
    name = "evaluate",
    sortOptions = false,
    description = {
      "Score VAE checkpoints end to end: IRS, UC, MIG, DCI, SAP, Modularity/Explicitness,"
          + " BetaVAE, FactorVAE and CG, the VAE's KL per latent, reconstruction loss and"
          + " sampled MIG, with report.json, report.html and PNG figures.",
      "Without arguments: models/dsprites-ss-beta-vae + models/dsprites-classifier on 10,000"
          + " generated dSprites images outside the model's training subset"
          + " (target/candela-data/, generated on first use)."
    })
public final class EvaluateCommand extends CliCommand {

  @Option(
      names = "--dataset",
      paramLabel = "PATH",
      description =
          "Dataset (.npz dSprites-format, CANDLE folder, ...). Default: the generated dSprites"
              + " subset in target/candela-data/ (created on first use).")
  Path dataset;

  @Option(
      names = "--model",
      paramLabel = "DIR|FILE",
      description =
          "A model folder (model.json), a folder of model folders, or a text file listing model"
              + " folders (one a line). Default: models/dsprites-ss-beta-vae.")
  Path model;

  @Option(
      names = "--classifier",
      paramLabel = "DIR",
      description =
          "Factor classifier folder for CG. Default: models/<dataset of the model card>-classifier"
              + " when it exists, otherwise CG is skipped.")
  Path classifier;

  @Mixin EvaluationMixin evaluation;

  @Mixin DeviceOption device;

  @Mixin SeedOption seed;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Output folder (default out/evaluate).")
  Path out = Path.of("out", "evaluate");

  @Option(
      names = "--checkpoints",
      paramLabel = "all",
      description =
          "With --model RUN_DIR of `train --keep-checkpoints`: score every step-named snapshot in"
              + " RUN_DIR/snapshots/ and plot each score against the step (scores-vs-step.png).")
  String checkpoints;

  @Mixin QuietOption quiet;

  /** Creates the command. */
  public EvaluateCommand() {}

  @Override
  public Integer call() throws CandelaException {
    PrintWriter err = spec.commandLine().getErr();
    if (checkpoints != null && !checkpoints.trim().equalsIgnoreCase("all")) {
      throw new IllegalArgumentException("--checkpoints must be 'all', got '" + checkpoints + "'");
    }
    BatchEvaluation.Request request =
        new BatchEvaluation.Request(
            model,
            checkpoints != null,
            dataset,
            classifier,
            evaluation.options(device.text()),
            seed.seed(),
            out);
    PrintWriter o = spec.commandLine().getOut();
    ProgressBars bars = new ProgressBars(err, "", quiet.quiet());
    BatchEvaluation.Outcome res =
        BatchEvaluation.run(
            request,
            DatasetPaths::open,
            bars,
            (name, r, several) -> {
              if (several) {
                o.println("== " + name);
              }
              o.print(TextTable.scores(r.scores(), r.uncertainty()));
              o.flush();
              SettingFlags.warn(err, r.warnings(), bars.announced());
            });
    if (res.compared()) {
      if (res.againstStep()) {
        err.println("wrote " + out.resolve(Comparison.AGAINST_STEP_PNG));
      }
      err.println(
          "wrote "
              + out.resolve("comparison.html")
              + ", comparison.csv, comparison.json, scores.csv");
    }
    err.println(
        "wrote "
            + out.resolve(res.reports().size() == 1 ? "report.json" : "*/report.json")
            + (res.compared() ? "" : ", report.html, scores.csv"));
    err.flush();
    return ExitCodes.OK;
  }
}
