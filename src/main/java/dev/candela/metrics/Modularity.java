package dev.candela.metrics;

import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;

/**
 * Modularity of Ridgeway &amp; Zemel, "Learning Deep Disentangled Embeddings With the F-Statistic
 * Loss", NeurIPS 2018, as computed by disentanglement_lib.
 *
 * <p>With {@code m_jf} the MI between latent j (discretised into {@code bins} equal-width bins) and
 * factor f ({@link DiscreteMutualInfo#latentFactorMatrix}, the same matrix {@link Mig} uses),
 * {@code θ_j = max_f m_jf²} and {@code δ_j = (Σ_f m_jf² − θ_j) / (θ_j · (F − 1))}, the latent's
 * modularity is {@code 1 − δ_j}, or 0 when {@code θ_j = 0}; the score is the mean over all latents.
 * Deviation: with a single factor ({@code F = 1}) disentanglement_lib divides 0 by 0 and returns
 * NaN; here {@code δ_j = 0}, so an informative latent scores 1.
 */
public final class Modularity {

  private Modularity() {}

  /**
   * Modularity with 20 bins.
   *
   * @param codes latents and factors
   * @return the score and its details
   */
  public static ModularityResult compute(LatentCodes codes) {
    return compute(codes, HistogramDiscretizer.DEFAULT_BINS);
  }

  /**
   * Modularity with the given number of latent bins.
   *
   * @param codes latents and factors
   * @param bins histogram bins per latent
   * @return the score and its details
   */
  public static ModularityResult compute(LatentCodes codes, int bins) {
    return fromMutualInformation(
        DiscreteMutualInfo.latentFactorMatrix(codes.latents(), codes.factors(), bins), bins);
  }

  /**
   * Modularity from a precomputed MI matrix.
   *
   * @param mi {@code [latent][factor]} MI in nats, at least one latent and one factor
   * @param bins the bins the matrix was computed with (recorded in the result)
   * @return the score and its details
   */
  public static ModularityResult fromMutualInformation(double[][] mi, int bins) {
    if (mi.length == 0 || mi[0].length == 0) {
      throw new IllegalArgumentException(
          "MI matrix must have at least one latent and one factor, got "
              + mi.length
              + " rows and "
              + (mi.length == 0 ? 0 : mi[0].length)
              + " columns");
    }
    int numFactors = mi[0].length;
    double[] per = new double[mi.length];
    double sum = 0;
    for (int j = 0; j < mi.length; j++) {
      if (mi[j].length != numFactors) {
        throw new IllegalArgumentException(
            "MI matrix row " + j + " has " + mi[j].length + " entries, row 0 has " + numFactors);
      }
      double total = 0;
      double theta = 0;
      for (double v : mi[j]) {
        double sq = v * v;
        total += sq;
        theta = Math.max(theta, sq);
      }
      if (theta == 0) {
        per[j] = 0;
      } else if (numFactors == 1) {
        per[j] = 1;
      } else {
        per[j] = 1.0 - (total - theta) / (theta * (numFactors - 1.0));
      }
      sum += per[j];
    }
    return new ModularityResult(sum / mi.length, Vector.of(per), Matrix.of(mi), bins);
  }
}
