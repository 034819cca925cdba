package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.causal.fit.DiscreteFit;
import dev.candela.causal.fit.LinearGaussianFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.ModelJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code candela causal fit}: parameters of a causal model on a given DAG from CSV data. */
@Command(
    name = "fit",
    mixinStandardHelpOptions = true,
    description = "Fit CPTs (discrete) or a linear-Gaussian SCM on a given DAG from CSV data.")
public final class CausalFitCommand implements Callable<Integer> {
  @CommandLine.Spec private CommandLine.Model.CommandSpec spec;

  @Option(names = "--dag", required = true, description = "DAG file (JSON, CSV, Matrix Market).")
  Path dagFile;

  @Option(names = "--data", required = true, description = "CSV with a header of variable names.")
  Path data;

  @Option(names = "--kind", defaultValue = "discrete", description = "discrete or linear-gaussian.")
  String kind;

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

  @Option(names = "--out", required = true, description = "Output model JSON.")
  Path out;

  /** Creates the command. */
  public CausalFitCommand() {}

  @Override
  public Integer call() throws BadInputException {
    Dag dag = Dag.read(dagFile);
    CausalCsv csv = CausalCsv.read(data);
    int d = dag.size();
    int[] cols = new int[d];
    for (int i = 0; i < d; i++) {
      cols[i] = csv.column(data, dag.name(i));
    }
    CausalModel fitted;
    try {
      switch (kind) {
        case "discrete" -> {
          List<List<String>> values = new ArrayList<>();
          CausalModel template = valuesFrom == null ? null : ModelJson.read(valuesFrom);
          for (int i = 0; i < d; i++) {
            if (template != null) {
              if (!(template.variable(template.indexOf(dag.name(i))).mechanism()
                  instanceof Cpt c)) {
                throw new BadInputException(
                    valuesFrom + ": variable '" + dag.name(i) + "' is not discrete");
              }
              values.add(c.values());
              continue;
            }
            LinkedHashSet<String> seen = new LinkedHashSet<>();
            for (String[] r : csv.rows()) {
              seen.add(r[cols[i]]);
            }
            List<String> v = new ArrayList<>(seen);
            v.sort(labelOrder(v));
            values.add(v);
          }
          int[][] x = new int[csv.rows().size()][d];
          for (int r = 0; r < x.length; r++) {
            for (int i = 0; i < d; i++) {
              String cell = csv.rows().get(r)[cols[i]];
              x[r][i] = values.get(i).indexOf(cell);
              if (x[r][i] < 0) {
                throw new BadInputException(
                    data
                        + ": line "
                        + (r + 2)
                        + " column '"
                        + dag.name(i)
                        + "' has value '"
                        + cell
                        + "' not in "
                        + values.get(i));
              }
            }
          }
          fitted = DiscreteFit.fromData(dag, values, x, alpha);
        }
        case "linear-gaussian" -> {
          double[][] x = new double[csv.rows().size()][d];
          for (int r = 0; r < x.length; r++) {
            for (int i = 0; i < d; i++) {
              String cell = csv.rows().get(r)[cols[i]];
              try {
                x[r][i] = Double.parseDouble(cell);
              } catch (NumberFormatException e) {
                throw new BadInputException(
                    data
                        + ": line "
                        + (r + 2)
                        + " column '"
                        + dag.name(i)
                        + "' is not a number: '"
                        + cell
                        + "'",
                    e);
              }
            }
          }
          fitted = LinearGaussianFit.fit(dag, x);
        }
        default ->
            throw new BadInputException(
                "--kind '" + kind + "' is not one of discrete, linear-gaussian");
      }
    } catch (IllegalArgumentException e) {
      throw new BadInputException(data + ": " + e.getMessage(), e);
    }
    ModelJson.write(fitted, out);
    spec.commandLine().getOut().println("wrote " + out);
    spec.commandLine().getOut().flush();
    return Main.OK;
  }

  /** Numeric order when every label is a number, otherwise lexicographic. */
  private static Comparator<String> labelOrder(List<String> labels) {
    for (String s : labels) {
      try {
        Double.parseDouble(s);
      } catch (NumberFormatException e) {
        return Comparator.naturalOrder();
      }
    }
    return Comparator.comparingDouble(Double::parseDouble);
  }
}
