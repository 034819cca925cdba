package dev.candela.metrics;

/**
 * The registered explicitness function of {@link Metric#MODULARITY} (Ridgeway and Mozer 2018): the
 * mean one-vs-rest AUC of a logistic regression per factor ({@link Explicitness}), key {@code
 * explicitness}.
 */
final class ExplicitnessMetric extends OneScoreRefitted<ExplicitnessResult> {
  ExplicitnessMetric() {
    super("explicitness", Explicitness::compute, ExplicitnessResult::explicitness);
  }
}
