package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.SpearmanLasso;
import dev.candela.metrics.stats.Vector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * UDR, the Unsupervised Disentanglement Ranking of Duan et al., "Unsupervised Model Selection for
 * Variational Disentangled Representation Learning", ICLR 2020, with the semantics of
 * disentanglement_lib's {@code evaluation/udr/metrics/udr.py} ({@code compute_udr_sklearn}).
 *
 * <p>Every model encodes the same N inputs. For model i with latent means z^i [N × L_i] and mean
 * per-latent KL divergence to the prior KL^i_a (a latent is <em>active</em> when KL^i_a &gt; {@code
 * klThreshold}, 0.01):
 *
 * <ol>
 *   <li>each latent is standardised (mean 0, population sd 1; sd 0 leaves the centred column) and
 *       latents with KL ≤ 0.01 are set to 0;
 *   <li>for a pair (i, j), R[a][b] = |Spearman rank correlation of z^i_a and z^j_b| (mid-ranks for
 *       ties; a constant column gives NaN, as scipy's {@code spearmanr}) or, with {@link
 *       Correlation#LASSO}, |coefficient of z^i_a in the Lasso regression (α = 0.1) of z^j_b on all
 *       of z^i|;
 *   <li>R is restricted to the active latents of i (rows) and of j (columns);
 *   <li>UDR_ij = ½ [ mean_b r_b² / Σ_a R[a][b] + mean_a r_a² / Σ_b R[a][b] ] with r_b = max_a
 *       R[a][b] and r_a = max_b R[a][b]; a 0/0 or NaN term counts as 0 ({@code np.nan_to_num});
 *   <li>model i's UDR = median over the other models j of its pool of UDR_ji (disentanglement_lib's
 *       column i); the pool is the models of the same setting (the paper: several seeds per
 *       hyper-parameter setting), or all models when i is the only one of its setting.
 * </ol>
 *
 * <p>The paper's equation (its Eq. 3) normalises the two sums by the total number of active
 * latents, UDR_ij = (Σ_b r_b² / Σ_a R_ab + Σ_a r_a² / Σ_b R_ab) / (d_a + d_b); disentanglement_lib,
 * which this class follows, averages each sum over its own latents, which is the same when both
 * models have equally many active latents. A pair in which either model has no active latent has
 * UDR NaN (the reference fails there) and is left out of the medians.
 */
public final class Udr {

  private Udr() {}

  /** disentanglement_lib's {@code kl_filter_threshold}. */
  public static final double DEFAULT_KL_THRESHOLD = 0.01;

  /** disentanglement_lib's Lasso penalty. */
  public static final double LASSO_ALPHA = 0.1;

  /** How two representations are compared. */
  public enum Correlation {
    /** |Spearman rank correlation| of every latent pair (disentanglement_lib's "spearman"). */
    SPEARMAN,
    /** |Lasso coefficients| of one model's latents regressed on the other's (the default there). */
    LASSO
  }

  /**
   * One model's representation of the shared inputs.
   *
   * @param name the model's name
   * @param setting the model's hyper-parameter setting (models that differ only by seed share it)
   * @param latents latent means, latent-major {@code latents[a][n]}
   * @param kl per latent, the mean KL divergence of the posterior to the prior
   */
  public record Model(String name, String setting, double[][] latents, double[] kl) {
    /** Validates shapes. */
    public Model {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(setting, "setting");
      if (latents.length == 0 || latents.length != kl.length) {
        throw new IllegalArgumentException(
            "model "
                + name
                + " has "
                + latents.length
                + " latents and "
                + kl.length
                + " KL values; need as many, at least one");
      }
      int n = latents[0].length;
      for (double[] col : latents) {
        if (col.length != n) {
          throw new IllegalArgumentException(
              "model " + name + " has latents of " + col.length + " and " + n + " samples");
        }
      }
      latents = Arrays2.deepCopy(latents);
      kl = kl.clone();
    }

    /**
     * The number of inputs.
     *
     * @return N
     */
    public int numSamples() {
      return latents[0].length;
    }
  }

  /**
   * UDR of every model.
   *
   * @param models the models, all encoding the same inputs (at least two)
   * @param correlation Spearman or Lasso
   * @param klThreshold latents with mean KL at most this are inactive (0.01)
   * @return the pairwise scores and each model's UDR
   * @throws IllegalArgumentException for fewer than two models or different sample counts
   */
  public static UdrResult compute(List<Model> models, Correlation correlation, double klThreshold) {
    int m = models.size();
    if (m < 2) {
      throw new IllegalArgumentException("UDR needs at least two models, got " + m);
    }
    int n = models.get(0).numSamples();
    for (Model md : models) {
      if (md.numSamples() != n) {
        throw new IllegalArgumentException(
            "model "
                + md.name()
                + " encodes "
                + md.numSamples()
                + " inputs, model "
                + models.get(0).name()
                + " "
                + n
                + "; UDR needs the same inputs for all");
      }
    }
    List<double[][]> prepared = new ArrayList<>(m);
    List<boolean[]> active = new ArrayList<>(m);
    for (Model md : models) {
      boolean[] act = new boolean[md.kl().length];
      double[][] z = new double[act.length][];
      for (int a = 0; a < act.length; a++) {
        act[a] = md.kl()[a] > klThreshold;
        z[a] = standardised(md.latents()[a], md.kl()[a] > DEFAULT_KL_THRESHOLD);
      }
      prepared.add(z);
      active.add(act);
    }
    double[][] pairwise = new double[m][m];
    for (int i = 0; i < m; i++) {
      pairwise[i][i] = Double.NaN;
      for (int j = 0; j < m; j++) {
        if (i != j) {
          double[][] r =
              correlation == Correlation.SPEARMAN
                  ? SpearmanLasso.spearmanMatrix(prepared.get(i), prepared.get(j))
                  : SpearmanLasso.lassoMatrix(prepared.get(i), prepared.get(j), LASSO_ALPHA);
          pairwise[i][j] = relativeStrength(restrict(r, active.get(i), active.get(j)));
        }
      }
    }
    double[] scores = new double[m];
    boolean[] ownSetting = new boolean[m];
    for (int i = 0; i < m; i++) {
      List<Double> same = new ArrayList<>();
      List<Double> all = new ArrayList<>();
      for (int j = 0; j < m; j++) {
        if (j == i || Double.isNaN(pairwise[j][i])) {
          continue;
        }
        all.add(pairwise[j][i]);
        if (models.get(j).setting().equals(models.get(i).setting())) {
          same.add(pairwise[j][i]);
        }
      }
      boolean hasPeers = false;
      for (int j = 0; j < m; j++) {
        hasPeers |= j != i && models.get(j).setting().equals(models.get(i).setting());
      }
      ownSetting[i] = hasPeers;
      scores[i] = median(hasPeers ? same : all);
    }
    List<String> names = models.stream().map(Model::name).toList();
    return new UdrResult(
        names,
        Vector.of(scores),
        Arrays2.list(ownSetting),
        Matrix.of(pairwise),
        correlation,
        klThreshold);
  }

