package dev.candela.cli.bench;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.options.DeviceOption;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.Cg;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgResult;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.arch.Architectures;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.TorchAnchor;
import dev.candela.report.TextTable;
import dev.candela.synth.DSpritesGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench cg}: counterfactual throughput (images per second through decoder plus
 * classifier) of the batched CG path against one sample per call (the 1 + 2F counterfactual images
 * of one sample together) and one image per call, all in one run on the same data, with the toy
 * dense networks of {@link DenseToyNets} (EJML float matrix products, one thread). Prints the CG of
 * each path so equal results are visible. Then the DJL rows: the shipped dSprites VAE decoder and
 * classifier batched (streamed over {@code --samples} in chunks) against one sample per call, the
 * engine's float32 matmul rate in the same run, and heap and DJL attached-array counts at the start
 * and the end of the batched run.
 */
@Command(
    name = "cg",
    description =
        "Counterfactual throughput (images/s, decoder + classifier) batched vs one sample per"
            + " call vs one image per call.")
public final class BenchCgCommand extends CliCommand {

  @Option(names = "--samples", description = "Samples (default ${DEFAULT-VALUE}).")
  int samples = 64;

  @Option(names = "--latents", description = "Latent dimension (default ${DEFAULT-VALUE}).")
  int latents = 10;

  @Option(names = "--hidden", description = "Hidden width of both nets (default ${DEFAULT-VALUE}).")
  int hidden = 256;

  @Option(names = "--image", description = "Image side, 1 channel (default ${DEFAULT-VALUE}).")
  int image = 64;

  @Option(
      names = "--factor-sizes",
      split = ",",
      description = "Values per factor (default 3,6,40,32,32: dSprites without colour).")
  List<Integer> factorSizes = List.of(3, 6, 40, 32, 32);

  @Option(
      names = "--batch",
      split = ",",
      description = "Batched path: images per call (default ${DEFAULT-VALUE}).")
  List<Integer> batches = List.of(256, 1024);

  @Option(
      names = "--threads",
      description = "Threads for EJML's matrix products (default ${DEFAULT-VALUE}).")
  int threads = 1;

  @Option(
      names = "--loop-samples",
      description =
          "Samples of the unbatched loops and of the pure-Java rows: min(--samples, this)"
              + " (default ${DEFAULT-VALUE}).")
  int loopSamples = 64;

  @Option(names = "--no-djl", description = "Skip the DJL rows (shipped VAE + classifier).")
  boolean noDjl;

  @Option(
      names = "--vae",
      description = "DJL rows: VAE model directory (default ${DEFAULT-VALUE}).")
  Path vae = Path.of("models/dsprites-beta-vae");

  @Option(
      names = "--classifier",
      description = "DJL rows: dSprites classifier directory (default ${DEFAULT-VALUE}).")
  Path classifier = Path.of("models/dsprites-classifier");

  @Option(
      names = "--djl-batch",
      split = ",",
      description = "DJL batched path: images per engine call, one row each (default 256).")
  List<Integer> djlBatches = List.of(256);

  @Option(
      names = "--anchor-python",
      description =
          "A Python with torch: time the same decoder + classifier shapes in plain PyTorch on the"
              + " same device at each --djl-batch, interleaved with the DJL rows, and print the"
              + " batched path's throughput as a fraction of it.")
  Path anchorPython;

  @Option(
      names = "--chunk",
      description = "DJL batched path: samples per streamed chunk (default ${DEFAULT-VALUE}).")
  int chunk = 1000;

  @Option(
      names = "--matmul",
      description = "Side of the DJL float32 matrix product baseline (default ${DEFAULT-VALUE}).")
  int matmul = 1024;

  @Mixin DeviceOption device;

  @Option(
      names = "--anchor-seconds",
      description = "Time per anchor measurement (default ${DEFAULT-VALUE}).")
  double anchorSeconds = 2;

  /** Creates the command. */
  public BenchCgCommand() {}

  @Override
  public Integer call() throws CandelaException {
    if (samples < 1
        || loopSamples < 1
        || latents < 1
        || hidden < 1
        || image < 1
        || factorSizes.isEmpty()
        || djlBatches.isEmpty()
        || djlBatches.stream().anyMatch(b -> b < 1)
        || chunk < 1
        || matmul < 1) {
      throw new IllegalArgumentException(
          "samples, loop samples, latents, hidden, image, factor sizes, djl batch, chunk and"
              + " matmul must be positive");
    }
    toyRows(Math.min(samples, loopSamples));
    if (!noDjl) {
      djlRows();
    }
    return ExitCodes.OK;
  }

