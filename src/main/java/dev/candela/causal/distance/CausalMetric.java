package dev.candela.causal.distance;

/**
 * One distance between a true and a learned causal model, keyed by its metric id in {@code causal
 * distance --metrics}. New metrics (for example the graph metrics {@code shd}, {@code sid}, {@code
 * aupr}) plug in through {@link CausalMetrics#register}.
 */
@FunctionalInterface
public interface CausalMetric {
  /**
   * A metric value with its details.
   *
   * @param score the score for the flat {@code scores} map
   * @param details a JSON-serialisable object (record, map, number) with how it was computed
   */
  record Value(double score, Object details) {}

  /**
   * Computes the metric.
   *
   * @param request the models and options
   * @return the score and details
   */
  Value compute(DistanceRequest request);
}
