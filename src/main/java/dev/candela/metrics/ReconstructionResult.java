package dev.candela.metrics;

import dev.candela.metrics.stats.Uncertainty;

/**
 * A VAE's reconstruction error ({@link ReconstructionLoss}).
 *
 * @param score the mean loss per image, in nats ({@code reconstruction})
 * @param uncertainty the t interval of the mean
 * @param loss the loss, {@code bernoulli} (binary cross-entropy summed over the pixels)
 * @param images the images averaged
 */
public record ReconstructionResult(
    double score, Uncertainty uncertainty, String loss, int images) {}
