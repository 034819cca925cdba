package dev.candela.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code mi} keys of {@link Metric#UNIFIED}: every aggregation of {@link Unified} on the
 * context's mutual-information matrix of all rows (the matrix MIG and Modularity read), keys {@code
 * unified.mi.<aggregation>}, details {@code unified.mi}. The MI needs no test rows, so it is taken
 * on all N rows, with the delete-a-group jackknife of the matrix as its interval (the plain one:
 * refits on half samples gave SE/SD 0.41 for its D and C at N = 1,000, docs/metrics-unified.md).
 * The peer's number, on the split's training rows only, is in the details of {@link UnifiedMetric}
 * ({@code unified.matrices[1]}).
 */
final class UnifiedMiMetric implements CodeMetric.Jackknifed {

  @Override
  public Scored fromMutualInformation(
      double[][] mutualInformation, double[] factorEntropy, int bins) {
    UnifiedMatrixScores m = Unified.aggregate("mi", mutualInformation, factorEntropy);
    Map<String, Double> scores = new LinkedHashMap<>();
    for (String a : Unified.AGGREGATIONS) {
      scores.put("unified.mi." + a, m.score(a));
    }
    return new Scored(scores, Map.of("unified.mi", m));
  }

  @Override
  public boolean secondOrder() {
    return false;
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    List<String> keys = new ArrayList<>();
    for (String a : Unified.AGGREGATIONS) {
      keys.add("unified.mi." + a);
    }
    return keys;
  }

  /** 1 for the scores in [0, 1]; no bound for SAP (nats) and the precision curve. */
  @Override
  public double upperBound(String key) {
    return UnifiedMetric.bound(key);
  }
}
