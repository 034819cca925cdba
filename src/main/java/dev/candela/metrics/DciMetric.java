package dev.candela.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#DCI} function: disentanglement, completeness and informativeness
 * (Eastwood and Williams 2018, "A framework for the quantitative evaluation of disentangled
 * representations", ICLR) from one classifier per factor ({@link Dci}, learner of the options),
 * keys {@code dci.disentanglement}, {@code dci.completeness}, {@code dci.informativeness}.
 */
final class DciMetric implements CodeMetric.Refitted {
  @Override
  public Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options) {
    DciResult dci = Dci.compute(train, test, options.seed(), options.dciLearner());
    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put("dci.disentanglement", dci.disentanglement());
    scores.put("dci.completeness", dci.completeness());
    scores.put("dci.informativeness", dci.informativeness());
    return new Scored(scores, Map.of("dci", dci));
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("dci.disentanglement", "dci.completeness", "dci.informativeness");
  }
}
