package dev.candela.causal.model;

import java.util.random.RandomGenerator;

/**
 * The exogenous noise of an additive-noise mechanism: zero-mean Gaussian with standard deviation
 * {@code scale}, or uniform on {@code [-scale, scale]}.
 *
 * @param kind the distribution family
 * @param scale the standard deviation (Gaussian) or the half-width (uniform); {@code >= 0}
 */
public record Noise(Kind kind, double scale) {

  /** The noise family. */
  public enum Kind {
    /** Zero-mean normal, {@code scale} = standard deviation. */
    GAUSSIAN,
    /** Uniform on {@code [-scale, scale]}. */
    UNIFORM
  }

  /** Validates the scale. */
  public Noise {
    if (kind == null) {
      throw new IllegalArgumentException("noise kind is null");
    }
    if (!(scale >= 0) || Double.isInfinite(scale)) {
      throw new IllegalArgumentException("noise scale must be finite and >= 0, got " + scale);
    }
  }

  /**
   * Gaussian noise.
   *
   * @param sd the standard deviation
   * @return the noise
   */
  public static Noise gaussian(double sd) {
    return new Noise(Kind.GAUSSIAN, sd);
  }

  /**
   * Uniform noise on {@code [-halfWidth, halfWidth]}.
   *
   * @param halfWidth the half-width
   * @return the noise
   */
  public static Noise uniform(double halfWidth) {
    return new Noise(Kind.UNIFORM, halfWidth);
  }

  /**
   * Draws one value.
   *
   * @param rng the generator
   * @return a noise value
   */
  public double sample(RandomGenerator rng) {
    return switch (kind) {
      case GAUSSIAN -> scale * rng.nextGaussian();
      case UNIFORM -> scale * (2.0 * rng.nextDouble() - 1.0);
    };
  }

  /**
   * The variance of the noise: {@code scale²} (Gaussian) or {@code scale²/3} (uniform).
   *
   * @return the variance
   */
  public double variance() {
    return kind == Kind.GAUSSIAN ? scale * scale : scale * scale / 3.0;
  }
}
