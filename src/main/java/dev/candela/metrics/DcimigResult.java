package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * DCIMIG and its details ({@link Dcimig}). Its values are immutable.
 *
 * @param score DCIMIG, {@code Σ_k S_k / Σ_k H(v_k)}, in [0, 1]
 * @param factorGap per factor, {@code S_k}: the largest gap among the latents assigned to it (nats)
 * @param latentGap per latent, {@code I_(1) − I_(2)} over factors (nats)
 * @param assignedFactor per latent, the factor of its largest MI
 * @param bins histogram bins per latent
 */
public record DcimigResult(
    double score, Vector factorGap, Vector latentGap, List<Integer> assignedFactor, int bins) {
  /** Validates the score and shapes. */
  public DcimigResult {
    Arrays2.requireFinite("DCIMIG score", score);
    assignedFactor = List.copyOf(assignedFactor);
    Arrays2.requireSameLengths(
        latentGap.length(), "latent gaps", assignedFactor.size(), "assigned factors");
  }

  @Override
  public String toString() {
    return RecordText.of(
        "DcimigResult", "score", score, "factorGap", factorGap, "latentGap", latentGap);
  }
}
