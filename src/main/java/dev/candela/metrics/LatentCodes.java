package dev.candela.metrics;

import java.util.List;
import java.util.Objects;

/**
 * A representation to score: one latent code and one factor code per sample, held column-wise as
 * plain arrays (latent-major and factor-major), which is what every metric scans.
 *
 * <p>Latents are float32, as encoders produce them and as {@code .npy} latent tables usually hold
 * them: 4 bytes a value, so that a table is held once at the size of its file (2·10⁷ × 64 latents:
 * 4.8 GiB). Metrics read them as floats and compute in double. A float64 or CSV source is rounded
 * to the nearest float32 when it is read (a relative change of at most 2⁻²⁴ ≈ 6·10⁻⁸, below the
 * resolution of every metric here: it can only move a value across an IRS quantile or a histogram
 * bin edge it lies within that distance of).
 *
 * @param latents {@code latents[j][i]} = latent j of sample i (finite)
 * @param factors {@code factors[f][i]} = code of factor f for sample i, in {@code 0..K_f-1}
 * @param latentNames one name per latent
 * @param factorNames one name per factor
 */
public record LatentCodes(
    float[][] latents, int[][] factors, List<String> latentNames, List<String> factorNames) {

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
        if (!Float.isFinite(latents[j][i])) {
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
  public static LatentCodes of(float[][] latents, int[][] factors) {
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
   * Codes from double latents, each rounded to the nearest float32 (tests, synthetic codes and
   * callers that compute latents in double).
   *
   * @param latents latent-major latents (finite, within float32's range)
   * @param factors factor-major codes
   * @param latentNames one name per latent
   * @param factorNames one name per factor
   * @throws IllegalArgumentException as the canonical constructor, also for a value beyond
   *     float32's range (it becomes infinite)
   */
  public LatentCodes(
      double[][] latents, int[][] factors, List<String> latentNames, List<String> factorNames) {
    this(narrow(latents), factors, latentNames, factorNames);
  }

  /**
   * Codes from double latents rounded to float32, with default names (see {@link
   * #LatentCodes(double[][], int[][], List, List)}).
   *
   * @param latents latent-major latents
   * @param factors factor-major codes
   * @return the codes
   */
  public static LatentCodes of(double[][] latents, int[][] factors) {
    return of(narrow(latents), factors);
  }

  /**
   * Latent-major doubles rounded to float32.
   *
   * @param latents {@code latents[j][i]}
   * @return the floats
   */
  public static float[][] narrow(double[][] latents) {
    float[][] out = new float[latents.length][];
    for (int j = 0; j < latents.length; j++) {
      out[j] = new float[latents[j].length];
      for (int i = 0; i < latents[j].length; i++) {
        out[j][i] = (float) latents[j][i];
      }
    }
    return out;
  }

  /**
   * One latent as doubles (a copy: for the small train and test sets of the learned metrics).
   *
   * @param j the latent
   * @return its values
   */
  public double[] latentAsDoubles(int j) {
    float[] z = latents[j];
    double[] out = new double[z.length];
    for (int i = 0; i < z.length; i++) {
      out[i] = z[i];
    }
    return out;
  }

  /**
   * The samples at the given rows, in that order (a copy: for the small train and test sets of the
   * learned metrics; statistics of all rows work on row indices instead).
   *
   * @param rows row indices
   * @return a new set of codes
   */
  public LatentCodes rows(int[] rows) {
    float[][] l = new float[latents.length][rows.length];
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
