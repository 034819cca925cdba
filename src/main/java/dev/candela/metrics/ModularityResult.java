package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;

/**
 * The modularity score and its details ({@link Modularity}). Accessors return copies.
 *
 * @param score the mean of {@code perLatent}
 * @param perLatent per latent, its modularity (0 for a latent with no information)
 * @param mutualInformation {@code [latent][factor]} MI in nats
 * @param bins histogram bins per latent
 */
public record ModularityResult(
    double score, double[] perLatent, double[][] mutualInformation, int bins) {

  /** Validates shapes and copies the arrays. */
  public ModularityResult {
    Arrays2.requireFinite("modularity score", score);
    perLatent = perLatent.clone();
    mutualInformation = Arrays2.deepCopy(mutualInformation);
    if (perLatent.length != mutualInformation.length) {
      throw new IllegalArgumentException(
          "shapes disagree: "
              + perLatent.length
              + " per-latent scores for "
              + mutualInformation.length
              + " MI rows");
    }
    if (bins < 1) {
      throw new IllegalArgumentException("bins must be at least 1, got " + bins);
    }
  }

  /**
   * Per latent, its modularity.
   *
   * @return a copy
   */
  @Override
  public double[] perLatent() {
    return perLatent.clone();
  }

  /**
   * The MI matrix {@code [latent][factor]} in nats.
   *
   * @return a copy
   */
  @Override
  public double[][] mutualInformation() {
    return Arrays2.deepCopy(mutualInformation);
  }

  @Override
  public String toString() {
    return RecordText.of("ModularityResult", "score", score, "perLatent", perLatent, "bins", bins);
  }
}
