package dev.candela.causal.fit;

import dev.candela.Setting;
import dev.candela.SettingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Factor-aligned latent groups {@code Z_I} and how well each group follows its factor.
 *
 * <ul>
 *   <li>{@link #oneToOne}: every factor gets its own {@code ρ} latents, no latent in two groups,
 *       chosen to maximise the summed IRS entries {@code Σ_f Σ_{z ∈ Z_f} IRS[z][f]} (an exact
 *       assignment by {@link Hungarian} with each factor repeated {@code ρ} times).
 *   <li>{@link #correlationRatio}: the alignment of a group with its factor on the encoded samples,
 *       {@code η² = Σ_x n_x (z̄_x − z̄)² / Σ_r (z_r − z̄)²} (Pearson's correlation ratio: the share
 *       of the group's variance explained by the factor's value; label order plays no part, so it
 *       suits nominal and ordinal factors alike). 1 when the group is a function of the factor; for
 *       a group independent of a factor with {@code K} values it is about {@code (K − 1)/(n − 1)}
 *       ({@link #chanceCorrelationRatio}).
 *   <li>{@link #levels}: per factor value, the group's mean value on the rows with that value: the
 *       latent model's stand-in for that value in do-values, evidence and decoding.
 * </ul>
 */
public final class LatentGroups {
  private LatentGroups() {}

  /**
   * Disjoint groups of {@code rho} latents per factor maximising the summed IRS entries.
   *
   * @param irs the IRS matrix {@code [active latent][factor]}
   * @param active the original index of each active latent (row of {@code irs})
   * @param factors the factor columns to assign, in the order of the returned groups
   * @param rho latents per group, {@code >= 1}
   * @return per requested factor, the original latent indices of its group, increasing
   * @throws IllegalArgumentException when {@code factors.length · rho} exceeds the active latents
   */
  public static int[][] oneToOne(double[][] irs, int[] active, int[] factors, int rho) {
    if (rho < 1) {
      throw new SettingException(Setting.RHO, rho, "must be >= 1, got " + rho);
    }
    int rows = factors.length * rho;
    int n = active.length;
    if (rows > n) {
      throw new IllegalArgumentException(
          factors.length
              + " factors × "
              + rho
              + " latents each need "
              + rows
              + " distinct latents, but only "
              + n
              + " are active (non-constant)");
    }
    double[][] cost = new double[n][n];
    for (int r = 0; r < rows; r++) {
      int f = factors[r / rho];
      for (int a = 0; a < n; a++) {
        cost[r][a] = -irs[a][f];
      }
    }
    int[] sigma = Hungarian.solve(cost);
    int[][] groups = new int[factors.length][rho];
    for (int r = 0; r < rows; r++) {
      groups[r / rho][r % rho] = active[sigma[r]];
    }
    for (int[] g : groups) {
      Arrays.sort(g);
    }
    return groups;
  }

  /**
   * The pairs of factors whose groups share a latent.
   *
   * @param groups per factor, its latents
   * @param names the factor names
   * @param latentNames the latent column names
   * @return one line per shared latent, {@code "a and b share latent z3"}; empty when disjoint
   */
  public static List<String> sharing(int[][] groups, List<String> names, List<String> latentNames) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < groups.length; i++) {
      for (int j = i + 1; j < groups.length; j++) {
        for (int z : groups[i]) {
          if (Arrays.stream(groups[j]).anyMatch(y -> y == z)) {
            out.add(names.get(i) + " and " + names.get(j) + " share latent " + latentNames.get(z));
          }
        }
      }
    }
    return out;
  }

  /**
   * Pearson's correlation ratio {@code η²} of a group's values and a factor's codes.
   *
   * @param z the group's value per row
   * @param codes the factor's code per row, {@code 0..k−1}
   * @param k the number of codes
   * @return {@code η²} in [0, 1]; 0 for a constant group
   */
  public static double correlationRatio(double[] z, int[] codes, int k) {
    double[] sum = new double[k];
    int[] count = new int[k];
    double total = 0;
    for (int r = 0; r < z.length; r++) {
      sum[codes[r]] += z[r];
      count[codes[r]]++;
      total += z[r];
    }
    double mean = total / z.length;
    double between = 0;
    for (int x = 0; x < k; x++) {
      if (count[x] > 0) {
        double d = sum[x] / count[x] - mean;
        between += count[x] * d * d;
      }
    }
    double all = 0;
    for (double v : z) {
      all += (v - mean) * (v - mean);
    }
    return all > 0 ? Math.min(1, between / all) : 0;
  }

  /**
   * The expected {@code η²} of a group independent of a factor: {@code (K − 1)/(n − 1)} with {@code
   * K} the number of values present.
   *
   * @param codes the factor's code per row
   * @param k the number of codes
   * @return the chance level
   */
  public static double chanceCorrelationRatio(int[] codes, int k) {
    boolean[] seen = new boolean[k];
    int present = 0;
    for (int c : codes) {
      if (!seen[c]) {
        seen[c] = true;
        present++;
      }
    }
    return codes.length > 1 ? (present - 1.0) / (codes.length - 1.0) : 0;
  }

  /**
   * Per factor value, the mean of the group on the rows with that value.
   *
   * @param z the group's value per row
   * @param codes the factor's code per row
   * @param k the number of codes
   * @return the mean per code; NaN for a code absent from the rows
   */
  public static double[] levels(double[] z, int[] codes, int k) {
    double[] sum = new double[k];
    int[] count = new int[k];
    for (int r = 0; r < z.length; r++) {
      sum[codes[r]] += z[r];
      count[codes[r]]++;
    }
    double[] out = new double[k];
    for (int x = 0; x < k; x++) {
      out[x] = count[x] > 0 ? sum[x] / count[x] : Double.NaN;
    }
    return out;
  }
}
