package dev.candela.evaluate;

import dev.candela.metrics.stats.Uncertainty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one stage of an {@link Evaluation} adds to its report, finished and immutable: the report is
 * the fold of its stages' results in order ({@link Evaluation}), written after every stage.
 *
 * @param scores report key to score
 * @param uncertainty report key to its standard error and interval
 * @param details report key to the result record behind it
 * @param warnings what the stage skipped or doubts, one line each
 * @param notes per score key, a note shown beside it on the page
 * @param sections what the stage shows on the page, typed ({@link EvaluationPages} renders them)
 */
record StageResult(
    Map<String, Double> scores,
    Map<String, Uncertainty> uncertainty,
    Map<String, Object> details,
    List<String> warnings,
    Map<String, String> notes,
    List<PageSection> sections) {

  /** A stage that added nothing. */
  static final StageResult NONE =
      new StageResult(Map.of(), Map.of(), Map.of(), List.of(), Map.of());

  /** Freezes the collections, their order kept. */
  StageResult {
    scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    uncertainty = Collections.unmodifiableMap(new LinkedHashMap<>(uncertainty));
    details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    warnings = List.copyOf(warnings);
    notes = Collections.unmodifiableMap(new LinkedHashMap<>(notes));
    sections = List.copyOf(sections);
  }

  /**
   * A result with nothing on the page beyond its scores.
   *
   * @param scores report key to score
   * @param uncertainty report key to its standard error and interval
   * @param details report key to the result record behind it
   * @param warnings what the stage skipped or doubts
   * @param notes per score key, a note shown beside it on the page
   */
  StageResult(
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, Object> details,
      List<String> warnings,
      Map<String, String> notes) {
    this(scores, uncertainty, details, warnings, notes, List.of());
  }

  /**
   * A stage that only warns.
   *
   * @param warning the line
   * @return the result
   */
  static StageResult warning(String warning) {
    return new StageResult(Map.of(), Map.of(), Map.of(), List.of(warning), Map.of());
  }
}
