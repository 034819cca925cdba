package dev.candela.causal.graph;

import java.util.List;

/**
 * A square matrix of edge scores (or 0/1 adjacency) over named variables, as read from a file:
 * {@code values[i][j]} scores the edge i → j.
 *
 * @param names the variable names, one per row and column
 * @param values the square matrix, not copied
 */
public record ScoreMatrix(List<String> names, double[][] values) {
  /**
   * Validates the shape.
   *
   * @throws IllegalArgumentException if the matrix is not square with one row per name
   */
  public ScoreMatrix {
    names = List.copyOf(names);
    int n = names.size();
    if (values.length != n) {
      throw new IllegalArgumentException(
          "matrix has " + values.length + " rows but there are " + n + " variables");
    }
    for (int i = 0; i < n; i++) {
      if (values[i].length != n) {
        throw new IllegalArgumentException(
            "matrix row " + i + " has " + values[i].length + " entries, expected " + n);
      }
    }
  }

  /**
   * Number of variables.
   *
   * @return n
   */
  public int size() {
    return names.size();
  }
}
