package dev.candela.sweep;

import dev.candela.metrics.stats.Uncertainty;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The result of one sweep task: the scores of {@code candela evaluate} for one checkpoint and seed,
 * their uncertainty when the report has it, provenance, and the report's path; or the error that
 * stopped the evaluation.
 *
 * @param name the row name (the report sub-folder)
 * @param model the checkpoint folder
 * @param seed the seed
 * @param status {@link #OK} or {@link #ERROR}
 * @param error the one-line error ({@code null} when ok)
 * @param scores score id to score (empty on error)
 * @param uncertainty score id to its uncertainty, as in the report (the report the task holds, not
 *     read back from disk); empty when intervals were off
 * @param warnings the report's warnings
 * @param modelChecksum sha256 of the checkpoint folder's files ({@code null} when unreadable)
 * @param datasetFingerprint the dataset's fingerprint ({@code null} when it did not open)
 * @param settingsKey sha256 of settings, seed, dataset fingerprint, model and classifier checksums
 *     and Candela's version: a rerun with the same key reuses the row
 * @param report the report path relative to the sweep folder ({@code null} on error)
 * @param seconds wall time of the task
 * @param host the executor's host name
 * @param resumed whether the row was read back from an earlier run instead of computed
 */
public record SweepRow(
    String name,
    String model,
    long seed,
    String status,
    String error,
    Map<String, Double> scores,
    Map<String, Uncertainty> uncertainty,
    List<String> warnings,
    String modelChecksum,
    String datasetFingerprint,
    String settingsKey,
    String report,
    double seconds,
    String host,
    boolean resumed)
    implements Serializable {

  private static final long serialVersionUID = 1L;

  /** Status of a scored checkpoint. */
  public static final String OK = "ok";

  /** Status of a checkpoint whose evaluation failed. */
  public static final String ERROR = "error";

  /** Checks the status and freezes the collections, keeping their order. */
  public SweepRow {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(model, "model");
    if (!OK.equals(status) && !ERROR.equals(status)) {
      throw new IllegalArgumentException("status must be ok or error, got '" + status + "'");
    }
    if (ERROR.equals(status) && error == null) {
      throw new IllegalArgumentException("an error row needs its error: " + name);
    }
    scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores == null ? Map.of() : scores));
    uncertainty =
        Collections.unmodifiableMap(
            new LinkedHashMap<>(uncertainty == null ? Map.of() : uncertainty));
    warnings = List.copyOf(warnings == null ? List.of() : warnings);
  }

  /**
   * Whether the checkpoint was scored.
   *
   * @return status is ok
   */
  public boolean ok() {
    return OK.equals(status);
  }

  /**
   * The uncertainty as table columns (the Parquet file's map column): {@code k.se}, {@code
   * k.ci95.lo}, {@code k.ci95.hi}, {@code k.bias}, {@code k.n} and {@code k.replicates} for every
   * score k, in the scores' order (the method is a word, and stays in {@code sweep.json}).
   *
   * @return column name to value
   */
  public Map<String, Double> uncertaintyColumns() {
    Map<String, Double> out = new LinkedHashMap<>();
    uncertainty.forEach(
        (k, u) -> {
          out.put(k + ".se", u.se());
          out.put(k + ".ci95.lo", u.ci95().get(0));
          out.put(k + ".ci95.hi", u.ci95().get(1));
          out.put(k + ".bias", u.bias());
          out.put(k + ".n", (double) u.n());
          out.put(k + ".replicates", (double) u.replicates());
        });
    return out;
  }

  /**
   * This row marked as read back from an earlier run.
   *
   * @return the copy
   */
  public SweepRow asResumed() {
    return new SweepRow(
        name,
        model,
        seed,
        status,
        error,
        scores,
        uncertainty,
        warnings,
        modelChecksum,
        datasetFingerprint,
        settingsKey,
        report,
        seconds,
        host,
        true);
  }
}
