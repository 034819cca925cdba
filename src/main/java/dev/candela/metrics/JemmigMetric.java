package dev.candela.metrics;

/**
 * The registered {@link Metric#JEMMIG} function: JEMMIG (Do &amp; Tran 2020, {@link Jemmig}), key
 * {@code jemmig}, the paper's normalised form as 1 − normalised JEMMIG (higher is better), from the
 * context's mutual-information matrix, factor entropies and binned latents' entropies.
 *
 * <p>It is a {@link CodeMetric.Subsampled} metric, not a jackknifed one: its joint entropy H(z*, v)
 * holds the entropy of the binned latent, which moves with the bins' edges, that is with the
 * latent's minimum and maximum (extreme order statistics). The jackknife of the MI matrix keeps the
 * edges of all rows and so misses that spread: in {@code bench coverage} its SE was 0.55 and 0.24
 * of the true SD (N = 1,000 and 10,000; coverage 0.73 and 0.34). Subsampling recomputes the bins on
 * every subsample (docs/metrics-mi-family.md).
 */
final class JemmigMetric extends OneScoreSubsampled<JemmigResult> {
  static final String KEY = "jemmig";

  JemmigMetric() {
    super(
        KEY,
        c ->
            Jemmig.fromMutualInformation(
                c.mutualInformation(), c.factorEntropies(), c.latentEntropies(), c.bins()),
        JemmigResult::score,
        1);
  }
}
