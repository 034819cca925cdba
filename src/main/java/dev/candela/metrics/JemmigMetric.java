package dev.candela.metrics;

import java.util.List;

/**
 * The registered {@link Metric#JEMMIG} function: JEMMIG (Do &amp; Tran 2020, {@link Jemmig}), key
 * {@code jemmig}, the paper's normalised form as 1 − normalised JEMMIG (higher is better). It reads
 * the context's mutual-information matrix, factor entropies and binned latents' entropies; its
 * interval is the plain delete-a-group jackknife, whose replicates carry the latents' entropies too
 * ({@link dev.candela.metrics.stats.MiJackknife.Replicates#latentEntropy()}).
 */
final class JemmigMetric implements CodeMetric.Jackknifed {
  static final String KEY = "jemmig";

  /**
   * Not computable without the latents' entropies: JEMMIG's joint entropy needs H(z*).
   *
   * @throws IllegalStateException always; call {@link #fromInformation}
   */
  @Override
  public Scored fromMutualInformation(
      double[][] mutualInformation, double[] factorEntropy, int bins) {
    throw new IllegalStateException(
        "JEMMIG needs the binned latents' entropies besides the MI matrix: call fromInformation");
  }

  @Override
  public Scored fromInformation(
      double[][] mutualInformation, double[] factorEntropy, double[] latentEntropy, int bins) {
    JemmigResult r =
        Jemmig.fromMutualInformation(mutualInformation, factorEntropy, latentEntropy, bins);
    return Scored.of(KEY, r.score(), r);
  }

  @Override
  public Scored score(CodeContext context) {
    return fromInformation(
        context.mutualInformation(),
        context.factorEntropies(),
        context.latentEntropies(),
        context.bins());
  }

  @Override
  public boolean secondOrder() {
    return false;
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of(KEY);
  }
}
