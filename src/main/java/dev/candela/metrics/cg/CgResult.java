package dev.candela.metrics.cg;

import dev.candela.RecordText;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.stats.Vector;
import java.util.List;
import java.util.Objects;

/**
 * The counterfactual generativeness score ({@link Cg}) with the per-sample terms that produced it.
 * Its values are immutable.
 *
 * @param score {@code CG = mean_i CG_i}, in [0, 1]
 * @param perFactor per evaluated factor, {@code CG_i}
 * @param baseline the baseline used
 * @param stats the evaluation set's latent statistics the baseline came from
 * @param factors per evaluated factor, the per-sample probabilities and ICE terms
 * @param summary the same scores without the per-sample terms (with mean ICE terms)
 */
public record CgResult(
    double score,
    Vector perFactor,
    CgBaseline baseline,
    LatentStats stats,
    List<CgFactorTerms> factors,
    CgSummary summary) {

  /** Validates ranges and that every part describes the same factors. */
  public CgResult {
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(stats, "stats");
    Objects.requireNonNull(summary, "summary");
    factors = List.copyOf(factors);
    if (!(score >= 0 && score <= 1)) {
      throw new IllegalArgumentException("CG must be in [0, 1], got " + score);
    }
    if (perFactor.length() != factors.size() || summary.factors().size() != factors.size()) {
      throw new IllegalArgumentException(
          perFactor.length()
              + " per-factor scores, "
              + factors.size()
              + " factor terms and "
              + summary.factors().size()
              + " summary factors");
    }
    if (Double.compare(summary.score(), score) != 0 || summary.baseline() != baseline) {
      throw new IllegalArgumentException(
          "summary ("
              + summary.score()
              + ", "
              + summary.baseline()
              + ") does not match score "
              + score
              + ", "
              + baseline);
    }
  }

  /**
   * The terms of one evaluated factor by its name.
   *
   * @param name the factor name
   * @return the terms
   */
  public CgFactorTerms factor(String name) {
    for (CgFactorTerms t : factors) {
      if (t.name().equals(name)) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "no evaluated factor named "
            + name
            + ", have "
            + factors.stream().map(CgFactorTerms::name).toList());
  }

  @Override
  public String toString() {
    return RecordText.of(
        "CgResult",
        "score",
        score,
        "perFactor",
        perFactor,
        "baseline",
        baseline,
        "samples",
        summary.numSamples());
  }
}
