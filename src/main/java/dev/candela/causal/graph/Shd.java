package dev.candela.causal.graph;

import java.util.Arrays;

/**
 * Structural Hamming distance with the semantics of {@code cdt.metrics.SHD}.
 *
 * <p>With {@code doubleForAnticausal = true}: {@code SHD = Σ_ij |t_ij − p_ij|}, so a reversed edge
 * counts 2 and an undirected edge against a directed one counts 1. With {@code false}: every
 * unordered pair {i, j} whose two entries (t_ij, t_ji) differ from (p_ij, p_ji) counts once, so a
 * reversed edge counts 1. {@link #shdCpdag(Dag, Dag)} is {@code SHD(CPDAG(t), CPDAG(p), false)}.
 * Reference: Tsamardinos, Brown and Aliferis, "The max-min hill-climbing Bayesian network structure
 * learning algorithm", Machine Learning 65, 2006; cdt (Kalainathan and Goudet, 2019).
 */
public final class Shd {
  private Shd() {}

  /**
   * SHD between two graphs over the same variables (sparse; works for large graphs).
   *
   * @param truth the true graph
   * @param pred the predicted graph
   * @param doubleForAnticausal whether a reversed edge counts 2 (true) or 1 (false)
   * @return the distance
   * @throws IllegalArgumentException if the sizes or names differ
   */
  public static long shd(Graph truth, Graph pred, boolean doubleForAnticausal) {
    SameVariables.check(truth.names(), pred.names(), "prediction");
    int n = truth.size();
    int[][] t = outLists(truth);
    int[][] p = outLists(pred);
    long total = 0;
    for (int i = 0; i < n; i++) {
      int a = 0;
      int b = 0;
      int[] ti = t[i];
      int[] pi = p[i];
      while (a < ti.length || b < pi.length) {
        int j;
        if (b >= pi.length || (a < ti.length && ti[a] < pi[b])) {
          j = ti[a++];
        } else if (a >= ti.length || pi[b] < ti[a]) {
          j = pi[b++];
        } else {
          a++;
          b++;
          continue;
        }
        // ordered pair (i, j) differs
        if (doubleForAnticausal || i <= j) {
          total++;
        } else {
          boolean tji = Arrays.binarySearch(t[j], i) >= 0;
          boolean pji = Arrays.binarySearch(p[j], i) >= 0;
          if (tji == pji) {
            total++; // (j, i) agrees, so this pair has not been counted from j
          }
        }
      }
    }
    return total;
  }

  /**
   * SHD between two dense adjacency matrices (0/1, undirected edges as symmetric pairs), exactly as
   * {@code cdt.metrics.SHD} on numpy arrays.
   *
   * @param truth the true matrix
   * @param pred the predicted matrix
   * @param doubleForAnticausal whether a reversed edge counts 2 (true) or 1 (false)
   * @return the distance
   * @throws IllegalArgumentException if the matrices are not square of the same shape
   */
  public static long shd(int[][] truth, int[][] pred, boolean doubleForAnticausal) {
    checkSameShape(truth, pred);
    int n = truth.length;
    long total = 0;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        int d = truth[i][j] != pred[i][j] ? 1 : 0;
        if (doubleForAnticausal) {
          total += Math.abs(truth[i][j] - pred[i][j]);
        } else if (i <= j) {
          boolean other = truth[j][i] != pred[j][i];
          total += (d == 1 || other) ? 1 : 0;
        }
      }
    }
    return total;
  }

  /**
   * SHD between the CPDAGs (essential graphs) of two DAGs: {@code SHD(CPDAG(t), CPDAG(p), false)}.
   *
   * @param truth the true DAG
   * @param pred the predicted DAG
   * @return the distance
   */
  public static long shdCpdag(Dag truth, Dag pred) {
    return shd(Cpdag.of(truth), Cpdag.of(pred), false);
  }

  static void checkSameShape(int[][] truth, int[][] pred) {
    String ts = shape(truth);
    String ps = shape(pred);
    boolean square = isSquare(truth) && isSquare(pred);
    if (!square || truth.length != pred.length) {
      throw new IllegalArgumentException(
          "shape mismatch: truth is " + ts + ", prediction is " + ps + " (need equal square)");
    }
  }

  static String shape(int[][] a) {
    return a.length + "x" + (a.length == 0 ? 0 : a[0].length);
  }

  private static boolean isSquare(int[][] a) {
    for (int[] r : a) {
      if (r.length != a.length) {
        return false;
      }
    }
    return true;
  }

  /** Sorted targets j with A[i][j] = 1: directed children plus undirected neighbours. */
  private static int[][] outLists(Graph g) {
    int n = g.size();
    int[][] out = new int[n][];
    int[][] ch = g.childLists();
    int[][] un = g.undirectedLists();
    for (int i = 0; i < n; i++) {
      int[] m = new int[ch[i].length + un[i].length];
      System.arraycopy(ch[i], 0, m, 0, ch[i].length);
      System.arraycopy(un[i], 0, m, ch[i].length, un[i].length);
      Arrays.sort(m);
      out[i] = m;
    }
    return out;
  }
}
