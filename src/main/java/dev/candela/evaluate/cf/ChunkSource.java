package dev.candela.evaluate.cf;

import dev.candela.CandelaException;

/**
 * Supplies the latent codes and true factor codes of a range of samples to the {@link
 * CounterfactualJob} (for example by reading a dataset and encoding its images).
 */
@FunctionalInterface
public interface ChunkSource {

  /**
   * Reads samples {@code from..to−1}.
   *
   * @param from the first sample index (inclusive)
   * @param to the end index (exclusive), {@code > from}
   * @return their latents and codes (and optionally images)
   * @throws CandelaException when the samples cannot be read
   */
  CfChunk read(int from, int to) throws CandelaException;
}
