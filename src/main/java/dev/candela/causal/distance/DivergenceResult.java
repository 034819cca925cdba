package dev.candela.causal.distance;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A divergence between a true and a learned causal model with the conventions that produced it.
 *
 * @param metric the metric id ({@code kl}, {@code ckl1}, {@code ckl2}, {@code ckl3}, {@code wed3})
 * @param value the divergence in nats ({@code +∞} when the learned model gives probability 0 to
 *     something the truth can produce)
 * @param definition the formula and scaling convention, in words
 * @param terms the contributions (per variable or per regime) that sum or average to the value
 */
public record DivergenceResult(
    String metric, double value, String definition, Map<String, Double> terms) {

  /** Validates and copies. */
  public DivergenceResult {
    if (metric == null || definition == null) {
      throw new IllegalArgumentException("metric and definition are required");
    }
    if (Double.isNaN(value) || value < 0) {
      throw new IllegalArgumentException(metric + " must be >= 0, got " + value);
    }
    terms = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(terms));
  }
}
