package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.CodeTables;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.Bootstrap;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import dev.candela.report.TextTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
      names = "--metrics",
      split = ",",
      paramLabel = "M",
      description = "Metrics among ${COMPLETION-CANDIDATES} (default: all).")
  List<CodeScorer.Metric> metrics = new ArrayList<>(List.of(CodeScorer.Metric.values()));

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
          "Re-bin factor values into N equal-width bins for IRS (default 20, as disentanglement_lib; 'none' keeps the codes).")
  String factorBins = "20";

  @Option(
      names = "--train-fraction",
      paramLabel = "f",
      description =
          "Fraction of the shuffled rows used to train DCI/SAP/explicitness (default ${DEFAULT-VALUE}).")
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

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Random seed (default ${DEFAULT-VALUE}).")
  long seed = 0;

  @Option(
      names = "--bootstrap",
      paramLabel = "B",
      description =
          "Bootstrap replicates over the rows for the standard error and 95%% interval of IRS, UC,"
              + " MIG and Modularity (default ${DEFAULT-VALUE}; 0 = off).")
  int bootstrap = 200;

  @Option(
      names = "--bootstrap-learned",
      paramLabel = "B",
      description =
          "Bootstrap replicates for DCI, SAP and explicitness, which refit their learners each time"
              + " (default ${DEFAULT-VALUE}; at most --bootstrap).")
  int bootstrapLearned = 5;

  @Option(names = "--json", paramLabel = "OUT.json", description = "Write the JSON report here.")
  Path json;

  @Option(
      names = "--html",
      paramLabel = "OUT.html",
      description = "Write a self-contained HTML report here.")
  Path html;

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public ScoreCodesCommand() {}

  @Override
  public Integer call() throws CandelaException {
    int bins = parseBins(factorBins);
    java.io.PrintWriter err = spec.commandLine().getErr();
    long t0 = System.nanoTime();
    CodeTables.Paired tables = CodeTables.readPaired(factors, latents);
    CodeTables.FactorTable ft = tables.factors();
    CodeTables.NumericTable lt = tables.latents();
    for (int rho : rhos) {
      if (rho < 1 || rho > lt.columns().size()) {
        throw new BadInputException(
            latents
                + ": --rho "
                + rho
                + " is outside 1.."
                + lt.columns().size()
                + " (its latents)");
      }
    }
    if (!(trainFraction > 0 && trainFraction < 1)) {
      throw new BadInputException("--train-fraction must be in (0, 1), got " + trainFraction);
    }
    err.printf(
        java.util.Locale.ROOT,
        "read %d rows: %d factors, %d latents (%.1f s)%n",
        lt.rows(),
        ft.columns().size(),
        lt.columns().size(),
        (System.nanoTime() - t0) / 1e9);
    err.flush();
    LatentCodes codes = new LatentCodes(lt.values(), ft.codes(), lt.columns(), ft.columns());
    CodeScorer.Options options =
        new CodeScorer.Options(
            EnumSet.copyOf(metrics),
            List.copyOf(new LinkedHashSet<>(rhos)),
            EnumSet.copyOf(ucSelection),
            bins,
            trainFraction,
            maxTrain,
            maxTest,
            seed);
    t0 = System.nanoTime();
    CodeScorer.Scores scores = CodeScorer.score(codes, ft.vocabularies(), options);
    err.printf(java.util.Locale.ROOT, "scored in %.1f s%n", (System.nanoTime() - t0) / 1e9);

    if (bootstrap < 0 || bootstrapLearned < 0) {
      throw new IllegalArgumentException(
          "--bootstrap and --bootstrap-learned must be ≥ 0, got "
              + bootstrap
              + " and "
              + bootstrapLearned);
    }
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>(scores.warnings());
    if (bootstrap > 0) {
      t0 = System.nanoTime();
      int learned = Math.min(bootstrap, bootstrapLearned);
      uncertainty.putAll(
          CodeScorer.bootstrap(
              codes, ft.vocabularies(), options, scores.scores(), bootstrap, learned));
      uncertainty.keySet().retainAll(scores.scores().keySet());
      err.printf(
          java.util.Locale.ROOT,
          "bootstrap (B = %d, learned B = %d) in %.1f s%n",
          bootstrap,
          learned,
          (System.nanoTime() - t0) / 1e9);
      warnings.addAll(Bootstrap.biasWarnings(uncertainty));
      if (learned == 0) {
        warnings.add("--bootstrap-learned 0: DCI, SAP and explicitness have no standard error");
      }
    } else {
      warnings.add("bootstrap off (--bootstrap 0): the scores have no standard error");
    }
    Map<String, Object> params = new LinkedHashMap<>(options.asMap());
    params.put("bootstrap", bootstrap);
    params.put("bootstrapLearned", Math.min(bootstrap, bootstrapLearned));
    Map<String, String> inputs = new LinkedHashMap<>();
    inputs.put("factors:" + factors, Provenance.sha256(factors));
    inputs.put("latents:" + latents, Provenance.sha256(latents));
    ScoreReport report =
        new ScoreReport(
            "score-codes " + latents.getFileName(),
            scores.scores(),
            uncertainty,
            scores.details(),
            warnings,
            Provenance.now(inputs, seed, params));
    java.io.PrintWriter out = spec.commandLine().getOut();
    for (String w : report.warnings()) {
      err.println("warning: " + w);
    }
    out.print(TextTable.scores(report.scores(), report.uncertainty()));
    out.flush();
    if (json != null) {
      JsonReports.write(report, json);
      err.println("wrote " + json);
    }
    if (html != null) {
      dev.candela.report.CodeScoresHtml.write(report, scores, codes, html);
      err.println("wrote " + html);
    }
    err.flush();
    return Main.OK;
  }

  static int parseBins(String text) {
    if (text.equalsIgnoreCase("none")) {
      return 0;
    }
    try {
      int n = Integer.parseInt(text.trim());
      if (n >= 2) {
        return n;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        "--factor-bins must be 'none' or an integer ≥ 2, got '" + text + "'");
  }

  static Set<String> names(List<? extends Enum<?>> values) {
    Set<String> s = new LinkedHashSet<>();
    values.forEach(v -> s.add(v.name().toLowerCase(java.util.Locale.ROOT)));
    return s;
  }
}
