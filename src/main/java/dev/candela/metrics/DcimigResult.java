package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * DCIMIG and its details ({@link Dcimig}). Accessors return copies.
 *
 * @param score DCIMIG, {@code Σ_k S_k / Σ_k H(v_k)}, in [0, 1]
 * @param factorGap per factor, {@code S_k}: the largest gap among the latents assigned to it (nats)
 * @param latentGap per latent, {@code I_(1) − I_(2)} over factors (nats)
 * @param assignedFactor per latent, the factor of its largest MI
 * @param bins histogram bins per latent
 */
public record DcimigResult(
    double score, double[] factorGap, double[] latentGap, int[] assignedFactor, int bins) {
  /** Validates and copies. */
  public DcimigResult {
    Arrays2.requireFinite("DCIMIG score", score);
    factorGap = factorGap.clone();
    latentGap = latentGap.clone();
    assignedFactor = assignedFactor.clone();
    if (latentGap.length != assignedFactor.length) {
      throw new IllegalArgumentException(
          "shapes disagree: "
              + latentGap.length
              + " latent gaps, "
              + assignedFactor.length
              + " assigned factors");
    }
  }

  /**
   * Per factor, S_k.
   *
   * @return a copy
   */
  @Override
  public double[] factorGap() {
    return factorGap.clone();
  }

  /**
   * Per latent, its gap.
   *
   * @return a copy
   */
  @Override
  public double[] latentGap() {
    return latentGap.clone();
  }

  /**
   * Per latent, its factor.
   *
   * @return a copy
   */
  @Override
  public int[] assignedFactor() {
    return assignedFactor.clone();
  }

  @Override
  public String toString() {
    return RecordText.of(
        "DcimigResult", "score", score, "factorGap", factorGap, "latentGap", latentGap);
  }
}
