package dev.candela.causal.fit;

import dev.candela.causal.graph.Dag;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * A DAG learned from continuous data by greedy hill climbing on the linear-Gaussian BIC (Schwarz
 * 1978; the score of Chickering's GES and of bnlearn's {@code hc} with {@code score = "bic-g"}):
 * {@code BIC = Σ_i [−(n/2) ln σ̂_i² − ((|pa_i| + 2)/2) ln n]} up to a constant, {@code σ̂_i²} the
 * maximum-likelihood residual variance of the least-squares regression of {@code X_i} on its
 * parents with an intercept. From the empty graph, each step applies the single edge addition,
 * deletion or reversal (keeping the graph acyclic) that raises the score most, until none does.
 * Deterministic: ties go to the first move in (from, to) order. It finds a local optimum, and like
 * any observational method it identifies a DAG only up to its Markov equivalence class.
 */
public final class GaussianBicSearch {
  private final double[][] data;
  private final int n;
  private final int d;
  private final Map<Long, Double> cache = new HashMap<>();

  private GaussianBicSearch(double[][] data) {
    this.data = data;
    this.n = data.length;
    this.d = data[0].length;
  }

  /**
   * Learns a DAG.
   *
   * @param names the variable names, one per column
   * @param data {@code n × names.size()} finite values, {@code n > names.size() + 1}
   * @return the learned DAG
   * @throws IllegalArgumentException for too few rows or mismatched shapes
   */
  public static Dag learn(List<String> names, double[][] data) {
    int d = names.size();
    if (d > 62) {
      throw new IllegalArgumentException("BIC search supports up to 62 variables, got " + d);
    }
    if (data.length <= d + 1) {
      throw new IllegalArgumentException(
          "BIC search needs more than " + (d + 1) + " rows, got " + data.length);
    }
    for (double[] r : data) {
      if (r.length != d) {
        throw new IllegalArgumentException(r.length + " columns for " + d + " variables");
      }
    }
    GaussianBicSearch s = new GaussianBicSearch(data);
    long[] parents = new long[d];
    while (true) {
      double best = 1e-9;
      int bi = -1;
      int bj = -1;
      int kind = -1;
      for (int i = 0; i < d; i++) {
        for (int j = 0; j < d; j++) {
          if (i == j) {
            continue;
          }
          boolean edge = (parents[j] & (1L << i)) != 0;
          if (!edge && (parents[i] & (1L << j)) == 0) {
            if (!reaches(parents, j, i)) {
              double g = s.score(j, parents[j] | (1L << i)) - s.score(j, parents[j]);
              if (g > best) {
                best = g;
                bi = i;
                bj = j;
                kind = 0;
              }
            }
          } else if (edge) {
            double del = s.score(j, parents[j] & ~(1L << i)) - s.score(j, parents[j]);
            if (del > best) {
              best = del;
              bi = i;
              bj = j;
              kind = 1;
            }
            long[] p = parents.clone();
            p[j] &= ~(1L << i);
            if (!reaches(p, i, j)) {
              double rev = del + s.score(i, parents[i] | (1L << j)) - s.score(i, parents[i]);
              if (rev > best) {
                best = rev;
                bi = i;
                bj = j;
                kind = 2;
              }
            }
          }
        }
      }
      if (kind < 0) {
        break;
      }
      if (kind == 0) {
        parents[bj] |= 1L << bi;
      } else {
        parents[bj] &= ~(1L << bi);
        if (kind == 2) {
          parents[bi] |= 1L << bj;
        }
      }
    }
    int[][] adj = new int[d][d];
    for (int j = 0; j < d; j++) {
      for (int i = 0; i < d; i++) {
        if ((parents[j] & (1L << i)) != 0) {
          adj[i][j] = 1;
        }
      }
    }
    return Dag.of(names, adj);
  }

  /** Whether {@code to} is reachable from {@code from} along parent → child edges. */
  private static boolean reaches(long[] parents, int from, int to) {
    int d = parents.length;
    boolean[] seen = new boolean[d];
    int[] stack = new int[d];
    int top = 0;
    stack[top++] = from;
    seen[from] = true;
    while (top > 0) {
      int u = stack[--top];
      if (u == to) {
        return true;
      }
      for (int c = 0; c < d; c++) {
        if (!seen[c] && (parents[c] & (1L << u)) != 0) {
          seen[c] = true;
          stack[top++] = c;
        }
      }
    }
    return false;
  }

  private double score(int i, long pa) {
    long key = pa * 64 + i;
    Double v = cache.get(key);
    if (v != null) {
      return v;
    }
    int p = Long.bitCount(pa);
    RealMatrix x = new Array2DRowRealMatrix(n, p + 1);
    double[] y = new double[n];
    for (int r = 0; r < n; r++) {
      x.setEntry(r, 0, 1);
      int c = 1;
      for (int j = 0; j < d; j++) {
        if ((pa & (1L << j)) != 0) {
          x.setEntry(r, c++, data[r][j]);
        }
      }
      y[r] = data[r][i];
    }
    QRDecomposition qr = new QRDecomposition(x, 1e-12);
    double rss;
    if (!qr.getSolver().isNonSingular()) {
      rss = Double.NaN;
    } else {
      double[] beta =
          qr.getSolver().solve(new org.apache.commons.math3.linear.ArrayRealVector(y)).toArray();
      rss = 0;
      for (int r = 0; r < n; r++) {
        double e = y[r];
        for (int c = 0; c <= p; c++) {
          e -= x.getEntry(r, c) * beta[c];
        }
        rss += e * e;
      }
    }
    double var = Math.max(rss / n, 1e-300);
    double s =
        Double.isNaN(rss)
            ? Double.NEGATIVE_INFINITY
            : -0.5 * n * Math.log(var) - 0.5 * (p + 2) * Math.log(n);
    cache.put(key, s);
    return s;
  }
}
