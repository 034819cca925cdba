package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.fit.CausalCsv;
import dev.candela.causal.fit.CsvFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code candela causal fit}: parameters of a causal model on a given DAG from CSV data. */
@Command(
    name = "fit",
    description = "Fit CPTs (discrete) or a linear-Gaussian SCM on a given DAG from CSV data.")
public final class CausalFitCommand extends CliCommand {
  @Option(names = "--dag", required = true, description = "DAG file (JSON, CSV, Matrix Market).")
  Path dagFile;

  @Option(names = "--data", required = true, description = "CSV with a header of variable names.")
  Path data;

  @Option(names = "--kind", defaultValue = "discrete", description = "discrete or linear-gaussian.")
  CsvFit.Kind kind;

  @Option(
      names = "--smoothing",
      defaultValue = "0",
      description = "Additive smoothing alpha for discrete CPTs (0 = maximum likelihood).")
  double alpha;

  @Option(
      names = "--values-from",
      description =
          "Model JSON whose value lists the discrete variables take (default: the labels seen in"
              + " the data, numeric order if all numeric, else lexicographic).")
  Path valuesFrom;

  @Mixin ModelJsonOutOption modelOut;

  /** Creates the command. */
  public CausalFitCommand() {}

  @Override
  public Integer call() throws BadInputException {
    Dag dag = Dag.read(dagFile);
    CausalCsv csv = CausalCsv.read(data);
    CausalModel fitted;
    try {
      fitted = CsvFit.fit(dag, csv, data, kind, alpha, valuesFrom);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(data + ": " + e.getMessage(), e);
    }
    modelOut.write(fitted);
    out().println("wrote " + modelOut.path());
    out().flush();
    return ExitCodes.OK;
  }
}
