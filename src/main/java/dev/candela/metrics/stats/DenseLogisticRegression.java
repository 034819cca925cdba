package dev.candela.metrics.stats;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * One-vs-rest L2-regularised logistic regression on dense rows: LIBLINEAR's primal {@code L2R_LR}
 * solver (Fan et al., "LIBLINEAR: A Library for Large Linear Classification", JMLR 9, 2008; the
 * trust-region-free Newton method with line search and diagonally preconditioned conjugate
 * gradients of LIBLINEAR 2.40+, Galli &amp; Lin 2021), as liblinear-java 2.44's {@code
 * Linear.train} runs it, on a row-major {@code double[]} instead of one object per feature.
 *
 * <p>For each class c (in the order of first appearance, LIBLINEAR's {@code groupClasses}), with
 * y_i = +1 for the rows of class c and −1 otherwise, it minimises
 *
 * <pre>
 * f(w) = ½ wᵀw + C Σ_i log(1 + exp(−y_i wᵀx_i))
 * </pre>
 *
 * over w ∈ ℝⁿ, where x_i ends with the constant bias feature 1 (sklearn's {@code
 * intercept_scaling=1}; the bias is regularised, LIBLINEAR's default). The stopping rule is
 * LIBLINEAR's: ‖∇f(w)‖ ≤ ε′‖∇f(0)‖ with ε′ = ε · max(min(#pos, #neg), 1) / l, at most {@code
 * maxIterations} Newton steps. Two classes give one model (the first class positive), as
 * LIBLINEAR's. Probabilities are {@code predictProbability}'s: σ(w_cᵀx) per class, normalised to
 * sum 1 (for two classes p and 1 − p).
 *
 * <p>Why not the library itself: liblinear-java stores a dense row as 65 feature objects, and its
 * passes over 10,000 × 65 rows are bound by memory traffic (about 5 ns per entry), so explicitness
 * at the reference size took 34 s where disentanglement_lib's scikit-learn took 3 s. The solver
 * here performs the same floating-point operations in the same order (rows grouped by class as
 * LIBLINEAR groups them, every dot product and sum accumulated in LIBLINEAR's order, the reference
 * BLAS kernels' unrolling), so the weights and probabilities are bit for bit those of {@code
 * Linear.train} and {@code Linear.predictProbability} (DenseLogisticRegressionTest checks it on
 * problems of 2 to 40 classes); the classes are fitted in parallel.
 */
public final class DenseLogisticRegression {

  private final int[] labels;
  private final double[][] weights;

  private DenseLogisticRegression(int[] labels, double[][] weights) {
    this.labels = labels;
    this.weights = weights;
  }

  /**
   * Fits one model per class (one in all for two classes).
   *
   * @param columns {@code columns[j][i]} = feature j of row i (the bias feature is added here)
   * @param y one label per row, at least two distinct
   * @param c the inverse regularisation strength C (&gt; 0)
   * @param eps LIBLINEAR's stopping tolerance ε (&gt; 0)
   * @param maxIterations the most Newton steps per class (&gt; 0)
   * @return the fitted models
   * @throws IllegalArgumentException if the sizes disagree, there is one class only, or a parameter
   *     is out of range
   */
  public static DenseLogisticRegression fit(
      double[][] columns, int[] y, double c, double eps, int maxIterations) {
    if (!(c > 0) || !(eps > 0) || maxIterations < 1) {
      throw new IllegalArgumentException(
          "C and eps must be > 0 and the iteration limit ≥ 1, got C "
              + c
              + ", eps "
              + eps
              + ", iterations "
              + maxIterations);
    }
    int l = y.length;
    for (double[] col : columns) {
      if (col.length != l) {
        throw new IllegalArgumentException(
            "every feature column needs one value per label: " + col.length + " ≠ " + l);
      }
    }
    // LIBLINEAR's groupClasses: labels by first appearance, rows grouped by class (stable)
    int[] order = Arrays.stream(y).distinct().toArray();
    if (order.length < 2) {
      throw new IllegalArgumentException(
          "logistic regression needs at least two classes, got only " + Arrays.toString(order));
    }
    if (order.length == 2 && order[0] == -1 && order[1] == 1) {
      order = new int[] {1, -1}; // LIBLINEAR makes +1 the positive class of a −1/+1 problem
    }
    int[] start = new int[order.length + 1];
    int[] classOf = new int[l];
    for (int i = 0; i < l; i++) {
      classOf[i] = indexOf(order, y[i]);
      start[classOf[i] + 1]++;
    }
    for (int k = 0; k < order.length; k++) {
      start[k + 1] += start[k];
    }
    int n = columns.length + 1;
    double[] x = new double[l * n];
    int[] next = Arrays.copyOf(start, order.length);
    for (int i = 0; i < l; i++) {
      int row = next[classOf[i]]++;
      for (int j = 0; j < columns.length; j++) {
        x[row * n + j] = columns[j][i];
      }
      x[row * n + n - 1] = LiblinearSupport.BIAS;
    }
    Rows rows = new Rows(x, l, n);
    int models = order.length == 2 ? 1 : order.length;
    double[][] w = new double[models][];
    IntStream.range(0, models)
        .parallel()
        .forEach(k -> w[k] = fitOne(rows, start[k], start[k + 1], c, eps, maxIterations));
    return new DenseLogisticRegression(order, w);
  }

