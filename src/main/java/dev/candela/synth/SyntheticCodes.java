package dev.candela.synth;

import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.metrics.LatentCodes;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic representations with a known structure, for examples, tests and benchmarks: factor
 * codes drawn uniformly on a grid, and latents that encode them in a chosen way.
 *
 * <ul>
 *   <li>{@link Kind#DISENTANGLED}: latent f = code_f/(K_f−1) + noise for the first F latents; the
 *       remaining latents are pure noise.
 *   <li>{@link Kind#SHARED}: as disentangled, except that latent 0 carries factors 0 and 1 (their
 *       scaled codes summed) and latent 1 is pure noise.
 *   <li>{@link Kind#ROTATED}: the disentangled latents mixed by a fixed random rotation (every
 *       latent carries every factor).
 *   <li>{@link Kind#RANDOM}: latents independent of the factors.
 * </ul>
 */
public final class SyntheticCodes {

  /** How the latents encode the factors. */
  public enum Kind {
    /** One latent per factor. */
    DISENTANGLED,
    /** Latent 0 carries two factors. */
    SHARED,
    /** Every latent mixes every factor. */
    ROTATED,
    /** Latents carry no factor. */
    RANDOM
  }

  private SyntheticCodes() {}

  /**
   * Draws a synthetic representation.
   *
   * @param kind the structure
   * @param samples N
   * @param factorSizes K_f per factor (each ≥ 2)
   * @param numLatents number of latents (≥ number of factors)
   * @param noise standard deviation of the Gaussian noise added to every latent (≥ 0)
   * @param seed the random seed
   * @return the codes (names {@code z0..}, {@code f0..})
   */
  public static LatentCodes generate(
      Kind kind, int samples, int[] factorSizes, int numLatents, double noise, long seed) {
    if (samples < 1) {
      throw new SettingException(Setting.SAMPLES, samples, "must be ≥ 1, got " + samples);
    }
    if (numLatents < factorSizes.length) {
      throw new IllegalArgumentException(
          "need at least as many latents as factors: " + numLatents + " < " + factorSizes.length);
    }
    if (!(noise >= 0)) {
      throw new IllegalArgumentException("noise must be ≥ 0, got " + noise);
    }
    for (int k : factorSizes) {
      if (k < 2) {
        throw new IllegalArgumentException("every factor needs ≥ 2 values, got " + k);
      }
    }
    SplittableRandom rng = new SplittableRandom(seed);
    int nf = factorSizes.length;
    int[][] factors = new int[nf][samples];
    float[][] latents = new float[numLatents][samples];
    double[][] rotation = kind == Kind.ROTATED ? randomRotation(numLatents, rng.split()) : null;
    double[] clean = new double[numLatents];
    for (int i = 0; i < samples; i++) {
      java.util.Arrays.fill(clean, 0);
      for (int f = 0; f < nf; f++) {
        int c = rng.nextInt(factorSizes[f]);
        factors[f][i] = c;
        double scaled = c / (double) (factorSizes[f] - 1);
        switch (kind) {
          case DISENTANGLED, ROTATED -> clean[f] = scaled;
          case SHARED -> {
            if (f <= 1) {
              clean[0] += scaled;
            } else {
              clean[f] = scaled;
            }
          }
          case RANDOM -> clean[f] = rng.nextDouble();
        }
      }
      for (int j = 0; j < numLatents; j++) {
        double v;
        if (rotation != null) {
          v = 0;
          for (int k = 0; k < numLatents; k++) {
            v += rotation[j][k] * clean[k];
          }
        } else {
          v = clean[j];
        }
        latents[j][i] = (float) (v + noise * gaussian(rng));
      }
    }
    return LatentCodes.of(latents, factors);
  }

  private static double gaussian(SplittableRandom rng) {
    // Box-Muller on the splittable generator (keeps the draw reproducible across JDKs).
    double u1 = 1.0 - rng.nextDouble();
    double u2 = rng.nextDouble();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /** A random orthogonal matrix by Gram–Schmidt on Gaussian vectors. */
  private static double[][] randomRotation(int n, SplittableRandom rng) {
    List<double[]> basis = new ArrayList<>();
    while (basis.size() < n) {
      double[] v = new double[n];
      for (int k = 0; k < n; k++) {
        v[k] = gaussian(rng);
      }
      for (double[] b : basis) {
        double dot = 0;
        for (int k = 0; k < n; k++) {
          dot += v[k] * b[k];
        }
        for (int k = 0; k < n; k++) {
          v[k] -= dot * b[k];
        }
      }
      double norm = 0;
      for (double x : v) {
        norm += x * x;
      }
      norm = Math.sqrt(norm);
      if (norm > 1e-8) {
        for (int k = 0; k < n; k++) {
          v[k] /= norm;
        }
        basis.add(v);
      }
    }
    return basis.toArray(new double[0][]);
  }
}
