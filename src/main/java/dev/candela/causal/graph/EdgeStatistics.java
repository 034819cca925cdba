package dev.candela.causal.graph;

import java.util.Arrays;

/**
 * Edge-level statistics of a predicted graph against a true one, as graph-learning benchmarks
 * report them (cdt, gCastle, bnlearn), on the skeleton and on oriented edges, with the structural
 * Hamming distance in each of its three circulating conventions.
 *
 * <p><b>Skeleton</b>: the p(p − 1)/2 unordered pairs {i, j}; a pair is positive when i and j are
 * adjacent (any edge, directed or undirected). <b>Oriented</b>: the p(p − 1) ordered pairs (i, j),
 * i ≠ j; a pair is positive when {@code A[i][j] = 1} in the adjacency convention of cdt, that is
 * for i → j and for an undirected i — j (which stands for both orientations). A reversed edge is
 * then one false positive and one false negative; an undirected prediction of a directed true edge
 * one true and one false positive. From the counts TP, FP, FN, TN of each: precision = TP / (TP +
 * FP), recall = TPR = TP / (TP + FN), F1 = 2·TP / (2·TP + FP + FN), FDR = FP / (TP + FP), FPR = FP
 * / (FP + TN); a ratio whose denominator is 0 is undefined ({@code NaN}).
 *
 * <p><b>SHD</b> (Tsamardinos, Brown and Aliferis, Machine Learning 65, 2006): {@code shd_cdt} is
 * {@code cdt.metrics.SHD} with {@code double_for_anticausal=True}, {@code Σ_ij |t_ij − p_ij|} (a
 * reversed edge counts 2); {@code shd_cdt_single} is the same with {@code
 * double_for_anticausal=False} (each unordered pair whose status differs counts 1; also R's {@code
 * SID::hammingDist} and gadjid's {@code shd}); {@code shd_bnlearn} is bnlearn's {@code shd()},
 * which compares the CPDAGs of both graphs and counts each differing pair once. For that, a fully
 * directed graph is replaced by its CPDAG ({@link Cpdag#of(Dag)}); a graph with undirected edges is
 * taken to be a CPDAG already.
 *
 * <p>Note on other tools: gCastle's {@code MetricsDAG} (after NOTEARS' {@code count_accuracy})
 * counts a reversed edge in FDR and FPR but not in FP, and an undirected prediction as a true
 * positive; its numbers differ from the plain confusion-matrix rates here.
 */
public final class EdgeStatistics {
  private EdgeStatistics() {}

  /**
   * Confusion counts of one classification of pairs and the rates derived from them.
   *
   * @param tp pairs positive in both graphs
   * @param fp pairs positive in the prediction only
   * @param fn pairs positive in the truth only
   * @param tn pairs negative in both
   */
  public record Confusion(long tp, long fp, long fn, long tn) {
    /** Checks that no count is negative. */
    public Confusion {
      if (tp < 0 || fp < 0 || fn < 0 || tn < 0) {
        throw new IllegalArgumentException(
            "negative count: tp=" + tp + " fp=" + fp + " fn=" + fn + " tn=" + tn);
      }
    }

    /**
     * Precision TP / (TP + FP).
     *
     * @return the ratio, NaN when nothing is predicted
     */
    public double precision() {
      return ratio(tp, tp + fp);
    }

    /**
     * Recall TP / (TP + FN), the same as {@link #tpr()}.
     *
     * @return the ratio, NaN when the truth has no positive
     */
    public double recall() {
      return ratio(tp, tp + fn);
    }

    /**
     * True positive rate TP / (TP + FN).
     *
     * @return the ratio, NaN when the truth has no positive
     */
    public double tpr() {
      return recall();
    }

    /**
     * F1 = 2·TP / (2·TP + FP + FN), the harmonic mean of precision and recall.
     *
     * @return the ratio, NaN when neither graph has a positive
     */
    public double f1() {
      return ratio(2 * tp, 2 * tp + fp + fn);
    }

    /**
     * False discovery rate FP / (TP + FP).
     *
     * @return the ratio, NaN when nothing is predicted
     */
    public double fdr() {
      return ratio(fp, tp + fp);
    }

    /**
     * False positive rate FP / (FP + TN).
     *
     * @return the ratio, NaN when the truth has no negative
     */
    public double fpr() {
      return ratio(fp, fp + tn);
    }

    private static double ratio(long a, long b) {
      return b == 0 ? Double.NaN : (double) a / (double) b;
    }
  }

