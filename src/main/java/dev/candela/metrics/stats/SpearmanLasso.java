package dev.candela.metrics.stats;

/**
 * The two latent-to-latent association matrices of UDR (disentanglement_lib {@code udr.py}):
 * absolute Spearman rank correlations ({@code scipy.stats.spearmanr}) and absolute Lasso
 * coefficients ({@code sklearn.linear_model.Lasso(alpha).fit(A, B).coef_}, transposed).
 */
public final class SpearmanLasso {

  private SpearmanLasso() {}

  /** sklearn Lasso's defaults. */
  static final int LASSO_MAX_ITER = 1000;

  static final double LASSO_TOL = 1e-4;

  /**
   * |Spearman correlation| of every column pair: {@code r[a][b] = |ρ(x[a], y[b])|}, ρ = Pearson
   * correlation of the mid-ranks; NaN when either column is constant (as scipy).
   *
   * @param x latent-major {@code x[a][n]}
   * @param y latent-major {@code y[b][n]}, the same n
   * @return the matrix [x latents × y latents]
   * @throws IllegalArgumentException if the sample counts differ or are below 2
   */
  public static double[][] spearmanMatrix(double[][] x, double[][] y) {
    int n = checkSamples(x, y);
    double[][] rx = new double[x.length][];
    double[][] ry = new double[y.length][];
    for (int a = 0; a < x.length; a++) {
      rx[a] = centredRanks(x[a]);
    }
    for (int b = 0; b < y.length; b++) {
      ry[b] = centredRanks(y[b]);
    }
    double[][] r = new double[x.length][y.length];
    for (int a = 0; a < x.length; a++) {
      for (int b = 0; b < y.length; b++) {
        if (rx[a] == null || ry[b] == null) {
          r[a][b] = Double.NaN;
          continue;
        }
        double sxy = 0.0;
        double sxx = 0.0;
        double syy = 0.0;
        for (int i = 0; i < n; i++) {
          sxy += rx[a][i] * ry[b][i];
          sxx += rx[a][i] * rx[a][i];
          syy += ry[b][i] * ry[b][i];
        }
        r[a][b] = Math.min(1.0, Math.abs(sxy / Math.sqrt(sxx * syy)));
      }
    }
    return r;
  }

  /** Mid-ranks minus their mean, or null for a constant column. */
  private static double[] centredRanks(double[] v) {
    int n = v.length;
    Integer[] order = MidRanks.order(v);
    if (v[order[0]] == v[order[n - 1]]) {
      return null;
    }
    double[] rank = MidRanks.ranks(v, order);
    double mean = (n + 1) / 2.0;
    for (int k = 0; k < n; k++) {
      rank[k] -= mean;
    }
    return rank;
  }

  /**
   * |Lasso coefficients|: for every column b of y, sklearn's {@code Lasso(alpha)} (intercept,
   * cyclic coordinate descent on (1/2n)‖y_b − Xw‖² + α‖w‖₁, tolerance 10⁻⁴ on the duality gap, at
   * most 1000 sweeps) regressing y_b on all columns of x; {@code r[a][b] = |w_a|}.
   *
   * @param x latent-major predictors {@code x[a][n]}
   * @param y latent-major targets {@code y[b][n]}
   * @param alpha the L1 penalty α &gt; 0
   * @return the matrix [x latents × y latents]
   * @throws IllegalArgumentException if the sample counts differ or are below 2, or α ≤ 0
   */
  public static double[][] lassoMatrix(double[][] x, double[][] y, double alpha) {
    int n = checkSamples(x, y);
    if (!(alpha > 0)) {
      throw new IllegalArgumentException("Lasso alpha must be > 0, got " + alpha);
    }
    int p = x.length;
    double[][] xc = new double[p][];
    double[] norm = new double[p];
    for (int a = 0; a < p; a++) {
      xc[a] = centred(x[a]);
      for (double v : xc[a]) {
        norm[a] += v * v;
      }
    }
    double l1 = alpha * n;
    double[][] r = new double[p][y.length];
    for (int b = 0; b < y.length; b++) {
      double[] yc = centred(y[b]);
      double[] w = lasso(xc, norm, yc, l1);
      for (int a = 0; a < p; a++) {
        r[a][b] = Math.abs(w[a]);
      }
    }
    return r;
  }

  /** sklearn's {@code enet_coordinate_descent} with l2 = 0, cyclic, from w = 0. */
  private static double[] lasso(double[][] x, double[] norm, double[] y, double l1) {
    int p = x.length;
    int n = y.length;
    double[] w = new double[p];
    double[] res = y.clone();
    double yy = Arrays2.dot(y, y);
    double tol = LASSO_TOL * yy;
    for (int iter = 0; iter < LASSO_MAX_ITER; iter++) {
      double wMax = 0.0;
      double dwMax = 0.0;
      for (int a = 0; a < p; a++) {
        if (norm[a] == 0.0) {
          continue;
        }
        double old = w[a];
        double[] col = x[a];
        if (old != 0.0) {
          for (int i = 0; i < n; i++) {
            res[i] += old * col[i];
          }
        }
        double tmp = Arrays2.dot(col, res);
        w[a] = Math.signum(tmp) * Math.max(Math.abs(tmp) - l1, 0.0) / norm[a];
        if (w[a] != 0.0) {
          for (int i = 0; i < n; i++) {
            res[i] -= w[a] * col[i];
          }
        }
        dwMax = Math.max(dwMax, Math.abs(w[a] - old));
        wMax = Math.max(wMax, Math.abs(w[a]));
      }
      if (wMax == 0.0 || dwMax / wMax < LASSO_TOL || iter == LASSO_MAX_ITER - 1) {
        double dualNorm = 0.0;
        for (int a = 0; a < p; a++) {
          dualNorm = Math.max(dualNorm, Math.abs(Arrays2.dot(x[a], res)));
        }
        if (DualityGap.lasso(dualNorm, l1, w, res, y) < tol) {
          break;
        }
      }
    }
    return w;
  }

  private static double[] centred(double[] v) {
    double mean = 0.0;
    for (double x : v) {
      mean += x;
    }
    mean /= v.length;
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] - mean;
    }
    return out;
  }

  private static int checkSamples(double[][] x, double[][] y) {
    if (x.length == 0 || y.length == 0) {
      throw new IllegalArgumentException(
          "need at least one column on each side, got " + x.length + " and " + y.length);
    }
    int n = x[0].length;
    for (double[] c : x) {
      if (c.length != n) {
        throw new IllegalArgumentException("columns of " + c.length + " and " + n + " samples");
      }
    }
    for (double[] c : y) {
      if (c.length != n) {
        throw new IllegalArgumentException("columns of " + c.length + " and " + n + " samples");
      }
    }
    if (n < 2) {
      throw new IllegalArgumentException("need at least 2 samples, got " + n);
    }
    return n;
  }
}
