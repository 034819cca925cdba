package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * JEMMIG and its details ({@link Jemmig}). Its values are immutable.
 *
 * @param score the mean over factors of {@code 1 − JEMMIG(v_k) / (H(v_k) + ln B)}, in [0, 1],
 *     higher is better
 * @param perFactor per factor, {@code 1 − JEMMIG(v_k) / (H(v_k) + ln B)}
 * @param raw per factor, the unnormalised {@code JEMMIG(v_k)} in nats (lower is better)
 * @param bestLatent per factor, the latent {@code z*} of the largest MI (lowest index on ties)
 * @param bins B, histogram bins per latent
 */
public record JemmigResult(
    double score, Vector perFactor, Vector raw, List<Integer> bestLatent, int bins) {
  /** Validates the score and shapes. */
  public JemmigResult {
    Arrays2.requireFinite("JEMMIG score", score);
    bestLatent = List.copyOf(bestLatent);
    Arrays2.requireSameLengths(
        perFactor.length(),
        "scores",
        raw.length(),
        "raw values",
        bestLatent.size(),
        "best latents");
  }

  @Override
  public String toString() {
    return RecordText.of(
        "JemmigResult", "score", score, "perFactor", perFactor, "raw", raw, "bins", bins);
  }
}
