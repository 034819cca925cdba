package dev.candela.metrics.cg;

import java.util.List;
import java.util.Objects;

/**
 * The counterfactual generativeness score without per-sample terms: what a streaming run ({@link
 * CgAccumulator}) keeps and a {@code summary.json} holds.
 *
 * @param score {@code CG}, the mean over evaluated factors of {@code CG_i}, in [0, 1]
 * @param baseline the baseline used
 * @param numSamples the number of samples
 * @param factors per evaluated factor, its score and mean ICE terms
 */
public record CgSummary(
    double score, CgBaseline baseline, long numSamples, List<FactorScore> factors) {

  /** Validates the range and that there is at least one factor. */
  public CgSummary {
    Objects.requireNonNull(baseline, "baseline");
    factors = List.copyOf(factors);
    if (factors.isEmpty()) {
      throw new IllegalArgumentException("a CG summary needs at least one factor");
    }
    if (!(score >= 0 && score <= 1)) {
      throw new IllegalArgumentException("CG must be in [0, 1], got " + score);
    }
    if (numSamples < 1) {
      throw new IllegalArgumentException("numSamples must be at least 1, got " + numSamples);
    }
  }

  /**
   * One factor's result.
   *
   * @param factor the factor index
   * @param name the factor name
   * @param set its latents {@code Z_I}
   * @param cg {@code CG_i = mean_s |ICE_I − ICE_\I|}
   * @param meanIceIntervened {@code mean_s ICE_I}
   * @param meanIceComplement {@code mean_s ICE_\I}
   * @param numSamples the number of samples
   */
  public record FactorScore(
      int factor,
      String name,
      List<Integer> set,
      double cg,
      double meanIceIntervened,
      double meanIceComplement,
      long numSamples) {

    /** Validates ranges; copies the set into an unmodifiable list. */
    public FactorScore {
      Objects.requireNonNull(name, "name");
      set = List.copyOf(set);
      if (!(cg >= 0 && cg <= 1)) {
        throw new IllegalArgumentException(
            "CG of factor " + name + " must be in [0, 1], got " + cg);
      }
    }
  }

  /**
   * Per evaluated factor, {@code CG_i}.
   *
   * @return a new array in factor order
   */
  public double[] perFactor() {
    double[] r = new double[factors.size()];
    for (int k = 0; k < r.length; k++) {
      r[k] = factors.get(k).cg();
    }
    return r;
  }
}
