package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * SAP for continuous factors and its details ({@link SapContinuous}). Accessors return copies.
 *
 * @param score SAP continuous on the test rows (the paper), in [0, 1]
 * @param scoreMatrix {@code [latent][factor]} R² of the one-latent line on the test rows
 * @param gap per factor, the gap between its two largest R²
 * @param trainRowsScore the same on the train rows: disentanglement_lib's {@code
 *     sap_score.py(continuous_factors=True)} number
 * @param rows the test rows behind the score
 */
public record SapContinuousResult(
    double score, double[][] scoreMatrix, double[] gap, double trainRowsScore, int rows) {
  /** Validates and copies. */
  public SapContinuousResult {
    Arrays2.requireFinite("SAP continuous score", score);
    scoreMatrix = Arrays2.deepCopy(scoreMatrix);
    gap = gap.clone();
  }

  /**
   * The R² matrix.
   *
   * @return a copy
   */
  @Override
  public double[][] scoreMatrix() {
    return Arrays2.deepCopy(scoreMatrix);
  }

  /**
   * Per factor, the gap.
   *
   * @return a copy
   */
  @Override
  public double[] gap() {
    return gap.clone();
  }

  @Override
  public String toString() {
    return RecordText.of(
        "SapContinuousResult",
        "score",
        score,
        "gap",
        gap,
        "trainRowsScore",
        trainRowsScore,
        "rows",
        rows);
  }
}
