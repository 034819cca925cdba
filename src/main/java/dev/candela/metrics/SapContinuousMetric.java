package dev.candela.metrics;

/**
 * The registered {@link Metric#SAP_CONTINUOUS} function: SAP for continuous factors (Kumar et al.
 * 2018, {@link SapContinuous}), key {@code sap_continuous}. It is a {@link CodeMetric.Refitted}
 * metric: the paper fits its lines on the test examples, so the score is a statistic of the split's
 * test rows (the train rows give only the peer's number), and its interval comes from the refit
 * pairs on disjoint sets of the split's sizes, as for SAP ({@code bench coverage} measures it).
 */
final class SapContinuousMetric extends OneScoreRefitted<SapContinuousResult> {
  SapContinuousMetric() {
    super("sap_continuous", SapContinuous::compute, SapContinuousResult::score);
  }
}
