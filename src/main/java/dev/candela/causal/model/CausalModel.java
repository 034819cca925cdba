package dev.candela.causal.model;

import dev.candela.causal.graph.Dag;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable structural causal model over named variables: each variable has parents and a {@link
 * Mechanism}. A model whose mechanisms are all {@link Cpt}s is a discrete causal Bayesian network.
 * Values of a sample row are doubles: a continuous variable's value, or a discrete variable's
 * 0-based value index.
 *
 * <p>The constructor rejects, with a message naming the variable: duplicate names, unknown parents,
 * cycles, weights that do not match the parents, CPT shape mismatches (rows ≠ product of the
 * parents' cardinalities, or columns ≠ the number of values), CPT rows with a negative entry or not
 * summing to 1 within {@link #ROW_SUM_TOLERANCE}, and CPTs with a continuous parent.
 */
public final class CausalModel {
  /** The tolerance on {@code |Σ_x P(x | row) − 1|} for a CPT row. */
  public static final double ROW_SUM_TOLERANCE = 1e-6;

  private final List<Variable> variables;
  private final Map<String, Integer> index;
  private final int[][] parents;
  private final int[] order;
  private final Dag dag;
  private final int[] observed;
  private final boolean discrete;

  /**
   * Builds and validates a model.
   *
   * @param variables the variables in any order (the order fixes the column order of samples)
   * @throws IllegalArgumentException on invalid structure or parameters; the message names the
   *     variable and the offending value
   */
  public CausalModel(List<Variable> variables) {
    this.variables = List.copyOf(variables);
    int n = this.variables.size();
    if (n == 0) {
      throw new IllegalArgumentException("a causal model needs at least one variable");
    }
    Map<String, Integer> idx = new HashMap<>();
    for (int i = 0; i < n; i++) {
      String name = this.variables.get(i).name();
      if (idx.put(name, i) != null) {
        throw new IllegalArgumentException("duplicate variable '" + name + "'");
      }
    }
    this.index = Collections.unmodifiableMap(idx);
    this.parents = new int[n][];
    boolean allDiscrete = true;
    List<Integer> obs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Variable v = this.variables.get(i);
      List<String> ps = v.parents();
      parents[i] = new int[ps.size()];
      for (int j = 0; j < ps.size(); j++) {
        Integer p = idx.get(ps.get(j));
        if (p == null) {
          throw new IllegalArgumentException(
              "variable '" + v.name() + "' has unknown parent '" + ps.get(j) + "'");
        }
        if (ps.lastIndexOf(ps.get(j)) != j) {
          throw new IllegalArgumentException(
              "variable '" + v.name() + "' lists parent '" + ps.get(j) + "' twice");
        }
        parents[i][j] = p;
      }
      allDiscrete &= v.isDiscrete();
      if (!v.hidden()) {
        obs.add(i);
      }
    }
    this.discrete = allDiscrete;
    this.observed = obs.stream().mapToInt(Integer::intValue).toArray();
    if (observed.length == 0) {
      throw new IllegalArgumentException("every variable is hidden; at least one must be observed");
    }
    Dag.Builder b = Dag.builder(this.variables.stream().map(Variable::name).toList());
    for (int i = 0; i < n; i++) {
      for (int p : parents[i]) {
        b.addEdge(p, i);
      }
    }
    this.dag = b.build();
    this.order = dag.topologicalOrder();
    for (int i = 0; i < n; i++) {
      validateMechanism(i);
    }
  }

  private void validateMechanism(int i) {
    Variable v = variables.get(i);
    if (v.mechanism() instanceof AdditiveNoise a) {
      if (a.weights().length != parents[i].length) {
        throw new IllegalArgumentException(
            "variable '"
                + v.name()
                + "' has "
                + a.weights().length
                + " weights for "
                + parents[i].length
                + " parents");
      }
    } else if (v.mechanism() instanceof Cpt c) {
      int rows = 1;
      for (int p : parents[i]) {
        Variable pv = variables.get(p);
        if (!(pv.mechanism() instanceof Cpt pc)) {
          throw new IllegalArgumentException(
              "variable '"
                  + v.name()
                  + "' has a CPT but its parent '"
                  + pv.name()
                  + "' is continuous");
        }
        rows = Math.multiplyExact(rows, pc.cardinality());
      }
      if (c.rows() != rows) {
        throw new IllegalArgumentException(
            "variable '"
                + v.name()
                + "' CPT has "
                + c.rows()
                + " rows, expected "
                + rows
                + " (product of the parents' cardinalities)");
      }
      double[][] t = c.table();
      for (int r = 0; r < rows; r++) {
        if (t[r].length != c.cardinality()) {
          throw new IllegalArgumentException(
              "variable '"
                  + v.name()
                  + "' CPT row "
                  + r
                  + " has "
                  + t[r].length
                  + " entries, expected "
                  + c.cardinality()
                  + " (one per value)");
        }
        double sum = 0;
        for (int x = 0; x < t[r].length; x++) {
          if (!(t[r][x] >= 0) || !Double.isFinite(t[r][x])) {
            throw new IllegalArgumentException(
                "variable '"
                    + v.name()
                    + "' CPT row "
                    + r
                    + " has invalid probability "
                    + t[r][x]
                    + " for value '"
                    + c.values().get(x)
                    + "'");
          }
          sum += t[r][x];
        }
        if (Math.abs(sum - 1.0) > ROW_SUM_TOLERANCE) {
          throw new IllegalArgumentException(
              "variable '"
                  + v.name()
                  + "' CPT row "
                  + r
                  + " sums to "
                  + sum
                  + ", not 1 (tolerance "
                  + ROW_SUM_TOLERANCE
                  + ")");
        }
      }
    }
  }

  /**
   * The same model with its variables listed in lexicographic order of their names (hidden ones
   * included). Two files that list the same variables in different orders give equal canonical
   * models, so every computation run on the canonical model (sampling with common random numbers,
   * enumerated joints, eigen-decompositions) is independent of the order in the file.
   *
   * @return this model when it is already in canonical order, else a reordered copy
   */
  public CausalModel canonical() {
    List<Variable> sorted = new ArrayList<>(variables);
    sorted.sort(java.util.Comparator.comparing(Variable::name));
    return sorted.equals(variables) ? this : new CausalModel(sorted);
  }

  /**
   * The variables, in column order.
   *
   * @return an unmodifiable list
   */
  public List<Variable> variables() {
    return variables;
  }

  /**
   * The number of variables (hidden included).
   *
   * @return the count
   */
  public int size() {
    return variables.size();
  }

  /**
   * One variable.
   *
   * @param i the column index
   * @return the variable
   */
  public Variable variable(int i) {
    return variables.get(i);
  }

  /**
   * The names in column order.
   *
   * @return the names
   */
  public List<String> names() {
    return variables.stream().map(Variable::name).toList();
  }

  /**
   * The column of a variable.
   *
   * @param name the name
   * @return the index
   * @throws IllegalArgumentException if unknown; the message names it
   */
  public int indexOf(String name) {
    Integer i = index.get(name);
    if (i == null) {
      throw new IllegalArgumentException("unknown variable '" + name + "', known: " + names());
    }
    return i;
  }

  /**
   * Whether a variable of this name exists.
   *
   * @param name the name
   * @return true if present
   */
  public boolean has(String name) {
    return index.containsKey(name);
  }

  /**
   * The parents' column indices of variable {@code i}, in its parent-list order.
   *
   * @param i the column
   * @return a copy of the parent indices
   */
  public int[] parents(int i) {
    return parents[i].clone();
  }

  /**
   * A topological order of the columns (ties broken by the smallest index).
   *
   * @return a copy of the order
   */
  public int[] topologicalOrder() {
    return order.clone();
  }

  /**
   * The columns of the observed (not hidden) variables, ascending.
   *
   * @return a copy
   */
  public int[] observed() {
    return observed.clone();
  }

  /**
   * The names of the observed variables, in column order.
   *
   * @return the names
   */
  public List<String> observedNames() {
    List<String> out = new ArrayList<>();
    for (int i : observed) {
      out.add(variables.get(i).name());
    }
    return out;
  }

  /**
   * Whether every mechanism is a CPT (a discrete causal Bayesian network).
   *
   * @return true if discrete
   */
  public boolean isDiscrete() {
    return discrete;
  }

  /**
   * Whether every mechanism is linear with Gaussian noise.
   *
   * @return true for a linear-Gaussian SCM
   */
  public boolean isLinearGaussian() {
    for (Variable v : variables) {
      if (!(v.mechanism() instanceof AdditiveNoise a && a.isLinearGaussian())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The number of values of a discrete variable, or 0 for a continuous one.
   *
   * @param i the column
   * @return the cardinality
   */
  public int cardinality(int i) {
    return variables.get(i).mechanism() instanceof Cpt c ? c.cardinality() : 0;
  }

  /**
   * The CPT row of variable {@code i} for the parent values in a full row of values.
   *
   * @param i the column of a discrete variable
   * @param row values of all variables (discrete ones as value indices)
   * @return the mixed-radix parent-configuration index
   */
  public int cptRow(int i, double[] row) {
    int r = 0;
    for (int p : parents[i]) {
      r = r * cardinality(p) + (int) row[p];
    }
    return r;
  }

  /**
   * The causal graph over all variables (hidden included).
   *
   * @return the DAG, node {@code i} being column {@code i}
   */
  public Dag dag() {
    return dag;
  }

  /**
   * The 0/1 adjacency matrix over all variables, {@code A[i][j] = 1} meaning i → j: that of {@link
   * #dag()}, which has the variables as its nodes in the same order and their parents as its edges.
   *
   * @return a new matrix
   */
  public int[][] adjacency() {
    return dag.adjacencyMatrix();
  }

  /**
   * The same model with some variables' mechanisms replaced.
   *
   * @param replacements variable name to the new variable definition (same name)
   * @return a new model
   */
  public CausalModel with(Map<String, Variable> replacements) {
    List<Variable> vs = new ArrayList<>(variables);
    for (Map.Entry<String, Variable> e : replacements.entrySet()) {
      vs.set(indexOf(e.getKey()), e.getValue());
    }
    return new CausalModel(vs);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CausalModel m && m.variables.equals(variables);
  }

  @Override
  public int hashCode() {
    return variables.hashCode();
  }

  @Override
  public String toString() {
    return "CausalModel" + names();
  }
}
