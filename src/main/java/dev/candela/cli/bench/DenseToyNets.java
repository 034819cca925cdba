package dev.candela.cli.bench;

import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import java.util.SplittableRandom;
import org.ejml.data.FMatrixRMaj;
import org.ejml.dense.row.CommonOps_FDRM;
import org.ejml.dense.row.CommonOps_MT_FDRM;

/**
 * Conv-free toy networks with realistic arithmetic for {@code bench cg}: a two-layer dense decoder
 * (latents → hidden, ReLU → C·H·W, sigmoid) and a two-layer dense classifier (image → hidden, ReLU
 * → one softmax block per factor), random fixed weights, matrix products by EJML (float; one
 * thread, or EJML's multi-threaded kernel when the caller asks for it). A batch of B rows is one
 * {@code B × in} by {@code in × out} product per layer.
 */
public final class DenseToyNets {

  private DenseToyNets() {}

  /**
   * Multiply-adds per image (decoder plus classifier).
   *
   * @param latents D
   * @param hidden hidden width
   * @param volume C·H·W
   * @param outputs classifier outputs
   * @return multiply-adds
   */
  public static long macsPerImage(int latents, int hidden, int volume, int outputs) {
    return (long) latents * hidden
        + (long) hidden * volume
        + (long) volume * hidden
        + (long) hidden * outputs;
  }

  /** c = a·b, with EJML's multi-threaded kernel ({@code CommonOps_MT_FDRM}) when threaded. */
  static void mult(FMatrixRMaj a, FMatrixRMaj b, FMatrixRMaj c, boolean threaded) {
    if (threaded) {
      CommonOps_MT_FDRM.mult(a, b, c);
    } else {
      CommonOps_FDRM.mult(a, b, c);
    }
  }

  static FMatrixRMaj weights(int rows, int cols, SplittableRandom rnd) {
    FMatrixRMaj m = new FMatrixRMaj(rows, cols);
    float scale = (float) Math.sqrt(2.0 / rows);
    for (int i = 0; i < m.data.length; i++) {
      m.data[i] = (float) rnd.nextGaussian() * scale;
    }
    return m;
  }

  /**
   * The toy decoder: latents → hidden (ReLU) → C·H·W (sigmoid).
   *
   * @param latents D
   * @param hidden hidden width
   * @param shape C, H, W
   * @param seed weight seed
   * @param threaded whether the products use EJML's multi-threaded kernel
   * @return the decoder
   */
  public static LatentDecoder decoder(
      int latents, int hidden, int[] shape, long seed, boolean threaded) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int vol = shape[0] * shape[1] * shape[2];
    FMatrixRMaj w1 = weights(latents, hidden, rnd);
    FMatrixRMaj w2 = weights(hidden, vol, rnd);
    return LatentDecoder.of(
        shape,
        z -> {
          int b = z.length;
          FMatrixRMaj x = new FMatrixRMaj(b, latents);
          for (int i = 0; i < b; i++) {
            System.arraycopy(z[i], 0, x.data, i * latents, latents);
          }
          FMatrixRMaj h = new FMatrixRMaj(b, hidden);
          mult(x, w1, h, threaded);
          relu(h.data);
          FMatrixRMaj y = new FMatrixRMaj(b, vol);
          mult(h, w2, y, threaded);
          float[] out = y.data;
          for (int i = 0; i < out.length; i++) {
            out[i] = (float) (1 / (1 + Math.exp(-out[i])));
          }
          return out;
        });
  }

  /**
   * The toy classifier: image → hidden (ReLU) → one softmax block per factor.
   *
   * @param volume C·H·W
   * @param hidden hidden width
   * @param sizes values per factor
   * @param seed weight seed
   * @param threaded whether the products use EJML's multi-threaded kernel
   * @return the classifier
   */
  public static FactorProbabilities classifier(
      int volume, int hidden, int[] sizes, long seed, boolean threaded) {
    SplittableRandom rnd = new SplittableRandom(seed);
    int total = 0;
    for (int k : sizes) {
      total += k;
    }
    int outputs = total;
    FMatrixRMaj w1 = weights(volume, hidden, rnd);
    FMatrixRMaj w2 = weights(hidden, outputs, rnd);
    return (images, n) -> {
      FMatrixRMaj x = FMatrixRMaj.wrap(n, volume, images);
      FMatrixRMaj h = new FMatrixRMaj(n, hidden);
      mult(x, w1, h, threaded);
      relu(h.data);
      FMatrixRMaj y = new FMatrixRMaj(n, outputs);
      mult(h, w2, y, threaded);
      float[][][] p = new float[sizes.length][n][];
      for (int i = 0; i < n; i++) {
        int off = i * outputs;
        for (int f = 0; f < sizes.length; f++) {
          float max = Float.NEGATIVE_INFINITY;
          for (int v = 0; v < sizes[f]; v++) {
            max = Math.max(max, y.data[off + v]);
          }
          float[] row = new float[sizes[f]];
          double sum = 0;
          for (int v = 0; v < sizes[f]; v++) {
            row[v] = (float) Math.exp(y.data[off + v] - max);
            sum += row[v];
          }
          for (int v = 0; v < sizes[f]; v++) {
            row[v] = (float) Math.min(1.0, row[v] / sum);
          }
          p[f][i] = row;
          off += sizes[f];
        }
      }
      return p;
    };
  }

  private static void relu(float[] a) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] < 0) {
        a[i] = 0;
      }
    }
  }
}
