package dev.candela.metrics.cg;

import dev.candela.metrics.stats.Uncertainty;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The uncertainty of CG from its per-sample terms (Reddy, Godfrey &amp; Balasubramanian, AAAI
 * 2022): {@code cg.<factor>} is the mean of the factor's terms t_i = | |p(x̂) − p(x_I)| − |p(x̂) −
 * p(x_\I)| | over the n CG samples, and {@code cg} the mean over the F factors, i.e. the mean over
 * samples of the per-sample average (1/F) Σ_f t_fi. Both are means of per-sample terms, so SE =
 * s/√n (s = sample standard deviation, ddof 1) and the interval is mean ± t_{0.975, n−1}·SE ({@link
 * Uncertainty#ofMean}). Free: nothing is resampled or decoded again. The terms are independent only
 * given the latent statistics of the baseline, which this interval treats as fixed: it is
 * conditional on them, and too narrow across evaluation sets when the baseline varies (the
 * max-deviation baseline's extremes: coverage 0.82 and 0.39 at N = 1,000 and 10,000). {@link
 * CgBaselineSpread} adds the baseline's variation and is what reports use.
 */
public final class CgUncertainty {
  private CgUncertainty() {}

  /**
   * The uncertainty of {@code cg} and every {@code cg.<factor>}.
   *
   * @param factorNames the factor names, in the order of {@code terms}
   * @param terms {@code terms[factor][sample]} (equal lengths ≥ 2)
   * @return {@code cg} and {@code cg.<factor>} to uncertainty (method {@code mean})
   */
  public static Map<String, Uncertainty> of(List<String> factorNames, double[][] terms) {
    if (terms.length != factorNames.size() || terms.length == 0) {
      throw new IllegalArgumentException(
          terms.length + " factor term columns but " + factorNames.size() + " factor names");
    }
    int n = terms[0].length;
    for (double[] t : terms) {
      if (t.length != n) {
        throw new IllegalArgumentException(
            "every factor needs the same samples, got " + t.length + " and " + n + " terms");
      }
    }
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    out.put("cg", Uncertainty.ofMean(perSampleAverage(terms)));
    for (int f = 0; f < terms.length; f++) {
      out.put("cg." + factorNames.get(f), Uncertainty.ofMean(terms[f]));
    }
    return out;
  }

  /**
   * Each sample's average term over the factors, (1/F) Σ_f t_fi: their mean is {@code cg}.
   *
   * @param terms {@code terms[factor][sample]}
   * @return per sample, the average over factors
   */
  static double[] perSampleAverage(double[][] terms) {
    double[] perSample = new double[terms[0].length];
    for (double[] t : terms) {
      for (int i = 0; i < perSample.length; i++) {
        perSample[i] += t[i] / terms.length;
      }
    }
    return perSample;
  }
}
