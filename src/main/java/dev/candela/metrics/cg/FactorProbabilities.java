package dev.candela.metrics.cg;

/**
 * A factor classifier: images to per-factor class probabilities. The counterfactual metric ({@link
 * Cg}) reads the probability of each sample's true factor value from it.
 *
 * <p>Implementations (for example the DJL-hosted classifier in {@code dev.candela.model}) batch on
 * their device internally and return plain Java arrays. Both a per-factor softmax head and the
 * authors' independent sigmoid outputs (one per factor value) fit: only the entry of the true value
 * is read.
 */
@FunctionalInterface
public interface FactorProbabilities {

  /**
   * Classifies a batch of images.
   *
   * @param images {@code n × C × H × W} floats in row-major order, as a {@link LatentDecoder}
   *     returns them
   * @param n the number of images
   * @return {@code p[factor][sample][value]}, probabilities in [0, 1]; one entry per factor, each
   *     holding {@code n} rows of length K_factor
   */
  float[][][] probabilities(float[] images, int n);
}
