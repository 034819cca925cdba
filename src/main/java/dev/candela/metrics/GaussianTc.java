package dev.candela.metrics;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException;

/**
 * Gaussian total correlation of a representation (Locatello et al. 2019, "Challenging common
 * assumptions in the unsupervised learning of disentangled representations", ICML, §3 and appendix;
 * disentanglement_lib {@code unsupervised_metrics.gaussian_total_correlation}): the KL divergence
 * between N(0, Σ) and the product of its marginals N(0, diag Σ), where Σ is the sample covariance
 * of the latents (N − 1 denominator, as {@code numpy.cov}):
 *
 * <pre>
 *   TC = ½ (Σ_j log Σ_jj − log det Σ) = −½ log det R = −Σ_j log L_jj,
 * </pre>
 *
 * with R the correlation matrix and L its Cholesky factor (computed on R, which is the same number
 * and does not depend on the latents' scales). TC ≥ 0, 0 exactly when the latents are uncorrelated;
 * it is invariant to a rescaling of each latent.
 *
 * <p>A constant latent (Σ_jj = 0) is independent of every other and adds nothing to the total
 * correlation: it is left out (the reference returns NaN). A singular covariance of the other
 * latents (one an exact linear combination of others, to within {@link #SINGULAR}) has an infinite
 * TC and is refused.
 */
public final class GaussianTc {
  private GaussianTc() {}

  /**
   * The smallest Cholesky pivot of the correlation matrix (the share of a latent's variance not
   * explained by the latents before it) taken as non-singular: below it the latent is an exact
   * combination of others up to the float32 rounding of the latents (2⁻²⁴ relative, squared
   * 3.6·10⁻¹⁵), and its TC term, ½ ln(1/pivot) > 16, is rounding noise.
   */
  static final double SINGULAR = 1e-14;

  /**
   * The total correlation of a covariance matrix.
   *
   * @param cov the latents' covariance, {@code [D][D]} symmetric
   * @param latentNames one name per latent (for messages)
   * @return the result
   * @throws IllegalArgumentException when the non-constant latents' covariance is singular, naming
   *     the latent whose Cholesky pivot vanished
   */
  public static GaussianTcResult compute(double[][] cov, List<String> latentNames) {
    int d = cov.length;
    if (latentNames.size() != d) {
      throw new IllegalArgumentException(
          latentNames.size() + " latent names for a " + d + " × " + d + " covariance");
    }
    List<Integer> active = new ArrayList<>();
    List<Integer> constant = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      if (cov[j][j] > 0) {
        active.add(j);
      } else {
        constant.add(j);
      }
    }
    int m = active.size();
    if (m == 0) {
      return new GaussianTcResult(0, List.of(), constant);
    }
    double[][] r = new double[m][m];
    for (int a = 0; a < m; a++) {
      int ja = active.get(a);
      r[a][a] = 1;
      for (int b = 0; b < a; b++) {
        int jb = active.get(b);
        double v = cov[ja][jb] / Math.sqrt(cov[ja][ja] * cov[jb][jb]);
        r[a][b] = v;
        r[b][a] = v;
      }
    }
    double[][] l;
    try {
      l =
          new CholeskyDecomposition(new Array2DRowRealMatrix(r, false), 1e-12, SINGULAR)
              .getL()
              .getData();
    } catch (NonPositiveDefiniteMatrixException e) {
      int at = Math.min(Math.max(e.getRow(), 0), m - 1);
      throw new IllegalArgumentException(
          "the latents' covariance is singular: latent '"
              + latentNames.get(active.get(at))
              + "' is a linear combination of the latents before it (pivot "
              + e.getArgument()
              + "), so the Gaussian total correlation is infinite",
          e);
    }
    double tc = 0;
    for (int a = 0; a < m; a++) {
      tc -= Math.log(l[a][a]);
    }
    return new GaussianTcResult(Math.max(tc, 0), active, constant);
  }
}
