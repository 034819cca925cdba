package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import java.util.List;

/**
 * The Gaussian total correlation and its details ({@link GaussianTc}). Its values are immutable.
 *
 * @param score TC in nats, ≥ 0
 * @param activeLatents the latents with a non-zero variance, which the score is computed on
 * @param constantLatents the constant latents, left out
 */
public record GaussianTcResult(
    double score, List<Integer> activeLatents, List<Integer> constantLatents) {
  /** Validates the score. */
  public GaussianTcResult {
    Arrays2.requireFinite("Gaussian total correlation", score);
    if (score < 0) {
      throw new IllegalArgumentException("Gaussian total correlation must be ≥ 0, got " + score);
    }
    activeLatents = List.copyOf(activeLatents);
    constantLatents = List.copyOf(constantLatents);
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
