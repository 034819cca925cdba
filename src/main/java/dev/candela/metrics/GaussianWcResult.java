package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;

/**
 * The Gaussian Wasserstein correlation ({@link GaussianWc}).
 *
 * @param score WC = 2 tr Σ − 2 tr (D^½ Σ D^½)^½, ≥ 0, in the latents' squared units
 * @param normalised WC / tr Σ, in [0, 2] (0 when tr Σ = 0)
 * @param trace tr Σ, the latents' total variance
 */
public record GaussianWcResult(double score, double normalised, double trace) {
  /** Validates. */
  public GaussianWcResult {
    Arrays2.requireFinite("Gaussian Wasserstein correlation", score);
    Arrays2.requireFinite("normalised Gaussian Wasserstein correlation", normalised);
    if (score < 0 || normalised < 0) {
      throw new IllegalArgumentException(
          "Gaussian Wasserstein correlation must be ≥ 0, got " + score + " and " + normalised);
    }
  }
}
