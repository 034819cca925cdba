package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * SAP for continuous factors and its details ({@link SapContinuous}). Its values are immutable.
 *
 * @param score SAP continuous on the test rows (the paper), in [0, 1]
 * @param scoreMatrix {@code [latent][factor]} R² of the one-latent line on the test rows
 * @param gap per factor, the gap between its two largest R²
 * @param trainRowsScore the same on the train rows: disentanglement_lib's {@code
 *     sap_score.py(continuous_factors=True)} number
 * @param rows the test rows behind the score
 */
public record SapContinuousResult(
    double score, Matrix scoreMatrix, Vector gap, double trainRowsScore, int rows) {
  /** Validates the score. */
  public SapContinuousResult {
    Arrays2.requireFinite("SAP continuous score", score);
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
