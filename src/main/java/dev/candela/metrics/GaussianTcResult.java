package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * The Gaussian total correlation and its details ({@link GaussianTc}). Accessors return copies.
 *
 * @param score TC in nats, ≥ 0
 * @param activeLatents the latents with a non-zero variance, which the score is computed on
 * @param constantLatents the constant latents, left out
 */
public record GaussianTcResult(double score, int[] activeLatents, int[] constantLatents) {
  /** Validates and copies. */
  public GaussianTcResult {
    Arrays2.requireFinite("Gaussian total correlation", score);
    if (score < 0) {
      throw new IllegalArgumentException("Gaussian total correlation must be ≥ 0, got " + score);
    }
    activeLatents = activeLatents.clone();
    constantLatents = constantLatents.clone();
  }

  @Override
  public int[] activeLatents() {
    return activeLatents.clone();
  }

  @Override
  public int[] constantLatents() {
    return constantLatents.clone();
  }

  @Override
  public String toString() {
    return RecordText.of(
        "GaussianTcResult",
        "score",
        score,
        "activeLatents",
        activeLatents,
        "constantLatents",
        constantLatents);
  }
}
