package dev.candela.metrics;

import java.util.List;

/**
 * The registered {@link Metric#SAP} function: the separated attribute predictability (Kumar et al.
 * 2018, "Variational inference of disentangled latent concepts from unlabeled observations", ICLR)
 * ({@link Sap}), key {@code sap}.
 */
final class SapMetric implements CodeMetric.Refitted {
  @Override
  public Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options) {
    SapResult sap = Sap.compute(train, test, options.seed());
    return Scored.of("sap", sap.sap(), sap);
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("sap");
  }
}
