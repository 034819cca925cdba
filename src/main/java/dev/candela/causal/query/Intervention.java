package dev.candela.causal.query;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A hard intervention {@code do(X_1 = x_1, ..., X_m = x_m)} on columns of a model. Values of
 * discrete variables are value indices. The empty intervention is the observational regime.
 *
 * @param targets distinct column indices
 * @param values the forced values, one per target
 */
public record Intervention(int[] targets, double[] values) {

  /** Validates and copies. */
  public Intervention {
    if (targets.length != values.length) {
      throw new IllegalArgumentException(
          targets.length + " targets but " + values.length + " values");
    }
    targets = targets.clone();
    values = values.clone();
    for (int i = 0; i < targets.length; i++) {
      for (int j = 0; j < i; j++) {
        if (targets[i] == targets[j]) {
          throw new IllegalArgumentException("column " + targets[i] + " intervened twice");
        }
      }
    }
  }

  /**
   * The observational regime.
   *
   * @return the empty intervention
   */
  public static Intervention none() {
    return new Intervention(new int[0], new double[0]);
  }

  /**
   * A single-variable intervention.
   *
   * @param target the column
   * @param value the value (value index for a discrete variable)
   * @return the intervention
   */
  public static Intervention of(int target, double value) {
    return new Intervention(new int[] {target}, new double[] {value});
  }

  /**
   * Parses {@code "X=1.5,Y=yes"}: continuous variables take a number, discrete ones a value label
   * (or its 0-based index).
   *
   * @param m the model
   * @param spec comma-separated assignments; empty for none
   * @return the intervention
   * @throws IllegalArgumentException for an unknown variable or value; the message names it
   */
  public static Intervention parse(CausalModel m, String spec) {
    Map<Integer, Double> map = new LinkedHashMap<>();
    if (spec != null && !spec.isBlank()) {
      for (String part : spec.split(",")) {
        int eq = part.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("intervention '" + part + "' is not NAME=VALUE");
        }
        String name = part.substring(0, eq).trim();
        String val = part.substring(eq + 1).trim();
        int i = m.indexOf(name);
        map.put(i, parseValue(m, i, val));
      }
    }
    int[] t = map.keySet().stream().mapToInt(Integer::intValue).toArray();
    double[] v = map.values().stream().mapToDouble(Double::doubleValue).toArray();
    return new Intervention(t, v);
  }

  /**
   * Parses one value of a variable: a label (or index) for a discrete variable, a number otherwise.
   *
   * @param m the model
   * @param i the column
   * @param val the text
   * @return the value as stored in sample rows
   * @throws IllegalArgumentException for an unknown label or a non-number; the message names both
   */
  public static double parseValue(CausalModel m, int i, String val) {
    String name = m.variable(i).name();
    if (m.variable(i).mechanism() instanceof Cpt c) {
      int k = c.values().indexOf(val);
      if (k >= 0) {
        return k;
      }
      try {
        int idx = Integer.parseInt(val);
        if (idx >= 0 && idx < c.cardinality()) {
          return idx;
        }
      } catch (NumberFormatException e) {
        // fall through to the error below
      }
      throw new IllegalArgumentException(
          "variable '" + name + "' has no value '" + val + "' (values " + c.values() + ")");
    }
    try {
      double d = Double.parseDouble(val);
      if (!Double.isFinite(d)) {
        throw new NumberFormatException();
      }
      return d;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "variable '" + name + "' needs a finite number, got '" + val + "'", e);
    }
  }

  /**
   * Whether the intervention is empty.
   *
   * @return true for the observational regime
   */
  public boolean isEmpty() {
    return targets.length == 0;
  }

  /**
   * The forced value of a column.
   *
   * @param column the column
   * @return the value, or NaN when the column is not intervened
   */
  public double valueOf(int column) {
    for (int k = 0; k < targets.length; k++) {
      if (targets[k] == column) {
        return values[k];
      }
    }
    return Double.NaN;
  }

  /**
   * A per-column mask of intervened columns.
   *
   * @param n the number of columns
   * @return {@code mask[i]} true when column {@code i} is intervened
   */
  public boolean[] mask(int n) {
    boolean[] b = new boolean[n];
    for (int t : targets) {
      b[t] = true;
    }
    return b;
  }

  @Override
  public int[] targets() {
    return targets.clone();
  }

  @Override
  public double[] values() {
    return values.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Intervention i
        && Arrays.equals(i.targets, targets)
        && Arrays.equals(i.values, values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(targets) * 31 + Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return "do" + Arrays.toString(targets) + "=" + Arrays.toString(values);
  }
}
