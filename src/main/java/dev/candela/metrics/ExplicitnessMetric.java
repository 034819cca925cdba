package dev.candela.metrics;

import java.util.List;

/**
 * The registered explicitness function of {@link Metric#MODULARITY} (Ridgeway and Mozer 2018): the
 * mean one-vs-rest AUC of a logistic regression per factor ({@link Explicitness}), key {@code
 * explicitness}.
 */
final class ExplicitnessMetric implements CodeMetric.Refitted {
  @Override
  public Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options) {
    ExplicitnessResult ex = Explicitness.compute(train, test, options.seed());
    return Scored.of("explicitness", ex.explicitness(), ex);
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("explicitness");
  }
}
