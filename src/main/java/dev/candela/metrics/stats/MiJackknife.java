package dev.candela.metrics.stats;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The delete-a-group jackknife replicates of the latent × factor mutual-information matrix and the
 * factor entropies (Quenouille 1956; Tukey 1958; Efron &amp; Stein 1981), computed from count
 * tables so that all G replicates cost about one pass over the rows.
 *
 * <p>The rows are put into G random groups of equal size (±1). With the latents discretised once on
 * all rows ({@link HistogramDiscretizer}, equal-width bins over each latent's full range, as the
 * point estimate), the contingency table of (latent bin, factor code) without group g is the full
 * table minus group g's table, and the plug-in mutual information of a table with cells n_ab, row
 * sums n_a, column sums n_b and total n is
 *
 * <pre>I = ln n + (1/n)[Σ n_ab ln n_ab − Σ n_a ln n_a − Σ n_b ln n_b]   (nats),</pre>
 *
 * the entropy H = ln n − (1/n) Σ n_b ln n_b. The bin edges stay those of all rows (the jackknife is
 * conditional on them). Any smooth function of the matrix (MIG, Modularity) then has the jackknife
 * variance (G−1)/G Σ_g (θ₍g₎ − θ̄)² and bias estimate (G−1)(θ̄ − θ̂).
 *
 * <p>Cost: one pass over N rows per (latent, factor) pair to fill the G group tables, then G · bins
 * · K_f logarithm look-ups per pair; latents in parallel.
 */
public final class MiJackknife {
  private MiJackknife() {}

  /**
   * The leave-one-group-out matrices.
   *
   * @param mutualInformation {@code [g][latent][factor]}, nats, without group g
   * @param factorEntropy {@code [g][factor]}, nats, without group g
   * @param groups G
   */
  public record Replicates(double[][][] mutualInformation, double[][] factorEntropy, int groups) {}

  /**
   * Assigns {@code n} rows to {@code groups} random groups of equal size (±1).
   *
   * @param n rows
   * @param groups G (2 ≤ G ≤ n)
   * @param seed the seed of the shuffle
   * @return the group of each row
   */
  public static int[] randomGroups(int n, int groups, long seed) {
    if (groups < 2 || groups > n) {
      throw new IllegalArgumentException(
          "jackknife groups must be in 2.." + n + " (the rows), got " + groups);
    }
    int[] perm = Arrays2.shuffled(n, new SplittableRandom(seed));
    int[] g = new int[n];
    for (int k = 0; k < n; k++) {
      g[perm[k]] = (int) ((long) k * groups / n);
    }
    return g;
  }

