package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.cli.console.FlagWords;
import dev.candela.cli.options.DciLearnerOption;
import dev.candela.cli.options.FactorBins;
import dev.candela.cli.options.SeedOption;
import dev.candela.evaluate.ScoreCodesJob;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.report.CodeScoresHtml;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import dev.candela.report.TextTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela score-codes}: scores a representation given as arrays (latent codes and factor
 * codes, CSV or npy) with IRS, UC, MIG, DCI, SAP and Modularity/Explicitness.
 */
@Command(
    name = "score-codes",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Score latent codes against ground-truth factors.",
      "Inputs: CSV with a header row (one row per sample) or 2-D .npy arrays."
    })
public final class ScoreCodesCommand implements Callable<Integer> {

  @Option(
      names = "--factors",
      required = true,
      paramLabel = "F",
      description = "Factor table (CSV or .npy): integer codes or values.")
  Path factors;

  @Option(
      names = "--latents",
      required = true,
      paramLabel = "L",
      description = "Latent table (CSV or .npy), float32/float64.")
  Path latents;

  @Option(
      names = "--factor-names",
      split = ",",
      paramLabel = "NAME",
      description =
          "Names of the factor columns, in order (a .npy table has none: f0, f1, ...; for a CSV"
              + " they replace the header).")
  List<String> factorNames;

  @Option(
      names = "--latent-names",
      split = ",",
      paramLabel = "NAME",
      description = "Names of the latent columns, in order (default: the header, or z0, z1, ...).")
  List<String> latentNames;

  @Option(
      names = "--metrics",
      split = ",",
      paramLabel = "M",
      completionCandidates = CodeMetrics.class,
      description = "Metrics among ${COMPLETION-CANDIDATES} (default: all).")
  List<Metric> metrics = new ArrayList<>(Metric.of(Metric.Kind.CODES));

  @Option(names = "--rho", split = ",", paramLabel = "ρ", description = "UC sizes ρ (default: 1).")
  List<Integer> rhos = new ArrayList<>(List.of(1));

  @Option(
      names = "--uc-selection",
      split = ",",
      paramLabel = "MODE",
      description =
          "UC latent selection: topk (top-ρ, default) and/or fork (the CANDLE authors' argpartition"
              + " code, for comparison with published numbers).")
  List<UcSelection> ucSelection = new ArrayList<>(List.of(UcSelection.TOPK));

  @Option(
      names = "--factor-bins",
      paramLabel = "none|N",
      description =
          "Re-bin factor values into N equal-width bins for IRS (default 20, as"
              + " disentanglement_lib; 'none' keeps the codes).")
  String factorBins = "20";

  @Option(
      names = "--train-fraction",
      paramLabel = "f",
      description =
          "Fraction of the shuffled rows used to train DCI/SAP/explicitness (default"
              + " ${DEFAULT-VALUE}).")
  double trainFraction = CodeScorer.Options.DEFAULT_TRAIN_FRACTION;

  @Option(
      names = "--max-train",
      paramLabel = "N",
      description =
          "Cap on training rows (default ${DEFAULT-VALUE}, disentanglement_lib's num_train).")
  int maxTrain = CodeScorer.Options.DEFAULT_MAX_TRAIN;

  @Option(
      names = "--max-test",
      paramLabel = "N",
      description = "Cap on test rows (default ${DEFAULT-VALUE}, disentanglement_lib's num_test).")
  int maxTest = CodeScorer.Options.DEFAULT_MAX_TEST;

  @Mixin SeedOption seed;

  @Mixin DciLearnerOption dciLearner;

  @Option(
      names = {"--replicates", "--bootstrap"},
      paramLabel = "R",
      description =
          "Interval replicates: R subsampling splits for IRS and UC and 5R jackknife groups for"
              + " MIG and Modularity (default ${DEFAULT-VALUE}; 0 = off).")
  int replicates = CodeScorer.IntervalOptions.DEFAULT_SPLITS;

  @Option(
      names = {"--refits", "--bootstrap-learned"},
      paramLabel = "R",
      description =
          "Refits of DCI, SAP and explicitness on complementary halves of their rows (even;"
              + " default ${DEFAULT-VALUE}; 0 = none).")
  int refits = CodeScorer.IntervalOptions.DEFAULT_REFITS;

  @Option(names = "--json", paramLabel = "OUT.json", description = "Write the JSON report here.")
  Path json;

  @Option(
      names = "--html",
      paramLabel = "OUT.html",
      description = "Write a self-contained HTML report here.")
  Path html;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** The metrics computed from codes, the choices of {@code --metrics}. */
  static final class CodeMetrics implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Metric.of(Metric.Kind.CODES).stream().map(Metric::name).iterator();
    }
  }

  /** Creates the command. */
  public ScoreCodesCommand() {}

  @Override
  public Integer call() throws CandelaException {
    java.io.PrintWriter err = spec.commandLine().getErr();
    ScoreCodesJob.Result res =
        ScoreCodesJob.score(
            new ScoreCodesJob.Request(
                factors,
                latents,
                EnumSet.copyOf(metrics),
                rhos,
                EnumSet.copyOf(ucSelection),
                FactorBins.parse(factorBins),
                trainFraction,
                maxTrain,
                maxTest,
                seed.seed(),
                replicates,
                refits,
                dciLearner.learner(),
                factorNames,
                latentNames),
            new ProgressBars(err, "", false));
    ScoreReport report = res.report();
    java.io.PrintWriter out = spec.commandLine().getOut();
    FlagWords.warn(err, report.warnings());
    out.print(TextTable.scores(report.scores(), report.uncertainty()));
    out.flush();
    if (json != null) {
      JsonReports.write(report, json);
      err.println("wrote " + json);
    }
    if (html != null) {
      CodeScoresHtml.write(report, res.scores(), res.codes(), html);
      err.println("wrote " + html);
    }
    err.flush();
    return Main.OK;
  }
}
