package dev.candela.model;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.TransposedConv2d;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.model.training.Objective;
import dev.candela.model.training.StepTimes;
import dev.candela.model.training.TrainingMonitor;
import dev.candela.model.training.VaeTrainer;
import dev.candela.model.training.VaeTrainingConfig;
import java.util.SplittableRandom;

/**
 * Throughput measurements for {@code candela bench models}: encoder and decoder images per second
 * by batch size, and the engine's dense matrix-multiply rate on the same device in the same run.
 */
public final class ModelBench {
  private ModelBench() {}

  /**
   * One measurement.
   *
   * @param batchSize images per call
   * @param encodeImagesPerSecond encoder throughput
   * @param decodeImagesPerSecond decoder throughput
   */
  public record Throughput(
      int batchSize, double encodeImagesPerSecond, double decodeImagesPerSecond) {}

  /**
   * Measures a model at one batch size for about {@code seconds} per direction (after one warm-up
   * call).
   *
   * @param m the model
   * @param batchSize the batch size
   * @param seconds time budget per direction
   * @param seed seed of the random inputs
   * @return the throughput
   */
  public static Throughput measure(VaeModel m, int batchSize, double seconds, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    ModelCard.Shape s = m.card().input();
    float[] x = new float[batchSize * s.volume()];
    for (int i = 0; i < x.length; i++) {
      x[i] = (float) rng.nextDouble();
    }
    float[][] z = new float[batchSize][m.latentDim()];
    for (float[] row : z) {
      for (int j = 0; j < row.length; j++) {
        row[j] = (float) rng.nextGaussian();
      }
    }
    m.encodeMeans(x, batchSize);
    long t0 = System.nanoTime();
    long images = 0;
    while (System.nanoTime() - t0 < seconds * 1e9 || images == 0) {
      m.encodeMeans(x, batchSize);
      images += batchSize;
    }
    double enc = images / ((System.nanoTime() - t0) / 1e9);
    m.decode(z);
    t0 = System.nanoTime();
    images = 0;
    while (System.nanoTime() - t0 < seconds * 1e9 || images == 0) {
      m.decode(z);
      images += batchSize;
    }
    double dec = images / ((System.nanoTime() - t0) / 1e9);
    return new Throughput(batchSize, enc, dec);
  }

  /**
   * Training throughput of a VAE architecture: runs {@link VaeTrainer} (beta-VAE objective, Adam,
   * the real training loop with its gradient collector and sub-managers) for one epoch over the
   * first {@code steps} batches of a dataset, and times the steps after the first two (warm-up),
   * without data loading or checkpointing; the phases of the timed steps (forward, backward,
   * optimiser) are summed into {@code times}.
   *
   * @param ds the dataset (at least {@code steps × batchSize} images)
   * @param architecture one of {@link Architectures#VAES}
   * @param batchSize the batch size
   * @param steps training steps (at least 3)
   * @param device the device
   * @param scratch an empty folder for the model the run writes
   * @param times receives the phase times of the steps after the first two, or null
   * @return training images per second
   * @throws dev.candela.CandelaException when the dataset cannot be read
   */
  public static double trainImagesPerSecond(
      dev.candela.data.FactorDataset ds,
      String architecture,
      int batchSize,
      int steps,
      ComputeDevice device,
      java.nio.file.Path scratch,
      StepTimes times)
      throws dev.candela.CandelaException {
    if (steps < 3) {
      throw new IllegalArgumentException("training benchmark needs >= 3 steps, got " + steps);
    }
    VaeTrainingConfig cfg =
        VaeTrainingConfig.builder(Objective.parse("beta-vae"))
            .epochs(1)
            .batchSize(batchSize)
            .limit(steps * batchSize)
            .architecture(architecture)
            .build();
    long[] marks = new long[2];
    VaeTrainer.train(
        ds,
        cfg,
        scratch,
        false,
        device,
        null,
        (step, total, terms) -> {
          if (step == 2) {
            marks[0] = System.nanoTime();
          } else if (step == total) {
            marks[1] = System.nanoTime();
          }
        },
        TrainingMonitor.timing(times));
    return (double) (steps - 2) * batchSize / ((marks[1] - marks[0]) / 1e9);
  }

  /**
   * The engine's float32 matrix-multiply rate: repeated n × n products for about {@code seconds}.
   *
   * @param device the device
   * @param n the matrix side
   * @param seconds time budget
   * @return GFLOP/s (2·n³ floating-point operations per product)
   */
  public static double matmulGflops(ComputeDevice device, int n, double seconds) {
    try (NDManager manager = VaeModels.newManager(device.djl())) {
      NDArray a = manager.randomUniform(0f, 1f, new Shape(n, n));
      NDArray b = manager.randomUniform(0f, 1f, new Shape(n, n));
      try (NDManager warm = manager.newSubManager()) {
        warm.tempAttachAll(a, b);
        a.matMul(b).toFloatArray();
      }
      long count = 0;
      long t0 = System.nanoTime();
      while (System.nanoTime() - t0 < seconds * 1e9 || count == 0) {
        try (NDManager sub = manager.newSubManager()) {
          sub.tempAttachAll(a, b);
          NDArray c = a.matMul(b);
          c.getFloat(0, 0); // forces completion on asynchronous devices
        }
        count++;
      }
      double s = (System.nanoTime() - t0) / 1e9;
      return 2.0 * n * n * (double) n * count / s / 1e9;
    }
  }

