package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * The result of {@link Fos}: the factorization-of-support score, the authors' squared-distance
 * variant, and the per-batch terms the score is the mean of.
 *
 * @param fos mean over batches of Σ_{a&lt;b} d_H(a, b), Euclidean (the paper's criterion)
 * @param squared the same with the squared Euclidean distance, as the authors' code computes it
 * @param batchSize B, the batch size
 * @param batchTerms per batch, Σ_{a&lt;b} d_H(a, b) (their mean is {@code fos})
 * @param squaredBatchTerms per batch, the squared-distance sum (their mean is {@code squared})
 * @param pairMean {@code [a][b]}: the mean over batches of d_H(a, b) (symmetric, 0 diagonal)
 */
public record FosResult(
    double fos,
    double squared,
    int batchSize,
    Vector batchTerms,
    Vector squaredBatchTerms,
    Matrix pairMean) {

  /** Checks the shapes. */
  public FosResult {
    if (batchTerms.length() != squaredBatchTerms.length() || batchTerms.length() == 0) {
      throw new IllegalArgumentException(
          "batch terms: "
              + batchTerms.length()
              + " Euclidean and "
              + squaredBatchTerms.length()
              + " squared; both must be the same, ≥ 1");
    }
  }

  /**
   * @return the number of batches
   */
  public int batches() {
    return batchTerms.length();
  }
}
