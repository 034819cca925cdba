package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * Every aggregation of one matrix of the unified scores ({@link Unified#aggregate}). Its values are
 * immutable.
 *
 * @param matrix the matrix's name: {@code gbt}, {@code mi} or {@code svm}
 * @param values {@code [latent][factor]}, the matrix
 * @param dci D and C of the matrix, per latent and per factor with their weights
 * @param mig the mean over factors of the top-two gap over the factor's entropy
 * @param migPerFactor per factor, that gap over the entropy
 * @param sap the mean over factors of the top-two gap
 * @param sapPerFactor per factor, the top-two gap
 * @param modularity the mean over latents of 1 − δ_j
 * @param modularityPerLatent per latent, 1 − δ_j (0 for an all-zero row)
 * @param precision the precision curve, its area and maximum
 */
public record UnifiedMatrixScores(
    String matrix,
    Matrix values,
    DciScores dci,
    double mig,
    Vector migPerFactor,
    double sap,
    Vector sapPerFactor,
    double modularity,
    Vector modularityPerLatent,
    PrecisionCurve precision) {

  /** Checks the shapes. */
  public UnifiedMatrixScores {
    int k = values.rows() == 0 ? 0 : values.row(0).length();
    if (migPerFactor.length() != k
        || sapPerFactor.length() != k
        || modularityPerLatent.length() != values.rows()) {
      throw new IllegalArgumentException(
          "shapes disagree: "
              + values.rows()
              + " × "
              + k
              + " matrix, "
              + migPerFactor.length()
              + " MIG and "
              + sapPerFactor.length()
              + " SAP factors, "
              + modularityPerLatent.length()
              + " modularity latents");
    }
  }

  /**
   * One aggregation by its name in {@link Unified#AGGREGATIONS}.
   *
   * @param aggregation the name, e.g. {@code dci_disentanglement}
   * @return its value
   * @throws IllegalArgumentException for an unknown name (naming it and the names)
   */
  public double score(String aggregation) {
    return switch (aggregation) {
      case "dci_disentanglement" -> dci.disentanglement();
      case "dci_completeness" -> dci.completeness();
      case "mig" -> mig;
      case "sap" -> sap;
      case "modularity" -> modularity;
      case "area_precision" -> precision.area();
      case "max_precision" -> precision.max();
      default ->
          throw new IllegalArgumentException(
              "unknown aggregation '" + aggregation + "'; choose among " + Unified.AGGREGATIONS);
    };
  }
}
