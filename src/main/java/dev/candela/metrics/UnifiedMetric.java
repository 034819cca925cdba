package dev.candela.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#UNIFIED} function: the unified scores of disentanglement_lib
 * (Locatello et al. 2020; {@link Unified}), keys {@code unified.<matrix>.<aggregation>} for the
 * matrices {@code gbt}, {@code mi}, {@code svm} and the aggregations {@link Unified#AGGREGATIONS};
 * the matrices and per-latent and per-factor values under the detail {@code unified}. Refitted on
 * the split like DCI and SAP (the MI matrix too, on the training rows, as the peer computes it).
 */
final class UnifiedMetric implements CodeMetric.Refitted {

  @Override
  public Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options) {
    UnifiedResult r = Unified.compute(train, test, options.seed());
    return new Scored(r.scores(), Map.of("unified", r));
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    List<String> keys = new ArrayList<>();
    for (String m : Unified.MATRICES) {
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
    if (key.endsWith("_precision")
        || key.equals("unified.gbt.mig")
        || key.equals("unified.svm.mig")
        || key.equals("unified.mi.sap")) {
      return Double.POSITIVE_INFINITY;
    }
    return 1;
  }
}
