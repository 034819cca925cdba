package dev.candela.causal.model;

import dev.candela.Ids;
import java.util.Locale;

/**
 * The function {@code f} of an additive-noise mechanism {@code x = b + f(Σ_j w_j·pa_j) + ε},
 * applied to the weighted sum of the parents.
 */
public enum FunctionForm {
  /** {@code f(s) = s}. */
  LINEAR,
  /** {@code f(s) = tanh(s)}. */
  TANH,
  /** {@code f(s) = 1 / (1 + e^{-s})}. */
  SIGMOID,
  /** {@code f(s) = s²}. */
  SQUARE,
  /** {@code f(s) = sin(s)}. */
  SIN;

  /**
   * Applies the function.
   *
   * @param s the weighted sum of the parents
   * @return {@code f(s)}
   */
  public double apply(double s) {
    return switch (this) {
      case LINEAR -> s;
      case TANH -> Math.tanh(s);
      case SIGMOID -> 1.0 / (1.0 + Math.exp(-s));
      case SQUARE -> s * s;
      case SIN -> Math.sin(s);
    };
  }

  /**
   * The JSON name of the form ({@code linear}, {@code tanh}, ...).
   *
   * @return the lower-case name
   */
  public String jsonName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses a JSON name.
   *
   * @param name the name, case-insensitive
   * @return the form
   * @throws IllegalArgumentException when the name is unknown; the message names it
   */
  public static FunctionForm parse(String name) {
    return Ids.parse(values(), FunctionForm::jsonName, name, "unknown function '%s' (expected %s)");
  }
}
