package dev.candela.metrics;

import dev.candela.CandelaException;

/**
 * The representation of dataset samples by index, for the metrics that sample their own batches
 * ({@link BetaVae}, {@link FactorVae}). An implementation typically loads the images and encodes
 * them to the encoder means; it may cache by index.
 */
@FunctionalInterface
public interface Representation {

  /**
   * The representations of some samples.
   *
   * @param indices sample indices of the dataset the metric's sampler draws from
   * @return {@code r[i][latent]}, one row per index, every row of the same length
   * @throws CandelaException when the samples cannot be read or encoded
   */
  double[][] of(long[] indices) throws CandelaException;
}
