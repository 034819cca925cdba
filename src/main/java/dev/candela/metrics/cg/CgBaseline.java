package dev.candela.metrics.cg;

import dev.candela.Ids;
import dev.candela.metrics.LatentStats;

/**
 * The value an intervened latent is set to in the counterfactual metric ({@link Cg}), computed from
 * the evaluation set's per-latent statistics ({@link LatentStats}).
 */
public enum CgBaseline {
  /**
   * The authors' baseline (Reddy et al., AAAI 2022, code of the CANDLE fork): the value in the
   * evaluation set farthest from the sample's own value, i.e. the set's minimum or maximum of that
   * latent, whichever is farther; at an exact tie the minimum.
   */
  MAX_DEVIATION,
  /** The evaluation set's mean of that latent. */
  MEAN,
  /** Zero (the prior mean of a VAE). */
  ZERO;

  /**
   * The baseline's name as reports and {@code --cg-baseline} spell it.
   *
   * @return e.g. {@code max-deviation}
   */
  public String id() {
    return Ids.of(this);
  }

  /**
   * The baseline as reports, messages and {@code --help} spell it.
   *
   * @return {@link #id()}
   */
  @Override
  public String toString() {
    return id();
  }

  /**
   * Whether the baseline is a statistic of the evaluation set, which varies with the set (then its
   * spread enters CG's interval, {@link CgBaselineSpread}), or a constant.
   *
   * @return false for {@link #ZERO}
   */
  public boolean varies() {
    return switch (this) {
      case MAX_DEVIATION, MEAN -> true;
      case ZERO -> false;
    };
  }

  /**
   * The baseline value for latent j of a sample whose own value is {@code own}.
   *
   * @param own the sample's value of latent j
   * @param stats the evaluation set's statistics
   * @param j the latent index
   * @return the value the latent is set to
   */
  public double value(double own, LatentStats stats, int j) {
    return switch (this) {
      case MAX_DEVIATION -> {
        double lo = stats.min(j);
        double hi = stats.max(j);
        yield Math.abs(own - lo) >= Math.abs(hi - own) ? lo : hi;
      }
      case MEAN -> stats.mean(j);
      case ZERO -> 0.0;
    };
  }
}
