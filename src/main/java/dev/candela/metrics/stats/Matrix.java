package dev.candela.metrics.stats;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.List;
import java.util.stream.DoubleStream;

/**
 * An immutable matrix of doubles held as rows of {@link Vector}s, which may differ in length (e.g.
 * one row of per-class values per factor). It copies its values once when made. JSON writes it as
 * the array of its rows, text as {@link Arrays#deepToString}.
 */
public final class Matrix {
  private final List<Vector> rows;

  private Matrix(List<Vector> rows) {
    this.rows = rows;
  }

  /**
   * A matrix of the given rows.
   *
   * @param rows the rows, copied
   * @return the matrix
   */
  public static Matrix of(double[][] rows) {
    return new Matrix(Arrays.stream(rows).map(Vector::of).toList());
  }

  /**
   * The number of rows.
   *
   * @return the row count
   */
  public int rows() {
    return rows.size();
  }

  /**
   * One row.
   *
   * @param i the row index
   * @return row {@code i}
   */
  public Vector row(int i) {
    return rows.get(i);
  }

  /**
   * One entry.
   *
   * @param i the row index
   * @param j the column index
   * @return the entry at {@code [i][j]}
   */
  public double get(int i, int j) {
    return rows.get(i).get(j);
  }

  /**
   * Fails unless every row has {@code n} entries.
   *
   * @param what a row's name in the message, e.g. {@code importance row}
   * @param n the number of entries each row must have
   * @param of what {@code n} counts in the message, e.g. {@code factor names}
   * @throws IllegalArgumentException naming the first row's length that differs
   */
  public void requireRowLength(String what, int n, String of) {
    for (Vector row : rows) {
      if (row.length() != n) {
        throw new IllegalArgumentException(
            what + " has " + row.length() + " entries but there are " + n + " " + of);
      }
    }
  }

  /**
   * All entries, row by row.
   *
   * @return a stream over them
   */
  public DoubleStream stream() {
    return rows.stream().flatMapToDouble(Vector::stream);
  }

  /**
   * The rows as a new array of arrays.
   *
   * @return a deep copy the caller may change
   */
  public double[][] toArray() {
    return rows.stream().map(Vector::toArray).toArray(double[][]::new);
  }

  /** The rows for Jackson, written as a JSON array of arrays. */
  @JsonValue
  private List<Vector> json() {
    return rows;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Matrix m && rows.equals(m.rows);
  }

  @Override
  public int hashCode() {
    return rows.hashCode();
  }

  @Override
  public String toString() {
    return rows.toString();
  }
}
