package dev.candela.metrics;

import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import java.util.Arrays;

/**
 * Unconfoundedness (UC) of Reddy, Godfrey &amp; Balasubramanian, "On Causally Disentangled
 * Representations", AAAI 2022: a representation is unconfounded when different factors are captured
 * by different latents.
 *
 * <p>For each factor i, {@code Z_i} = the ρ latents selected from column i of the IRS matrix
 * ({@link Irs}; constant latents are not candidates) by {@link UcSelection}. {@code UC(ρ) = 1 − (2
 * / (F(F−1))) Σ_{i<j} |Z_i ∩ Z_j| / |Z_i ∪ Z_j|}. UC is 1 when no two factors share a latent and 0
 * when all factors select the same latents. It needs at least two factors.
 */
public final class Uc {

  private Uc() {}

  /**
   * The change in UC when one pair of factors starts or stops sharing one latent of their sets of
   * ρ: the pair's Jaccard index moves between 0 and 1/(2ρ − 1), and UC averages F(F−1)/2 pairs, so
   * the step is 2/(F(F−1)(2ρ − 1)). UC's values lie on a lattice of about this spacing (0.1 for ρ =
   * 1 and F = 5).
   *
   * @param factors F (≥ 2)
   * @param rho ρ (≥ 1)
   * @return the step
   */
  public static double step(int factors, int rho) {
    if (factors < 2 || rho < 1) {
      throw new IllegalArgumentException(
          "UC's step needs F ≥ 2 factors and ρ ≥ 1, got F = " + factors + " and ρ = " + rho);
    }
    return 2.0 / (factors * (factors - 1.0) * (2.0 * rho - 1));
  }

  /**
   * UC from an IRS result.
   *
   * @param irs the IRS result (its matrix rows are the active latents)
   * @param rho latents per factor, 1..number of active latents
   * @param selection {@link UcSelection#TOPK} (the paper) or {@link UcSelection#FORK}
   * @return the score with the chosen sets
   */
  public static UcResult compute(IrsResult irs, int rho, UcSelection selection) {
    return compute(irs, rho, selection, null);
  }

  /**
   * UC with the sets chosen among some latents only: the same rule on the IRS rows of the allowed
   * latents (the CG job's Z_I among the latents its decoder uses). UC, the reported metric, is
   * {@link #compute(IrsResult, int, UcSelection)}; this overload's score describes the restricted
   * sets.
   *
   * @param irs the IRS result
   * @param rho latents per factor, 1..number of allowed active latents
   * @param selection selection mode
   * @param allowed per latent (all D of them), whether it may be selected; {@code null} for all
   * @return the score with the chosen sets
   */
  public static UcResult compute(IrsResult irs, int rho, UcSelection selection, boolean[] allowed) {
    int numFactors = irs.numFactors();
    int[] active = Arrays2.ints(irs.activeLatents());
    if (numFactors < 2) {
      throw new IllegalArgumentException(
          "UC compares factor pairs and needs at least 2 factors, got " + numFactors);
    }
    if (rho < 1) {
      throw new SettingException(Setting.RHO, rho, "must be at least 1, got " + rho);
    }
    if (allowed != null) {
      int[] kept = Arrays.stream(active).filter(j -> j < allowed.length && allowed[j]).toArray();
      if (rho > kept.length) {
        throw new SettingException(
            Setting.RHO,
            rho,
            "= "
                + rho
                + " exceeds the number of allowed active latents, "
                + kept.length
                + " (allowed "
                + Arrays.toString(kept)
                + " of the active "
                + Arrays.toString(active)
                + ")");
      }
      return restricted(irs, rho, selection, active, kept);
    }
    if (rho > active.length) {
      throw new SettingException(
          Setting.RHO,
          rho,
          "= "
              + rho
              + " exceeds the number of active (non-constant) latents, "
              + active.length
              + (!irs.droppedLatents().isEmpty()
                  ? " (dropped constant latents: " + irs.droppedLatents() + ")"
                  : ""));
    }
    Matrix matrix = irs.matrix();
    int[][] sets = new int[numFactors][];
    for (int f = 0; f < numFactors; f++) {
      double[] col = new double[active.length];
      for (int a = 0; a < active.length; a++) {
        col[a] = matrix.get(a, f);
      }
      int[] rows = selection == UcSelection.TOPK ? topK(col, rho) : fork(col, rho);
      int[] set = new int[rows.length];
      for (int k = 0; k < rows.length; k++) {
        set[k] = active[rows[k]];
      }
      Arrays.sort(set);
      sets[f] = set;
    }
    return score(sets, rho, selection);
  }

  /**
   * UC from latents and factors, with IRS at its defaults ({@link IrsOptions#DEFAULTS}).
   *
   * @param codes latents and factor codes
   * @param rho latents per factor
   * @param selection selection mode
   * @return the score with the chosen sets
   */
  public static UcResult compute(LatentCodes codes, int rho, UcSelection selection) {
    return compute(Irs.compute(codes), rho, selection);
  }

