package dev.candela.metrics.stats;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * L2-regularised logistic regression with its inverse regularisation strength C chosen by
 * cross-validated accuracy, with the semantics of scikit-learn 1.2's {@code
 * LogisticRegressionCV(Cs=10, cv=KFold(n_splits=5))} (solver lbfgs, intercept fitted and not
 * penalised): the classifier of disentanglement_lib's downstream task (Locatello et al. 2019,
 * "Challenging common assumptions in the unsupervised learning of disentangled representations",
 * ICML).
 *
 * <p>For K ≥ 3 training classes the model is multinomial: W ∈ ℝ^{K×D}, b ∈ ℝ^K minimise
 *
 * <pre>
 *   f(W, b) = Σ_i [ log Σ_k exp(w_k·x_i + b_k) − (w_{y_i}·x_i + b_{y_i}) ] + ‖W‖²_F / (2C),
 * </pre>
 *
 * and the prediction is the arg max of W x + b (the first class on ties). For K = 2 the model is
 * binary ("one-vs-rest" of the higher class): f(w, b) = Σ_i [log(1 + exp(w·x_i + b)) − t_i (w·x_i +
 * b)] + ‖w‖²/(2C), t_i = 1 for the higher class, predicting it when w·x + b &gt; 0.
 *
 * <p>Cs = logspace(−4, 4, 10). The training rows are cut into 5 consecutive folds (unshuffled
 * {@code KFold}: the first N mod 5 folds one row longer); on each fold's training part the path of
 * the 10 Cs is fitted in increasing order, each fit started from the previous one's solution (from
 * zero for the first), and scored by its accuracy on the held-out fold, predicting among the
 * classes of the fold's training part. The chosen C maximises the sum of the fold accuracies (the
 * first on ties); the final model is fitted on all rows at that C, started from the mean of the
 * folds' solutions at that C (from zero when a fold lacks a class). A fold whose training part has
 * one class predicts it.
 *
 * <p>Every fit is a limited-memory BFGS (memory 10) with sklearn's stopping rule: the largest
 * gradient component at most {@link #TOLERANCE}, a relative decrease of f at most 2.2·10⁻⁹, or
 * {@link #MAX_ITER} iterations. The iterates are not scipy's L-BFGS-B iterates (its line search
 * differs), so fits that stop on the iteration cap (large C on separable rows) may predict some
 * rows differently from sklearn.
 */
public final class LogisticRegressionCv {

  /** sklearn's {@code Cs=10}: numpy's {@code logspace(-4, 4, 10)}, as numpy computes it. */
  public static final double[] CS = {
    9.999999999999999e-05,
    0.000774263682681127,
    0.005994842503189409,
    0.046415888336127774,
    0.3593813663804626,
    2.782559402207126,
    21.54434690031882,
    166.81005372000556,
    1291.5496650148827,
    10000.0
  };

  /** sklearn's {@code tol}: the gradient tolerance of lbfgs. */
  public static final double TOLERANCE = 1e-4;

  /** sklearn's {@code max_iter}. */
  public static final int MAX_ITER = 100;

  /** The cross-validation folds. */
  public static final int FOLDS = 5;

  /** scipy's L-BFGS-B {@code ftol} (factr 10⁷ × machine epsilon). */
  static final double FTOL = 2.220446049250313e-09;

  private static final int MEMORY = 10;
  private static final int MAX_LINE_SEARCH = 20;

  private LogisticRegressionCv() {}

  /**
   * A fitted model.
   *
   * @param classes the training labels of the model's classes, increasing
   * @param c the chosen C ({@code NaN} when the rows hold one class)
   * @param weights {@code [class][feature]} then the intercept in the last column; one row for two
   *     classes (the higher one's), none for one class
   * @param cvAccuracy the mean fold accuracy per C, in the order of {@link #CS}
   */
  public record Model(int[] classes, double c, double[][] weights, double[] cvAccuracy) {
    /**
     * Predicts the label of rows.
     *
     * @param x {@code [row][feature]}
     * @return the predicted labels
     */
    public int[] predict(double[][] x) {
      int[] out = new int[x.length];
      for (int i = 0; i < x.length; i++) {
        out[i] = classes[predictIndex(weights, classes.length, x[i])];
      }
      return out;
    }
  }

  /**
   * Fits with the cross-validated C.
   *
   * @param x {@code [row][feature]}, finite
   * @param y the label of each row (any non-negative ints)
   * @return the model
   * @throws IllegalArgumentException on empty or ragged rows, non-finite values or fewer rows than
   *     folds
   */
  public static Model fit(double[][] x, int[] y) {
    check(x, y);
    int[] classes = Arrays.stream(y).distinct().sorted().toArray();
    if (classes.length == 1) {
      return new Model(classes, Double.NaN, new double[0][], new double[0]);
    }
    boolean multinomial = classes.length > 2;
    int n = x.length;
    int[][] bounds = folds(n);
    double[][][][] paths = new double[FOLDS][][][];
    double[][] scores = new double[FOLDS][];
    IntStream.range(0, FOLDS)
        .parallel()
        .forEach(
            k -> {
              int from = bounds[k][0];
              int to = bounds[k][1];
              double[][] xt = new double[n - (to - from)][];
              int[] yt = new int[xt.length];
              int p = 0;
              for (int i = 0; i < n; i++) {
                if (i < from || i >= to) {
                  xt[p] = x[i];
                  yt[p++] = y[i];
                }
              }
              int[] foldClasses = Arrays.stream(yt).distinct().sorted().toArray();
              double[][][] path = new double[CS.length][][];
              double[] score = new double[CS.length];
              double[][] w = null;
              for (int c = 0; c < CS.length; c++) {
                if (foldClasses.length > 1) {
                  w =
                      fitOne(
                          xt, encode(yt, foldClasses), foldClasses.length, multinomial, CS[c], w);
                }
                path[c] = w;
                int ok = 0;
                for (int i = from; i < to; i++) {
                  int pred =
                      foldClasses.length == 1
                          ? foldClasses[0]
                          : foldClasses[predictIndex(w, foldClasses.length, x[i])];
                  if (pred == y[i]) {
                    ok++;
                  }
                }
                score[c] = (double) ok / (to - from);
              }
              paths[k] = foldClasses.length == classes.length ? path : null;
              scores[k] = score;
            });
    int best = 0;
    double bestSum = Double.NEGATIVE_INFINITY;
    double[] cvAccuracy = new double[CS.length];
    for (int c = 0; c < CS.length; c++) {
      double sum = 0;
      for (int k = 0; k < FOLDS; k++) {
        sum += scores[k][c];
      }
      cvAccuracy[c] = sum / FOLDS;
      if (sum > bestSum) {
        bestSum = sum;
        best = c;
      }
    }
    double[][] init = null;
    if (Arrays.stream(paths).allMatch(pth -> pth != null)) {
      int rows = multinomial ? classes.length : 1;
      init = new double[rows][x[0].length + 1];
      for (int k = 0; k < FOLDS; k++) {
        for (int r = 0; r < rows; r++) {
          for (int j = 0; j <= x[0].length; j++) {
            init[r][j] += paths[k][best][r][j];
          }
        }
      }
      for (double[] row : init) {
        for (int j = 0; j < row.length; j++) {
          row[j] /= FOLDS;
        }
      }
    }
    double[][] w = fitOne(x, encode(y, classes), classes.length, multinomial, CS[best], init);
    return new Model(classes, CS[best], w, cvAccuracy);
  }

  /** KFold's consecutive folds: [from, to) per fold. */
  static int[][] folds(int n) {
    int[][] out = new int[FOLDS][2];
    int start = 0;
    for (int k = 0; k < FOLDS; k++) {
      int size = n / FOLDS + (k < n % FOLDS ? 1 : 0);
      out[k][0] = start;
      out[k][1] = start + size;
      start += size;
    }
    return out;
  }

  private static int[] encode(int[] y, int[] classes) {
    int[] out = new int[y.length];
    for (int i = 0; i < y.length; i++) {
      out[i] = Arrays.binarySearch(classes, y[i]);
    }
    return out;
  }

  /** Index of the predicted class among k classes (weights: one row when k = 2). */
  static int predictIndex(double[][] w, int k, double[] x) {
    if (k == 1) {
      return 0;
    }
    if (k == 2 && w.length == 1) {
      return decision(w[0], x) > 0 ? 1 : 0;
    }
    int best = 0;
    double bestValue = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < w.length; c++) {
      double v = decision(w[c], x);
      if (v > bestValue) {
        bestValue = v;
        best = c;
      }
    }
    return best;
  }

  private static double decision(double[] w, double[] x) {
    int d = x.length;
    double s = 0;
    for (int j = 0; j < d; j++) {
      s += w[j] * x[j];
    }
    return s + w[d];
  }

  /**
   * One fit at one C from a start (null: zero): multinomial over k classes, or binary (one weight
   * row, class 1 positive).
   */
  static double[][] fitOne(
      double[][] x, int[] y, int k, boolean multinomial, double c, double[][] start) {
    int d = x[0].length;
    int rows = multinomial ? k : 1;
    if (!multinomial && k != 2) {
      throw new IllegalStateException("a binary fit needs 2 classes, got " + k);
    }
    int p = rows * (d + 1);
    double[] w = new double[p];
    if (start != null) {
      for (int r = 0; r < rows; r++) {
        System.arraycopy(start[r], 0, w, r * (d + 1), d + 1);
      }
    }
    Objective f = multinomial ? new Multinomial(x, y, k, c) : new Binary(x, y, c);
    lbfgs(f, w);
    double[][] out = new double[rows][d + 1];
    for (int r = 0; r < rows; r++) {
      System.arraycopy(w, r * (d + 1), out[r], 0, d + 1);
    }
    return out;
  }

  /** A smooth objective: its value, the gradient written into g. */
  interface Objective {
    double valueAndGradient(double[] w, double[] g);
  }

  /** The binary logistic loss with the L2 penalty on the weights (not the intercept). */
  private record Binary(double[][] x, int[] y, double c) implements Objective {
    @Override
    public double valueAndGradient(double[] w, double[] g) {
      int d = x[0].length;
      Arrays.fill(g, 0);
      double f = 0;
      for (int i = 0; i < x.length; i++) {
        double z = decision(w, x[i]);
        // log(1 + e^z), stably
        double lse = z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
        double t = y[i] == 1 ? 1 : 0;
        f += lse - t * z;
        double sig = z > 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
        double r = sig - t;
        double[] xi = x[i];
        for (int j = 0; j < d; j++) {
          g[j] += r * xi[j];
        }
        g[d] += r;
      }
      for (int j = 0; j < d; j++) {
        f += w[j] * w[j] / (2 * c);
        g[j] += w[j] / c;
      }
      return f;
    }
  }

  /** The multinomial (softmax) loss with the L2 penalty on the weights (not the intercepts). */
  private record Multinomial(double[][] x, int[] y, int k, double c) implements Objective {
    @Override
    public double valueAndGradient(double[] w, double[] g) {
      int d = x[0].length;
      int s = d + 1;
      Arrays.fill(g, 0);
      double f = 0;
      double[] z = new double[k];
      for (int i = 0; i < x.length; i++) {
        double[] xi = x[i];
        double max = Double.NEGATIVE_INFINITY;
        for (int r = 0; r < k; r++) {
          double v = w[r * s + d];
          int o = r * s;
          for (int j = 0; j < d; j++) {
            v += w[o + j] * xi[j];
          }
          z[r] = v;
          max = Math.max(max, v);
        }
        double sum = 0;
        for (int r = 0; r < k; r++) {
          z[r] = Math.exp(z[r] - max);
          sum += z[r];
        }
        f += Math.log(sum) + max - (Math.log(z[y[i]]) + max);
        for (int r = 0; r < k; r++) {
          double q = z[r] / sum - (r == y[i] ? 1 : 0);
          int o = r * s;
          for (int j = 0; j < d; j++) {
            g[o + j] += q * xi[j];
          }
          g[o + d] += q;
        }
      }
      for (int r = 0; r < k; r++) {
        int o = r * s;
        for (int j = 0; j < d; j++) {
          f += w[o + j] * w[o + j] / (2 * c);
          g[o + j] += w[o + j] / c;
        }
      }
      return f;
    }
  }

  /** Limited-memory BFGS with a backtracking Armijo line search, minimising f from w (in place). */
  static int lbfgs(Objective f, double[] w) {
    int p = w.length;
    double[] g = new double[p];
    double fx = f.valueAndGradient(w, g);
    double[][] s = new double[MEMORY][p];
    double[][] yv = new double[MEMORY][p];
    double[] rho = new double[MEMORY];
    double[] alpha = new double[MEMORY];
    int stored = 0;
    int head = 0;
    double[] dir = new double[p];
    double[] wNew = new double[p];
    double[] gNew = new double[p];
    if (maxAbs(g) <= TOLERANCE) {
      return 0;
    }
    int iter = 0;
    while (iter < MAX_ITER) {
      // two-loop recursion: dir = −H g
      System.arraycopy(g, 0, dir, 0, p);
      for (int m = 0; m < stored; m++) {
        int idx = Math.floorMod(head - 1 - m, MEMORY);
        alpha[idx] = rho[idx] * Arrays2.dot(s[idx], dir);
        Arrays2.axpy(-alpha[idx], yv[idx], dir);
      }
      if (stored > 0) {
        int last = Math.floorMod(head - 1, MEMORY);
        double gamma = Arrays2.dot(s[last], yv[last]) / Arrays2.dot(yv[last], yv[last]);
        scale(dir, gamma);
      }
      for (int m = stored - 1; m >= 0; m--) {
        int idx = Math.floorMod(head - 1 - m, MEMORY);
        double beta = rho[idx] * Arrays2.dot(yv[idx], dir);
        Arrays2.axpy(alpha[idx] - beta, s[idx], dir);
      }
      scale(dir, -1);
      double slope = Arrays2.dot(g, dir);
      if (!(slope < 0)) {
        // not a descent direction: restart from the gradient
        System.arraycopy(g, 0, dir, 0, p);
        scale(dir, -1);
        slope = Arrays2.dot(g, dir);
        stored = 0;
      }
      double step = stored == 0 ? Math.min(1.0, 1.0 / Math.sqrt(Arrays2.dot(dir, dir))) : 1.0;
      double fNew = Double.NaN;
      boolean accepted = false;
      for (int ls = 0; ls < MAX_LINE_SEARCH; ls++) {
        for (int j = 0; j < p; j++) {
          wNew[j] = w[j] + step * dir[j];
        }
        fNew = f.valueAndGradient(wNew, gNew);
        if (Double.isFinite(fNew) && fNew <= fx + 1e-4 * step * slope) {
          accepted = true;
          break;
        }
        step *= 0.5;
      }
      if (!accepted) {
        break;
      }
      iter++;
      int idx = head;
      double sy = 0;
      double yy = 0;
      for (int j = 0; j < p; j++) {
        s[idx][j] = wNew[j] - w[j];
        yv[idx][j] = gNew[j] - g[j];
        sy += s[idx][j] * yv[idx][j];
        yy += yv[idx][j] * yv[idx][j];
      }
      if (sy > 2.220446049250313e-16 * yy) {
        rho[idx] = 1 / sy;
        head = (head + 1) % MEMORY;
        stored = Math.min(stored + 1, MEMORY);
      }
      double fOld = fx;
      System.arraycopy(wNew, 0, w, 0, p);
      System.arraycopy(gNew, 0, g, 0, p);
      fx = fNew;
      if ((fOld - fx) / Math.max(Math.max(Math.abs(fOld), Math.abs(fx)), 1) <= FTOL) {
        break;
      }
      if (maxAbs(g) <= TOLERANCE) {
        break;
      }
    }
    return iter;
  }

  private static void scale(double[] x, double a) {
    for (int i = 0; i < x.length; i++) {
      x[i] *= a;
    }
  }

  private static double maxAbs(double[] g) {
    double m = 0;
    for (double v : g) {
      m = Math.max(m, Math.abs(v));
    }
    return m;
  }

  private static void check(double[][] x, int[] y) {
    if (x.length == 0 || x.length != y.length) {
      throw new IllegalArgumentException(
          "need as many labels as rows, at least one, got " + x.length + " and " + y.length);
    }
    if (x.length < FOLDS) {
      throw new IllegalArgumentException(
          "cross-validation needs at least " + FOLDS + " rows, got " + x.length);
    }
    int d = x[0].length;
    for (int i = 0; i < x.length; i++) {
      if (x[i].length != d) {
        throw new IllegalArgumentException(
            "row " + i + " has " + x[i].length + " features, row 0 has " + d);
      }
      for (int j = 0; j < d; j++) {
        if (!Double.isFinite(x[i][j])) {
          throw new IllegalArgumentException(
              "feature " + j + " of row " + i + " is not finite: " + x[i][j]);
        }
      }
      if (y[i] < 0) {
        throw new IllegalArgumentException("label of row " + i + " is negative: " + y[i]);
      }
    }
  }
}
