package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.Arrays;
import java.util.List;

/**
 * The unified scores of disentanglement_lib's {@code unified_scores.py} (Locatello et al. 2020, the
 * "unified disentanglement score" of disentanglement_lib, which the JMLR study "A Sober Look at the
 * Unsupervised Learning of Disentangled Representations and their Evaluation", JMLR 21(209), 2020,
 * ships): every pairing of a factor × latent matrix with every aggregation of DCI, MIG, SAP and
 * Modularity, plus the area and maximum of a precision curve.
 *
 * <p>The three matrices, each [latents × factors] from training rows (and, for the learned ones,
 * test rows):
 *
 * <ul>
 *   <li>{@code gbt}: R, the importance matrix of DCI ({@link Dci} with {@link
 *       DciLearner#SKLEARN_GBT}: one gradient-boosted classifier per factor on the training rows,
 *       column k its normalised feature importances);
 *   <li>{@code mi}: the plug-in MI I(z_j; v_k) in nats of the training latents cut into 20
 *       equal-width bins ({@link DiscreteMutualInfo#latentFactorMatrix}, as MIG and Modularity);
 *   <li>{@code svm}: S, the test accuracy of a linear SVM per latent and factor ({@link Sap}).
 * </ul>
 *
 * <p>The aggregations of a matrix M with L rows (latents) and K columns (factors), H(v_k) the
 * plug-in entropy of factor k on the training rows:
 *
 * <ul>
 *   <li>{@code dci_disentanglement}, {@code dci_completeness}: D and C of M ({@link
 *       Dci#scores(double[][])}, see {@link DciScores});
 *   <li>{@code mig}: (1/K) Σ_k (M_(1)k − M_(2)k) / H(v_k), M_(1)k ≥ M_(2)k the two largest entries
 *       of column k ({@link Mig#fromMutualInformation});
 *   <li>{@code sap}: (1/K) Σ_k (M_(1)k − M_(2)k) ({@link Sap#topTwoGaps});
 *   <li>{@code modularity}: (1/L) Σ_j (1 − δ_j), δ_j = (Σ_k M_jk² − θ_j) / (θ_j (K − 1)), θ_j =
 *       max_k M_jk², a row with θ_j = 0 scoring 0 ({@link Modularity#fromMutualInformation});
 *   <li>{@code area_precision}, {@code max_precision}: with t_1 ≥ t_2 ≥ … ≥ t_n the n = L·K entries
 *       of M sorted in decreasing order (ties repeated), p(t) the number of connected components
 *       with at least one edge of the bipartite graph on the L latents and K factors with an edge
 *       (j, k) for every entry M_jk ≥ t, M_jk ≠ 0 (the peer's {@code visualize_scores.precision}:
 *       "independent groups"), A = Σ_{i=1}^{n−1} (p(t_i) + p(t_{i+1})) (t_i − t_{i+1}) / 2 (the
 *       trapezoid rule over the thresholds) and max_i p(t_i) ({@link #precisionCurve}).
 * </ul>
 *
 * <p>The peer's own deviations, which Candela keeps (they define these scores): MIG divides the gap
 * of every matrix, not only the MI one, by the factor's entropy; the precision curve counts
 * components, so A and the maximum are not in [0, 1] (the maximum is at most min(L, K)). Candela's
 * GBT is seeded (the peer's is not: its random state only decides between splits of equal gain, see
 * docs/metrics-unified.md for the spread it causes), and liblinear's sample order follows the seed.
 */
public final class Unified {

  /** The matrices, in report order. */
  public static final List<String> MATRICES = List.of("gbt", "mi", "svm");

  /** The aggregations, in report order. */
  public static final List<String> AGGREGATIONS =
      List.of(
          "dci_disentanglement",
          "dci_completeness",
          "mig",
          "sap",
          "modularity",
          "area_precision",
          "max_precision");

  private Unified() {}

  /**
   * The three matrices on train and test rows and every aggregation of each.
   *
   * @param train the training rows (GBT and SVM fits, the MI matrix, the factor entropies)
   * @param test the test rows (the SVM accuracies; the GBT importances do not use them)
   * @param seed the learners' seed
   * @return the scores and matrices
   * @throws IllegalArgumentException if train and test differ in latents or factors, there are
   *     fewer than two latents, or a factor has a single value in the training rows
   */
  public static UnifiedResult compute(LatentCodes train, LatentCodes test, long seed) {
    LearnedMetricInputs.check(train, test);
    if (train.numLatents() < 2) {
      throw new IllegalArgumentException(
          "the unified scores need at least two latents to compare, got " + train.numLatents());
    }
    double[] entropy = DiscreteMutualInfo.factorEntropies(train.factors());
    double[][] gbt = Dci.compute(train, test, seed, DciLearner.SKLEARN_GBT).importance().toArray();
    double[][] mi =
        DiscreteMutualInfo.latentFactorMatrix(
            train.latents(), train.factors(), HistogramDiscretizer.DEFAULT_BINS);
    double[][] svm = Sap.compute(train, test, seed).scoreMatrix().toArray();

    return new UnifiedResult(
        List.of(
            aggregate("gbt", gbt, entropy),
            aggregate("mi", mi, entropy),
            aggregate("svm", svm, entropy)),
        Vector.of(entropy),
        SplitProvenance.of(train, test, seed));
  }

