package dev.candela.cli.bench;

import dev.candela.Progress;
import dev.candela.model.arch.Architectures;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.training.Objective;
import dev.candela.model.training.StepTimes;
import dev.candela.model.training.TrainingMonitor;
import dev.candela.model.training.VaeTrainer;
import dev.candela.model.training.VaeTrainingConfig;
import java.util.SplittableRandom;

/**
 * Throughput measurements for {@code candela bench models}: encoder and decoder images per second
 * by batch size, and the images per second of the real training loop. The engine's matrix-multiply
 * rate is {@link dev.candela.model.hosting.MatmulRate}, the FLOP counts {@link
 * dev.candela.model.arch.Flops}.
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
    double enc = imagesPerSecond(() -> m.encodeMeans(x, batchSize), batchSize, seconds);
    double dec = imagesPerSecond(() -> m.decode(z), batchSize, seconds);
    return new Throughput(batchSize, enc, dec);
  }

  /**
   * Images per second of a call: one warm-up call, then calls for about {@code seconds} (at least
   * one).
   */
  private static double imagesPerSecond(Runnable call, int imagesPerCall, double seconds) {
    call.run();
    long t0 = System.nanoTime();
    long images = 0;
    while (System.nanoTime() - t0 < seconds * 1e9 || images == 0) {
      call.run();
      images += imagesPerCall;
    }
    return images / Timing.secondsSince(t0);
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
        new Progress() {
          @Override
          public Progress.Task task(String name, long total) {
            return new Progress.Task() {
              @Override
              public void step() {
                // the training loop counts with stepTo
              }

              @Override
              public void stepTo(long step) {
                if (step == 2) {
                  marks[0] = System.nanoTime();
                } else if (step == total) {
                  marks[1] = System.nanoTime();
                }
              }

              @Override
              public void close() {}
            };
          }
        },
        TrainingMonitor.timing(times));
    return (double) (steps - 2) * batchSize / ((marks[1] - marks[0]) / 1e9);
  }
}
