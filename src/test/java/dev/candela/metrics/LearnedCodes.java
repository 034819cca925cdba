package dev.candela.metrics;

import java.util.Random;

/** Synthetic codes for the learned-metric tests. */
public final class LearnedCodes {

  private LearnedCodes() {}

  /** Uniform random factor codes, factor-major. */
  static int[][] factors(int n, int[] sizes, Random r) {
    int[][] f = new int[sizes.length][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < sizes.length; k++) {
        f[k][i] = r.nextInt(sizes[k]);
      }
    }
    return f;
  }

  /**
   * Latent j = factor j + noise for j below the number of factors, pure noise above: a perfectly
   * disentangled code.
   */
  public static LatentCodes disentangled(
      int n, int numLatents, int[] sizes, double noise, long seed) {
    Random r = new Random(seed);
    int[][] f = factors(n, sizes, r);
    double[][] z = new double[numLatents][n];
    for (int j = 0; j < numLatents; j++) {
      for (int i = 0; i < n; i++) {
        z[j][i] = (j < sizes.length ? f[j][i] : 0.0) + noise * r.nextGaussian();
      }
    }
    return LatentCodes.of(z, f);
  }

  /** Latents are pure noise, independent of the factors. */
  static LatentCodes random(int n, int numLatents, int[] sizes, long seed) {
    Random r = new Random(seed);
    int[][] f = factors(n, sizes, r);
    double[][] z = new double[numLatents][n];
    for (int j = 0; j < numLatents; j++) {
      for (int i = 0; i < n; i++) {
        z[j][i] = r.nextGaussian();
      }
    }
    return LatentCodes.of(z, f);
  }

  /**
   * Two factors of sizes 2 and 3; latent 0 = 3·f0 + f1 (+ noise) carries both, the other latents
   * are noise.
   */
  static LatentCodes entangled(int n, int numLatents, double noise, long seed) {
    Random r = new Random(seed);
    int[][] f = factors(n, new int[] {2, 3}, r);
    double[][] z = new double[numLatents][n];
    for (int i = 0; i < n; i++) {
      z[0][i] = 3.0 * f[0][i] + f[1][i] + noise * r.nextGaussian();
      for (int j = 1; j < numLatents; j++) {
        z[j][i] = r.nextGaussian();
      }
    }
    return LatentCodes.of(z, f);
  }
}
