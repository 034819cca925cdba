package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.SettingFlags;
import dev.candela.cli.options.CodeScoringOptions;
import dev.candela.evaluate.ScoreCodesJob;
import dev.candela.report.CodeScoresHtml;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import dev.candela.report.TextTable;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela score-codes}: scores a representation given as arrays (latent codes and factor
 * codes, CSV or npy) with IRS, UC, MIG, DCI, SAP and Modularity/Explicitness.
 */
@Command(
    name = "score-codes",
    sortOptions = false,
    description = {
      "Score latent codes against ground-truth factors.",
      "Inputs: CSV with a header row (one row per sample) or 2-D .npy arrays."
    })
public final class ScoreCodesCommand extends CliCommand {

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

  @Mixin CodeScoringOptions scoring;

  @Option(names = "--json", paramLabel = "OUT.json", description = "Write the JSON report here.")
  Path json;

  @Option(
      names = "--html",
      paramLabel = "OUT.html",
      description = "Write a self-contained HTML report here.")
  Path html;

  /** Creates the command. */
  public ScoreCodesCommand() {}

  @Override
  public Integer call() throws CandelaException {
    java.io.PrintWriter err = spec.commandLine().getErr();
    ProgressBars bars = new ProgressBars(err, "", false);
    ScoreCodesJob.Result res =
        ScoreCodesJob.score(scoring.request(factors, latents, factorNames, latentNames), bars);
    ScoreReport report = res.report();
    java.io.PrintWriter out = spec.commandLine().getOut();
    SettingFlags.warn(err, report.warnings(), bars.announced());
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
    return ExitCodes.OK;
  }
}
