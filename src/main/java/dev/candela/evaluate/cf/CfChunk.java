package dev.candela.evaluate.cf;

import java.util.Objects;

/**
 * One chunk of samples for the counterfactual job. Arrays are held as given (not copied): the job
 * reads them once.
 *
 * @param latents {@code latents[sample][latent]} (encoder means)
 * @param codes {@code codes[factor][sample]}, the true factor codes
 * @param images the original images, {@code n × C × H × W} in the decoder's image shape, or {@code
 *     null}; only used for the first column of the image grids
 */
public record CfChunk(float[][] latents, int[][] codes, float[] images) {

  /** Validates that latents and codes describe the same samples. */
  public CfChunk {
    Objects.requireNonNull(latents, "latents");
    Objects.requireNonNull(codes, "codes");
    for (int f = 0; f < codes.length; f++) {
      if (codes[f].length != latents.length) {
        throw new IllegalArgumentException(
            "factor "
                + f
                + " has "
                + codes[f].length
                + " codes for "
                + latents.length
                + " latent rows");
      }
    }
  }

  /**
   * A chunk without images.
   *
   * @param latents {@code latents[sample][latent]}
   * @param codes {@code codes[factor][sample]}
   */
  public CfChunk(float[][] latents, int[][] codes) {
    this(latents, codes, null);
  }

  /**
   * The number of samples.
   *
   * @return n
   */
  public int size() {
    return latents.length;
  }
}
