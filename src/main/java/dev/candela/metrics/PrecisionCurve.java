package dev.candela.metrics;

/**
 * The precision curve of a factor × latent matrix ({@link Unified#precisionCurve}): at every entry
 * t_i of the matrix, in decreasing order, the number p(t_i) of connected components with an edge of
 * the latent–factor graph keeping the non-zero entries ≥ t_i. Accessors return copies.
 *
 * @param thresholds t_1 ≥ … ≥ t_n, the matrix's entries
 * @param precisions p(t_i), one per threshold
 * @param area Σ_{i&lt;n} (p(t_i) + p(t_{i+1})) (t_i − t_{i+1}) / 2
 * @param max max_i p(t_i)
 */
public record PrecisionCurve(double[] thresholds, int[] precisions, double area, int max) {

  /** Copies the arrays and checks their lengths. */
  public PrecisionCurve {
    thresholds = thresholds.clone();
    precisions = precisions.clone();
    if (thresholds.length != precisions.length) {
      throw new IllegalArgumentException(
          thresholds.length + " thresholds but " + precisions.length + " precisions");
    }
  }

  /**
   * @return a copy of the thresholds
   */
  @Override
  public double[] thresholds() {
    return thresholds.clone();
  }

  /**
   * @return a copy of the precisions
   */
  @Override
  public int[] precisions() {
    return precisions.clone();
  }
}
