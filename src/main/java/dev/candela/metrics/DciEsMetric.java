package dev.candela.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#DCI_ES} function: DCI-ES (Eastwood et al., "DCI-ES: An Extended
 * Disentanglement Framework with Connections to Identifiability", ICLR 2023) from random-forest
 * probes of increasing depth ({@link DciEs}), keys {@code dci_es.explicitness}, {@code
 * dci_es.size}, {@code dci_es.disentanglement}, {@code dci_es.completeness}, {@code
 * dci_es.informativeness}; the curves in {@code details.dci_es}.
 */
final class DciEsMetric implements CodeMetric.Refitted {
  private static final List<String> KEYS =
      List.of(
          "dci_es.explicitness",
          "dci_es.size",
          "dci_es.disentanglement",
          "dci_es.completeness",
          "dci_es.informativeness");

  @Override
  public Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options) {
    DciEsResult r = DciEs.compute(train, test, options.seed());
    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put(KEYS.get(0), r.explicitness());
    scores.put(KEYS.get(1), r.size());
    scores.put(KEYS.get(2), r.disentanglement());
    scores.put(KEYS.get(3), r.completeness());
    scores.put(KEYS.get(4), r.informativeness());
    return new Scored(scores, Map.of("dci_es", r));
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return KEYS;
  }

  /** S = K / L exceeds 1 when there are fewer latents than factors. */
  @Override
  public double upperBound(String key) {
    return key.equals("dci_es.size") ? Double.POSITIVE_INFINITY : 1;
  }
}
