package dev.candela.metrics;

/**
 * Gaussian Wasserstein correlation of a representation (Locatello et al. 2019, "Challenging common
 * assumptions in the unsupervised learning of disentangled representations", ICML;
 * disentanglement_lib {@code unsupervised_metrics.gaussian_wasserstein_correlation}): the squared
 * 2-Wasserstein distance between N(0, Σ) and the product of its marginals N(0, D), D = diag Σ, Σ
 * the latents' sample covariance (N − 1 denominator, as {@code numpy.cov}):
 *
 * <pre>
 *   W₂²(N(0,Σ), N(0,D)) = tr Σ + tr D − 2 tr (D^½ Σ D^½)^½ = 2 tr Σ − 2 Σ_i √λ_i(D^½ Σ D^½),
 * </pre>
 *
 * and its normalised form WC / tr Σ (in [0, 2], scale-free). The reference takes {@code
 * trace(sqrtm(Σ ∘ diag(Σ)[:, None]))}, the square root of the non-symmetric D·Σ, whose eigenvalues
 * are those of the symmetric D^½ Σ D^½ (its {@code sqrtm} can turn complex on round-off; the real
 * part is its score): Candela sums the singular values of a graded factor of D^½ Σ D^½ by a
 * one-sided Jacobi SVD ({@link #traceOfRoot}), accurate also for collapsed latents, where a
 * symmetric eigensolver is off by 10⁻⁸. WC has the units of a variance: it scales with the latents.
 * With every latent constant, WC = 0 and the normalised form is 0 (the reference divides 0 by 0).
 */
public final class GaussianWc {
  private GaussianWc() {}

  /**
   * The Wasserstein correlation of a covariance matrix.
   *
   * @param cov the latents' covariance, {@code [D][D]} symmetric
   * @return the result
   */
  public static GaussianWcResult compute(double[][] cov) {
    int d = cov.length;
    double trace = 0;
    for (int j = 0; j < d; j++) {
      trace += cov[j][j];
    }
    double root = traceOfRoot(cov);
    double wc = Math.max(2 * trace - 2 * root, 0);
    double norm = trace > 0 ? wc / trace : 0;
    return new GaussianWcResult(wc, norm, trace);
  }

  /** Convergence of the one-sided Jacobi: columns orthogonal to this relative level. */
  static final double ORTHOGONAL = 1e-15;

  /** The most Jacobi sweeps (quadratic convergence takes about 6–10). */
  static final int MAX_SWEEPS = 60;

  /**
   * tr (D^½ Σ D^½)^½, the nuclear norm of B = Lᵀ·D where R = L·Lᵀ is the Cholesky factor of the
   * correlation matrix of the non-constant latents (D^½ Σ D^½ = D R D = Bᵀ B). A dense symmetric
   * eigensolver has an absolute error of ε·‖D^½ Σ D^½‖ on each eigenvalue, which the square root
   * turns into errors of 10⁻⁸ for a collapsed latent (variance 10⁻⁸); B's columns are unit vectors
   * scaled by the variances, for which the one-sided (Hestenes) Jacobi SVD has a small relative
   * error in every singular value (Demmel and Veselić 1992, "Jacobi's method is more accurate than
   * QR", SIAM J. Matrix Anal. Appl. 13(4)); no library pinned here has it. A constant latent adds
   * 0; a singular R (a latent an exact combination of others) leaves its zero singular value out.
   */
  static double traceOfRoot(double[][] cov) {
    int d = cov.length;
    int[] active = java.util.stream.IntStream.range(0, d).filter(j -> cov[j][j] > 0).toArray();
    int m = active.length;
    if (m == 0) {
      return 0;
    }
    double[][] r = new double[m][m];
    for (int a = 0; a < m; a++) {
      for (int b = 0; b < m; b++) {
        int ja = active[a];
        int jb = active[b];
        r[a][b] = a == b ? 1 : cov[ja][jb] / Math.sqrt(cov[ja][ja] * cov[jb][jb]);
      }
    }
    // Cholesky R = L·Lᵀ (a vanishing pivot: that latent is a combination of the ones before it)
    double[][] l = new double[m][m];
    for (int j = 0; j < m; j++) {
      for (int k = 0; k <= j; k++) {
        double x = r[j][k];
        for (int t = 0; t < k; t++) {
          x -= l[j][t] * l[k][t];
        }
        if (k < j) {
          l[j][k] = l[k][k] > 0 ? x / l[k][k] : 0;
        } else {
          l[j][j] = x > 0 ? Math.sqrt(x) : 0;
        }
      }
    }
    // columns of B = Lᵀ·D: column j is row j of L (a unit vector) times variance j
    double[][] col = new double[m][m];
    for (int j = 0; j < m; j++) {
      double v = cov[active[j]][active[j]];
      for (int k = 0; k <= j; k++) {
        col[j][k] = l[j][k] * v;
      }
    }
    for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
      boolean rotated = false;
      for (int p = 0; p < m - 1; p++) {
        for (int q = p + 1; q < m; q++) {
          double[] cp = col[p];
          double[] cq = col[q];
          double alpha = 0;
          double beta = 0;
          double gamma = 0;
          for (int t = 0; t < m; t++) {
            alpha += cp[t] * cp[t];
            beta += cq[t] * cq[t];
            gamma += cp[t] * cq[t];
          }
          if (gamma == 0 || Math.abs(gamma) <= ORTHOGONAL * Math.sqrt(alpha * beta)) {
            continue;
          }
          rotated = true;
          double zeta = (beta - alpha) / (2 * gamma);
          double tan = Math.signum(zeta) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
          if (zeta == 0) {
            tan = 1;
          }
          double c = 1 / Math.sqrt(1 + tan * tan);
          double s = c * tan;
          for (int t = 0; t < m; t++) {
            double x = cp[t];
            double y = cq[t];
            cp[t] = c * x - s * y;
            cq[t] = s * x + c * y;
          }
        }
      }
      if (!rotated) {
        break;
      }
    }
    double sum = 0;
    for (double[] c : col) {
      double n2 = 0;
      for (double x : c) {
        n2 += x * x;
      }
      sum += Math.sqrt(n2);
    }
    return sum;
  }
}
