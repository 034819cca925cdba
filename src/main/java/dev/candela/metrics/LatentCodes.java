package dev.candela.metrics;

import java.util.List;
import java.util.Objects;

/**
 * A representation to score: one latent code and one factor code per sample, held column-wise as
 * plain arrays (latent-major and factor-major), which is what every metric scans.
 *
 * @param latents {@code latents[j][i]} = latent j of sample i (finite)
 * @param factors {@code factors[f][i]} = code of factor f for sample i, in {@code 0..K_f-1}
 * @param latentNames one name per latent
 * @param factorNames one name per factor
 */
public record LatentCodes(
    double[][] latents, int[][] factors, List<String> latentNames, List<String> factorNames) {

  /** Validates shapes, finiteness and non-negative codes; errors name the row and column. */
  public LatentCodes {
    Objects.requireNonNull(latents, "latents");
    Objects.requireNonNull(factors, "factors");
    latentNames = List.copyOf(latentNames);
    factorNames = List.copyOf(factorNames);
    if (latents.length == 0 || factors.length == 0) {
      throw new IllegalArgumentException(
          "need at least one latent and one factor, got "
              + latents.length
              + " latents and "
              + factors.length
              + " factors");
    }
    if (latentNames.size() != latents.length || factorNames.size() != factors.length) {
      throw new IllegalArgumentException(
          "names do not match columns: "
              + latentNames.size()
              + " latent names for "
              + latents.length
              + " latents, "
              + factorNames.size()
              + " factor names for "
              + factors.length
              + " factors");
    }
    int n = latents[0].length;
    for (int j = 0; j < latents.length; j++) {
      if (latents[j].length != n) {
        throw new IllegalArgumentException(
            "latent " + j + " has " + latents[j].length + " samples, latent 0 has " + n);
      }
      for (int i = 0; i < n; i++) {
        if (!Double.isFinite(latents[j][i])) {
          throw new IllegalArgumentException(
              "latent value "
                  + latents[j][i]
                  + " at row "
                  + i
                  + ", column "
                  + j
                  + " ("
                  + latentNames.get(j)
                  + ") is not finite");
        }
      }
    }
    for (int f = 0; f < factors.length; f++) {
      if (factors[f].length != n) {
        throw new IllegalArgumentException(
            "factor " + f + " has " + factors[f].length + " samples, latents have " + n);
      }
      for (int i = 0; i < n; i++) {
        if (factors[f][i] < 0) {
          throw new IllegalArgumentException(
              "factor code " + factors[f][i] + " at row " + i + ", factor " + f + " is negative");
        }
      }
    }
    if (n == 0) {
      throw new IllegalArgumentException("no samples");
    }
  }

  /**
   * Codes with default names {@code z0..} and {@code f0..}.
   *
   * @param latents latent-major latents
   * @param factors factor-major codes
   * @return the codes
   */
  public static LatentCodes of(double[][] latents, int[][] factors) {
    List<String> ln =
        java.util.stream.IntStream.range(0, latents.length).mapToObj(j -> "z" + j).toList();
    List<String> fn =
        java.util.stream.IntStream.range(0, factors.length).mapToObj(f -> "f" + f).toList();
    return new LatentCodes(latents, factors, ln, fn);
  }

  /**
   * The number of samples N.
   *
   * @return N
   */
  public int numSamples() {
    return latents[0].length;
  }

  /**
   * The number of latents.
   *
   * @return the count
   */
  public int numLatents() {
    return latents.length;
  }

  /**
   * The number of factors.
   *
   * @return the count
   */
  public int numFactors() {
    return factors.length;
  }

  /**
   * The number of codes of factor f: its largest code plus one.
   *
   * @param f the factor index
   * @return K_f
   */
  public int factorSize(int f) {
    int max = 0;
    for (int c : factors[f]) {
      max = Math.max(max, c);
    }
    return max + 1;
  }

  /**
   * The samples at the given rows, in that order.
   *
   * @param rows row indices
   * @return a new set of codes
   */
  public LatentCodes rows(int[] rows) {
    double[][] l = new double[latents.length][rows.length];
    int[][] f = new int[factors.length][rows.length];
    for (int r = 0; r < rows.length; r++) {
      for (int j = 0; j < latents.length; j++) {
        l[j][r] = latents[j][rows[r]];
      }
      for (int k = 0; k < factors.length; k++) {
        f[k][r] = factors[k][rows[r]];
      }
    }
    return new LatentCodes(l, f, latentNames, factorNames);
  }

  /**
   * The same samples restricted to some factors.
   *
   * @param keep factor indices to keep, in order
   * @return a new set of codes sharing the latent arrays
   */
  public LatentCodes selectFactors(int[] keep) {
    int[][] f = new int[keep.length][];
    String[] names = new String[keep.length];
    for (int k = 0; k < keep.length; k++) {
      f[k] = factors[keep[k]];
      names[k] = factorNames.get(keep[k]);
    }
    return new LatentCodes(latents, f, latentNames, List.of(names));
  }
}
