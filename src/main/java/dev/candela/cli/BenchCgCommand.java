package dev.candela.cli;

import dev.candela.metrics.Cg;
import dev.candela.metrics.CgBaseline;
import dev.candela.metrics.CgOptions;
import dev.candela.metrics.CgResult;
import dev.candela.metrics.FactorProbabilities;
import dev.candela.metrics.LatentDecoder;
import dev.candela.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela bench cg}: counterfactual throughput (images per second through decoder plus
 * classifier) of the batched CG path against one sample per call (the 1 + 2F counterfactual images
 * of one sample together) and one image per call, all in one run on the same data, with the toy
 * dense networks of {@link DenseToyNets} (EJML float matrix products, one thread). Prints the CG of
 * each path so equal results are visible.
 */
@Command(
    name = "cg",
    mixinStandardHelpOptions = true,
    description =
        "Counterfactual throughput (images/s, decoder + classifier) batched vs one sample per"
            + " call vs one image per call.")
public final class BenchCgCommand implements Callable<Integer> {

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

  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  /** Creates the command. */
  public BenchCgCommand() {}

  @Override
  public Integer call() {
    if (samples < 1 || latents < 1 || hidden < 1 || image < 1 || factorSizes.isEmpty()) {
      throw new IllegalArgumentException(
          "samples, latents, hidden, image and factor sizes must be positive");
    }
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1, got " + threads);
    }
    DenseToyNets.threaded = threads > 1;
    org.ejml.concurrency.EjmlConcurrency.setMaxThreads(threads);
    int[] sizes = factorSizes.stream().mapToInt(Integer::intValue).toArray();
    int numFactors = sizes.length;
    int[] shape = {1, image, image};
    int vol = image * image;
    int outputs = 0;
    for (int k : sizes) {
      outputs += k;
    }
    LatentDecoder g = DenseToyNets.decoder(latents, hidden, shape, 1);
    FactorProbabilities c = DenseToyNets.classifier(vol, hidden, sizes, 2);
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
    int[][] warmY = new int[numFactors][];
    for (int f = 0; f < numFactors; f++) {
      warmY[f] = java.util.Arrays.copyOf(y[f], warm.length);
    }
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
      long t0 = System.nanoTime();
      CgResult res = Cg.compute(z, y, g, c, base.withMaxBatch(b));
      double s = (System.nanoTime() - t0) / 1e9;
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
            String.format(Locale.ROOT, "%.6f", res.score())
          });
      spec.commandLine().getErr().println("bench cg: " + r[0] + " (" + b + " images/call) done");
    }
    java.io.PrintWriter out = spec.commandLine().getOut();
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
    return Main.OK;
  }
}
