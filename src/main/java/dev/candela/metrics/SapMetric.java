package dev.candela.metrics;

/**
 * The registered {@link Metric#SAP} function: the separated attribute predictability (Kumar et al.
 * 2018, "Variational inference of disentangled latent concepts from unlabeled observations", ICLR)
 * ({@link Sap}), key {@code sap}.
 */
final class SapMetric extends OneScoreRefitted<SapResult> {
  SapMetric() {
    super("sap", Sap::compute, SapResult::sap);
  }
}
