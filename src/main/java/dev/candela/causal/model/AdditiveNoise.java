package dev.candela.causal.model;

import java.util.Arrays;

/**
 * An additive-noise mechanism {@code x = b + f(Σ_j w_j·pa_j) + ε}. With {@link FunctionForm#LINEAR}
 * and Gaussian noise it is the linear-Gaussian mechanism {@code x = b + Σ_j w_j·pa_j + N(0, σ²)}. A
 * discrete parent enters the sum with the 0-based index of its value.
 *
 * @param form the function {@code f}
 * @param weights one weight per parent, in the order of the variable's parent list
 * @param intercept the offset {@code b}
 * @param noise the noise {@code ε}
 */
public record AdditiveNoise(FunctionForm form, double[] weights, double intercept, Noise noise)
    implements Mechanism {

  /** Validates and copies. */
  public AdditiveNoise {
    if (form == null || noise == null || weights == null) {
      throw new IllegalArgumentException("form, weights and noise are required");
    }
    weights = weights.clone();
    for (double w : weights) {
      if (!Double.isFinite(w)) {
        throw new IllegalArgumentException("weight must be finite, got " + w);
      }
    }
    if (!Double.isFinite(intercept)) {
      throw new IllegalArgumentException("intercept must be finite, got " + intercept);
    }
  }

  /**
   * A linear-Gaussian mechanism.
   *
   * @param weights one weight per parent
   * @param intercept the offset
   * @param sd the noise standard deviation
   * @return the mechanism
   */
  public static AdditiveNoise linearGaussian(double[] weights, double intercept, double sd) {
    return new AdditiveNoise(FunctionForm.LINEAR, weights, intercept, Noise.gaussian(sd));
  }

  /**
   * Whether this is linear with Gaussian noise.
   *
   * @return true for the linear-Gaussian mechanism
   */
  public boolean isLinearGaussian() {
    return form == FunctionForm.LINEAR && noise.kind() == Noise.Kind.GAUSSIAN;
  }

  @Override
  public double[] weights() {
    return weights.clone();
  }

  /**
   * The weight of parent {@code j} without copying.
   *
   * @param j the parent position
   * @return the weight
   */
  public double weight(int j) {
    return weights[j];
  }

  /**
   * The noise-free part {@code b + f(Σ_j w_j·pa_j)}.
   *
   * @param parentValues the parents' values in parent-list order
   * @return the deterministic part of the mechanism
   */
  public double mean(double[] parentValues) {
    double s = 0;
    for (int j = 0; j < weights.length; j++) {
      s += weights[j] * parentValues[j];
    }
    return intercept + form.apply(s);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AdditiveNoise a
        && a.form == form
        && Arrays.equals(a.weights, weights)
        && Double.compare(a.intercept, intercept) == 0
        && a.noise.equals(noise);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(weights) * 31 + form.hashCode() + noise.hashCode();
  }

  @Override
  public String toString() {
    return "AdditiveNoise["
        + form
        + ", w="
        + Arrays.toString(weights)
        + ", b="
        + intercept
        + ", "
        + noise
        + "]";
  }
}
