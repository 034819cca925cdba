package dev.candela.causal.model;

import java.util.Arrays;
import java.util.List;

/**
 * A conditional probability table. Row {@code r} is the distribution of the variable for the parent
 * configuration with mixed-radix index {@code r}: parents in the order of the variable's parent
 * list, the first parent most significant, the last parent varying fastest (numpy's C order). A
 * root has one row. Shape and row sums are checked by {@link CausalModel}, which knows the parents.
 *
 * @param values the value labels, at least one, distinct
 * @param table {@code rows × values.size()} probabilities
 */
public record Cpt(List<String> values, double[][] table) implements Mechanism {

  /** Copies and checks that the table is rectangular with one column per value. */
  public Cpt {
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("a CPT needs at least one value");
    }
    if (values.stream().distinct().count() != values.size()) {
      throw new IllegalArgumentException("duplicate value labels in " + values);
    }
    double[][] copy = new double[table.length][];
    for (int r = 0; r < table.length; r++) {
      copy[r] = table[r].clone();
    }
    table = copy;
  }

  /**
   * The number of values.
   *
   * @return the cardinality
   */
  public int cardinality() {
    return values.size();
  }

  @Override
  public double[][] table() {
    double[][] copy = new double[table.length][];
    for (int r = 0; r < table.length; r++) {
      copy[r] = table[r].clone();
    }
    return copy;
  }

  /**
   * One probability without copying.
   *
   * @param row the parent-configuration index
   * @param value the value index
   * @return {@code P(value | row)}
   */
  public double p(int row, int value) {
    return table[row][value];
  }

  /**
   * The row of a CPT for its parents' values: their mixed-radix index, the first parent most
   * significant (the order of {@link CausalModel#cptRow}).
   *
   * @param parents the parents' columns
   * @param values value indices of all columns
   * @param cardinalities the number of values of every column
   * @return Σ over the parents of value · (product of the later parents' cardinalities)
   */
  public static int row(int[] parents, int[] values, int[] cardinalities) {
    int r = 0;
    for (int p : parents) {
      r = r * cardinalities[p] + values[p];
    }
    return r;
  }

  /**
   * The number of rows.
   *
   * @return the number of parent configurations
   */
  public int rows() {
    return table.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Cpt c && c.values.equals(values) && Arrays.deepEquals(c.table, table);
  }

  @Override
  public int hashCode() {
    return values.hashCode() * 31 + Arrays.deepHashCode(table);
  }

  @Override
  public String toString() {
    return "Cpt[" + values + ", " + Arrays.deepToString(table) + "]";
  }
}
