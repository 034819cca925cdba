package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import java.util.Arrays;

/**
 * The Interventional Robustness Score and the details that produced it ({@link Irs}). Rows of the
 * matrix and the per-latent arrays follow {@link #activeLatents()}; accessors return copies.
 *
 * @param score the IRS: per-latent scores averaged with weights {@code maxDeviation} (0 when every
 *     latent is constant, as in disentanglement_lib)
 * @param matrix {@code [active latent][factor]} IRS entries {@code 1 − EMPIDA/max_dev} (may be
 *     slightly negative)
 * @param perLatent per active latent, the row maximum of the matrix
 * @param maxDeviation per active latent, {@code max_i |z_ij − mean_j|}
 * @param activeLatents original indices of the latents kept (non-constant), increasing
 * @param droppedLatents original indices of the constant latents that were dropped, increasing
 * @param factorGroups per factor, the number of distinct (re-binned) values EMPIDA averages over
 * @param numSamples number of samples N
 * @param options the options used
 */
public record IrsResult(
    double score,
    double[][] matrix,
    double[] perLatent,
    double[] maxDeviation,
    int[] activeLatents,
    int[] droppedLatents,
    int[] factorGroups,
    int numSamples,
    IrsOptions options) {

  /** Validates the shapes and copies the arrays. */
  public IrsResult {
    Arrays2.requireFinite("IRS score", score);
    matrix = Arrays2.deepCopy(matrix);
    perLatent = perLatent.clone();
    maxDeviation = maxDeviation.clone();
    activeLatents = activeLatents.clone();
    droppedLatents = droppedLatents.clone();
    factorGroups = factorGroups.clone();
    if (matrix.length != activeLatents.length
        || perLatent.length != activeLatents.length
        || maxDeviation.length != activeLatents.length) {
      throw new IllegalArgumentException(
          "shapes disagree: "
              + matrix.length
              + " matrix rows, "
              + perLatent.length
              + " per-latent scores, "
              + maxDeviation.length
              + " deviations, "
              + activeLatents.length
              + " active latents");
    }
    for (double[] row : matrix) {
      if (row.length != factorGroups.length) {
        throw new IllegalArgumentException(
            "matrix row has " + row.length + " entries for " + factorGroups.length + " factors");
      }
    }
    if (numSamples < 1) {
      throw new IllegalArgumentException("numSamples must be positive, got " + numSamples);
    }
    java.util.Objects.requireNonNull(options, "options");
  }

  /**
   * The IRS matrix, {@code [active latent][factor]}.
   *
   * @return a copy
   */
  @Override
  public double[][] matrix() {
    return Arrays2.deepCopy(matrix);
  }

  /**
   * Per active latent, the row maximum of the matrix.
   *
   * @return a copy
   */
  @Override
  public double[] perLatent() {
    return perLatent.clone();
  }

  /**
   * Per active latent, the largest absolute deviation from its mean.
   *
   * @return a copy
   */
  @Override
  public double[] maxDeviation() {
    return maxDeviation.clone();
  }

  /**
   * Original indices of the active latents (the matrix rows).
   *
   * @return a copy
   */
  @Override
  public int[] activeLatents() {
    return activeLatents.clone();
  }

  /**
   * Original indices of the dropped constant latents.
   *
   * @return a copy
   */
  @Override
  public int[] droppedLatents() {
    return droppedLatents.clone();
  }

  /**
   * Per factor, the number of distinct (re-binned) values.
   *
   * @return a copy
   */
  @Override
  public int[] factorGroups() {
    return factorGroups.clone();
  }

  /**
   * The number of factors (matrix columns).
   *
   * @return F
   */
  public int numFactors() {
    return factorGroups.length;
  }

  /**
   * One IRS entry by original latent index.
   *
   * @param latent original latent index (must be active)
   * @param factor factor index
   * @return the entry
   */
  public double entry(int latent, int factor) {
    int row = Arrays.binarySearch(activeLatents, latent);
    if (row < 0) {
      throw new IllegalArgumentException(
          "latent " + latent + " is not active; active latents: " + Arrays.toString(activeLatents));
    }
    return matrix[row][factor];
  }

  @Override
  public String toString() {
    return RecordText.of(
        "IrsResult",
        "score",
        score,
        "activeLatents",
        activeLatents,
        "droppedLatents",
        droppedLatents,
        "perLatent",
        perLatent,
        "options",
        options);
  }
}
