package dev.candela.report;

import dev.candela.Provenance;
import dev.candela.metrics.stats.Uncertainty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A scored run: a flat map of metric id to score, the details that produced the scores (matrices,
 * chosen sets, per-factor values), warnings, and provenance. Serialised as-is to the JSON report.
 *
 * @param title what was scored
 * @param scores metric id (e.g. {@code irs}, {@code uc@1}, {@code dci.disentanglement}) to score;
 *     every score is finite
 * @param uncertainty metric id (the same ids as {@code scores}) to its standard error and 95%
 *     interval; a score without an entry has no uncertainty estimate (see the warnings)
 * @param details metric id to a JSON-serialisable detail object
 * @param warnings human-readable warnings (dropped latents, excluded factors, ...)
 * @param provenance where the numbers came from
 */
public record ScoreReport(
    String title,
    Map<String, Double> scores,
    Map<String, Uncertainty> uncertainty,
    Map<String, Object> details,
    List<String> warnings,
    Provenance provenance) {

  /** Validates finite scores and freezes the maps, keeping their order. */
  public ScoreReport {
    Objects.requireNonNull(title, "title");
    Objects.requireNonNull(provenance, "provenance");
    for (Map.Entry<String, Double> e : scores.entrySet()) {
      if (e.getValue() == null || !Double.isFinite(e.getValue())) {
        throw new IllegalArgumentException(
            "score '" + e.getKey() + "' is " + e.getValue() + ", not a finite number");
      }
    }
    for (String k : uncertainty.keySet()) {
      if (!scores.containsKey(k)) {
        throw new IllegalArgumentException(
            "uncertainty for '" + k + "' but no such score (scores " + scores.keySet() + ")");
      }
    }
    scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    Map<String, Uncertainty> u = new LinkedHashMap<>();
    for (String k : scores.keySet()) {
      if (uncertainty.get(k) != null) {
        u.put(k, uncertainty.get(k));
      }
    }
    uncertainty = Collections.unmodifiableMap(u);
    details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    warnings = List.copyOf(warnings);
  }

  /**
   * A report without uncertainty estimates.
   *
   * @param title what was scored
   * @param scores metric id to score
   * @param details metric id to details
   * @param warnings warnings
   * @param provenance provenance
   */
  public ScoreReport(
      String title,
      Map<String, Double> scores,
      Map<String, Object> details,
      List<String> warnings,
      Provenance provenance) {
    this(title, scores, Map.of(), details, warnings, provenance);
  }
}