  /**
   * Every aggregation of one matrix.
   *
   * @param name the matrix's name
   * @param matrix {@code [latent][factor]}, at least two rows, rectangular, entries finite and ≥ 0
   * @param factorEntropy H(v_k) per factor (a column), each &gt; 0
   * @return the aggregations
   * @throws IllegalArgumentException naming the offending entry or shape
   */
  public static UnifiedMatrixScores aggregate(
      String name, double[][] matrix, double[] factorEntropy) {
    DciScores dci = Dci.scores(matrix);
    for (int k = 0; k < factorEntropy.length; k++) {
      if (!(factorEntropy[k] > 0)) {
        throw new IllegalArgumentException(
            "factor " + k + " has entropy " + factorEntropy[k] + "; the gap needs it > 0");
      }
    }
    MigResult mig =
        Mig.fromMutualInformation(matrix, factorEntropy, HistogramDiscretizer.DEFAULT_BINS);
    double[] gaps = Sap.topTwoGaps(matrix);
    ModularityResult modularity =
        Modularity.fromMutualInformation(matrix, HistogramDiscretizer.DEFAULT_BINS);
    return new UnifiedMatrixScores(
        name,
        Matrix.of(matrix),
        dci,
        mig.score(),
        mig.gap(),
        LearnedMetricInputs.mean(gaps),
        Vector.of(gaps),
        modularity.score(),
        modularity.perLatent(),
        precisionCurve(matrix));
  }

  /**
   * The precision curve of a matrix: p(t_i) at every entry t_i in decreasing order, its trapezoid
   * area and its maximum (see the class comment). Entries are added to a union-find of the latents
   * and factors in decreasing order, equal entries together, so the curve costs O(n log n).
   *
   * @param matrix {@code [latent][factor]}, non-empty, rectangular, finite
   * @return the curve
   * @throws IllegalArgumentException if the matrix is empty, ragged or has a non-finite entry
   */
  public static PrecisionCurve precisionCurve(double[][] matrix) {
    int l = matrix.length;
    if (l == 0 || matrix[0].length == 0) {
      throw new IllegalArgumentException(
          "matrix is empty: " + l + " rows, " + (l == 0 ? 0 : matrix[0].length) + " columns");
    }
    int k = matrix[0].length;
    int n = l * k;
    double[] values = new double[n];
    Integer[] order = new Integer[n];
    for (int j = 0; j < l; j++) {
      if (matrix[j].length != k) {
        throw new IllegalArgumentException(
            "matrix row " + j + " has " + matrix[j].length + " entries, row 0 has " + k);
      }
      for (int f = 0; f < k; f++) {
        double v = matrix[j][f];
        if (!Double.isFinite(v)) {
          throw new IllegalArgumentException(
              "matrix[" + j + "][" + f + "] = " + v + " is not finite");
        }
        values[j * k + f] = v;
        order[j * k + f] = j * k + f;
      }
    }
    Arrays.sort(order, (a, b) -> Double.compare(values[b], values[a]));
    int[] parent = new int[l + k];
    boolean[] hasEdge = new boolean[l + k];
    for (int i = 0; i < parent.length; i++) {
      parent[i] = i;
    }
    double[] thresholds = new double[n];
    int[] precisions = new int[n];
    int components = 0;
    int i = 0;
    while (i < n) {
      double t = values[order[i]];
      int end = i;
      while (end < n && values[order[end]] == t) {
        int cell = order[end];
        if (t != 0) {
          int a = find(parent, cell / k);
          int b = find(parent, l + cell % k);
          if (a != b) {
            components += 1 - (hasEdge[a] ? 1 : 0) - (hasEdge[b] ? 1 : 0);
            parent[a] = b;
            hasEdge[b] = true;
          }
        }
        end++;
      }
      for (int m = i; m < end; m++) {
        thresholds[m] = t;
        precisions[m] = components;
      }
      i = end;
    }
    double area = 0;
    int max = 0;
    for (int m = 0; m < n; m++) {
      max = Math.max(max, precisions[m]);
      if (m + 1 < n) {
        area += (precisions[m] + precisions[m + 1]) * (thresholds[m] - thresholds[m + 1]) * 0.5;
      }
    }
    return new PrecisionCurve(Vector.of(thresholds), Arrays2.list(precisions), area, max);
  }

  private static int find(int[] parent, int x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }
}
