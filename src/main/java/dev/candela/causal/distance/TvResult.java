package dev.candela.causal.distance;

import java.util.List;

/**
 * Interventional total variation {@code TV(P1(O | do(T=t)), P2(O | do(T=t)))} between two models.
 *
 * @param value the distance in [0, 1]
 * @param treatment the intervention, as {@code NAME=value,...}
 * @param outcomes the outcome variables, jointly
 * @param method {@code exact-enumeration}, {@code closed-form-normal}, {@code
 *     monte-carlo-density-ratio} (several linear-Gaussian outcomes) or {@code
 *     numerical-likelihood-weighting} ({@link NumericalTv})
 * @param standardError the Monte Carlo standard error, 0 for exact methods
 * @param samples the Monte Carlo sample size ({@code n} outcome points for the numerical
 *     estimator), 0 for exact methods
 * @param particles {@code M}, the likelihood-weighting particles per density estimate of the
 *     numerical estimator (1 when the density is exact), 0 for the other methods
 */
public record TvResult(
    double value,
    String treatment,
    List<String> outcomes,
    String method,
    double standardError,
    int samples,
    int particles) {

  /**
   * A result without particles (exact and Gaussian Monte Carlo methods).
   *
   * @param value the distance
   * @param treatment the intervention
   * @param outcomes the outcomes
   * @param method the method
   * @param standardError the standard error
   * @param samples the Monte Carlo size
   */
  public TvResult(
      double value,
      String treatment,
      List<String> outcomes,
      String method,
      double standardError,
      int samples) {
    this(value, treatment, outcomes, method, standardError, samples, 0);
  }

  /** Validates. */
  public TvResult {
    if (!(value >= -1e-12 && value <= 1 + 1e-12)) {
      throw new IllegalArgumentException("TV must be in [0, 1], got " + value);
    }
    outcomes = List.copyOf(outcomes);
  }
}
