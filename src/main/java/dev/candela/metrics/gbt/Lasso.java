package dev.candela.metrics.gbt;

/**
 * scikit-learn 1.2's {@code Lasso(alpha=α)} with its defaults ({@code fit_intercept=True,
 * precompute=False, max_iter=1000, tol=1e-4, selection='cyclic'}): the minimiser of
 *
 * <pre>(1 / (2n)) ‖y − Xw − b‖² + α ‖w‖₁</pre>
 *
 * (Tibshirani 1996), the learner of Eastwood and Williams' DCI code. As sklearn's {@code
 * ElasticNet.fit}: X's columns and y are centred ({@code _preprocess_data}), then {@code
 * cd_fast.enet_coordinate_descent} runs cyclic coordinate descent from w = 0 with the penalty α·n
 * on the residual sums: w_j ← sign(t)·max(|t| − αn, 0) / ‖x_j‖², t = x_jᵀ(r + w_j x_j), skipping
 * all-zero columns. After a sweep whose largest update is below tol × the largest |w_j| (or after
 * the last sweep) the duality gap is computed, and the descent stops when it is below tol·‖y‖². The
 * intercept is b = ȳ − x̄ᵀw. The objective is convex with a unique optimum in w when X has full
 * column rank, so implementations that stop on the same gap agree closely.
 */
public final class Lasso {

  /** sklearn's {@code max_iter}. */
  public static final int MAX_ITER = 1000;

  /** sklearn's {@code tol}. */
  public static final double TOL = 1e-4;

  private final double[] coef;
  private final double intercept;
  private final int iterations;

  private Lasso(double[] coef, double intercept, int iterations) {
    this.coef = coef;
    this.intercept = intercept;
    this.iterations = iterations;
  }

  /**
   * Fits the lasso.
   *
   * @param x feature-major values, {@code x[f][i]}
   * @param y the targets, one per row
   * @param alpha α &gt; 0
   * @return the fit
   * @throws IllegalArgumentException naming a bad α or shape
   */
  public static Lasso fit(double[][] x, double[] y, double alpha) {
    if (!(alpha > 0) || Double.isInfinite(alpha)) {
      throw new IllegalArgumentException("lasso alpha must be positive and finite, got " + alpha);
    }
    int n = y.length;
    int p = x.length;
    double[][] xc = new double[p][];
    double[] xOffset = new double[p];
    for (int f = 0; f < p; f++) {
      if (x[f].length != n) {
        throw new IllegalArgumentException(
            "feature column has " + x[f].length + " rows, the targets " + n);
      }
      xOffset[f] = mean(x[f]);
      xc[f] = new double[n];
      for (int i = 0; i < n; i++) {
        xc[f][i] = x[f][i] - xOffset[f];
      }
    }
    double yOffset = mean(y);
    double[] yc = new double[n];
    for (int i = 0; i < n; i++) {
      yc[i] = y[i] - yOffset;
    }
    double[] w = new double[p];
    int iterations = descend(w, alpha * n, xc, yc);
    double b = yOffset;
    for (int f = 0; f < p; f++) {
      b -= xOffset[f] * w[f];
    }
    return new Lasso(w, b, iterations);
  }

  /** {@code enet_coordinate_descent} with l2 penalty 0, not positive, cyclic; returns n_iter. */
  private static int descend(double[] w, double alpha, double[][] x, double[] y) {
    int n = y.length;
    int p = x.length;
    double[] norm = new double[p];
    for (int f = 0; f < p; f++) {
      norm[f] = dot(x[f], x[f]);
    }
    double[] r = y.clone();
    double tol = TOL * dot(y, y);
    double dwTol = TOL;
    int iter = 0;
    for (iter = 0; iter < MAX_ITER; iter++) {
      double wMax = 0.0;
      double dwMax = 0.0;
      for (int f = 0; f < p; f++) {
        if (norm[f] == 0.0) {
          continue;
        }
        double[] col = x[f];
        double old = w[f];
        if (old != 0.0) {
          for (int i = 0; i < n; i++) {
            r[i] += old * col[i];
          }
        }
        double t = dot(col, r);
        w[f] = Math.signum(t) * Math.max(Math.abs(t) - alpha, 0.0) / norm[f];
        if (w[f] != 0.0) {
          double v = w[f];
          for (int i = 0; i < n; i++) {
            r[i] -= v * col[i];
          }
        }
        dwMax = Math.max(dwMax, Math.abs(w[f] - old));
        wMax = Math.max(wMax, Math.abs(w[f]));
      }
      if (wMax == 0.0 || dwMax / wMax < dwTol || iter == MAX_ITER - 1) {
        double dualNorm = 0.0;
        for (int f = 0; f < p; f++) {
          dualNorm = Math.max(dualNorm, Math.abs(dot(x[f], r)));
        }
        double rNorm2 = dot(r, r);
        double constant;
        double gap;
        if (dualNorm > alpha) {
          constant = alpha / dualNorm;
          gap = 0.5 * (rNorm2 + rNorm2 * constant * constant);
        } else {
          constant = 1.0;
          gap = rNorm2;
        }
        double l1 = 0.0;
        for (double v : w) {
          l1 += Math.abs(v);
        }
        gap += alpha * l1 - constant * dot(r, y);
        if (gap < tol) {
          break;
        }
      }
    }
    return Math.min(iter + 1, MAX_ITER);
  }

  private static double dot(double[] a, double[] b) {
    double s = 0.0;
    for (int i = 0; i < a.length; i++) {
      s += a[i] * b[i];
    }
    return s;
  }

  private static double mean(double[] v) {
    double s = 0.0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  /**
   * The coefficients w, sklearn's {@code coef_}.
   *
   * @return a copy
   */
  public double[] coefficients() {
    return coef.clone();
  }

  /**
   * The intercept b, sklearn's {@code intercept_}.
   *
   * @return b
   */
  public double intercept() {
    return intercept;
  }

  /**
   * The coordinate-descent sweeps run, sklearn's {@code n_iter_}.
   *
   * @return between 1 and {@link #MAX_ITER}
   */
  public int iterations() {
    return iterations;
  }

  /**
   * Predictions Xw + b.
   *
   * @param x feature-major values, {@code x[f][i]}
   * @return one prediction per row
   */
  public double[] predict(double[][] x) {
    int n = x[0].length;
    double[] out = new double[n];
    java.util.Arrays.fill(out, intercept);
    for (int f = 0; f < coef.length; f++) {
      for (int i = 0; i < n; i++) {
        out[i] += x[f][i] * coef[f];
      }
    }
    return out;
  }
}
