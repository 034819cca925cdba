package dev.candela.metrics;

import dev.candela.metrics.stats.Uncertainty;

/**
 * The posterior's KL to the prior ({@link PosteriorKl}). Accessors of arrays return copies.
 *
 * @param perLatent per latent, the mean KL in nats ({@code kl.z0, kl.z1, ...})
 * @param total the mean of the per-sample sum over latents, in nats ({@code kl.total})
 * @param perLatentUncertainty per latent, the interval of its mean (may hold null for a constant
 *     term)
 * @param totalUncertainty the interval of the total
 * @param samples the encoded samples averaged
 */
public record PosteriorKlResult(
    double[] perLatent,
    double total,
    Uncertainty[] perLatentUncertainty,
    Uncertainty totalUncertainty,
    int samples) {

  /** Copies the arrays. */
  public PosteriorKlResult {
    perLatent = perLatent.clone();
    perLatentUncertainty = perLatentUncertainty.clone();
    if (perLatent.length != perLatentUncertainty.length) {
      throw new IllegalArgumentException(
          perLatent.length + " latents but " + perLatentUncertainty.length + " intervals");
    }
  }

  @Override
  public double[] perLatent() {
    return perLatent.clone();
  }

  @Override
  public Uncertainty[] perLatentUncertainty() {
    return perLatentUncertainty.clone();
  }
}
