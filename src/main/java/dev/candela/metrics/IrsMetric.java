package dev.candela.metrics;

import java.util.List;

/**
 * The registered {@link Metric#IRS} function: IRS (Suter et al. 2019, "Robustly disentangled causal
 * mechanisms", ICML) of the context's re-binned factors ({@link CodeContext#irs()}), key {@code
 * irs}. Its value depends on N by construction (each latent's normalisation is its largest
 * deviation, which grows with N): docs/evaluate.md.
 */
final class IrsMetric implements CodeMetric.Subsampled {
  @Override
  public Scored score(CodeContext context) {
    IrsResult irs = context.irs();
    return Scored.of("irs", irs.score(), irs);
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    return List.of("irs");
  }
}
