package dev.candela.causal.fit;

import dev.candela.BadInputException;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.ModelJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/** A causal model fitted on a given DAG to a CSV table ({@code causal fit}). */
public final class CsvFit {
  private CsvFit() {}

  /** The kind of model. */
  public enum Kind {
    /** A discrete causal Bayesian network: one CPT per variable ({@link DiscreteFit}). */
    DISCRETE,
    /** A linear-Gaussian SCM by least squares ({@link LinearGaussianFit}). */
    LINEAR_GAUSSIAN;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * Fits the model.
   *
   * @param dag the DAG; its variable names are CSV columns
   * @param csv the data
   * @param data the data file, for messages
   * @param kind the kind of model
   * @param alpha additive smoothing of discrete CPTs (0 = maximum likelihood)
   * @param valuesFrom a model JSON whose value lists the discrete variables take, or null for the
   *     labels seen in the data (numeric order if all numeric, else lexicographic)
   * @return the fitted model
   * @throws BadInputException when a column is missing, a cell is not a value of its variable or
   *     not a number, or the template cannot be read
   * @throws IllegalArgumentException when the fit fails on the data
   */
  public static CausalModel fit(
      Dag dag, CausalCsv csv, Path data, Kind kind, double alpha, Path valuesFrom)
      throws BadInputException {
    int d = dag.size();
    int[] cols = new int[d];
    for (int i = 0; i < d; i++) {
      cols[i] = csv.column(data, dag.name(i));
    }
    switch (kind) {
      case DISCRETE -> {
        List<List<String>> values = new ArrayList<>();
        CausalModel template = valuesFrom == null ? null : ModelJson.read(valuesFrom);
        for (int i = 0; i < d; i++) {
          if (template != null) {
            if (!(template.variable(template.indexOf(dag.name(i))).mechanism() instanceof Cpt c)) {
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
                  cellPlace(data, r, dag, i) + " has value '" + cell + "' not in " + values.get(i));
            }
          }
        }
        return DiscreteFit.fromData(dag, values, x, alpha);
      }
      case LINEAR_GAUSSIAN -> {
        double[][] x = new double[csv.rows().size()][d];
        for (int r = 0; r < x.length; r++) {
          for (int i = 0; i < d; i++) {
            String cell = csv.rows().get(r)[cols[i]];
            try {
              x[r][i] = Double.parseDouble(cell);
            } catch (NumberFormatException e) {
              throw new BadInputException(
                  cellPlace(data, r, dag, i) + " is not a number: '" + cell + "'", e);
            }
          }
        }
        return LinearGaussianFit.fit(dag, x);
      }
    }
    throw new IllegalStateException("unknown kind " + kind);
  }

  /**
   * Where a data cell is: {@code <file>: line N column 'X'} (row 0 is on line 2, after the header).
   */
  private static String cellPlace(Path data, int row, Dag dag, int column) {
    return data + ": line " + (row + 2) + " column '" + dag.name(column) + "'";
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
