package dev.candela.data.validate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of validating a dataset folder.
 *
 * @param path the folder
 * @param dataset the dataset name
 * @param rulesVariant the confounding-rules variant checked
 * @param pngFiles number of PNG files seen
 * @param jsonFiles number of JSON files seen
 * @param findings every violation, sorted by file then check
 * @param statistics factor coverage and co-occurrence over the samples with valid metadata
 * @param parameters the thresholds used (bounds tolerance etc.)
 */
public record ValidationReport(
    String path,
    String dataset,
    String rulesVariant,
    int pngFiles,
    int jsonFiles,
    List<Finding> findings,
    FactorStatistics statistics,
    Map<String, Object> parameters) {

  /** Copies and validates. */
  public ValidationReport {
    Objects.requireNonNull(path, "path");
    findings = List.copyOf(findings);
    Objects.requireNonNull(statistics, "statistics");
    parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
  }

  /**
   * Whether there is no violation.
   *
   * @return true when clean
   */
  public boolean clean() {
    return findings.isEmpty();
  }
}
