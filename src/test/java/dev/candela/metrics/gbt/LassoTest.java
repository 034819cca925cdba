package dev.candela.metrics.gbt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Lasso}'s coordinate descent, which takes several x_jᵀr per pass over r, gives the
 * coefficients of sklearn's loop with one dot product at a time to the last bit: the loop is
 * written out here as {@code cd_fast.enet_coordinate_descent} reads (and as Lasso computed it
 * before), and both run on sparse and dense solutions, correlated and all-zero columns, and a
 * descent that runs to {@link Lasso#MAX_ITER}.
 */
class LassoTest {

  /** cd_fast's loop, one x_jᵀr per coordinate; returns {w..., b, n_iter}. */
  private static double[] oneDotAtATime(double[][] x, double[] y, double alphaPerRow) {
    int n = y.length;
    int p = x.length;
    double[][] xc = new double[p][n];
    double[] xOffset = new double[p];
    for (int f = 0; f < p; f++) {
      xOffset[f] = mean(x[f]);
      for (int i = 0; i < n; i++) {
        xc[f][i] = x[f][i] - xOffset[f];
      }
    }
    double yOffset = mean(y);
    double[] yc = new double[n];
    for (int i = 0; i < n; i++) {
      yc[i] = y[i] - yOffset;
    }
    double alpha = alphaPerRow * n;
    double[] w = new double[p];
    double[] norm = new double[p];
    for (int f = 0; f < p; f++) {
      norm[f] = dot(xc[f], xc[f]);
    }
    double[] r = yc.clone();
    double tol = Lasso.TOL * dot(yc, yc);
    int iter;
    for (iter = 0; iter < Lasso.MAX_ITER; iter++) {
      double wMax = 0.0;
      double dwMax = 0.0;
      for (int f = 0; f < p; f++) {
        if (norm[f] == 0.0) {
          continue;
        }
        double[] col = xc[f];
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
      if (wMax == 0.0 || dwMax / wMax < Lasso.TOL || iter == Lasso.MAX_ITER - 1) {
        double dualNorm = 0.0;
        for (int f = 0; f < p; f++) {
          dualNorm = Math.max(dualNorm, Math.abs(dot(xc[f], r)));
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
        gap += alpha * l1 - constant * dot(r, yc);
        if (gap < tol) {
          break;
        }
      }
    }
    double b = yOffset;
    for (int f = 0; f < p; f++) {
      b -= xOffset[f] * w[f];
    }
    double[] out = java.util.Arrays.copyOf(w, p + 2);
    out[p] = b;
    out[p + 1] = Math.min(iter + 1, Lasso.MAX_ITER);
    return out;
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
   * p features, the first {@code active} of them in the target, every feature mixed with the
   * previous one by {@code correlation}, feature 3 (when there is one) all zero.
   */
  private static double[][] features(int n, int p, double correlation, Random r) {
    double[][] x = new double[p][n];
    for (int f = 0; f < p; f++) {
      for (int i = 0; i < n; i++) {
        x[f][i] = r.nextGaussian() + (f > 0 ? correlation * x[f - 1][i] : 0.0) + 0.5;
      }
    }
    if (p > 3) {
      x[3] = new double[n];
    }
    return x;
  }

  private static double[] target(double[][] x, int active, double noise, Random r) {
    int n = x[0].length;
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      for (int f = 0; f < active; f++) {
        y[i] += (f % 2 == 0 ? 1.0 : -0.7) * x[f][i];
      }
      y[i] += noise * r.nextGaussian();
    }
    return y;
  }

  private static void assertSameBits(double[] expected, Lasso fit, String what) {
    int p = expected.length - 2;
    double[] w = fit.coefficients();
    for (int f = 0; f < p; f++) {
      assertEquals(
          Double.doubleToLongBits(expected[f]),
          Double.doubleToLongBits(w[f]),
          what + ": w[" + f + "] " + expected[f] + " and " + w[f]);
    }
    assertEquals(
        Double.doubleToLongBits(expected[p]), Double.doubleToLongBits(fit.intercept()), what);
    assertEquals((int) expected[p + 1], fit.iterations(), what + ": sweeps");
  }

  @Test
  void coefficientsAreTheOneDotAtATimeLoopsToTheBit() {
    Random r = new Random(7);
    int cases = 0;
    for (int p : new int[] {1, 3, 5, 8, 21, 64}) {
      for (int active : new int[] {0, 1, p / 2, p}) {
        for (double correlation : new double[] {0.0, 0.9}) {
          for (double alpha : new double[] {0.02, 0.3}) {
            int n = 40 + 13 * p;
            double[][] x = features(n, p, correlation, r);
            double[] y = target(x, Math.min(active, p), 0.3, r);
            String what = "p " + p + ", active " + active + ", ρ " + correlation + ", α " + alpha;
            Lasso fit = Lasso.fit(x, y, alpha);
            assertSameBits(oneDotAtATime(x, y, alpha), fit, what);
            Lasso shared = Lasso.fit(Lasso.Design.of(x), y, alpha);
            assertArrayEquals(fit.coefficients(), shared.coefficients(), what + " (design)");
            cases++;
          }
        }
      }
    }
    assertEquals(6 * 4 * 2 * 2, cases);
  }

  @Test
  void longDescentsAreTheLoopsToo() {
    // strongly correlated features and small α: hundreds of sweeps, and all 1000 with the smallest
    int[] sweeps = new int[3];
    double[] alphas = {1e-3, 1e-5, 1e-7};
    for (int a = 0; a < 3; a++) {
      Random r = new Random(3);
      int n = 200;
      double[][] x = new double[6][n];
      double[] y = new double[n];
      for (int i = 0; i < n; i++) {
        double base = r.nextGaussian();
        for (int f = 0; f < 6; f++) {
          x[f][i] = base + 0.1 * r.nextGaussian();
        }
        y[i] = x[0][i] - x[1][i] + 0.5 * x[2][i] + 0.01 * r.nextGaussian();
      }
      Lasso fit = Lasso.fit(x, y, alphas[a]);
      assertSameBits(oneDotAtATime(x, y, alphas[a]), fit, "correlated, α " + alphas[a]);
      sweeps[a] = fit.iterations();
    }
    assertTrue(sweeps[0] > 100 && sweeps[2] == Lasso.MAX_ITER, java.util.Arrays.toString(sweeps));
  }

  @Test
  void predictionsAreXwPlusB() {
    Random r = new Random(11);
    double[][] x = features(300, 8, 0.5, r);
    double[] y = target(x, 2, 0.1, r);
    Lasso fit = Lasso.fit(x, y, 0.05);
    double[] w = fit.coefficients();
    double[] pred = fit.predict(x);
    int zeros = 0;
    for (double v : w) {
      zeros += v == 0.0 ? 1 : 0;
    }
    assertTrue(zeros > 0 && zeros < 8, "some coefficients zero, some not: " + zeros);
    for (int i = 0; i < 300; i++) {
      double expected = fit.intercept();
      for (int f = 0; f < 8; f++) {
        expected += x[f][i] * w[f];
      }
      assertEquals(expected, pred[i], 0.0, "row " + i);
    }
  }
}
