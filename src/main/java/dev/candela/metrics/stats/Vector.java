package dev.candela.metrics.stats;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.stream.DoubleStream;

/**
 * An immutable vector of doubles, the per-latent and per-factor values of a result record. It
 * copies its values once when made, so a record holding one needs no defensive copies in its
 * accessors. JSON writes it as the plain array of its values, text as {@link
 * Arrays#toString(double[])}.
 */
public final class Vector {
  private final double[] values;

  private Vector(double[] values) {
    this.values = values;
  }

  /**
   * A vector of the given values.
   *
   * @param values the values, copied
   * @return the vector
   */
  public static Vector of(double... values) {
    return new Vector(values.clone());
  }

  /**
   * One value.
   *
   * @param i the index
   * @return the value at {@code i}
   * @throws ArrayIndexOutOfBoundsException when {@code i} is outside {@code [0, length())}
   */
  public double get(int i) {
    return values[i];
  }

  /**
   * The number of values.
   *
   * @return the length
   */
  public int length() {
    return values.length;
  }

  /**
   * The values as a new array.
   *
   * @return a copy the caller may change
   */
  public double[] toArray() {
    return values.clone();
  }

  /**
   * The values in order.
   *
   * @return a stream over them
   */
  public DoubleStream stream() {
    return Arrays.stream(values);
  }

  /** The values for Jackson, written as a plain JSON array. */
  @JsonValue
  private double[] json() {
    return values;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Vector v && Arrays.equals(values, v.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return Arrays.toString(values);
  }
}
