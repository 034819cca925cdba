package dev.candela.causal.distance;

/**
 * One distance between a true and a learned causal model, keyed by its metric id in {@code causal
 * distance --metrics}. New metrics (for example the graph metrics {@code shd}, {@code sid}, {@code
 * aupr}) plug in through {@link CausalMetrics#register}.
 */
@FunctionalInterface
public interface CausalMetric {
  /**
   * A metric value with its uncertainty and details.
   *
   * @param score the score for the flat {@code scores} map
   * @param se the standard error of a sampled score ({@code <id>.se}), NaN for an exact one
   * @param nullBaseline the same estimator between the truth and an independent copy of itself
   *     ({@code <id>.null}), NaN for an exact score
   * @param details a JSON-serialisable object (record, map, number) with how it was computed
   */
  record Value(double score, double se, double nullBaseline, Object details) {
    /**
     * An exact value (no standard error, no null baseline).
     *
     * @param score the score
     * @param details the details
     */
    public Value(double score, Object details) {
      this(score, Double.NaN, Double.NaN, details);
    }

    /**
     * Whether the value carries a standard error and a null baseline.
     *
     * @return true for a sampled value
     */
    public boolean sampled() {
      return !Double.isNaN(se);
    }
  }

  /**
   * Computes the metric.
   *
   * @param request the models and options
   * @return the score and details
   */
  Value compute(DistanceRequest request);
}
