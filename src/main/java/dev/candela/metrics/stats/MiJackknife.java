package dev.candela.metrics.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

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
 * · K_f logarithm look-ups per pair; latents in parallel ({@link Workers}), each thread holding one
 * int per row (the latent's bins).
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
      float[][] latents, int[][] factorCodes, int bins, int[] group, int groups) {
    int[][] out = new int[groups][];
    for (int g = 0; g < groups; g++) {
      out[g] = new int[] {g};
    }
    return leaveOut(latents, factorCodes, bins, group, groups, out);
  }

  /**
   * The leave-one-group-out and leave-two-groups-out matrices.
   *
   * @param one without group g at index g (as {@link #leaveGroupOut})
   * @param two without groups g and h at {@link #pairIndex}(g, h)
   */
  public record OneAndTwo(Replicates one, Replicates two) {}

  /**
   * The leave-one-group-out matrices and the leave-two-groups-out ones (the second-order terms of
   * {@link #summarise(double, double[], double[], int)}), from one pass over the rows.
   *
   * @param latents {@code [latent][row]}
   * @param factorCodes {@code [factor][row]}, codes ≥ 0
   * @param bins equal-width bins per latent
   * @param group the group of each row, in {@code 0..groups-1}
   * @param groups G
   * @return G and G(G−1)/2 replicates
   */
  public static OneAndTwo leaveOneAndTwoGroupsOut(
      float[][] latents, int[][] factorCodes, int bins, int[] group, int groups) {
    int pairs = groups * (groups - 1) / 2;
    int[][] out = new int[groups + pairs][];
    for (int g = 0; g < groups; g++) {
      out[g] = new int[] {g};
      for (int h = g + 1; h < groups; h++) {
        out[groups + pairIndex(g, h, groups)] = new int[] {g, h};
      }
    }
    Replicates all = leaveOut(latents, factorCodes, bins, group, groups, out);
    return new OneAndTwo(
        new Replicates(
            Arrays.copyOfRange(all.mutualInformation(), 0, groups),
            Arrays.copyOfRange(all.factorEntropy(), 0, groups),
            groups),
        new Replicates(
            Arrays.copyOfRange(all.mutualInformation(), groups, groups + pairs),
            Arrays.copyOfRange(all.factorEntropy(), groups, groups + pairs),
            groups));
  }

  /**
   * The index of the pair g &lt; h among G(G−1)/2 pairs in lexicographic order.
   *
   * @param g the first group
   * @param h the second group, above g
   * @param groups G
   * @return the index
   */
  public static int pairIndex(int g, int h, int groups) {
    return g * (2 * groups - g - 1) / 2 + (h - g - 1);
  }

  /**
   * The matrices without the groups of each {@code leftOut[r]}: one pass fills per-group tables.
   */
  private static Replicates leaveOut(
      float[][] latents, int[][] factorCodes, int bins, int[] group, int groups, int[][] leftOut) {
    int d = latents.length;
    int nf = factorCodes.length;
    int n = group.length;
    int reps = leftOut.length;
    NLogN nlogn = new NLogN(n);
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
    int[] kept = new int[reps];
    for (int r = 0; r < reps; r++) {
      kept[r] = n;
      for (int g : leftOut[r]) {
        kept[r] -= groupSize[g];
      }
    }
    // factor entropies without each replicate's groups
    double[][] h = new double[reps][nf];
    for (int f = 0; f < nf; f++) {
      GroupTable t = GroupTable.of(factorCodes[f], sizes[f], group, groups);
      for (int r = 0; r < reps; r++) {
        int m = kept[r];
        h[r][f] = m == 0 ? 0 : Math.max(0, Math.log(m) - t.sumNLogN(leftOut[r], nlogn) / m);
      }
    }
    double[][][] mi = new double[reps][d][nf];
    HistogramDiscretizer.forEachLatent(
        latents,
        n,
        bins,
        (j, binCodes) -> {
          GroupTable rows = GroupTable.of(binCodes, bins, group, groups);
          for (int f = 0; f < nf; f++) {
            int k = sizes[f];
            int[] codes = factorCodes[f];
            GroupTable cells = GroupTable.ofCells(binCodes, codes, k, bins * k, group, groups);
            GroupTable cols = GroupTable.of(codes, k, group, groups);
            for (int r = 0; r < reps; r++) {
              int m = kept[r];
              if (m == 0) {
                continue;
              }
              double sab = cells.sumNLogN(leftOut[r], nlogn);
              double sa = rows.sumNLogN(leftOut[r], nlogn);
              double sb = cols.sumNLogN(leftOut[r], nlogn);
              mi[r][j][f] = Math.max(0, Math.log(m) + (sab - sa - sb) / m);
            }
          }
        });
    return new Replicates(mi, h, groups);
  }

  /** Counts of codes 0..k−1 over all rows and per group. */
  private record GroupTable(int[] full, int[] per, int k) {
    static GroupTable of(int[] codes, int k, int[] group, int groups) {
      int[] full = new int[k];
      int[] per = new int[groups * k];
      for (int i = 0; i < codes.length; i++) {
        full[codes[i]]++;
        per[group[i] * k + codes[i]]++;
      }
      return new GroupTable(full, per, k);
    }

    /** Counts of the cells {@code bin · k + code} (without a copy of the cell codes). */
    static GroupTable ofCells(int[] bins, int[] codes, int k, int cells, int[] group, int groups) {
      int[] full = new int[cells];
      int[] per = new int[groups * cells];
      for (int i = 0; i < codes.length; i++) {
        int c = bins[i] * k + codes[i];
        full[c]++;
        per[group[i] * cells + c]++;
      }
      return new GroupTable(full, per, cells);
    }

    /** Σ_c c ln c over the counts without the given groups. */
    double sumNLogN(int[] without, NLogN nlogn) {
      double s = 0;
      if (without.length == 1) {
        int base = without[0] * k;
        for (int c = 0; c < k; c++) {
          s += nlogn.of(full[c] - per[base + c]);
        }
        return s;
      }
      for (int c = 0; c < k; c++) {
        int v = full[c];
        for (int g : without) {
          v -= per[g * k + c];
        }
        s += nlogn.of(v);
      }
      return s;
    }
  }

  /**
   * {@code c ln c} (0 ln 0 = 0): tabulated for the counts up to {@value #TABULATED}, computed for
   * larger ones (the same double either way), so the table does not grow with the rows.
   */
  private static final class NLogN {
    private final double[] t;

    NLogN(int n) {
      t = new double[Math.min(n, TABULATED) + 1];
      for (int c = 1; c < t.length; c++) {
        t[c] = c * Math.log(c);
      }
    }

    double of(int c) {
      return c < t.length ? t[c] : c * Math.log(c);
    }
  }

  /** The largest count {@link NLogN} tabulates. */
  private static final int TABULATED = 1 << 16;

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

  /**
   * The jackknife uncertainty with the Efron–Stein correction: the delete-a-group jackknife
   * variance v_J = (G−1)/G Σ (θ₍g₎ − θ̄)² estimates Var_L + 2·Var_Q for a statistic whose variance
   * has a linear part Var_L and a second-order (degenerate, quadratic) part Var_Q (Efron &amp;
   * Stein 1981): plug-in mutual information near zero is such a statistic (≈ χ²/2N), and the
   * coverage study measured SE/SD 1.5 for Modularity. The leave-two-groups-out values estimate
   * Var_Q by the second-order differences D_gh = θ₍gh₎ − θ₍g₎ − θ₍h₎ + θ̂ (whose linear parts
   * cancel up to a 1/G share): SE² = max(v_J − Σ_{g&lt;h} D_gh², v_J/2), the floor being the
   * smallest variance v_J allows when only the two parts exist; interval score ± t_{0.975, G−1}·SE,
   * bias = (G−1)(θ̄ − score).
   *
   * @param score the score on all rows
   * @param leaveOut θ₍g₎ for every group
   * @param leaveTwoOut θ₍gh₎ at {@link #pairIndex}(g, h)
   * @param n rows behind the score
   * @return the uncertainty, method {@link Uncertainty#JACKKNIFE}, or {@code null} when a value is
   *     not finite
   */
  public static Uncertainty summarise(
      double score, double[] leaveOut, double[] leaveTwoOut, int n) {
    int g = leaveOut.length;
    if (leaveTwoOut.length != g * (g - 1) / 2) {
      throw new IllegalArgumentException(
          "leave-two-out values must number G(G−1)/2 = "
              + g * (g - 1) / 2
              + " for G = "
              + g
              + ", got "
              + leaveTwoOut.length);
    }
    Uncertainty plain = summarise(score, leaveOut, n);
    if (plain == null) {
      return null;
    }
    double second = 0;
    for (int a = 0; a < g; a++) {
      for (int b = a + 1; b < g; b++) {
        double v = leaveTwoOut[pairIndex(a, b, g)];
        if (!Double.isFinite(v)) {
          return null;
        }
        double dab = v - leaveOut[a] - leaveOut[b] + score;
        second += dab * dab;
      }
    }
    double vj = plain.se() * plain.se();
    double var = Math.max(vj - second, vj / 2);
    return Uncertainty.symmetric(
        score, Math.sqrt(var), g - 1, Uncertainty.JACKKNIFE, g, plain.bias(), n);
  }
}
