package dev.candela.causal.distance;

import java.util.List;

/**
 * Interventional total variation {@code TV(P1(O | do(T=t)), P2(O | do(T=t)))} between two models.
 *
 * @param value the distance in [0, 1]
 * @param treatment the intervention, as {@code NAME=value,...}
 * @param outcomes the outcome variables, jointly
 * @param method {@code exact-enumeration}, {@code closed-form-normal} or {@code
 *     monte-carlo-density-ratio}
 * @param standardError the Monte Carlo standard error, 0 for exact methods
 * @param samples the Monte Carlo sample size, 0 for exact methods
 */
public record TvResult(
    double value,
    String treatment,
    List<String> outcomes,
    String method,
    double standardError,
    int samples) {

  /** Validates. */
  public TvResult {
    if (!(value >= -1e-12 && value <= 1 + 1e-12)) {
      throw new IllegalArgumentException("TV must be in [0, 1], got " + value);
    }
    outcomes = List.copyOf(outcomes);
  }
}
