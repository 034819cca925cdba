package dev.candela.cli.bench;

import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.DeviceOption;
import dev.candela.data.DSpritesDataset;
import dev.candela.data.FactorDataset;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.Flops;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.MatmulRate;
import dev.candela.model.hosting.TorchAnchor;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.model.training.StepTimes;
import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench models}: encoder/decoder throughput by batch size beside the engine's
 * matrix-multiply rate measured in the same run, and with {@code --anchor-python} beside plain
 * PyTorch running the same shapes on the same device ({@link TorchAnchor}), interleaved.
 */
@Command(
    name = "models",
    description = {
      "Encoder and decoder throughput (images/s) by batch size, and the engine's float32"
          + " matrix-multiply rate (GFLOP/s) on the same device in the same run; for dl-conv64"
          + " and dl-conv64-upsample models also the fraction of that rate the network reaches."
    })
public final class BenchModelsCommand implements Callable<Integer> {
  @Option(
      names = "--model",
      description = "Model directory (default: a randomly initialised dl-conv64 VAE).")
  Path model;

  @Option(
      names = "--architecture",
      defaultValue = "dl-conv64",
      description =
          "Architecture of the randomly initialised model when no --model is given (default"
              + " ${DEFAULT-VALUE}; e.g. dl-conv64-upsample for the earlier decoder).")
  String architecture;

  @Option(names = "--latent-dim", defaultValue = "10", description = "D of the default model.")
  int latentDim;

  @Option(names = "--channels", defaultValue = "1", description = "C of the default model.")
  int channels;

  @Option(
      names = "--batch-sizes",
      split = ",",
      defaultValue = "1,16,64,256",
      description = "Batch sizes (default ${DEFAULT-VALUE}).")
  List<Integer> batchSizes;

  @Option(
      names = "--seconds",
      defaultValue = "2",
      description = "Time per measurement (default ${DEFAULT-VALUE}).")
  double seconds;

  @Option(names = "--matmul-size", defaultValue = "1024", description = "Matrix side.")
  int matmulSize;

  @Mixin DeviceOption device;

  @Option(
      names = "--train-steps",
      defaultValue = "40",
      description =
          "Training steps at batch --train-batch to time (0 = no training row; default"
              + " ${DEFAULT-VALUE}).")
  int trainSteps;

  @Option(
      names = "--anchor-python",
      description =
          "A Python with torch: run the same dl-conv64 shapes in plain PyTorch on the same device,"
              + " interleaved with Candela's measurements, and print Candela's throughput as a"
              + " fraction of it (e.g. /usr/bin/python3 with Debian's python3-torch).")
  Path anchorPython;

  @Option(
      names = "--repeats",
      defaultValue = "1",
      description =
          "Measure each row this many times, alternating Candela and the anchor, and keep each"
              + " one's best (default ${DEFAULT-VALUE}).")
  int repeats;

  @Option(
      names = "--train-batch",
      defaultValue = "64",
      description = "Batch size of the training row (default ${DEFAULT-VALUE}).")
  int trainBatch;

  /** Creates the command. */
  public BenchModelsCommand() {}

  @Override
  public Integer call() throws Exception {
    ComputeDevice dev = device.device();
    if (repeats < 1) {
      throw new IllegalArgumentException("--repeats must be at least 1, got " + repeats);
    }
    try (TorchAnchor anchor = startAnchor(dev)) {
      return run(dev, anchor);
    }
  }

  private TorchAnchor startAnchor(ComputeDevice dev) throws dev.candela.CandelaException {
    if (anchorPython == null) {
      return null;
    }
    if (model != null || !Architectures.DL_CONV64.equals(architecture)) {
      throw new IllegalArgumentException(
          "--anchor-python: the anchor runs the "
              + Architectures.DL_CONV64
              + " shapes; use it without --model and with --architecture "
              + Architectures.DL_CONV64);
    }
    TorchAnchor a = TorchAnchor.start(anchorPython, dev, latentDim, channels, new int[] {1}, 0);
    System.out.println("anchor: " + a.description() + " (" + anchorPython + ")");
    return a;
  }

