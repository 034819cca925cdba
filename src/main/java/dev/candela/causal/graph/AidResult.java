package dev.candela.causal.graph;

/**
 * The result of one adjustment identification distance ({@link Aid}): the mistake count and the
 * count normalised by the number of ordered pairs.
 *
 * <p>{@code value = count / (p(p − 1))}: there are p(p − 1) pairwise causal effects (t, y), t ≠ y,
 * to infer (Henckel, Würtzen and Weichwald, UAI 2024).
 *
 * @param kind which distance
 * @param count the number of ordered pairs (t, y) the guess gets wrong
 * @param nodes the number of nodes p
 */
public record AidResult(Aid.Kind kind, long count, int nodes) {
  /** Checks the ranges. */
  public AidResult {
    if (kind == null) {
      throw new IllegalArgumentException("kind is null");
    }
    if (nodes < 2) {
      throw new IllegalArgumentException("nodes must be >= 2, got " + nodes);
    }
    long pairs = (long) nodes * (nodes - 1);
    if (count < 0 || count > pairs) {
      throw new IllegalArgumentException(
          "count " + count + " outside 0.." + pairs + " for " + nodes + " nodes");
    }
  }

  /**
   * The number of ordered pairs compared, p(p − 1).
   *
   * @return the comparisons
   */
  public long comparisons() {
    return (long) nodes * (nodes - 1);
  }

  /**
   * The normalised distance {@code count / (p(p − 1))}, in [0, 1].
   *
   * @return the value
   */
  public double value() {
    return (double) count / (double) comparisons();
  }

  /**
   * The metric name used in JSON output ({@code ancestor_aid}, {@code oset_aid}, {@code
   * parent_aid}).
   *
   * @return the name
   */
  public String metric() {
    return kind.metric();
  }
}
