package dev.candela.causal.distance;

import dev.candela.causal.fit.Hungarian;
import dev.candela.causal.query.Sampler;
import java.util.Arrays;

/**
 * The exact 1-Wasserstein (earth mover's) distance between two empirical distributions with the
 * Euclidean ground metric: {@code W1(P, Q) = min_γ E_γ ‖X − Y‖}.
 *
 * <ul>
 *   <li>One column: {@code ∫ |F_P(t) − F_Q(t)| dt} from the sorted samples (any sizes), O(n log n).
 *   <li>Several columns, equal sizes {@code k}: an optimal transport plan between uniform weights
 *       is a permutation (Birkhoff–von Neumann), found exactly by {@link Hungarian} on the {@code k
 *       × k} Euclidean cost matrix; O(k³), practical up to about {@code k = 2000}.
 *   <li>When one sample is a single repeated point {@code c}: {@code W1 = mean_i ‖x_i − c‖} exactly
 *       (all mass moves to {@code c}).
 *   <li>Columns that hold one and the same constant in both samples (an intervened variable) add
 *       nothing to any pairwise distance and are dropped first; when one column is left, the
 *       problem is one-dimensional and is solved by sorting, O(k log k), instead of by the
 *       assignment method (for equal sizes the sorted matching {@code mean_i |x_(i) − y_(i)|} is an
 *       optimal plan).
 * </ul>
 */
public final class Wasserstein implements SampleDistance {
  /** The largest equal sample size solved by the assignment method. */
  public static final int MAX_ASSIGNMENT = 5000;

  /** Creates the distance. */
  public Wasserstein() {}

  @Override
  public String id() {
    return "wasserstein";
  }

  @Override
  public double between(double[][] a, double[][] b) {
    int d = SampleDistance.checkShapes(a, b);
    if (isPoint(b)) {
      return meanDistanceTo(a, b[0]);
    }
    if (isPoint(a)) {
      return meanDistanceTo(b, a[0]);
    }
    if (d > 1) {
      int[] keep = varyingColumns(a, b);
      if (keep.length == 0) {
        return 0;
      }
      if (keep.length == 1) {
        return oneDimensional(column(a, keep[0]), column(b, keep[0]));
      }
      if (keep.length < d) {
        return assignment(Sampler.select(a, keep), Sampler.select(b, keep));
      }
    }
    if (d == 1) {
      return oneDimensional(column(a), column(b));
    }
    return assignment(a, b);
  }

  /**
   * W1 by the exact assignment method alone (no 1-D shortcut), for benchmarks and checks.
   *
   * @param a first sample, {@code k × d}
   * @param b second sample, {@code k × d}
   * @return the distance
   */
  public static double assignment(double[][] a, double[][] b) {
    SampleDistance.checkShapes(a, b);
    if (a.length != b.length) {
      throw new IllegalArgumentException(
          "multivariate exact Wasserstein needs equal sample sizes, got "
              + a.length
              + " and "
              + b.length);
    }
    if (a.length > MAX_ASSIGNMENT) {
      throw new IllegalArgumentException(
          "sample size " + a.length + " above the exact-assignment limit " + MAX_ASSIGNMENT);
    }
    int k = a.length;
    double[][] cost = new double[k][k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        cost[i][j] = euclid(a[i], b[j]);
      }
    }
    int[] sigma = Hungarian.solve(cost);
    double s = 0;
    for (int i = 0; i < k; i++) {
      s += cost[i][sigma[i]];
    }
    return s / k;
  }

  /**
   * The exact 1-D Wasserstein-1 distance {@code ∫ |F_a − F_b|} between two empirical samples.
   *
   * @param a first sample
   * @param b second sample
   * @return the distance
   */
  public static double oneDimensional(double[] a, double[] b) {
    double[] x = a.clone();
    double[] y = b.clone();
    Arrays.sort(x);
    Arrays.sort(y);
    int i = 0;
    int j = 0;
    double fa = 0;
    double fb = 0;
    double prev = Math.min(x[0], y[0]);
    double s = 0;
    while (i < x.length || j < y.length) {
      double t = j >= y.length || (i < x.length && x[i] <= y[j]) ? x[i] : y[j];
      s += Math.abs(fa - fb) * (t - prev);
      prev = t;
      while (i < x.length && x[i] == t) {
        i++;
      }
      while (j < y.length && y[j] == t) {
        j++;
      }
      fa = (double) i / x.length;
      fb = (double) j / y.length;
    }
    return s;
  }

  /** The columns that are not one and the same constant in both samples. */
  private static int[] varyingColumns(double[][] a, double[][] b) {
    int d = a[0].length;
    int[] keep = new int[d];
    int n = 0;
    for (int c = 0; c < d; c++) {
      double v = a[0][c];
      boolean constant = true;
      for (int i = 0; i < a.length && constant; i++) {
        constant = a[i][c] == v;
      }
      for (int i = 0; i < b.length && constant; i++) {
        constant = b[i][c] == v;
      }
      if (!constant) {
        keep[n++] = c;
      }
    }
    return Arrays.copyOf(keep, n);
  }

  private static double[] column(double[][] a, int c) {
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i][c];
    }
    return out;
  }

  static double euclid(double[] p, double[] q) {
    double s = 0;
    for (int c = 0; c < p.length; c++) {
      double t = p[c] - q[c];
      s += t * t;
    }
    return Math.sqrt(s);
  }

  private static boolean isPoint(double[][] a) {
    for (double[] r : a) {
      if (!Arrays.equals(r, a[0])) {
        return false;
      }
    }
    return true;
  }

  private static double meanDistanceTo(double[][] a, double[] c) {
    double s = 0;
    for (double[] r : a) {
      s += euclid(r, c);
    }
    return s / a.length;
  }

  static double[] column(double[][] a) {
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i][0];
    }
    return out;
  }
}
