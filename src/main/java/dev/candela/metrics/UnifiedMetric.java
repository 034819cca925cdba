package dev.candela.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The refitted keys of {@link Metric#UNIFIED}, the unified scores of disentanglement_lib (Locatello
 * et al. 2020; {@link Unified}): keys {@code unified.<matrix>.<aggregation>} for the learned
 * matrices {@code gbt} and {@code svm} and the aggregations {@link Unified#AGGREGATIONS}, refitted
 * on the split like DCI and SAP; the three matrices as the peer computes them (the MI one on the
 * split's training rows: the peer's {@code mi} numbers) with their per-latent and per-factor values
 * under the detail {@code unified}. The {@code mi} keys are {@link UnifiedMiMetric}'s.
 */
final class UnifiedMetric implements CodeMetric.Refitted {
  /** The refitted matrices. */
  static final List<String> LEARNED = List.of("gbt", "svm");

  @Override
  public Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options) {
    UnifiedResult r = Unified.compute(train, test, options.seed());
    Map<String, Double> scores = new java.util.LinkedHashMap<>(r.scores());
    scores.keySet().removeIf(k -> k.startsWith("unified.mi."));
    return new Scored(scores, Map.of("unified", r));
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    List<String> keys = new ArrayList<>();
    for (String m : LEARNED) {
      for (String a : Unified.AGGREGATIONS) {
        keys.add("unified." + m + "." + a);
      }
    }
    return keys;
  }

  /**
   * 1 for the scores in [0, 1] (D, C, modularity; MIG of the MI matrix, whose MI is at most the
   * factor's entropy; SAP of the importances and accuracies); no bound for the precision curve's
   * area and maximum (component counts), MIG of the importances and accuracies (divided by an
   * entropy that may be below 1 nat) and SAP of the MI (in nats).
   */
  @Override
  public double upperBound(String key) {
    return bound(key);
  }

  /** The upper bound of a unified key (see {@link #upperBound}). */
  static double bound(String key) {
    if (key.endsWith("_precision")
        || key.equals("unified.gbt.mig")
        || key.equals("unified.svm.mig")
        || key.equals("unified.mi.sap")) {
      return Double.POSITIVE_INFINITY;
    }
    return 1;
  }
}