  private void toyRows(int samples) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    org.ejml.concurrency.EjmlConcurrency.setMaxThreads(threads);
    int[] sizes = factorSizes.stream().mapToInt(Integer::intValue).toArray();
    int numFactors = sizes.length;
    int[] shape = {1, image, image};
    int vol = image * image;
    int outputs = 0;
    for (int k : sizes) {
      outputs += k;
    }
    LatentDecoder g = DenseToyNets.decoder(latents, hidden, shape, 1, threads > 1);
    FactorProbabilities c = DenseToyNets.classifier(vol, hidden, sizes, 2, threads > 1);
    SplittableRandom rnd = new SplittableRandom(3);
    float[][] z = new float[samples][latents];
    for (float[] row : z) {
      for (int j = 0; j < latents; j++) {
        row[j] = (float) rnd.nextGaussian();
      }
    }
    int[][] y = new int[numFactors][samples];
    int[][] sets = new int[numFactors][];
    for (int f = 0; f < numFactors; f++) {
      for (int i = 0; i < samples; i++) {
        y[f][i] = rnd.nextInt(sizes[f]);
      }
      sets[f] = new int[] {f % latents};
    }
    CgOptions base =
        CgOptions.builder().setSets(sets).optBaseline(CgBaseline.MAX_DEVIATION).build();
    int perSample = 1 + 2 * numFactors;
    long images = (long) samples * perSample;
    double flopsPerImage = 2.0 * DenseToyNets.macsPerImage(latents, hidden, vol, outputs);

