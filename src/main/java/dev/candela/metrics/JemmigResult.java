package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * JEMMIG and its details ({@link Jemmig}). Accessors return copies.
 *
 * @param score the mean over factors of {@code 1 − JEMMIG(v_k) / (H(v_k) + ln B)}, in [0, 1],
 *     higher is better
 * @param perFactor per factor, {@code 1 − JEMMIG(v_k) / (H(v_k) + ln B)}
 * @param raw per factor, the unnormalised {@code JEMMIG(v_k)} in nats (lower is better)
 * @param bestLatent per factor, the latent {@code z*} of the largest MI (lowest index on ties)
 * @param bins B, histogram bins per latent
 */
public record JemmigResult(
    double score, double[] perFactor, double[] raw, int[] bestLatent, int bins) {
  /** Validates and copies. */
  public JemmigResult {
    Arrays2.requireFinite("JEMMIG score", score);
    perFactor = perFactor.clone();
    raw = raw.clone();
    bestLatent = bestLatent.clone();
    if (perFactor.length != raw.length || raw.length != bestLatent.length) {
      throw new IllegalArgumentException(
          "shapes disagree: "
              + perFactor.length
              + " scores, "
              + raw.length
              + " raw values, "
              + bestLatent.length
              + " best latents");
    }
  }

  /**
   * Per factor, the normalised score.
   *
   * @return a copy
   */
  @Override
  public double[] perFactor() {
    return perFactor.clone();
  }

  /**
   * Per factor, JEMMIG in nats.
   *
   * @return a copy
   */
  @Override
  public double[] raw() {
    return raw.clone();
  }

  /**
   * Per factor, z*.
   *
   * @return a copy
   */
  @Override
  public int[] bestLatent() {
    return bestLatent.clone();
  }

  @Override
  public String toString() {
    return RecordText.of(
        "JemmigResult", "score", score, "perFactor", perFactor, "raw", raw, "bins", bins);
  }
}