  /**
   * The leave-one-group-out mutual-information matrices and factor entropies.
   *
   * @param latents {@code [latent][row]}
   * @param factorCodes {@code [factor][row]}, codes ≥ 0
   * @param bins equal-width bins per latent (as {@link DiscreteMutualInfo#latentFactorMatrix})
   * @param group the group of each row, in {@code 0..groups-1}
   * @param groups G
   * @return the replicates
   */
  public static Replicates leaveGroupOut(
      double[][] latents, int[][] factorCodes, int bins, int[] group, int groups) {
    int d = latents.length;
    int nf = factorCodes.length;
    int n = group.length;
    double[] nlogn = nLogN(n);
    int[] sizes = new int[nf];
    for (int f = 0; f < nf; f++) {
      int max = 0;
      for (int c : factorCodes[f]) {
        if (c < 0) {
          throw new IllegalArgumentException("factor codes must be ≥ 0, got " + c);
        }
        max = Math.max(max, c);
      }
      sizes[f] = max + 1;
    }
    int[] groupSize = new int[groups];
    for (int g : group) {
      groupSize[g]++;
    }
    // factor entropies without each group
    double[][] h = new double[groups][nf];
    for (int f = 0; f < nf; f++) {
      int k = sizes[f];
      int[] full = new int[k];
      int[] per = new int[groups * k];
      int[] codes = factorCodes[f];
      for (int i = 0; i < n; i++) {
        full[codes[i]]++;
        per[group[i] * k + codes[i]]++;
      }
      for (int g = 0; g < groups; g++) {
        int m = n - groupSize[g];
        double s = 0;
        for (int c = 0; c < k; c++) {
          s += nlogn[full[c] - per[g * k + c]];
        }
        h[g][f] = m == 0 ? 0 : Math.max(0, Math.log(m) - s / m);
      }
    }
    double[][][] mi = new double[groups][d][nf];
    IntStream.range(0, d)
        .parallel()
        .forEach(
            j -> {
              int[] binCodes = new int[n];
              double[] z = latents[j];
              HistogramDiscretizer.assign(z, HistogramDiscretizer.edges(z, bins), bins, binCodes);
              int[] binFull = new int[bins];
              int[] binPer = new int[groups * bins];
              for (int i = 0; i < n; i++) {
                binFull[binCodes[i]]++;
                binPer[group[i] * bins + binCodes[i]]++;
              }
              for (int f = 0; f < nf; f++) {
                int k = sizes[f];
                int cells = bins * k;
                int[] full = new int[cells];
                int[] per = new int[groups * cells];
                int[] codes = factorCodes[f];
                int[] colFull = new int[k];
                int[] colPer = new int[groups * k];
                for (int i = 0; i < n; i++) {
                  int cell = binCodes[i] * k + codes[i];
                  full[cell]++;
                  per[group[i] * cells + cell]++;
                  colFull[codes[i]]++;
                  colPer[group[i] * k + codes[i]]++;
                }
                for (int g = 0; g < groups; g++) {
                  int m = n - groupSize[g];
                  if (m == 0) {
                    continue;
                  }
                  double sab = 0;
                  int base = g * cells;
                  for (int c = 0; c < cells; c++) {
                    sab += nlogn[full[c] - per[base + c]];
                  }
                  double sa = 0;
                  for (int b = 0; b < bins; b++) {
                    sa += nlogn[binFull[b] - binPer[g * bins + b]];
                  }
                  double sb = 0;
                  for (int c = 0; c < k; c++) {
                    sb += nlogn[colFull[c] - colPer[g * k + c]];
                  }
                  mi[g][j][f] = Math.max(0, Math.log(m) + (sab - sa - sb) / m);
                }
              }
            });
    return new Replicates(mi, h, groups);
  }

  /** {@code t[c] = c ln c} for c = 0..n (0 ln 0 = 0). */
  private static double[] nLogN(int n) {
    double[] t = new double[n + 1];
    for (int c = 1; c <= n; c++) {
      t[c] = c * Math.log(c);
    }
    return t;
  }

  /**
   * The jackknife uncertainty of a score from its leave-one-group-out values: SE² = (G−1)/G Σ (θ₍g₎
   * − θ̄)², interval score ± t_{0.975, G−1}·SE, bias = (G−1)(θ̄ − score).
   *
   * @param score the score on all rows
   * @param leaveOut θ₍g₎ for every group (non-finite values are an error of the caller's statistic
   *     and make the result {@code null})
   * @param n rows behind the score
   * @return the uncertainty, method {@link Uncertainty#JACKKNIFE}, or {@code null}
   */
  public static Uncertainty summarise(double score, double[] leaveOut, int n) {
    int g = leaveOut.length;
    if (g < 2) {
      throw new IllegalArgumentException("the jackknife needs ≥ 2 groups, got " + g);
    }
    double mean = 0;
    for (double v : leaveOut) {
      if (!Double.isFinite(v)) {
        return null;
      }
      mean += v;
    }
    mean /= g;
    double ss = 0;
    for (double v : leaveOut) {
      ss += (v - mean) * (v - mean);
    }
    double se = Math.sqrt((g - 1.0) / g * ss);
    return Uncertainty.symmetric(
        score, se, g - 1, Uncertainty.JACKKNIFE, g, (g - 1) * (mean - score), n);
  }
}
