package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import dev.candela.causal.query.Counterfactuals;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.SampleOutput;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.SeedOption;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela causal sample}: draws from a model, observationally, under do(), or
 * counterfactually given evidence ({@link Counterfactuals#query}).
 */
@Command(
    name = "sample",
    description = {
      "Draw samples from a causal model, optionally under a hard intervention, or counterfactual"
          + " rows given --evidence (abduction, action --do, prediction).",
      "Counterfactual method: exact-enumeration (discrete), exact-gaussian (linear-Gaussian),"
          + " exact-additive-noise (every variable in --evidence), else likelihood-weighting"
          + " (importance-weighted abduction with --particles, systematic resampling; stops if the"
          + " effective sample size is below 10, warns below 100). The method and ESS are printed"
          + " on stderr and written to --json."
    })
public final class CausalSampleCommand extends CliCommand {
  @Option(names = "--model", required = true, description = "Model JSON.")
  Path model;

  @Option(names = "--do", description = "Intervention NAME=value[,NAME=value].")
  String doSpec;

  @Option(
      names = "--evidence",
      description = "Counterfactual evidence NAME=value[,NAME=value] (observed before --do).")
  String evidenceSpec;

  @Option(
      names = "--particles",
      defaultValue = "" + Counterfactuals.DEFAULT_PARTICLES,
      description =
          "Abduction particles of the likelihood-weighting sampler (default ${DEFAULT-VALUE}).")
  int particles;

  @Option(names = "--json", description = "Write the method, ESS, parameters and provenance here.")
  Path json;

  @Option(names = "--n", defaultValue = "1000", description = "Number of rows.")
  int n;

  @CommandLine.Mixin SeedOption seedOption;

  @Option(names = "--include-hidden", description = "Also write hidden variables.")
  boolean includeHidden;

  @Option(names = "--out", description = "CSV file (default: standard output).")
  Path out;

  /** Creates the command. */
  public CausalSampleCommand() {}

  @Override
  public Integer call() throws BadInputException {
    CausalModel m = ModelJson.read(model);
    Intervention iv;
    try {
      iv = Intervention.parse(m, doSpec);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--do: " + e.getMessage(), e);
    }
    if (n < 0) {
      throw new BadInputException("--n must be >= 0, got " + n);
    }
    if (particles < 1) {
      throw new BadInputException("--particles must be >= 1, got " + particles);
    }
    Intervention ev;
    try {
      ev = Intervention.parse(m, evidenceSpec);
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--evidence: " + e.getMessage(), e);
    }
    Counterfactuals.Result res;
    try {
      res =
          Counterfactuals.query(
              m,
              ev.targets(),
              ev.values(),
              iv,
              n,
              particles,
              Counterfactuals.Method.AUTO,
              new SplittableRandom(seedOption.seed()));
    } catch (IllegalArgumentException e) {
      throw new BadInputException("--evidence: " + e.getMessage(), e);
    }
    double[][] rows = res.rows();
    PrintWriter err = err();
    if (!ev.isEmpty()) {
      boolean lw = res.particles() > 0;
      err.println(
          "candela causal sample: counterfactual by "
              + res.method()
              + (lw
                  ? String.format(
                      Locale.ROOT, " (ESS %.1f of %d particles)", res.ess(), res.particles())
                  : ""));
      if (lw && res.ess() < Counterfactuals.WARN_ESS) {
        err.println(
            String.format(
                Locale.ROOT,
                "candela causal sample: warning: effective sample size %.1f is below %.0f;"
                    + " the counterfactual rows repeat few particles (raise --particles)",
                res.ess(),
                Counterfactuals.WARN_ESS));
      }
      err.flush();
    }
    String csv = SampleOutput.csv(m, rows, includeHidden);
    if (out == null) {
      out().print(csv);
      out().flush();
    } else {
      try {
        dev.candela.AtomicFiles.writeString(out, csv);
      } catch (IOException e) {
        throw new BadInputException(out + ": cannot write (" + e.getMessage() + ")", e);
      }
    }
    if (json != null) {
      writeJson(res, ev);
    }
    return ExitCodes.OK;
  }

  private void writeJson(Counterfactuals.Result res, Intervention ev) throws BadInputException {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("do", doSpec);
    params.put("evidence", evidenceSpec);
    params.put("n", n);
    params.put("particles", particles);
    SampleOutput.writeJson(json, res, !ev.isEmpty(), model, seedOption.seed(), params);
  }
}
