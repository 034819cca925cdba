package dev.candela.cli;

import dev.candela.CandelaException;
import dev.candela.OutputLock;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.SettingFlags;
import dev.candela.cli.options.CgBaselineConverter;
import dev.candela.cli.options.CgReadoutConverter;
import dev.candela.cli.options.CounterfactualEngineOptions;
import dev.candela.cli.options.QuietOption;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.CounterfactualDriver;
import dev.candela.evaluate.CounterfactualSettings;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela counterfactuals}: {@code evaluate}'s CG step as a resumable batch job over a
 * dataset with a hosted VAE and factor classifier ({@link CounterfactualDriver}): the same
 * evaluation and CG samples, encoding, sets Z_I, baseline statistics and classifier matching as
 * {@code evaluate} with the same settings, plus chunk files and resume. By default every sample of
 * the dataset (or of the first {@code --limit}) is an evaluation and a CG sample.
 */
@Command(
    name = "counterfactuals",
    description =
        "Counterfactual generativeness over a dataset: per-sample ICE terms in chunk CSVs"
            + " (resumable), counterfactual grids per factor and a summary.")
public final class CounterfactualsCommand extends CliCommand {

  @Option(names = "--dataset", required = true, description = "Dataset (npz, h5 or folder).")
  Path dataset;

  @Option(names = "--model", required = true, description = "VAE model directory.")
  Path model;

  @Option(names = "--classifier", required = true, description = "Classifier model directory.")
  Path classifier;

  @Option(names = "--out", required = true, description = "Output folder (resumable).")
  Path out;

  @Option(names = "--rho", description = "Latents per factor in Z_I (default ${DEFAULT-VALUE}).")
  int rho = 1;

  @Option(
      names = "--uc-selection",
      defaultValue = "topk",
      description = "topk (the paper) or fork (authors' code) (default ${DEFAULT-VALUE}).")
  UcSelection ucSelection;

  @Option(
      names = "--cg-baseline",
      defaultValue = "max-deviation",
      converter = CgBaselineConverter.class,
      description = "max-deviation, mean or zero (default ${DEFAULT-VALUE}).")
  CgBaseline cgBaseline;

  @Option(
      names = "--cg-readout",
      converter = CgReadoutConverter.class,
      description =
          "tolerant (one grid step, symmetric copies) or exact (default ${DEFAULT-VALUE}).")
  CgReadout cgReadout = CgReadout.DEFAULT;

  @Option(names = "--chunk-size", description = "Samples per chunk (default ${DEFAULT-VALUE}).")
  int chunkSize = 1000;

  @Option(
      names = "--limit",
      description = "Draw samples from the first N of the dataset only (default: all).")
  Integer limit;

  @Option(
      names = "--samples",
      description =
          "Evaluation samples drawn (seeded) from the dataset; Z_I and the baseline come from"
              + " them (default: all).")
  Integer samples;

  @Option(
      names = "--cg-samples",
      description = "CG samples drawn (seeded) from the evaluation samples (default: all).")
  Integer cgSamples;

  @Option(
      names = "--factors",
      split = ",",
      description = "Evaluate only these factors (names; default all with more than one value).")
  List<String> factors;

  @Mixin CounterfactualEngineOptions engine;

  @Mixin SeedOption seed;

  @Option(
      names = "--grid-samples",
      description = "Samples per counterfactual grid, 0 = none (default ${DEFAULT-VALUE}).")
  int gridSamples = 8;

  @Mixin QuietOption quiet;

  /** Creates the command. */
  public CounterfactualsCommand() {}

  @Override
  @SuppressWarnings("try") // the lock is held by the try block, never read
  public Integer call() throws CandelaException {
    try (OutputLock lock = OutputLock.acquire(out, "counterfactuals")) {
      return locked();
    }
  }

  /** The command, with its output folder locked against a second run. */
  private Integer locked() throws CandelaException {
    CounterfactualSettings s =
        engine
            .applyTo(
                CounterfactualSettings.builder(dataset, model, classifier, out)
                    .rho(rho)
                    .ucSelection(ucSelection)
                    .baseline(cgBaseline)
                    .readout(cgReadout)
                    .chunkSize(chunkSize)
                    .limit(limit)
                    .samples(samples)
                    .cgSamples(cgSamples)
                    .factors(factors))
            .seed(seed.seed())
            .gridSamples(gridSamples)
            .build();
    PrintWriter err = spec.commandLine().getErr();
    ProgressBars bars = new ProgressBars(err, "candela counterfactuals: ", quiet.quiet());
    CounterfactualDriver.Outcome res = CounterfactualDriver.run(s, DatasetPaths::open, bars, null);
    PrintWriter pw = spec.commandLine().getOut();
    pw.print(res.text());
    pw.flush();
    SettingFlags.warn(err, res.warnings(), bars.announced());
    return ExitCodes.OK;
  }
}
