package dev.candela.metrics.cg;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Pure-Java generators and classifiers whose CG is known by construction. */
public final class CgToys {

  private CgToys() {}

  /**
   * A region generator: the image is one row of {@code regions.length} pixels; pixel r =
   * clamp((Σ_{j in regions[r]} z_j / |regions[r]| + 1) / 2, 0, 1). Latents not named in any region
   * are ignored.
   */
  public static LatentDecoder regions(int[][] regions) {
    return LatentDecoder.of(
        new int[] {1, 1, regions.length},
        z -> {
          float[] out = new float[z.length * regions.length];
          for (int i = 0; i < z.length; i++) {
            for (int r = 0; r < regions.length; r++) {
              float sum = 0;
              for (int j : regions[r]) {
                sum += z[i][j];
              }
              float v = (sum / regions[r].length + 1f) / 2f;
              out[i * regions.length + r] = Math.max(0f, Math.min(1f, v));
            }
          }
          return out;
        });
  }

  /**
   * A classifier reading region f for binary factor f: p(value 1) = pixel f, p(value 0) = 1 − pixel
   * f.
   */
  public static FactorProbabilities binaryRegions(int numFactors, int width) {
    return (images, n) -> {
      float[][][] p = new float[numFactors][n][2];
      for (int f = 0; f < numFactors; f++) {
        for (int i = 0; i < n; i++) {
          float v = images[i * width + f];
          p[f][i][0] = 1f - v;
          p[f][i][1] = v;
        }
      }
      return p;
    };
  }

  /** A decoder that copies the latent row into the image (1 × 1 × D) and records every row. */
  public static final class Recording implements LatentDecoder {
    final int d;
    final List<float[]> rows = new ArrayList<>();
    int calls;
    int largestCall;

    /** A recorder for d latents. */
    public Recording(int d) {
      this.d = d;
    }

    @Override
    public float[] decode(float[][] z) {
      calls++;
      largestCall = Math.max(largestCall, z.length);
      float[] out = new float[z.length * d];
      for (int i = 0; i < z.length; i++) {
        rows.add(z[i].clone());
        System.arraycopy(z[i], 0, out, i * d, d);
      }
      return out;
    }

    @Override
    public int[] imageShape() {
      return new int[] {1, 1, d};
    }
  }

  /**
   * A small nonlinear generator with fixed random weights (tanh layer then sigmoid), computed row
   * by row so that its output does not depend on the batch.
   */
  public static LatentDecoder dense(int d, int width, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    float[][] w = new float[width][d];
    for (float[] row : w) {
      for (int j = 0; j < d; j++) {
        row[j] = (float) rnd.nextGaussian();
      }
    }
    return LatentDecoder.of(
        new int[] {1, 1, width},
        z -> {
          float[] out = new float[z.length * width];
          for (int i = 0; i < z.length; i++) {
            for (int k = 0; k < width; k++) {
              float a = 0;
              for (int j = 0; j < d; j++) {
                a += w[k][j] * z[i][j];
              }
              out[i * width + k] = (float) (1 / (1 + Math.exp(-Math.tanh(a) * 3)));
            }
          }
          return out;
        });
  }

  /**
   * A toy CG problem: random latents and codes, a dense decoder and a softmax-block classifier.
   *
   * @param z latents (n × d)
   * @param y factor codes
   * @param g the decoder
   * @param c the classifier
   */
  public record Problem(float[][] z, int[][] y, LatentDecoder g, FactorProbabilities c) {
    /**
     * Computes CG on this problem.
     *
     * @param o the options
     * @return the result
     */
    public CgResult cg(CgOptions o) {
      return Cg.compute(z, y, g, c, o);
    }
  }

  /**
   * A toy problem with seeds {@code seed} (latents), {@code seed + 1} (codes) and {@code seed + 2}
   * (decoder weights).
   *
   * @param n samples
   * @param sizes values per factor
   * @param d latents
   * @param width image width
   * @param seed the first seed
   * @return the problem
   */
  public static Problem problem(int n, int[] sizes, int d, int width, long seed) {
    return new Problem(
        randomLatents(n, d, seed),
        randomCodes(n, sizes, seed + 1),
        dense(d, width, seed + 2),
        softmaxBlocks(sizes, width));
  }

  /** Softmax heads over consecutive pixels: factor f has sizes[f] values read from its block. */
  public static FactorProbabilities softmaxBlocks(int[] sizes, int width) {
    return (images, n) -> {
      float[][][] p = new float[sizes.length][n][];
      for (int i = 0; i < n; i++) {
        int off = 0;
        for (int f = 0; f < sizes.length; f++) {
          double[] e = new double[sizes[f]];
          double sum = 0;
          for (int v = 0; v < sizes[f]; v++) {
            e[v] = Math.exp(4 * images[i * width + (off + v) % width]);
            sum += e[v];
          }
          float[] row = new float[sizes[f]];
          for (int v = 0; v < sizes[f]; v++) {
            row[v] = (float) (e[v] / sum);
          }
          p[f][i] = row;
          off += sizes[f];
        }
      }
      return p;
    };
  }

  public static float[][] randomLatents(int n, int d, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    float[][] z = new float[n][d];
    for (float[] row : z) {
      for (int j = 0; j < d; j++) {
        row[j] = (float) rnd.nextGaussian();
      }
    }
    return z;
  }

  public static int[][] randomCodes(int n, int[] sizes, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int[][] c = new int[sizes.length][n];
    for (int f = 0; f < sizes.length; f++) {
      for (int i = 0; i < n; i++) {
        c[f][i] = rnd.nextInt(sizes[f]);
      }
    }
    return c;
  }
}