  /**
   * disentanglement_lib's {@code relative_strength_disentanglement}: ½ (mean over columns of
   * (column max)² / column sum + mean over rows of (row max)² / row sum), NaN and 0/0 terms as 0.
   *
   * @param r a non-negative matrix (NaN entries allowed)
   * @return the score in [0, 1], or NaN for an empty matrix
   */
  public static double relativeStrength(double[][] r) {
    if (r.length == 0 || r[0].length == 0) {
      return Double.NaN;
    }
    int rows = r.length;
    int cols = r[0].length;
    double sx = 0.0;
    for (int b = 0; b < cols; b++) {
      double max = Double.NEGATIVE_INFINITY;
      double sum = 0.0;
      boolean nan = false;
      for (double[] row : r) {
        nan |= Double.isNaN(row[b]);
        max = Math.max(max, row[b]);
        sum += row[b];
      }
      sx += nan ? 0.0 : nanToZero(max * max / sum);
    }
    double sy = 0.0;
    for (double[] row : r) {
      double max = Double.NEGATIVE_INFINITY;
      double sum = 0.0;
      boolean nan = false;
      for (double v : row) {
        nan |= Double.isNaN(v);
        max = Math.max(max, v);
        sum += v;
      }
      sy += nan ? 0.0 : nanToZero(max * max / sum);
    }
    return (sx / cols + sy / rows) / 2.0;
  }

  private static double nanToZero(double v) {
    return Double.isNaN(v) ? 0.0 : v;
  }

  private static double[][] restrict(double[][] r, boolean[] rows, boolean[] cols) {
    List<double[]> out = new ArrayList<>();
    for (int a = 0; a < r.length; a++) {
      if (!rows[a]) {
        continue;
      }
      double[] row = new double[countTrue(cols)];
      int c = 0;
      for (int b = 0; b < cols.length; b++) {
        if (cols[b]) {
          row[c++] = r[a][b];
        }
      }
      out.add(row);
    }
    return out.toArray(new double[0][]);
  }

  private static int countTrue(boolean[] v) {
    int c = 0;
    for (boolean b : v) {
      c += b ? 1 : 0;
    }
    return c;
  }

  /** sklearn's StandardScaler (population sd, sd 0 → 1), times 0 for an inactive latent. */
  private static double[] standardised(double[] col, boolean keep) {
    int n = col.length;
    double mean = 0.0;
    for (double v : col) {
      mean += v;
    }
    mean /= n;
    double var = 0.0;
    for (double v : col) {
      var += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(var / n);
    double scale = sd == 0.0 ? 1.0 : sd;
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = keep ? (col[i] - mean) / scale : 0.0;
    }
    return out;
  }

  private static double median(List<Double> v) {
    if (v.isEmpty()) {
      return Double.NaN;
    }
    double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(a);
    int k = a.length / 2;
    return a.length % 2 == 1 ? a[k] : (a[k - 1] + a[k]) / 2.0;
  }

  /**
   * The mean KL divergence per latent of a diagonal Gaussian posterior N(μ, exp(logσ²)) to N(0, 1):
   * KL_a = mean over samples of ½ (μ² + σ² − log σ² − 1).
   *
   * @param mean {@code mean[i][a]}
   * @param logVar {@code logVar[i][a]}
   * @return one value per latent
   * @throws IllegalArgumentException if the shapes differ or there are no samples
   */
  public static double[] meanKl(float[][] mean, float[][] logVar) {
    if (mean.length == 0 || mean.length != logVar.length) {
      throw new IllegalArgumentException(
          "need as many (≥ 1) means as log-variances, got "
              + mean.length
              + " and "
              + logVar.length);
    }
    int d = mean[0].length;
    double[] kl = new double[d];
    for (int i = 0; i < mean.length; i++) {
      if (mean[i].length != d || logVar[i].length != d) {
        throw new IllegalArgumentException(
            "sample "
                + i
                + " has "
                + mean[i].length
                + " means and "
                + logVar[i].length
                + " log-variances, expected "
                + d);
      }
      for (int a = 0; a < d; a++) {
        double mu = mean[i][a];
        double lv = logVar[i][a];
        kl[a] += 0.5 * (mu * mu + Math.exp(lv) - lv - 1.0);
      }
    }
    for (int a = 0; a < d; a++) {
      kl[a] /= mean.length;
    }
    return kl;
  }
}
