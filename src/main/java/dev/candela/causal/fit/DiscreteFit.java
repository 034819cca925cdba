package dev.candela.causal.fit;

import dev.candela.MixedRadix;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.Variable;
import dev.candela.causal.query.DiscreteJoint;
import dev.candela.causal.query.Intervention;
import java.util.ArrayList;
import java.util.List;

/**
 * Maximum-likelihood (optionally Laplace-smoothed) CPTs of a discrete causal Bayesian network on a
 * given DAG.
 *
 * <p>From data: {@code P(x | y) = (N(x, y) + α) / (N(y) + α·|X|)}, with {@code α = 0} the ML
 * estimate ({@code --smoothing none}) and {@code α > 0} additive (Laplace for α = 1) smoothing. A
 * parent configuration never seen with {@code α = 0} gets the uniform row (ML is undefined there).
 *
 * <p>From a true model (the infinite-data limit): {@code P2(x | y2) = P1(x | y2)} computed from the
 * true observational joint over the observed variables; a configuration with {@code P1(y2) = 0}
 * gets the uniform row.
 */
public final class DiscreteFit {
  private DiscreteFit() {}

  /**
   * Fits CPTs from data.
   *
   * @param dag the DAG over the variables (node {@code i} is column {@code i} of the data)
   * @param values the value labels of each variable
   * @param data rows of value indices, one column per DAG node
   * @param alpha the additive smoothing {@code α >= 0} (0 = maximum likelihood)
   * @return the fitted network
   * @throws IllegalArgumentException for a value index out of range (naming the variable and row)
   *     or a negative α
   */
  public static CausalModel fromData(
      Dag dag, List<List<String>> values, int[][] data, double alpha) {
    if (!(alpha >= 0) || Double.isInfinite(alpha)) {
      throw new IllegalArgumentException("smoothing alpha must be finite and >= 0, got " + alpha);
    }
    int d = dag.size();
    if (values.size() != d) {
      throw new IllegalArgumentException(values.size() + " value lists for " + d + " variables");
    }
    for (int r = 0; r < data.length; r++) {
      if (data[r].length != d) {
        throw new IllegalArgumentException(
            "data row " + r + " has " + data[r].length + " columns, expected " + d);
      }
      for (int i = 0; i < d; i++) {
        if (data[r][i] < 0 || data[r][i] >= values.get(i).size()) {
          throw new IllegalArgumentException(
              "variable '" + dag.name(i) + "' row " + r + " has value index " + data[r][i]);
        }
      }
    }
    List<Variable> vars = new ArrayList<>();
    for (int i = 0; i < d; i++) {
      int[] pa = dag.parents(i);
      int card = values.get(i).size();
      int rows = 1;
      for (int p : pa) {
        rows = Math.multiplyExact(rows, values.get(p).size());
      }
      double[][] counts = new double[rows][card];
      for (int[] row : data) {
        int y = 0;
        for (int p : pa) {
          y = y * values.get(p).size() + row[p];
        }
        counts[y][row[i]] += 1;
      }
      vars.add(new Variable(dag.name(i), names(dag, pa), false, cpt(values.get(i), counts, alpha)));
    }
    return new CausalModel(vars);
  }

  /**
   * The infinite-data fit: the true model's conditionals for the given parent sets.
   *
   * @param truth a discrete model; the DAG's names must be its observed variables
   * @param dag the learned DAG
   * @return the model with {@code P2(x | y2) = P1(x | y2)}
   */
  public static CausalModel fromJoint(CausalModel truth, Dag dag) {
    DiscreteJoint.checkEnumerable(truth);
    int d = dag.size();
    int[] cols = new int[d];
    int[] cards = new int[d];
    for (int i = 0; i < d; i++) {
      cols[i] = truth.indexOf(dag.name(i));
      if (truth.variable(cols[i]).hidden()) {
        throw new IllegalArgumentException(
            "variable '" + dag.name(i) + "' is hidden in the true model");
      }
      cards[i] = truth.cardinality(cols[i]);
    }
    double[] p =
        DiscreteJoint.marginal(truth, DiscreteJoint.joint(truth, Intervention.none()), cols);
    List<Variable> vars = new ArrayList<>();
    for (int i = 0; i < d; i++) {
      int[] pa = dag.parents(i);
      int rows = 1;
      for (int q : pa) {
        rows *= cards[q];
      }
      double[][] mass = new double[rows][cards[i]];
      for (int w = 0; w < p.length; w++) {
        if (p[w] == 0) {
          continue;
        }
        int[] v = MixedRadix.digits(w, cards);
        int y = 0;
        for (int q : pa) {
          y = y * cards[q] + v[q];
        }
        mass[y][v[i]] += p[w];
      }
      List<String> vals = ((Cpt) truth.variable(cols[i]).mechanism()).values();
      vars.add(new Variable(dag.name(i), names(dag, pa), false, cpt(vals, mass, 0)));
    }
    return new CausalModel(vars);
  }

  private static Cpt cpt(List<String> values, double[][] counts, double alpha) {
    int card = values.size();
    double[][] t = new double[counts.length][card];
    for (int y = 0; y < counts.length; y++) {
      double n = 0;
      for (double c : counts[y]) {
        n += c;
      }
      double denom = n + alpha * card;
      for (int x = 0; x < card; x++) {
        t[y][x] = denom > 0 ? (counts[y][x] + alpha) / denom : 1.0 / card;
      }
    }
    return new Cpt(values, t);
  }

  private static List<String> names(Dag dag, int[] idx) {
    List<String> out = new ArrayList<>();
    for (int i : idx) {
      out.add(dag.name(i));
    }
    return out;
  }
}