  /**
   * The statistics of one prediction.
   *
   * @param skeleton counts over unordered pairs (adjacency)
   * @param oriented counts over ordered pairs ({@code A[i][j] = 1})
   * @param shdCdt SHD, a reversed edge counting 2 (cdt's default)
   * @param shdCdtSingle SHD, each differing pair once (cdt with double_for_anticausal=False)
   * @param shdBnlearn SHD between the CPDAGs, each differing pair once (bnlearn)
   */
  public record Result(
      Confusion skeleton, Confusion oriented, long shdCdt, long shdCdtSingle, long shdBnlearn) {
    /** Checks the parts. */
    public Result {
      if (skeleton == null || oriented == null) {
        throw new IllegalArgumentException("skeleton and oriented counts are required");
      }
      if (shdCdt < 0 || shdCdtSingle < 0 || shdBnlearn < 0) {
        throw new IllegalArgumentException(
            "negative SHD: " + shdCdt + ", " + shdCdtSingle + ", " + shdBnlearn);
      }
    }
  }

  /**
   * Computes the statistics (sparse: O(p + |E| log d) for the counts).
   *
   * @param truth the true graph (DAG or CPDAG)
   * @param pred the predicted graph (DAG or CPDAG)
   * @return the counts, rates and SHDs
   * @throws IllegalArgumentException if the variables differ, or a fully directed graph has a cycle
   *     (it has no CPDAG)
   */
  public static Result of(Graph truth, Graph pred) {
    SameVariables.check(truth.names(), pred.names(), "prediction");
    int n = truth.size();
    long pairs = (long) n * (n - 1) / 2;
    int[][] tAdj = adjacent(truth);
    int[][] pAdj = adjacent(pred);
    long tSkel = 0;
    long pSkel = 0;
    long bothSkel = 0;
    for (int i = 0; i < n; i++) {
      for (int j : tAdj[i]) {
        if (j > i) {
          tSkel++;
          if (Arrays.binarySearch(pAdj[i], j) >= 0) {
            bothSkel++;
          }
        }
      }
      for (int j : pAdj[i]) {
        if (j > i) {
          pSkel++;
        }
      }
    }
    Confusion skeleton =
        new Confusion(
            bothSkel, pSkel - bothSkel, tSkel - bothSkel, pairs - tSkel - pSkel + bothSkel);
    int[][] tOut = outgoing(truth);
    int[][] pOut = outgoing(pred);
    long tDir = 0;
    long pDir = 0;
    long bothDir = 0;
    for (int i = 0; i < n; i++) {
      tDir += tOut[i].length;
      pDir += pOut[i].length;
      for (int j : tOut[i]) {
        if (Arrays.binarySearch(pOut[i], j) >= 0) {
          bothDir++;
        }
      }
    }
    Confusion oriented =
        new Confusion(bothDir, pDir - bothDir, tDir - bothDir, 2 * pairs - tDir - pDir + bothDir);
    long cdt = Shd.shd(truth, pred, true);
    long single = Shd.shd(truth, pred, false);
    long bnlearn = Shd.shd(cpdagOf(truth, "truth"), cpdagOf(pred, "prediction"), false);
    return new Result(skeleton, oriented, cdt, single, bnlearn);
  }

  /**
   * The CPDAG bnlearn compares: of a fully directed graph its CPDAG, a graph with undirected edges
   * as it is.
   */
  private static Graph cpdagOf(Graph g, String which) {
    if (!g.isFullyDirected()) {
      return g;
    }
    try {
      return Cpdag.of(g.toDag());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
    }
  }

  /** Sorted neighbours of every node over any edge. */
  private static int[][] adjacent(Graph g) {
    int n = g.size();
    int[][] out = new int[n][];
    for (int i = 0; i < n; i++) {
      int[] c = g.childLists()[i];
      int[] p = g.parentLists()[i];
      int[] u = g.undirectedLists()[i];
      int[] m = new int[c.length + p.length + u.length];
      System.arraycopy(c, 0, m, 0, c.length);
      System.arraycopy(p, 0, m, c.length, p.length);
      System.arraycopy(u, 0, m, c.length + p.length, u.length);
      out[i] = GraphSupport.sortedUnique(m);
    }
    return out;
  }

  /** Sorted targets j with A[i][j] = 1: children and undirected neighbours, no self-loop. */
  private static int[][] outgoing(Graph g) {
    int n = g.size();
    int[][] out = new int[n][];
    for (int i = 0; i < n; i++) {
      int[] c = g.childLists()[i];
      int[] u = g.undirectedLists()[i];
      int[] m = new int[c.length + u.length];
      System.arraycopy(c, 0, m, 0, c.length);
      System.arraycopy(u, 0, m, c.length, u.length);
      final int self = i;
      out[i] = Arrays.stream(GraphSupport.sortedUnique(m)).filter(j -> j != self).toArray();
    }
    return out;
  }
}