    // Warm up the JIT on every path.
    float[][] warm = java.util.Arrays.copyOf(z, Math.min(samples, 4));
    int[][] warmY = firstCodes(y, warm.length);
    for (int b : List.of(1, perSample, batches.get(0))) {
      Cg.compute(warm, warmY, g, c, base.withMaxBatch(b));
    }

    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {"path", "images/call", "seconds", "images/s", "GFLOP/s", "× batched", "CG"});
    double reference = -1;
    List<Object[]> results = new ArrayList<>();
    for (int b : batches) {
      results.add(new Object[] {"batched", b});
    }
    results.add(new Object[] {"one sample per call", perSample});
    results.add(new Object[] {"one image per call", 1});
    for (Object[] r : results) {
      int b = (Integer) r[1];
      Timing.Timed<CgResult> res = Timing.time(() -> Cg.compute(z, y, g, c, base.withMaxBatch(b)));
      double s = res.seconds();
      double rate = images / s;
      if (reference < 0) {
        reference = rate;
      }
      rows.add(
          new String[] {
            (String) r[0],
            Integer.toString(b),
            String.format(Locale.ROOT, "%.3f", s),
            String.format(Locale.ROOT, "%.0f", rate),
            String.format(Locale.ROOT, "%.2f", rate * flopsPerImage / 1e9),
            String.format(Locale.ROOT, "%.2f", rate / reference),
            String.format(Locale.ROOT, "%.6f", res.value().score())
          });
      err().println("bench cg: " + r[0] + " (" + b + " images/call) done");
    }
    java.io.PrintWriter out = out();
    out.printf(
        Locale.ROOT,
        "bench cg: %d samples × %d counterfactual images (F=%d), %d latents, 1×%d×%d images,"
            + " hidden %d, %.1f MFLOP/image, EJML float, %d thread(s)%n",
        samples,
        perSample,
        numFactors,
        latents,
        image,
        image,
        hidden,
        flopsPerImage / 1e6,
        threads);
    out.print(TextTable.render(rows));
    out.flush();
  }

  /**
   * The DJL rows: the shipped VAE decoder and classifier on encoded dSprites images, the batched
   * path streamed over {@code --samples} in chunks against one sample per call on the first {@code
   * --loop-samples}, and the engine's matmul rate; heap and native array counts at the start and
   * the end of the batched run.
   */
  private void djlRows() throws CandelaException {
    java.io.PrintWriter out = out();
    java.io.PrintWriter err = err();
    int djlBatch = djlBatches.stream().mapToInt(Integer::intValue).max().orElseThrow();
    ComputeDevice djlDevice = device.device();
    try (CounterfactualModels m = CounterfactualModels.load(vae, classifier, djlDevice, djlBatch);
        TorchAnchor anchor = startAnchor(djlDevice, m)) {
      List<String> names =
          m.classifierFactors().stream()
              .map(dev.candela.model.card.ModelCard.FactorInfo::name)
              .toList();
      if (!names.equals(List.of("color", "shape", "scale", "orientation", "posX", "posY"))) {
        throw new BadInputException(
            classifier + ": the DJL rows need a dSprites classifier, its factors are " + names);
      }
      int d = m.vaeCard().latentDim();
      int[][] sets = new int[names.size()][];
      sets[0] = new int[0];
      for (int f = 1; f < names.size(); f++) {
        sets[f] = new int[] {(f - 1) % d};
      }
      int[] evaluated = {1, 2, 3, 4, 5};
      int perSample = 1 + 2 * evaluated.length;
      long[] indices = DSpritesGenerator.chooseIndices(samples, 11);
      int loop = Math.min(samples, loopSamples);
      Chunk first = encode(m, indices, 0, Math.min(samples, Math.max(chunk, loop)));
      LatentStats stats = LatentStats.of(first.z);
      CgOptions options =
          CgOptions.builder()
              .setSets(sets)
              .optFactorNames(names)
              .optFactors(evaluated)
              .optBaseline(CgBaseline.MAX_DEVIATION)
              .optMaxBatch(djlBatch)
              .build();
      float[][] zl = java.util.Arrays.copyOf(first.z, loop);
      int[][] yl = firstCodes(first.codes, loop);
      // Warm-up of both paths (engine initialisation, allocator).
      int w = Math.min(loop, 2);
      float[][] zw = java.util.Arrays.copyOf(zl, w);
      int[][] yw = firstCodes(yl, w);
      Cg.compute(zw, yw, m.decoder(), m.probabilities(), options, stats);
      Cg.compute(zw, yw, m.decoder(), m.probabilities(), options.withMaxBatch(perSample), stats);

      Memory start = Memory.now(m);
      List<Batched> batched = new ArrayList<>();
      int chunks = 0;
      for (int b : djlBatches) {
        double torch = anchor == null ? Double.NaN : anchor.imagesPerSecond("cg", b, anchorSeconds);
        CgOptions ob = options.withMaxBatch(b);
        CgAccumulator acc = new CgAccumulator(m.decoder(), m.probabilities(), ob, stats);
        double seconds = 0;
        chunks = 0;
        for (int from = 0; from < samples; from += chunk) {
          int to = Math.min(samples, from + chunk);
          Chunk c = from == 0 && first.z.length == to - from ? first : encode(m, indices, from, to);
          long t0 = System.nanoTime();
          acc.process(c.z, c.codes);
          seconds += Timing.secondsSince(t0);
          chunks++;
          if (chunks % 10 == 0) {
            err.println("bench cg: djl batched (" + b + ") " + to + "/" + samples + " samples");
          }
        }
        batched.add(new Batched(b, seconds, acc.summary().score(), torch));
      }
      Memory end = Memory.now(m);
      double batchedSeconds = batched.get(0).seconds();
      Timing.Timed<CgResult> loopRes =
          Timing.time(
              () ->
                  Cg.compute(
                      zl,
                      yl,
                      m.decoder(),
                      m.probabilities(),
                      options.withMaxBatch(perSample),
                      stats));
      double loopSeconds = loopRes.seconds();
      err.println("bench cg: djl one sample per call done");
      double gflopsMatmul = m.matmulGflops(matmul, 2.0);
      double flops = m.flopsPerImage();
      double batchedRate = (double) samples * perSample / batchedSeconds;
      double loopRate = (double) loop * perSample / loopSeconds;

      List<String[]> rows = new ArrayList<>();
      rows.add(
          new String[] {
            "path",
            "images/call",
            "samples",
            "seconds",
            "images/s",
            "GFLOP/s",
            "× batched",
            "of matmul",
            "torch img/s",
            "of torch",
            "CG"
          });
      for (Batched r : batched) {
        double rate = (double) samples * perSample / r.seconds();
        rows.add(
            djlRow(
                "djl batched",
                r.batch(),
                samples,
                r.seconds(),
                rate,
                flops,
                batchedRate,
                gflopsMatmul,
                r.torch(),
                r.cg()));
      }
      rows.add(
          djlRow(
              "djl one sample per call",
              perSample,
              loop,
              loopSeconds,
              loopRate,
              flops,
              batchedRate,
              gflopsMatmul,
              Double.NaN,
              loopRes.value().score()));
      rows.add(
          new String[] {
            "djl matmul " + matmul + "×" + matmul,
            "",
            "",
            "",
            "",
            String.format(Locale.ROOT, "%.2f", gflopsMatmul),
            "",
            "1.00",
            "",
            "",
            ""
          });
      out.printf(
          Locale.ROOT,
          "bench cg (DJL): %s + %s on %s, %d latents, %d counterfactual images per sample (F=%d),"
              + " %.1f MFLOP/image (decoder + classifier), baseline statistics from the first %d"
              + " samples, Z_I fixed (latent (f−1) mod D)%n",
          vae,
          classifier,
          m.deviceName(),
          d,
          perSample,
          evaluated.length,
          flops / 1e6,
          first.z.length);
      if (anchor != null) {
        out.println(
            "anchor: "
                + anchor.description()
                + " ("
                + anchorPython
                + "): decoder + sigmoid + classifier + softmax per factor on the same shapes;"
                + " the DJL rows include the CG path's host work (interventions, baselines)");
      }
      out.print(TextTable.render(rows));
      out.printf(
          Locale.ROOT,
          "memory: start heap %.1f MiB used after GC, DJL attached arrays %d (in inference"
              + " managers %d); end (after %d chunks, %d samples) heap %.1f MiB, attached arrays"
              + " %d (in inference managers %d)%n",
          start.heapMiB,
          start.attached,
          start.inference,
          chunks,
          samples,
          end.heapMiB,
          end.attached,
          end.inference);
      out.flush();
    }
  }

  private static String[] djlRow(
      String name,
      int perCall,
      int n,
      double seconds,
      double rate,
      double flops,
      double reference,
      double matmulGflops,
      double torch,
      double cg) {
    double gflops = rate * flops / 1e9;
    return new String[] {
      name,
      Integer.toString(perCall),
      Integer.toString(n),
      String.format(Locale.ROOT, "%.3f", seconds),
      String.format(Locale.ROOT, "%.0f", rate),
      String.format(Locale.ROOT, "%.2f", gflops),
      String.format(Locale.ROOT, "%.2f", rate / reference),
      String.format(Locale.ROOT, "%.3f", gflops / matmulGflops),
      Double.isNaN(torch) ? "" : String.format(Locale.ROOT, "%.0f", torch),
      Double.isNaN(torch) ? "" : String.format(Locale.ROOT, "%.1f%%", 100 * rate / torch),
      String.format(Locale.ROOT, "%.6f", cg)
    };
  }

  /** One batched DJL row: images per call, timed seconds, CG, and the anchor's rate (or NaN). */
  private record Batched(int batch, double seconds, double cg, double torch) {}

  /** The plain-PyTorch anchor for the shipped networks' shapes, or null without the option. */
  private TorchAnchor startAnchor(ComputeDevice device, CounterfactualModels m)
      throws CandelaException {
    if (anchorPython == null) {
      return null;
    }
    String clf = m.classifierCard().architecture();
    if (!Architectures.DL_CONV64.equals(m.vaeCard().architecture())
        || !(Architectures.CLASSIFIER.equals(clf) || Architectures.CLASSIFIER_FC256.equals(clf))) {
      throw new BadInputException(
          "--anchor-python: the anchor runs the dl-conv64 VAE and the conv3-fc or conv3-fc256"
              + " classifier shapes, got "
              + m.vaeCard().architecture()
              + " and "
              + clf);
    }
    int[] sizes = m.classifierFactors().stream().mapToInt(f -> f.size()).toArray();
    return TorchAnchor.start(
        anchorPython,
        device,
        m.vaeCard().latentDim(),
        m.vaeCard().input().channels(),
        sizes,
        Architectures.CLASSIFIER_FC256.equals(clf) ? Architectures.FC256_HIDDEN : 0);
  }

  /** The codes of the first {@code n} samples, one array per factor. */
  private static int[][] firstCodes(int[][] codes, int n) {
    int[][] head = new int[codes.length][];
    for (int f = 0; f < codes.length; f++) {
      head[f] = java.util.Arrays.copyOf(codes[f], n);
    }
    return head;
  }

  /** Encoded latents and codes of some samples. */
  private record Chunk(float[][] z, int[][] codes) {}

  /** Renders dSprites images {@code indices[from..to−1]} and encodes them with the VAE. */
  private static Chunk encode(CounterfactualModels m, long[] indices, int from, int to) {
    int n = to - from;
    int px = DSpritesGenerator.SIDE * DSpritesGenerator.SIDE;
    float[] images = new float[n * px];
    byte[] buf = new byte[px];
    int[][] codes = new int[DSpritesGenerator.SIZES.length][n];
    for (int i = 0; i < n; i++) {
      DSpritesGenerator.render(indices[from + i], buf);
      for (int p = 0; p < px; p++) {
        images[i * px + p] = buf[p];
      }
      int[] c = DSpritesGenerator.codes(indices[from + i]);
      for (int f = 0; f < c.length; f++) {
        codes[f][i] = c[f];
      }
    }
    return new Chunk(m.encodeMeans(images, n), codes);
  }

  /** Heap in use after a GC and the models' native array counts. */
  private record Memory(double heapMiB, int attached, int inference) {
    static Memory now(CounterfactualModels m) {
      return new Memory(MemoryProbes.heapMiBAfterGc(), m.attachedArrays(), m.inferenceArrays());
    }
  }
}