  /**
   * Floating-point operations per image of the {@value Architectures#DL_CONV64} encoder (also the
   * {@value Architectures#DL_CONV64_UPSAMPLE} one; multiply-adds count 2; activations ignored).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double encoderFlops(int channels, int latentDim) {
    return conv(channels, 32, 16, 32 * 32)
        + conv(32, 32, 16, 16 * 16)
        + conv(32, 64, 16, 8 * 8)
        + conv(64, 64, 16, 4 * 4)
        + 2.0 * 1024 * 256
        + 2.0 * 256 * 2 * latentDim;
  }

  /**
   * Floating-point operations per image of the {@value Architectures#DL_CONV64} decoder: the
   * arithmetic of its transposed convolutions (each input pixel meets the 16 kernel taps); {@link
   * TransposedConv2d} executes slightly more, over the zero border (see {@link
   * #decoderExecutedFlops}).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double decoderFlops(int channels, int latentDim) {
    return 2.0 * latentDim * 256
        + 2.0 * 256 * 1024
        + conv(64, 64, 16, 4 * 4)
        + conv(64, 32, 16, 8 * 8)
        + conv(32, 32, 16, 16 * 16)
        + conv(32, channels, 16, 32 * 32);
  }

  /**
   * Floating-point operations per image that the {@value Architectures#DL_CONV64} decoder executes:
   * each transposed convolution over H × W maps runs as one 2 × 2 stride-1 convolution with 4·O
   * output channels over the (H + 2) × (W + 2) zero-bordered input (the four output phases, see
   * {@link TransposedConv2d}), i.e. over (H + 1)(W + 1) instead of H·W input positions: the same 16
   * multiply-adds per position as {@link #decoderFlops}, plus the border rows and columns (1.21×
   * the useful count for D = 10, C = 1).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double decoderExecutedFlops(int channels, int latentDim) {
    return 2.0 * latentDim * 256
        + 2.0 * 256 * 1024
        + conv(64, 64, 16, 5 * 5)
        + conv(64, 32, 16, 9 * 9)
        + conv(32, 32, 16, 17 * 17)
        + conv(32, channels, 16, 33 * 33);
  }

  /**
   * Floating-point operations per image of the {@value Architectures#DL_CONV64_UPSAMPLE} decoder
   * (×2 upsampling and 3 × 3 convolutions).
   *
   * @param channels C
   * @param latentDim D
   * @return FLOPs
   */
  public static double upsamplingDecoderFlops(int channels, int latentDim) {
    return 2.0 * latentDim * 256
        + 2.0 * 256 * 1024
        + conv(64, 64, 9, 8 * 8)
        + conv(64, 32, 9, 16 * 16)
        + conv(32, 32, 9, 32 * 32)
        + conv(32, channels, 9, 64 * 64);
  }

  /**
   * Floating-point operations per image of a 64 × 64 VAE architecture's decoder.
   *
   * @param architecture {@value Architectures#DL_CONV64} or {@value
   *     Architectures#DL_CONV64_UPSAMPLE}
   * @param channels C
   * @param latentDim D
   * @return FLOPs, or NaN for other architectures
   */
  public static double decoderFlops(String architecture, int channels, int latentDim) {
    if (Architectures.DL_CONV64.equals(architecture)) {
      return decoderFlops(channels, latentDim);
    }
    if (Architectures.DL_CONV64_UPSAMPLE.equals(architecture)) {
      return upsamplingDecoderFlops(channels, latentDim);
    }
    if (Architectures.FC_HIGGINS.equals(architecture)) {
      double h = Architectures.FC_HIDDEN;
      return 2
          * (latentDim * h + 2 * h * h + h * channels * Architectures.SIDE * Architectures.SIDE);
    }
    return Double.NaN;
  }

  /**
   * Floating-point operations per image of a VAE architecture's encoder (multiply-adds count 2).
   *
   * @param architecture {@value Architectures#DL_CONV64}, {@value Architectures#DL_CONV64_UPSAMPLE}
   *     or {@value Architectures#FC_HIGGINS}
   * @param channels C
   * @param latentDim D
   * @return FLOPs, or NaN for other architectures
   */
  public static double encoderFlops(String architecture, int channels, int latentDim) {
    if (Architectures.FC_HIGGINS.equals(architecture)) {
      double h = Architectures.FC_HIDDEN;
      return 2
          * (channels * Architectures.SIDE * Architectures.SIDE * h + h * h + h * 2 * latentDim);
    }
    return Double.isNaN(decoderFlops(architecture, channels, latentDim))
        ? Double.NaN
        : encoderFlops(channels, latentDim);
  }

  /**
   * Floating-point operations per image of the {@value Architectures#CLASSIFIER} factor classifier
   * on 64 × 64 inputs (multiply-adds count 2; activations and heads ignored).
   *
   * @param channels C
   * @param outputs the number of logits (Σ factor sizes)
   * @return FLOPs
   */
  public static double classifierFlops(int channels, int outputs) {
    return conv(channels, 32, 16, 32 * 32)
        + conv(32, 64, 16, 16 * 16)
        + conv(64, 64, 16, 8 * 8)
        + 2.0 * 64 * 8 * 8 * outputs;
  }

  private static double conv(int cin, int cout, int k2, int outPixels) {
    return 2.0 * cin * k2 * cout * outPixels;
  }
}
