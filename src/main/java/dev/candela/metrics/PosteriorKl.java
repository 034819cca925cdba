package dev.candela.metrics;

import dev.candela.metrics.stats.Uncertainty;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * The KL divergence of a VAE's encoder posterior to its prior, per latent, over the evaluated
 * samples (Kingma &amp; Welling, "Auto-Encoding Variational Bayes", ICLR 2014, Appendix B):
 *
 * <pre>
 *   KL_j(x) = KL( N(μ_j(x), σ_j²(x)) ‖ N(0, 1) ) = ½ (μ_j² + σ_j² − 1 − log σ_j²)
 *   kl.z_j  = mean_x KL_j(x),   kl.total = mean_x Σ_j KL_j(x)       (nats)
 * </pre>
 *
 * the KL term of the VAE's evidence lower bound (β-VAE weighs it by β), the measure of a latent's
 * use that the model checks read ({@code evaluate}'s {@code vaeCheck}, active above 0.01 nats).
 * Each score is a mean of independent per-sample terms, so its interval is the t interval of a mean
 * ({@link Uncertainty#ofMean}).
 */
public final class PosteriorKl {
  private PosteriorKl() {}

  /**
   * The KL per latent and in total.
   *
   * @param mean encoder means {@code [row][latent]}
   * @param logVar encoder log-variances {@code [row][latent]}
   * @return the scores with their intervals
   * @throws IllegalArgumentException naming the value when fewer than 2 rows are given, the shapes
   *     disagree or a value is not finite
   */
  public static PosteriorKlResult compute(float[][] mean, float[][] logVar) {
    int n = mean.length;
    if (n < 2) {
      throw new IllegalArgumentException("the KL needs at least 2 encoded samples, got " + n);
    }
    if (logVar.length != n) {
      throw new IllegalArgumentException(
          "means have " + n + " rows but log-variances " + logVar.length);
    }
    int d = mean[0].length;
    double[][] terms = new double[d][n];
    double[] total = new double[n];
    for (int i = 0; i < n; i++) {
      requireRow(mean, logVar, i, d);
      for (int j = 0; j < d; j++) {
        double mu = mean[i][j];
        double lv = logVar[i][j];
        if (!Double.isFinite(mu) || !Double.isFinite(lv)) {
          throw new IllegalArgumentException(
              "row "
                  + i
                  + ", latent "
                  + j
                  + ": mean "
                  + mu
                  + " and log-variance "
                  + lv
                  + ", must be finite");
        }
        double kl = 0.5 * (mu * mu + Math.exp(lv) - 1 - lv);
        terms[j][i] = kl;
        total[i] += kl;
      }
    }
    double[] perLatent = new double[d];
    Uncertainty[] u = new Uncertainty[d];
    for (int j = 0; j < d; j++) {
      u[j] = Uncertainty.ofMean(terms[j]);
      perLatent[j] = mean(terms[j]);
    }
    return new PosteriorKlResult(
        Vector.of(perLatent), mean(total), List.of(u), Uncertainty.ofMean(total), n);
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  /**
   * Checks that row i of a posterior holds d means and d log-variances.
   *
   * @throws IllegalArgumentException naming the row and both lengths
   */
  static void requireRow(float[][] mean, float[][] logVar, int i, int d) {
    if (mean[i].length != d || logVar[i].length != d) {
      throw new IllegalArgumentException(
          "row "
              + i
              + " has "
              + mean[i].length
              + " means and "
              + logVar[i].length
              + " log-variances, row 0 has "
              + d);
    }
  }
}
