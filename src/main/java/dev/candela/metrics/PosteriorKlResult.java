package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * The posterior's KL to the prior ({@link PosteriorKl}). Its values are immutable.
 *
 * @param perLatent per latent, the mean KL in nats ({@code kl.z0, kl.z1, ...})
 * @param total the mean of the per-sample sum over latents, in nats ({@code kl.total})
 * @param perLatentUncertainty per latent, the interval of its mean (may hold null for a constant
 *     term)
 * @param totalUncertainty the interval of the total
 * @param samples the encoded samples averaged
 */
public record PosteriorKlResult(
    Vector perLatent,
    double total,
    List<Uncertainty> perLatentUncertainty,
    Uncertainty totalUncertainty,
    int samples) {

  /** Checks that every latent has its interval. */
  public PosteriorKlResult {
    perLatentUncertainty = List.copyOf(perLatentUncertainty);
    Arrays2.requireSameLengths(
        perLatent.length(), "latents", perLatentUncertainty.size(), "intervals");
  }
}
