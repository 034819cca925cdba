package dev.candela.metrics.gbt;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.DualityGap;

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
    checkAlpha(alpha);
    return fit(Design.of(x), y, alpha);
  }

  /**
   * Fits the lasso on a design already centred (the same coefficients, to the bit, as {@link
   * #fit(double[][], double[], double)} on the design's values): the centring and the column norms
   * are computed once for every target regressed on the same features.
   *
   * @param design the centred features
   * @param y the targets, one per row
   * @param alpha α &gt; 0
   * @return the fit
   * @throws IllegalArgumentException naming a bad α or shape
   */
  public static Lasso fit(Design design, double[] y, double alpha) {
    checkAlpha(alpha);
    int n = y.length;
    if (design.rows() != n) {
      throw new IllegalArgumentException(
          "feature column has " + design.rows() + " rows, the targets " + n);
    }
    double yOffset = mean(y);
    double[] yc = new double[n];
    for (int i = 0; i < n; i++) {
      yc[i] = y[i] - yOffset;
    }
    int p = design.centred.length;
    double[] w = new double[p];
    int iterations = descend(w, alpha * n, design, yc);
    double b = yOffset;
    for (int f = 0; f < p; f++) {
      b -= design.offsets[f] * w[f];
    }
    return new Lasso(w, b, iterations);
  }

  private static void checkAlpha(double alpha) {
    if (!(alpha > 0) || Double.isInfinite(alpha)) {
      throw new IllegalArgumentException("lasso alpha must be positive and finite, got " + alpha);
    }
  }

  /**
   * The features of a lasso, centred as sklearn's {@code _preprocess_data} centres them (each
   * column minus its mean), with the squared norms of the centred columns: what every fit on the
   * same features shares.
   */
  public static final class Design {
    private final double[][] centred;
    private final double[] offsets;
    private final double[] norms;

    private Design(double[][] centred, double[] offsets, double[] norms) {
      this.centred = centred;
      this.offsets = offsets;
      this.norms = norms;
    }

    /**
     * Centres the features.
     *
     * @param x feature-major values, {@code x[f][i]}, at least one feature, all columns as long
     * @return the centred design
     * @throws IllegalArgumentException without features, or naming a column whose length differs
     *     from the first's
     */
    public static Design of(double[][] x) {
      int p = x.length;
      if (p == 0) {
        throw new IllegalArgumentException("a lasso needs at least one feature column, got 0");
      }
      int n = x[0].length;
      double[][] xc = new double[p][];
      double[] offsets = new double[p];
      double[] norms = new double[p];
      for (int f = 0; f < p; f++) {
        if (x[f].length != n) {
          throw new IllegalArgumentException(
              "feature column " + f + " has " + x[f].length + " rows, column 0 has " + n);
        }
        offsets[f] = mean(x[f]);
        xc[f] = minus(x[f], offsets[f]);
        norms[f] = Arrays2.dot(xc[f], xc[f]);
      }
      return new Design(xc, offsets, norms);
    }

    /**
     * The rows.
     *
     * @return the length of every column
     */
    public int rows() {
      return centred[0].length;
    }
  }

  private static double[] minus(double[] v, double offset) {
    double[] out = new double[v.length];
    for (int i = 0; i < v.length; i++) {
      out[i] = v[i] - offset;
    }
    return out;
  }

  /**
   * {@code enet_coordinate_descent} with l2 penalty 0, not positive, cyclic; returns n_iter.
   *
   * <p>Every x_jᵀr is the same sum in the same order as cd_fast's loop, but several are taken in
   * one pass over r while r does not change ({@link #dots}): a coordinate that stays at 0 leaves r
   * as it is, so the products of the next columns with the same r are computed ahead (a span that
   * grows while r stays unchanged and falls back to one column when it changes), and the duality
   * gap's x_jᵀr of all columns serve the next sweep until r changes. The coefficients are those of
   * one dot product at a time, to the bit; the passes over r are fewer where most coefficients are
   * 0.
   */
  private static int descend(double[] w, double alpha, Design design, double[] y) {
    double[][] x = design.centred;
    double[] norm = design.norms;
    int p = x.length;
    double[] r = y.clone();
    double tol = TOL * Arrays2.dot(y, y);
    double dwTol = TOL;
    // xr[f] = x_fᵀr for f in [from, to), valid while r is unchanged
    double[] xr = new double[p];
    int from = 0;
    int to = 0;
    int span = 1;
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
          // cd_fast's r += w_j x_j; r -= w_j x_j below is r += (−w_j) x_j, the same rounding
          Arrays2.axpy(old, col, r);
          to = from; // r changed, and changes again if w_j stays nonzero: one column
          span = 1;
        }
        if (f < from || f >= to) {
          if (to == f && to > from) {
            span = Math.min(4 * span, MAX_SPAN); // the last span was used up: r is steady
          }
          from = f;
          to = Math.min(p, f + span);
          dots(x, from, to, r, xr);
        }
        double t = xr[f];
        w[f] = Math.signum(t) * Math.max(Math.abs(t) - alpha, 0.0) / norm[f];
        if (w[f] != 0.0) {
          Arrays2.axpy(-w[f], col, r);
          to = from; // r changed
          span = 1;
        }
        dwMax = Math.max(dwMax, Math.abs(w[f] - old));
        wMax = Math.max(wMax, Math.abs(w[f]));
      }
      if (wMax == 0.0 || dwMax / wMax < dwTol || iter == MAX_ITER - 1) {
        from = 0;
        to = p;
        dots(x, 0, p, r, xr);
        double dualNorm = 0.0;
        for (int f = 0; f < p; f++) {
          dualNorm = Math.max(dualNorm, Math.abs(xr[f]));
        }
        if (DualityGap.lasso(dualNorm, alpha, w, r, y) < tol) {
          break;
        }
      }
    }
    return Math.min(iter + 1, MAX_ITER);
  }

  /** The most columns whose products with r are computed ahead in one pass. */
  private static final int MAX_SPAN = 16;

  /**
   * {@code out[f] = x[f]·r} for f in [from, to), four columns per pass over r (four sums, each in
   * row order, so each is {@link Arrays2#dot}'s to the bit).
   */
  private static void dots(double[][] x, int from, int to, double[] r, double[] out) {
    int f = from;
    for (; f + 4 <= to; f += 4) {
      dot4(x[f], x[f + 1], x[f + 2], x[f + 3], r, out, f);
    }
    for (; f < to; f++) {
      out[f] = Arrays2.dot(x[f], r);
    }
  }

  private static void dot4(
      double[] a, double[] b, double[] c, double[] d, double[] r, double[] out, int at) {
    double sa = 0.0;
    double sb = 0.0;
    double sc = 0.0;
    double sd = 0.0;
    for (int i = 0; i < r.length; i++) {
      double ri = r[i];
      sa += a[i] * ri;
      sb += b[i] * ri;
      sc += c[i] * ri;
      sd += d[i] * ri;
    }
    out[at] = sa;
    out[at + 1] = sb;
    out[at + 2] = sc;
    out[at + 3] = sd;
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
      if (coef[f] == 0.0) {
        continue; // adding x·0 could change only the sign of a zero prediction
      }
      for (int i = 0; i < n; i++) {
        out[i] += x[f][i] * coef[f];
      }
    }
    return out;
  }
}