  private Integer run(ComputeDevice dev, TorchAnchor anchor) throws Exception {
    int maxBatch = batchSizes.stream().mapToInt(Integer::intValue).max().orElse(1);
    double gflops = MatmulRate.gflops(dev, matmulSize, seconds);
    System.out.printf(
        "device %s; engine matmul %dx%d float32: %.1f GFLOP/s%n",
        dev, matmulSize, matmulSize, gflops);
    try (VaeModel m =
        model == null
            ? VaeModels.randomlyInitialised(architecture, latentDim, channels, dev, 0, maxBatch)
            : VaeModels.load(model, dev, maxBatch)) {
      String arch = m.card().architecture();
      int c = m.card().input().channels();
      double df = Flops.decoderFlops(arch, c, m.latentDim());
      double ef = Flops.encoderFlops(arch, c, m.latentDim());
      System.out.printf(
          "model %s (%s, input %s, D=%d); FLOPs/image: encoder %.1f M, decoder %.1f M%n",
          model == null ? "random-init" : model,
          m.card().architecture(),
          m.card().input(),
          m.latentDim(),
          ef / 1e6,
          df / 1e6);
      if (Architectures.DL_CONV64.equals(arch)) {
        System.out.printf(
            "decoder executes %.1f M FLOPs/image (transposed convolutions run as 2x2 phase"
                + " convolutions, including the zero border); dec/matmul counts the %.1f M%n",
            Flops.decoderExecutedFlops(c, m.latentDim()) / 1e6, df / 1e6);
      }
      if (anchor == null) {
        System.out.printf(
            "%6s %14s %14s %12s %12s%n",
            "batch", "encode img/s", "decode img/s", "enc/matmul", "dec/matmul");
      } else {
        System.out.printf(
            "%6s %14s %14s %12s %12s %14s %14s %10s %10s%n",
            "batch",
            "encode img/s",
            "decode img/s",
            "enc/matmul",
            "dec/matmul",
            "torch enc/s",
            "torch dec/s",
            "enc/torch",
            "dec/torch");
      }
      for (int b : batchSizes) {
        double enc = 0;
        double dec = 0;
        double tEnc = 0;
        double tDec = 0;
        for (int r = 0; r < repeats; r++) {
          if (anchor != null) {
            tEnc = Math.max(tEnc, anchor.imagesPerSecond("encode", b, seconds));
            tDec = Math.max(tDec, anchor.imagesPerSecond("decode", b, seconds));
          }
          ModelBench.Throughput t = ModelBench.measure(m, b, seconds, b);
          enc = Math.max(enc, t.encodeImagesPerSecond());
          dec = Math.max(dec, t.decodeImagesPerSecond());
        }
        if (anchor == null) {
          System.out.printf(
              "%6d %14.1f %14.1f %12s %12s%n",
              b, enc, dec, fraction(enc * ef, gflops), fraction(dec * df, gflops));
        } else {
          System.out.printf(
              "%6d %14.1f %14.1f %12s %12s %14.1f %14.1f %9.1f%% %9.1f%%%n",
              b,
              enc,
              dec,
              fraction(enc * ef, gflops),
              fraction(dec * df, gflops),
              tEnc,
              tDec,
              100 * enc / tEnc,
              100 * dec / tDec);
        }
        System.out.flush();
      }
    }
    if (trainSteps > 0
        && model == null
        && !Double.isNaN(Flops.decoderFlops(architecture, channels, latentDim))) {
      double ips = 0;
      double torchIps = 0;
      StepTimes times = new StepTimes(2);
      try (WorkFolder folder = WorkFolder.of(null, "candela-bench-train")) {
        Path npz = folder.dir().resolve("dsprites.npz");
        DSpritesGenerator.write(
            npz, DSpritesGenerator.chooseIndices((long) trainSteps * trainBatch, 0), k -> {});
        try (FactorDataset ds = DSpritesDataset.open(npz)) {
          for (int r = 0; r < repeats; r++) {
            if (anchor != null) {
              torchIps = Math.max(torchIps, anchor.trainImagesPerSecond(trainBatch, trainSteps));
            }
            StepTimes rt = new StepTimes(2);
            Path dir = folder.dir().resolve("model-" + r);
            double x =
                ModelBench.trainImagesPerSecond(
                    ds, architecture, trainBatch, trainSteps, dev, dir, rt);
            if (x > ips) {
              ips = x;
              times = rt;
            }
          }
        }
      }
      // a training step runs the forward pass and a backward pass of about twice its cost
      double flops =
          3
              * (Flops.encoderFlops(architecture, channels, latentDim)
                  + Flops.decoderFlops(architecture, channels, latentDim));
      System.out.printf(
          "training (beta-vae, Adam, batch %d, %d steps): %.1f img/s, %.1f M FLOPs/image"
              + " (3x forward), %s of the matmul rate%n",
          trainBatch, trainSteps, ips, flops / 1e6, fraction(ips * flops, gflops));
      printPhases(times, flops / 3, trainBatch, ips, gflops);
      if (anchor != null) {
        System.out.printf(
            "training anchor (plain PyTorch, the same step): %.1f img/s; Candela at %.1f%% of it%n",
            torchIps, 100 * ips / torchIps);
      }
    }
    // the matmul rate again, so drift in a shared machine's load is visible
    System.out.printf(
        "engine matmul again: %.1f GFLOP/s%n", MatmulRate.gflops(dev, matmulSize, seconds));
    return ExitCodes.OK;
  }

  /**
   * Where a training step's time goes: forward (with the loss terms), backward, optimiser, and the
   * rest of the step (batch assembly, listeners), each as milliseconds per step and share of the
   * step, and the passes as fractions of the matmul rate (the backward pass counted as twice the
   * forward FLOPs).
   */
  private static void printPhases(
      StepTimes t, double forwardFlops, int batch, double ips, double gflops) {
    double f = t.forwardSeconds();
    double b = t.backwardSeconds();
    double o = t.optimizerSeconds();
    double step = batch / ips;
    double rest = Math.max(0, step - f - b - o);
    System.out.printf(
        "  per step %.1f ms: forward+loss %.1f ms (%.0f%%, %s of the matmul rate),"
            + " backward %.1f ms (%.0f%%, %s), optimiser %.1f ms (%.0f%%), rest %.1f ms (%.0f%%)%n",
        step * 1e3,
        f * 1e3,
        100 * f / step,
        fraction(batch * forwardFlops / f, gflops),
        b * 1e3,
        100 * b / step,
        fraction(batch * 2 * forwardFlops / b, gflops),
        o * 1e3,
        100 * o / step,
        rest * 1e3,
        100 * rest / step);
  }

  private static String fraction(double flopsPerSecond, double gflops) {
    if (Double.isNaN(flopsPerSecond)) {
      return "n/a";
    }
    return String.format("%.1f%%", 100 * flopsPerSecond / 1e9 / gflops);
  }
}
