package dev.candela.causal.graph;

/**
 * The structural intervention distance between a true DAG and a guess.
 *
 * <p>For a DAG guess {@code lowerBound == upperBound == sid}. For a CPDAG guess, {@code sid} counts
 * the ordered pairs (i, j) that are wrongly inferred under at least one of the parent sets of i
 * considered (R's {@code $sid}), and the bounds are the minimum and maximum SID over the considered
 * DAGs (R's {@code $sidLowerBound} and {@code $sidUpperBound}).
 *
 * @param sid number of wrongly inferred ordered pairs (i, j), i ≠ j
 * @param lowerBound minimum SID over the DAGs represented by the guess
 * @param upperBound maximum SID over the DAGs represented by the guess
 * @param nodes number of variables p (SID lies in [0, p(p − 1)])
 * @param exactClass true when the bounds range over the exact Markov equivalence class (every
 *     undirected component chordal with at most {@link Sid#MAX_COMPONENT} nodes), false when each
 *     node's undirected neighbours were expanded locally (R's fallback)
 */
public record SidResult(long sid, long lowerBound, long upperBound, int nodes, boolean exactClass) {
  /**
   * Validates the ordering {@code 0 <= lowerBound <= upperBound <= p(p − 1)}.
   *
   * @throws IllegalArgumentException if the values are inconsistent
   */
  public SidResult {
    long max = (long) nodes * (nodes - 1);
    if (nodes < 0
        || lowerBound < 0
        || lowerBound > upperBound
        || upperBound > max
        || sid < 0
        || sid > max) {
      throw new IllegalArgumentException(
          "inconsistent SID result: sid="
              + sid
              + " lower="
              + lowerBound
              + " upper="
              + upperBound
              + " nodes="
              + nodes);
    }
  }

  /**
   * Whether the guess represented a single DAG, so that sid is exact.
   *
   * @return true if the bounds coincide
   */
  public boolean isExact() {
    return lowerBound == upperBound;
  }
}
