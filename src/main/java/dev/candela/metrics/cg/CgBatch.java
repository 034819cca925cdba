package dev.candela.metrics.cg;

import java.util.List;

/**
 * The counterfactual terms of one chunk of samples, one entry per evaluated factor ({@link
 * CgAccumulator#process}).
 *
 * @param numSamples the number of samples in the chunk
 * @param factors per evaluated factor (in increasing factor order), the per-sample terms
 */
public record CgBatch(int numSamples, List<CgFactorTerms> factors) {

  /** Validates that every factor has one term per sample. */
  public CgBatch {
    factors = List.copyOf(factors);
    if (numSamples < 0) {
      throw new IllegalArgumentException("numSamples must be >= 0, got " + numSamples);
    }
    for (CgFactorTerms t : factors) {
      if (t.numSamples() != numSamples) {
        throw new IllegalArgumentException(
            "factor "
                + t.name()
                + " has "
                + t.numSamples()
                + " terms for "
                + numSamples
                + " samples");
      }
    }
  }
}
