package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.causal.distance.LatentScmScore;
import dev.candela.cli.console.FlagWords;
import dev.candela.cli.options.DeviceOption;
import dev.candela.cli.options.EvaluationMixin;
import dev.candela.cli.options.QuietOption;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.BatchEvaluation;
import dev.candela.evaluate.Evaluation;
import dev.candela.evaluate.ScmSettings;
import dev.candela.report.Comparison;
import dev.candela.report.TextTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code candela evaluate}: scores one VAE checkpoint (or a folder or list of checkpoints) on a
 * dataset with every metric and writes JSON, HTML and PNG reports. With no arguments it runs the
 * shipped dSprites β-VAE and classifier on a generated dSprites-format set.
 */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Score VAE checkpoints end to end: IRS, UC, MIG, DCI, SAP, Modularity/Explicitness,"
          + " BetaVAE, FactorVAE and CG, with report.json, report.html and PNG figures.",
      "Without arguments: models/dsprites-ss-beta-vae + models/dsprites-classifier on 10,000"
          + " generated dSprites images outside the model's training subset"
          + " (target/candela-data/, generated on first use)."
    })
public final class EvaluateCommand implements Callable<Integer> {

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
      names = {"--replicates", "--bootstrap"},
      paramLabel = "R",
      description =
          "Interval replicates: R subsampling splits for IRS and UC and 5R jackknife groups for"
              + " MIG and Modularity; CG's interval needs no replicates (default ${DEFAULT-VALUE};"
              + " 0 = no intervals for these, with a warning).")
  int replicates = Evaluation.DEFAULT_REPLICATES;

  @Option(
      names = {"--refits", "--bootstrap-learned"},
      paramLabel = "R",
      description =
          "Refits of DCI, SAP and explicitness on complementary halves of their rows (even;"
              + " default ${DEFAULT-VALUE}; 0 = none, with a warning).")
  int refits = Evaluation.DEFAULT_REFITS;

  @Option(
      names = "--checkpoints",
      paramLabel = "all",
      description =
          "With --model RUN_DIR of `train --keep-checkpoints`: score every step-named snapshot in"
              + " RUN_DIR/snapshots/ and plot each score against the step (scores-vs-step.png).")
  String checkpoints;

  @Option(
      names = "--scm-truth",
      paramLabel = "auto|none|FILE",
      description =
          "True causal model over the factors for the scm metric: auto (CANDLE: its rules-filtered"
              + " product, as datasets/causal/candle-factors.json; dSprites, MPI3D, 3dshapes: the"
              + " empty graph over their factors), none, or a model JSON (default ${DEFAULT-VALUE}).")
  String scmTruth = "auto";

  @Option(
      names = "--scm-dag",
      paramLabel = "learn|given",
      description =
          "DAG of the latent causal model: learned from the latent groups (SHD, SID, AID are then"
              + " findings) or the truth's (default ${DEFAULT-VALUE}).")
  String scmDag = "learn";

  @Option(
      names = "--scm-samples",
      paramLabel = "K",
      description = "scm: draws per distribution of OD/ID/CD (default ${DEFAULT-VALUE}).")
  int scmSamples = ScmSettings.defaults().samples();

  @Option(
      names = "--scm-evidence",
      paramLabel = "M",
      description = "scm: evidence rows of CD (default ${DEFAULT-VALUE}).")
  int scmEvidence = ScmSettings.defaults().evidence();

  @Option(
      names = "--scm-replicates",
      paramLabel = "R",
      description =
          "scm: runs behind the standard errors and null baselines, >= 2 (default"
              + " ${DEFAULT-VALUE}).")
  int scmReplicates = ScmSettings.defaults().replicates();

  @Mixin QuietOption quiet;

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public EvaluateCommand() {}

  @Override
  public Integer call() throws CandelaException {
    PrintWriter err = spec.commandLine().getErr();
    if (checkpoints != null && !checkpoints.trim().equalsIgnoreCase("all")) {
      throw new IllegalArgumentException("--checkpoints must be 'all', got '" + checkpoints + "'");
    }
    LatentScmScore.DagSource dag =
        switch (scmDag.trim().toLowerCase(java.util.Locale.ROOT)) {
          case "learn" -> LatentScmScore.DagSource.LEARN;
          case "given" -> LatentScmScore.DagSource.GIVEN;
          default ->
              throw new IllegalArgumentException(
                  "--scm-dag must be learn or given, got '" + scmDag + "'");
        };
    ScmSettings scm = new ScmSettings(scmTruth, dag, scmSamples, scmEvidence, scmReplicates);
    BatchEvaluation.Request request =
        new BatchEvaluation.Request(
            model,
            checkpoints != null,
            dataset,
            classifier,
            evaluation.options(device.text()),
            seed.seed(),
            replicates,
            refits,
            out,
            scm);
    PrintWriter o = spec.commandLine().getOut();
    BatchEvaluation.Outcome res =
        BatchEvaluation.run(
            request,
            DatasetPaths::open,
            new ProgressBars(err, "", quiet.quiet()),
            (name, r, several) -> {
              if (several) {
                o.println("== " + name);
              }
              o.print(TextTable.scores(r.scores(), r.uncertainty()));
              o.flush();
              FlagWords.warn(err, r.warnings());
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
    return Main.OK;
  }
}
