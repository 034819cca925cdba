package dev.candela.metrics;

import dev.candela.metrics.stats.HistogramDiscretizer;

/**
 * Options of the Interventional Robustness Score ({@link Irs}).
 *
 * @param diffQuantile the quantile of the within-group deviations taken as MPIDA, in [0, 1];
 *     disentanglement_lib uses 0.99 (1.0 is the paper's maximum)
 * @param factorBins number of equal-width histogram bins the factor codes are re-binned into before
 *     grouping, as disentanglement_lib does (20); 0 groups by the raw codes. Re-binning to 20 bins
 *     keeps the grouping of an integer factor with at most 21 evenly spaced values unchanged.
 */
public record IrsOptions(double diffQuantile, int factorBins) {

  /** disentanglement_lib's defaults: quantile 0.99, factors re-binned into 20 bins. */
  public static final IrsOptions DEFAULTS = new IrsOptions(0.99, HistogramDiscretizer.DEFAULT_BINS);

  /** Validates the quantile and the bin count. */
  public IrsOptions {
    if (!(diffQuantile >= 0 && diffQuantile <= 1)) {
      throw new IllegalArgumentException("diffQuantile must be in [0, 1], got " + diffQuantile);
    }
    if (factorBins < 0) {
      throw new IllegalArgumentException(
          "factorBins must be 0 (raw codes) or positive, got " + factorBins);
    }
  }
}
