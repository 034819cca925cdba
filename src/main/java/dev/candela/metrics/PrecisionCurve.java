package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * The precision curve of a factor × latent matrix ({@link Unified#precisionCurve}): at every entry
 * t_i of the matrix, in decreasing order, the number p(t_i) of connected components with an edge of
 * the latent–factor graph keeping the non-zero entries ≥ t_i. Its values are immutable.
 *
 * @param thresholds t_1 ≥ … ≥ t_n, the matrix's entries
 * @param precisions p(t_i), one per threshold
 * @param area Σ_{i&lt;n} (p(t_i) + p(t_{i+1})) (t_i − t_{i+1}) / 2
 * @param max max_i p(t_i)
 */
public record PrecisionCurve(Vector thresholds, List<Integer> precisions, double area, int max) {

  /** Checks the lengths. */
  public PrecisionCurve {
    precisions = List.copyOf(precisions);
    Arrays2.requireSameLengths(thresholds.length(), "thresholds", precisions.size(), "precisions");
  }
}