  /** One binary problem: rows [from, to) positive, the others negative. */
  private static double[] fitOne(Rows x, int from, int to, double c, double eps, int maxIter) {
    double[] y = new double[x.l];
    Arrays.fill(y, -1);
    Arrays.fill(y, from, to, +1);
    int pos = to - from;
    int neg = x.l - pos;
    double tol = eps * Math.max(Math.min(pos, neg), 1) / x.l;
    double[] w = new double[x.n];
    new Newton(new LrFunction(x, y, c), tol, maxIter).newton(w);
    return w;
  }

  /**
   * The class labels in the models' order (first appearance in the training labels).
   *
   * @return a copy of the labels
   */
  public int[] labels() {
    return labels.clone();
  }

  /**
   * The probability of every class for every row, as LIBLINEAR's {@code predictProbability}.
   *
   * @param columns {@code columns[j][i]} = feature j of row i, the training features' layout
   * @return {@code prob[k][i]} = probability of {@code labels()[k]} for row i
   */
  public double[][] probabilities(double[][] columns) {
    int n = columns.length + 1;
    if (n != weights[0].length) {
      throw new IllegalArgumentException(
          "the model was fitted on " + (weights[0].length - 1) + " features, got " + (n - 1));
    }
    int rows = columns[0].length;
    int k = labels.length;
    double[][] prob = new double[k][rows];
    double[] dec = new double[weights.length];
    double[] xi = new double[n];
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < n - 1; j++) {
        xi[j] = columns[j][i];
      }
      xi[n - 1] = LiblinearSupport.BIAS;
      for (int m = 0; m < weights.length; m++) {
        double d = 0;
        for (int j = 0; j < n; j++) {
          d += weights[m][j] * xi[j];
        }
        dec[m] = 1 / (1 + Math.exp(-d));
      }
      if (k == 2) {
        prob[0][i] = dec[0];
        prob[1][i] = 1. - dec[0];
      } else {
        double sum = 0;
        for (int m = 0; m < k; m++) {
          sum += dec[m];
        }
        for (int m = 0; m < k; m++) {
          prob[m][i] = dec[m] / sum;
        }
      }
    }
    return prob;
  }

  /**
   * The weights of model k (the last entry is the bias's).
   *
   * @param k the model (class k, or the one model of two classes)
   * @return a copy of its weights
   */
  public double[] weights(int k) {
    return weights[k].clone();
  }

  private static int indexOf(int[] a, int v) {
    for (int k = 0; k < a.length; k++) {
      if (a[k] == v) {
        return k;
      }
    }
    return -1;
  }

  /** Row-major rows, the bias feature last; row-wise kernels in LIBLINEAR's order. */
  private record Rows(double[] x, int l, int n) {

    /** out[i] = x_iᵀv, each sum from 0 in feature order (four rows at a time). */
    void xv(double[] v, double[] out) {
      int i = 0;
      for (; i + 3 < l; i += 4) {
        int a = i * n;
        int b = a + n;
        int c = b + n;
        int d = c + n;
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        for (int j = 0; j < n; j++) {
          double vj = v[j];
          s0 += vj * x[a + j];
          s1 += vj * x[b + j];
          s2 += vj * x[c + j];
          s3 += vj * x[d + j];
        }
        out[i] = s0;
        out[i + 1] = s1;
        out[i + 2] = s2;
        out[i + 3] = s3;
      }
      for (; i < l; i++) {
        double s = 0;
        int a = i * n;
        for (int j = 0; j < n; j++) {
          s += v[j] * x[a + j];
        }
        out[i] = s;
      }
    }

    /** out = Σ_i a[i]·x_i, rows in order. */
    void xtv(double[] a, double[] out) {
      Arrays.fill(out, 0);
      for (int i = 0; i < l; i++) {
        double ai = a[i];
        int off = i * n;
        for (int j = 0; j < n; j++) {
          out[j] += ai * x[off + j];
        }
      }
    }
  }

  /** LIBLINEAR's L2R_LrFunction (with L2R_ErmFunction), C the same for every row. */
  private static final class LrFunction {
    private final Rows x;
    private final double[] y;
    private final double c;
    private final double[] wx;
    private final double[] tmp;
    private final double[] d;
    private final double[] xs;
    private double wTw;

    LrFunction(Rows x, double[] y, double c) {
      this.x = x;
      this.y = y;
      this.c = c;
      wx = new double[x.l];
      tmp = new double[x.l];
      d = new double[x.l];
      xs = new double[x.l];
    }

    int n() {
      return x.n;
    }

    private double cTimesLoss(int i, double wxi) {
      double ywx = wxi * y[i];
      if (ywx >= 0) {
        return c * Math.log(1 + Math.exp(-ywx));
      }
      return c * (-ywx + Math.log(1 + Math.exp(ywx)));
    }

    double fun(double[] w) {
      double f = 0;
      wTw = 0;
      x.xv(w, wx);
      for (int i = 0; i < x.n; i++) {
        wTw += w[i] * w[i];
      }
      for (int i = 0; i < x.l; i++) {
        f += cTimesLoss(i, wx[i]);
      }
      return f + 0.5 * wTw;
    }

    void grad(double[] w, double[] g) {
      for (int i = 0; i < x.l; i++) {
        tmp[i] = 1 / (1 + Math.exp(-y[i] * wx[i]));
        d[i] = tmp[i] * (1 - tmp[i]);
        tmp[i] = c * (tmp[i] - 1) * y[i];
      }
      x.xtv(tmp, g);
      for (int i = 0; i < x.n; i++) {
        g[i] = w[i] + g[i];
      }
    }

    void diagPreconditioner(double[] m) {
      Arrays.fill(m, 1);
      double[] a = x.x;
      int n = x.n;
      for (int i = 0; i < x.l; i++) {
        int off = i * n;
        double di = d[i];
        for (int j = 0; j < n; j++) {
          m[j] += a[off + j] * a[off + j] * c * di;
        }
      }
    }

    void hv(double[] s, double[] hs) {
      x.xv(s, xs);
      for (int i = 0; i < x.l; i++) {
        xs[i] = c * d[i] * xs[i];
      }
      x.xtv(xs, hs);
      for (int i = 0; i < x.n; i++) {
        hs[i] = s[i] + hs[i];
      }
    }

    /** On entry f[0] is f(w); on exit w and f[0] are updated; returns the step (0: failed). */
    double linesearchAndUpdate(double[] w, double[] s, double[] f, double[] g, double alpha) {
      double sTs = 0;
      double wTs = 0;
      double gTs = 0;
      double eta = 0.01;
      int maxNumLinesearch = 20;
      double fold = f[0];
      x.xv(s, tmp);
      for (int i = 0; i < x.n; i++) {
        sTs += s[i] * s[i];
        wTs += s[i] * w[i];
        gTs += s[i] * g[i];
      }
      int num = 0;
      for (; num < maxNumLinesearch; num++) {
        double loss = 0;
        for (int i = 0; i < x.l; i++) {
          double innerProduct = tmp[i] * alpha + wx[i];
          loss += cTimesLoss(i, innerProduct);
        }
        f[0] = loss + (alpha * alpha * sTs + wTw) / 2.0 + alpha * wTs;
        if (f[0] - fold <= eta * alpha * gTs) {
          for (int i = 0; i < x.l; i++) {
            wx[i] += alpha * tmp[i];
          }
          break;
        }
        alpha *= 0.5;
      }
      if (num >= maxNumLinesearch) {
        f[0] = fold;
        return 0;
      }
      for (int i = 0; i < x.n; i++) {
        w[i] += alpha * s[i];
      }
      wTw += alpha * alpha * sTs + 2 * alpha * wTs;
      return alpha;
    }
  }

  /** LIBLINEAR's Newton method with line search and preconditioned CG (Newton.java, 2.44). */
  private record Newton(LrFunction fun, double eps, int maxIter) {
    private static final double EPS_CG = 0.5;
    private static final double ALPHA_PCG = 0.01;

    void newton(double[] w) {
      int n = fun.n();
      double[] s = new double[n];
      double[] r = new double[n];
      double[] g = new double[n];
      double[] m = new double[n];
      double[] w0 = new double[n];
      fun.fun(w0);
      fun.grad(w0, g);
      double gnorm0 = Blas.nrm2(g);
      double[] f = {fun.fun(w)};
      fun.grad(w, g);
      double gnorm = Blas.nrm2(g);
      boolean search = gnorm > eps * gnorm0;
      int iter = 1;
      while (iter <= maxIter && search) {
        fun.diagPreconditioner(m);
        for (int i = 0; i < n; i++) {
          m[i] = (1 - ALPHA_PCG) + ALPHA_PCG * m[i];
        }
        pcg(g, m, s, r);
        double fold = f[0];
        double step = fun.linesearchAndUpdate(w, s, f, g, 1);
        if (step == 0) {
          break;
        }
        fun.grad(w, g);
        gnorm = Blas.nrm2(g);
        if (gnorm <= eps * gnorm0 || f[0] < -1.0e+32) {
          break;
        }
        double actred = fold - f[0];
        if (Math.abs(actred) <= 1.0e-12 * Math.abs(f[0])) {
          break;
        }
        iter++;
      }
    }

    private void pcg(double[] g, double[] m, double[] s, double[] r) {
      int n = fun.n();
      double[] d = new double[n];
      double[] hd = new double[n];
      double[] z = new double[n];
      double q = 0;
      for (int i = 0; i < n; i++) {
        s[i] = 0;
        r[i] = -g[i];
        z[i] = r[i] / m[i];
        d[i] = z[i];
      }
      double zTr = Blas.dot(z, r);
      double cgtol = Math.min(EPS_CG, Math.sqrt(Math.sqrt(zTr)));
      int cgIter = 0;
      int maxCgIter = Math.max(n, 5);
      while (cgIter < maxCgIter) {
        cgIter++;
        fun.hv(d, hd);
        double dHd = Blas.dot(d, hd);
        if (dHd <= 1.0e-16) {
          break;
        }
        double alpha = zTr / dHd;
        Blas.axpy(alpha, d, s);
        Blas.axpy(-alpha, hd, r);
        double newQ = -0.5 * (Blas.dot(s, r) - Blas.dot(s, g));
        double qdiff = newQ - q;
        if (!(newQ <= 0 && qdiff <= 0) || cgIter * qdiff >= cgtol * newQ) {
          break;
        }
        q = newQ;
        for (int i = 0; i < n; i++) {
          z[i] = r[i] / m[i];
        }
        double znewTrnew = Blas.dot(z, r);
        double beta = znewTrnew / zTr;
        Blas.scal(beta, d);
        Blas.axpy(1, z, d);
        zTr = znewTrnew;
      }
    }
  }

  /** The reference BLAS kernels as liblinear-java's Blas has them (their unrolling kept). */
  private static final class Blas {
    private Blas() {}

    static double nrm2(double[] x) {
      int nn = x.length;
      if (nn == 1) {
        return Math.abs(x[0]);
      }
      double scale = 0.0;
      double ssq = 1.0;
      for (int ix = nn - 1; ix >= 0; ix--) {
        if (x[ix] != 0.0) {
          double absxi = Math.abs(x[ix]);
          if (scale < absxi) {
            double temp = scale / absxi;
            ssq = ssq * (temp * temp) + 1.0;
            scale = absxi;
          } else {
            double temp = absxi / scale;
            ssq += temp * temp;
          }
        }
      }
      return scale * Math.sqrt(ssq);
    }

    static double dot(double[] sx, double[] sy) {
      int nn = sx.length;
      double stemp = 0.0;
      int m = nn - 4;
      int i = 0;
      for (; i < m; i += 5) {
        stemp +=
            sx[i] * sy[i]
                + sx[i + 1] * sy[i + 1]
                + sx[i + 2] * sy[i + 2]
                + sx[i + 3] * sy[i + 3]
                + sx[i + 4] * sy[i + 4];
      }
      for (; i < nn; i++) {
        stemp += sx[i] * sy[i];
      }
      return stemp;
    }

    static void axpy(double sa, double[] sx, double[] sy) {
      if (sa != 0.0) {
        for (int i = 0; i < sx.length; i++) {
          sy[i] += sa * sx[i];
        }
      }
    }

    static void scal(double sa, double[] sx) {
      for (int i = 0; i < sx.length; i++) {
        sx[i] = sa * sx[i];
      }
    }
  }
}
