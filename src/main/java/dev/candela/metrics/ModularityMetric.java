package dev.candela.metrics;

/**
 * The registered modularity function of {@link Metric#MODULARITY} (Ridgeway and Mozer 2018,
 * "Learning deep disentangled embeddings with the F-statistic loss", NeurIPS) from the context's
 * mutual-information matrix ({@link Modularity}), key {@code modularity}. Its noise latents have
 * near-zero MI, a degenerate statistic the plain jackknife overstates (SE/SD 1.5), hence the
 * Efron–Stein correction (SE/SD 1.06 and 0.99).
 */
final class ModularityMetric extends OneScoreJackknifed<ModularityResult> {
  ModularityMetric() {
    super(
        "modularity",
        true,
        (mutualInformation, factorEntropy, bins) ->
            Modularity.fromMutualInformation(mutualInformation, bins),
        ModularityResult::score);
  }
}
