package dev.candela.metrics;

import java.util.List;

/**
 * The registered {@link Metric#MIG_SUP} function: MIG-sup (Li et al. 2020, {@link MigSup}) from the
 * context's mutual-information matrix, key {@code mig_sup}. Its interval is the plain
 * delete-a-group jackknife of the matrix, as for MIG (a gap of the same MI entries; {@code bench
 * coverage} measures it).
 */
final class MigSupMetric implements CodeMetric.Jackknifed {
  static final String KEY = "mig_sup";

  @Override
  public Scored fromMutualInformation(
      double[][] mutualInformation, double[] factorEntropy, int bins) {
    return fromInformation(mutualInformation, factorEntropy, null, bins);
  }

  @Override
  public Scored fromInformation(
      double[][] mutualInformation, double[] factorEntropy, double[] latentEntropy, int bins) {
    MigSupResult r =
        MigSup.fromMutualInformation(mutualInformation, factorEntropy, latentEntropy, bins);
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
