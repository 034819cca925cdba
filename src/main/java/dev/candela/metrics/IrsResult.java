package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * The Interventional Robustness Score and the details that produced it ({@link Irs}). Rows of the
 * matrix and the per-latent arrays follow {@link #activeLatents()}; its values are immutable.
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
    Matrix matrix,
    Vector perLatent,
    Vector maxDeviation,
    List<Integer> activeLatents,
    List<Integer> droppedLatents,
    List<Integer> factorGroups,
    int numSamples,
    IrsOptions options) {

  /** Validates the shapes. */
  public IrsResult {
    Arrays2.requireFinite("IRS score", score);
    activeLatents = List.copyOf(activeLatents);
    droppedLatents = List.copyOf(droppedLatents);
    factorGroups = List.copyOf(factorGroups);
    Arrays2.requireSameLengths(
        matrix.rows(),
        "matrix rows",
        perLatent.length(),
        "per-latent scores",
        maxDeviation.length(),
        "deviations",
        activeLatents.size(),
        "active latents");
    matrix.requireRowLength("matrix row", factorGroups.size(), "factors");
    if (numSamples < 1) {
      throw new IllegalArgumentException("numSamples must be positive, got " + numSamples);
    }
    java.util.Objects.requireNonNull(options, "options");
  }

  /**
   * The number of factors (matrix columns).
   *
   * @return F
   */
  public int numFactors() {
    return factorGroups.size();
  }

  /**
   * One IRS entry by original latent index.
   *
   * @param latent original latent index (must be active)
   * @param factor factor index
   * @return the entry
   */
  public double entry(int latent, int factor) {
    int row = java.util.Collections.binarySearch(activeLatents, latent);
    if (row < 0) {
      throw new IllegalArgumentException(
          "latent " + latent + " is not active; active latents: " + activeLatents);
    }
    return matrix.get(row, factor);
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
