package dev.candela.report;

import dev.candela.Provenance;
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
 * @param details metric id to a JSON-serialisable detail object
 * @param warnings human-readable warnings (dropped latents, excluded factors, ...)
 * @param provenance where the numbers came from
 */
public record ScoreReport(
    String title,
    Map<String, Double> scores,
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
    scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    warnings = List.copyOf(warnings);
  }
}
