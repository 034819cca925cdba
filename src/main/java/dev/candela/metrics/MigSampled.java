package dev.candela.metrics;

import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.metrics.stats.Vector;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The Mutual Information Gap with the sampling estimator of Chen, Li, Grosse &amp; Duvenaud,
 * "Isolating Sources of Disentanglement in Variational Autoencoders", NeurIPS 2018 (the β-TCVAE
 * paper's MIG, Section 5 and Appendix C; their {@code disentanglement_metrics.py} {@code
 * estimate_entropies}, also used by disentangling-vae's {@code disvae/evaluate.py}): the mutual
 * information of each latent with each factor is computed from the encoder's posterior {@code
 * q(z|x) = Π_j N(z_j; μ_j(x), σ_j²(x))}, not from a histogram of the means ({@link Mig}).
 *
 * <p>With the {@code N} encoded rows {@code x_n} (means, log-variances) as the empirical {@code
 * p(x)}, the aggregate posterior is {@code q(z_j) = (1/N) Σ_n q(z_j | x_n)} and
 *
 * <pre>
 *   H(z_j)       = E_{p(x)} E_{q(z_j|x)} [−log q(z_j)]
 *              ≈ −(1/S) Σ_{s∈S} log( (1/N) Σ_n N(z_sj; μ_nj, σ_nj²) ),   z_s ~ q(z | x_s)
 *   H(z_j | v_k) = Σ_v p(v_k = v) H(z_j | v_k = v)   (the same estimate within the rows with v_k = v)
 *   I(z_j; v_k)  = max(0, H(z_j) − H(z_j | v_k))
 *   MIG          = mean_k (I_(1) − I_(2)) / H(v_k)
 * </pre>
 *
 * with one sample {@code z_s} drawn per row and {@code S} the first {@code min(samples, rows)} rows
 * of a seeded permutation (the peers draw {@code n_samples = 10000} rows with {@code randperm}),
 * the same rows for every subset (within the rows of a factor value, their first {@code
 * min(samples, |rows|)} in that order). {@code p(v)} and {@code H(v_k)} are the empirical
 * frequencies and entropy of the factor codes; on a dataset's full factor grid, where the peers
 * run, they are the peers' {@code 1/|V_k|} and {@code log |V_k|}. A factor with {@code H(v_k) = 0}
 * is excluded from the mean (as in {@link Mig}); {@code I_(2) = 0} with a single latent.
 *
 * <p>Interval: the estimate is a smooth function of the rows, each of which is both a sample and a
 * mixture component, so the delete-a-group jackknife over {@code G} groups of rows (the seeded
 * permutation cut into {@code G} parts) gives its standard error, Monte-Carlo noise included:
 * {@code se² = (G−1)/G Σ_g (θ_(g) − θ̄)²}, interval {@code θ ± t_{0.975,G−1}·se}. The group
 * deletions cost nothing extra: every log-sum-exp is accumulated per group, and deleting a group
 * drops its partial sums and its samples.
 *
 * <p>How the peers differ (docs/metrics-mig-sampled.md): rtqichen/beta-tcvae scores only scale,
 * orientation, posX and posY on dSprites (not shape) and needs CUDA; YannDubs/disentangling-vae
 * reshapes the selected samples with {@code view(latent_dim, n_samples)} instead of a transpose
 * (each latent's samples are taken from a mix of latents), needs at least 10,000 rows per factor
 * value, and divides by {@code log 1 = 0} for a constant factor.
 */
public final class MigSampled {
  private MigSampled() {}

  /** Monte-Carlo samples (rows) per entropy estimate by default: the peers' {@code n_samples}. */
  public static final int DEFAULT_SAMPLES = 10_000;

  /** Jackknife groups by default. */
  public static final int DEFAULT_GROUPS = 10;

  private static final double LOG_2PI = Math.log(2 * Math.PI);

  /**
   * The estimate with its samples drawn from the posteriors with a seed.
   *
   * @param mean encoder means {@code [row][latent]}
   * @param logVar encoder log-variances {@code [row][latent]}
   * @param codes factor codes {@code [factor][row]} (non-negative)
   * @param samples the most rows used as Monte-Carlo samples per estimate (≥ 1)
   * @param groups jackknife groups (≥ 2, at most the rows), or 0 for no interval
   * @param seed the seed of the samples and of the row permutation
   * @return the score and its details
   * @throws IllegalArgumentException naming the offending value when the shapes disagree or a value
   *     is not finite
   */
  public static MigSampledResult compute(
      float[][] mean, float[][] logVar, int[][] codes, int samples, int groups, long seed) {
    check(mean, logVar, codes);
    int n = mean.length;
    int d = mean[0].length;
    SplittableRandom rnd = new SplittableRandom(seed);
    double[][] z = new double[n][d];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < d; j++) {
        z[i][j] = mean[i][j] + Math.exp(0.5 * logVar[i][j]) * gaussian(rnd);
      }
    }
    int[] order = permutation(n, rnd);
    return fromSamples(mean, logVar, z, codes, order, samples, groups, seed);
  }

  /**
   * The estimate from given posterior samples (one per row): deterministic, for comparisons with a
   * peer fed the same samples.
   *
   * @param mean encoder means {@code [row][latent]}
   * @param logVar encoder log-variances {@code [row][latent]}
   * @param z one sample of {@code q(z | x_n)} per row, {@code [row][latent]}
   * @param codes factor codes {@code [factor][row]} (non-negative)
   * @param order a permutation of the rows: samples are taken in this order, groups are its parts
   * @param samples the most rows used as Monte-Carlo samples per estimate (≥ 1)
   * @param groups jackknife groups (≥ 2, at most the rows), or 0 for no interval
   * @param seed the seed recorded in the result
   * @return the score and its details
   * @throws IllegalArgumentException naming the offending value when the shapes disagree or a value
   *     is not finite
   */
  public static MigSampledResult fromSamples(
      float[][] mean,
      float[][] logVar,
      double[][] z,
      int[][] codes,
      int[] order,
      int samples,
      int groups,
      long seed) {
    check(mean, logVar, codes);
    int n = mean.length;
    int d = mean[0].length;
    if (z.length != n || order.length != n) {
      throw new IllegalArgumentException(
          "samples have " + z.length + " rows and the order " + order.length + ", means " + n);
    }
    if (samples < 1) {
      throw new SettingException(Setting.SAMPLES, samples, "must be at least 1, got " + samples);
    }
    if (groups != 0 && (groups < 2 || groups > n)) {
      throw new IllegalArgumentException(
          "jackknife groups must be 0 or in [2, " + n + "] (the rows), got " + groups);
    }
    int g = Math.max(groups, 1);
    int[] group = new int[n];
    boolean[] seen = new boolean[n];
    for (int p = 0; p < n; p++) {
      int r = order[p];
      if (r < 0 || r >= n || seen[r]) {
        throw new IllegalArgumentException("order is not a permutation of 0.." + (n - 1));
      }
      seen[r] = true;
      group[r] = (int) ((long) p * g / n);
    }
    // column-major posterior parameters: mean, 1/var, log-normaliser
    double[][] mu = new double[d][n];
    double[][] inv = new double[d][n];
    double[][] c = new double[d][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < d; j++) {
        Arrays2Check.finite("z", i, j, z[i][j]);
        mu[j][i] = mean[i][j];
        inv[j][i] = Math.exp(-(double) logVar[i][j]);
        c[j][i] = -0.5 * (LOG_2PI + logVar[i][j]);
      }
    }
    int k = codes.length;
    Estimator est = new Estimator(mu, inv, c, z, group, g);
    // marginal entropies, per group deletion (index g = none deleted)
    double[][] hz = est.entropies(order, samples);
    double[][][] hzv = new double[k][][];
    double[][] hv = new double[k][g + 1];
    for (int f = 0; f < k; f++) {
      int[] col = codes[f];
      int values = Arrays.stream(col).max().orElse(0) + 1;
      int[][] rowsOf = rowsByValue(order, col, values);
      double[][] acc = new double[g + 1][d];
      double[][] weight = new double[g + 1][values];
      double[][][] hPer = new double[values][][];
      for (int v = 0; v < values; v++) {
        if (rowsOf[v].length > 0) {
          hPer[v] = est.entropies(rowsOf[v], samples);
          int[] inGroup = new int[g];
          for (int r : rowsOf[v]) {
            inGroup[group[r]]++;
          }
          weight[g][v] = rowsOf[v].length;
          for (int del = 0; del < g && groups > 0; del++) {
            weight[del][v] = rowsOf[v].length - inGroup[del];
          }
        }
      }
      for (int del = 0; del <= g; del++) {
        if (del < g && groups == 0) {
          continue;
        }
        double total = 0;
        double used = 0;
        for (int v = 0; v < values; v++) {
          total += weight[del][v];
        }
        double ent = 0;
        for (int v = 0; v < values; v++) {
          if (weight[del][v] == 0) {
            continue;
          }
          double p = weight[del][v] / total;
          ent -= p * Math.log(p);
          if (Double.isNaN(hPer[v][del][0])) {
            continue; // no sample of this value left after the deletion: renormalised below
          }
          used += p;
          for (int j = 0; j < d; j++) {
            acc[del][j] += p * hPer[v][del][j];
          }
        }
        for (int j = 0; j < d; j++) {
          acc[del][j] /= used;
        }
        hv[f][del] = ent;
      }
      hzv[f] = acc;
    }
    Gap full = gap(hz[g], hzv, hv, g);
    Uncertainty u = null;
    if (groups > 0) {
      double[] reps = new double[g];
      double sum = 0;
      for (int del = 0; del < g; del++) {
        reps[del] = gap(hz[del], hzv, hv, del).score;
        sum += reps[del];
      }
      double avg = sum / g;
      double ss = 0;
      for (double r : reps) {
        ss += (r - avg) * (r - avg);
      }
      double se = Math.sqrt((g - 1.0) / g * ss);
      u =
          Uncertainty.symmetric(
              full.score, se, g - 1, Uncertainty.JACKKNIFE, g, (g - 1) * (avg - full.score), n);
    }
    double[][] condEnt = new double[d][k];
    for (int f = 0; f < k; f++) {
      for (int j = 0; j < d; j++) {
        condEnt[j][f] = hzv[f][g][j];
      }
    }
    double[] factorEntropy = new double[k];
    for (int f = 0; f < k; f++) {
      factorEntropy[f] = hv[f][g];
    }
    return new MigSampledResult(
        full.score,
        Vector.of(full.gap),
        Arrays2.list(full.best),
        Matrix.of(full.mi),
        Vector.of(hz[g]),
        Matrix.of(condEnt),
        Vector.of(factorEntropy),
        Arrays2.list(full.constant),
        Math.min(samples, n),
        n,
        groups,
        seed,
        u);
  }

  /** The scores of one deletion. */
  private record Gap(double score, double[] gap, int[] best, double[][] mi, int[] constant) {}

  private static Gap gap(double[] hz, double[][][] hzv, double[][] hv, int del) {
    int k = hzv.length;
    int d = hz.length;
    double[][] mi = new double[d][k];
    double[] gap = new double[k];
    int[] best = new int[k];
    int[] constant = new int[k];
    int nConst = 0;
    double sum = 0;
    int used = 0;
    for (int f = 0; f < k; f++) {
      double top1 = 0;
      double top2 = 0;
      int arg = 0;
      for (int j = 0; j < d; j++) {
        mi[j][f] = Math.max(0, hz[j] - hzv[f][del][j]);
        if (mi[j][f] > top1) {
          top2 = top1;
          top1 = mi[j][f];
          arg = j;
        } else if (mi[j][f] > top2) {
          top2 = mi[j][f];
        }
      }
      best[f] = arg;
      if (hv[f][del] <= 0) {
        constant[nConst++] = f;
        continue;
      }
      gap[f] = (top1 - top2) / hv[f][del];
      sum += gap[f];
      used++;
    }
    if (used == 0) {
      throw new IllegalArgumentException(
          "MIG (sampled) is undefined: all " + k + " factors are constant (entropy 0)");
    }
    return new Gap(sum / used, gap, best, mi, Arrays.copyOf(constant, nConst));
  }

  /** Per-group log-sum-exp accumulation of the aggregate posterior's log density. */
  private static final class Estimator {
    private final double[][] mu;
    private final double[][] inv;
    private final double[][] c;
    private final double[][] z;
    private final int[] group;
    private final int g;

    Estimator(double[][] mu, double[][] inv, double[][] c, double[][] z, int[] group, int g) {
      this.mu = mu;
      this.inv = inv;
      this.c = c;
      this.z = z;
      this.group = group;
      this.g = g;
    }

    /**
     * Entropy estimates of every latent over a set of rows, with none and with each group deleted.
     *
     * @param rows the rows (mixture components), in the order samples are taken
     * @param samples the most samples: the first {@code min(samples, rows)} rows
     * @return {@code [deleted group, or g for none][latent]}; NaN where no sample is left
     */
    double[][] entropies(int[] rows, int samples) {
      int m = rows.length;
      int s = Math.min(samples, m);
      int d = mu.length;
      int[] inGroup = new int[g];
      for (int r : rows) {
        inGroup[group[r]]++;
      }
      double[][] out = new double[g + 1][d];
      IntStream.range(0, d)
          .parallel()
          .forEach(
              j -> {
                double[] muj = new double[m];
                double[] invj = new double[m];
                double[] cj = new double[m];
                int[] gj = new int[m];
                for (int a = 0; a < m; a++) {
                  muj[a] = mu[j][rows[a]];
                  invj[a] = inv[j][rows[a]];
                  cj[a] = c[j][rows[a]];
                  gj[a] = group[rows[a]];
                }
                double[] max = new double[g];
                double[] acc = new double[g];
                double[] sumAll = new double[g + 1];
                double[] l = new double[m];
                int[] count = new int[g + 1];
                for (int t = 0; t < s; t++) {
                  double x = z[rows[t]][j];
                  Arrays.fill(max, Double.NEGATIVE_INFINITY);
                  Arrays.fill(acc, 0);
                  // log N(x; mu_a, var_a) of every component, and each group's largest
                  for (int a = 0; a < m; a++) {
                    double diff = x - muj[a];
                    l[a] = cj[a] - 0.5 * diff * diff * invj[a];
                    if (l[a] > max[gj[a]]) {
                      max[gj[a]] = l[a];
                    }
                  }
                  for (int a = 0; a < m; a++) {
                    acc[gj[a]] += Math.exp(l[a] - max[gj[a]]);
                  }
                  int own = group[rows[t]];
                  sumAll[g] -= lse(max, acc, -1) - Math.log(m);
                  count[g]++;
                  for (int del = 0; del < g && g > 1; del++) {
                    if (del == own || inGroup[del] == m) {
                      continue;
                    }
                    sumAll[del] -= lse(max, acc, del) - Math.log(m - inGroup[del]);
                    count[del]++;
                  }
                }
                for (int del = 0; del <= g; del++) {
                  out[del][j] = count[del] == 0 ? Double.NaN : sumAll[del] / count[del];
                }
              });
      return out;
    }

    /** log Σ over the groups (but {@code skip}) of the partial sums {@code acc·e^max}. */
    private static double lse(double[] max, double[] acc, int skip) {
      double top = Double.NEGATIVE_INFINITY;
      for (int q = 0; q < max.length; q++) {
        if (q != skip && acc[q] > 0 && max[q] > top) {
          top = max[q];
        }
      }
      double sum = 0;
      for (int q = 0; q < max.length; q++) {
        if (q != skip && acc[q] > 0) {
          sum += acc[q] * Math.exp(max[q] - top);
        }
      }
      return top + Math.log(sum);
    }
  }

  private static int[][] rowsByValue(int[] order, int[] col, int values) {
    int[] count = new int[values];
    for (int v : col) {
      count[v]++;
    }
    int[][] out = new int[values][];
    for (int v = 0; v < values; v++) {
      out[v] = new int[count[v]];
    }
    int[] fill = new int[values];
    for (int r : order) {
      int v = col[r];
      out[v][fill[v]++] = r;
    }
    return out;
  }

  private static int[] permutation(int n, SplittableRandom rnd) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  /** A standard normal draw (Marsaglia's polar method). */
  private static double gaussian(SplittableRandom rnd) {
    double u;
    double v;
    double s;
    do {
      u = 2 * rnd.nextDouble() - 1;
      v = 2 * rnd.nextDouble() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    return u * Math.sqrt(-2 * Math.log(s) / s);
  }

  private static void check(float[][] mean, float[][] logVar, int[][] codes) {
    int n = mean.length;
    if (n < 2) {
      throw new IllegalArgumentException("MIG (sampled) needs at least 2 rows, got " + n);
    }
    if (logVar.length != n) {
      throw new IllegalArgumentException(
          "means have " + n + " rows but log-variances " + logVar.length);
    }
    int d = mean[0].length;
    if (d == 0) {
      throw new IllegalArgumentException("MIG (sampled) needs at least 1 latent, got 0");
    }
    if (codes.length == 0) {
      throw new IllegalArgumentException("MIG (sampled) needs at least 1 factor, got 0");
    }
    for (int i = 0; i < n; i++) {
      PosteriorKl.requireRow(mean, logVar, i, d);
      for (int j = 0; j < d; j++) {
        Arrays2Check.finite("mean", i, j, mean[i][j]);
        Arrays2Check.finite("log-variance", i, j, logVar[i][j]);
      }
    }
    for (int f = 0; f < codes.length; f++) {
      if (codes[f].length != n) {
        throw new IllegalArgumentException(
            "factor " + f + " has " + codes[f].length + " codes, the latents " + n + " rows");
      }
      for (int i = 0; i < n; i++) {
        if (codes[f][i] < 0) {
          throw new IllegalArgumentException(
              "factor " + f + " code at row " + i + " is " + codes[f][i] + ", must be >= 0");
        }
      }
    }
  }

  /** Finite-value checks naming the cell. */
  private static final class Arrays2Check {
    private Arrays2Check() {}

    static void finite(String what, int row, int col, double v) {
      if (!Double.isFinite(v)) {
        throw new IllegalArgumentException(
            what + " at row " + row + ", latent " + col + " is " + v + ", must be finite");
      }
    }
  }
}