  /** UC over the IRS rows of {@code kept} (a subset of {@code active}, increasing). */
  private static UcResult restricted(
      IrsResult irs, int rho, UcSelection selection, int[] active, int[] kept) {
    Matrix matrix = irs.matrix();
    int numFactors = irs.numFactors();
    int[] rowOf = new int[kept.length];
    for (int k = 0, a = 0; k < kept.length; k++) {
      while (active[a] != kept[k]) {
        a++;
      }
      rowOf[k] = a;
    }
    int[][] sets = new int[numFactors][];
    for (int f = 0; f < numFactors; f++) {
      double[] col = new double[kept.length];
      for (int k = 0; k < kept.length; k++) {
        col[k] = matrix.get(rowOf[k], f);
      }
      int[] rows = selection == UcSelection.TOPK ? topK(col, rho) : fork(col, rho);
      int[] set = new int[rows.length];
      for (int k = 0; k < rows.length; k++) {
        set[k] = kept[rows[k]];
      }
      Arrays.sort(set);
      sets[f] = set;
    }
    return score(sets, rho, selection);
  }

  /** UC of given sets. */
  private static UcResult score(int[][] sets, int rho, UcSelection selection) {
    int numFactors = sets.length;
    double[][] jaccard = new double[numFactors][numFactors];
    double sum = 0;
    for (int i = 0; i < numFactors; i++) {
      jaccard[i][i] = 1.0;
      for (int j = i + 1; j < numFactors; j++) {
        double s = jaccard(sets[i], sets[j]);
        jaccard[i][j] = s;
        jaccard[j][i] = s;
        sum += s;
      }
    }
    double pairs = numFactors * (numFactors - 1) / 2.0;
    double uc = 1 - sum / pairs;
    return new UcResult(
        Math.min(1.0, Math.max(0.0, uc)), rho, selection, Arrays2.rows(sets), Matrix.of(jaccard));
  }

  /** Row positions of the ρ largest entries, ties to the lower position. */
  static int[] topK(double[] col, int rho) {
    Integer[] idx = new Integer[col.length];
    for (int a = 0; a < col.length; a++) {
      idx[a] = a;
    }
    // Stable sort by decreasing value keeps lower positions first among equal values.
    Arrays.sort(idx, (x, y) -> Double.compare(col[y], col[x]));
    int[] out = new int[rho];
    for (int k = 0; k < rho; k++) {
      out[k] = idx[k];
    }
    return out;
  }

  /**
   * Row positions picked by {@code np.argpartition(col, -1)[::-rho][:rho]} under numpy's scalar
   * introselect (see {@link UcSelection#FORK}).
   */
  static int[] fork(double[] col, int rho) {
    int[] perm = argpartitionLast(col);
    int n = col.length;
    int count = Math.min(rho, (n + rho - 1) / rho);
    int[] out = new int[count];
    for (int k = 0; k < count; k++) {
      out[k] = perm[n - 1 - k * rho];
    }
    return out;
  }

  /**
   * numpy's scalar introselect result for {@code np.argpartition(v, -1)} on a float array (kth = n
   * − 1), checked against numpy 2.4.6 with its SIMD dispatch disabled.
   */
  static int[] argpartitionLast(double[] v) {
    int n = v.length;
    int[] t = new int[n];
    for (int i = 0; i < n; i++) {
      t[i] = i;
    }
    int kth = n - 1;
    if (kth < 3) {
      // numpy's dumb_select: selection sort of positions 0..kth, strict "less" keeps first minima.
      for (int i = 0; i <= kth; i++) {
        Arrays2.swap(t, i, scan(v, t, i, (x, best) -> x < best));
      }
      return t;
    }
    // Floating types with kth == n - 1: scan for the maximum with "not less", so the LAST maximum.
    Arrays2.swap(t, kth, scan(v, t, 0, (x, best) -> !(x < best)));
    return t;
  }

  /** Whether a value takes the place of the best one so far. */
  private interface Replaces {
    boolean test(double x, double best);
  }

  /**
   * The position in {@code t[from..]} that a scan from {@code from} ends on: it starts at {@code
   * from} and moves to each later position whose value {@code v[t[k]]} replaces the best so far.
   */
  private static int scan(double[] v, int[] t, int from, Replaces replaces) {
    int bestIdx = from;
    double bestVal = v[t[from]];
    for (int k = from + 1; k < t.length; k++) {
      if (replaces.test(v[t[k]], bestVal)) {
        bestIdx = k;
        bestVal = v[t[k]];
      }
    }
    return bestIdx;
  }

  private static double jaccard(int[] a, int[] b) {
    int inter = 0;
    int i = 0;
    int j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] == b[j]) {
        inter++;
        i++;
        j++;
      } else if (a[i] < b[j]) {
        i++;
      } else {
        j++;
      }
    }
    int union = a.length + b.length - inter;
    return (double) inter / union;
  }
}
