package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * The modularity score and its details ({@link Modularity}). Its values are immutable.
 *
 * @param score the mean of {@code perLatent}
 * @param perLatent per latent, its modularity (0 for a latent with no information)
 * @param mutualInformation {@code [latent][factor]} MI in nats
 * @param bins histogram bins per latent
 */
public record ModularityResult(double score, Vector perLatent, Matrix mutualInformation, int bins) {

  /** Validates the score, shapes and bins. */
  public ModularityResult {
    Arrays2.requireFinite("modularity score", score);
    Arrays2.requireSameLengths(
        perLatent.length(), "per-latent scores", mutualInformation.rows(), "MI rows");
    Arrays2.requirePositive("bins", bins);
  }

  @Override
  public String toString() {
    return RecordText.of("ModularityResult", "score", score, "perLatent", perLatent, "bins", bins);
  }
}
