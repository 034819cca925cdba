package dev.candela.cli.bench;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.cli.console.CliCommand;
import dev.candela.cli.console.ExitCodes;
import dev.candela.cli.console.SettingFlags;
import dev.candela.cli.options.CounterfactualEngineOptions;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.CounterfactualDriver;
import dev.candela.evaluate.CounterfactualSettings;
import dev.candela.evaluate.ModelPaths;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.arch.Architectures;
import dev.candela.model.card.ModelCard;
import dev.candela.report.TextTable;
import dev.candela.synth.DSpritesGenerator;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code candela bench cg-memory}: memory over a long counterfactual run. Runs the real {@code
 * counterfactuals} job (dataset reader, encoding, latent-set selection, batched interventions,
 * decoding, classification, per-chunk CSVs, running sums) over {@code --samples} samples and
 * measures, every {@code --every} samples, the heap in use after {@code System.gc()}, the models'
 * DJL attached native arrays, and the process's resident memory from {@code /proc/self/status}
 * ({@code VmRSS}, split into {@code RssAnon} and the file pages {@code RssFile}, which include the
 * memory-mapped dataset). Prints the table and the growth per {@code --every} samples from the
 * second checkpoint on. With {@code --tiny}, the models are small random-initialised DJL networks
 * ({@link CounterfactualModels#writeTinyRandom}), so 100,000 samples take minutes instead of hours.
 */
@Command(
    name = "cg-memory",
    description =
        "Memory (heap after GC, DJL native arrays, RSS) of the counterfactuals job sampled every"
            + " N samples over a long run.")
public final class BenchCgMemoryCommand extends CliCommand {

  @Option(names = "--samples", description = "Samples of the run (default ${DEFAULT-VALUE}).")
  int samples = 100_000;

  @Option(
      names = "--every",
      description = "Sample memory every this many samples (default: samples / 10).")
  Integer every;

  @Option(
      names = "--tiny",
      description =
          "Use random-initialised tiny DJL networks (tiny-dense64 VAE + tiny-fc classifier)"
              + " instead of --vae/--classifier.")
  boolean tiny;

  @Option(names = "--vae", description = "VAE model directory (default: models/dsprites-beta-vae).")
  Path vae;

  @Option(
      names = "--classifier",
      description = "Classifier directory (default: models/dsprites-classifier).")
  Path classifier;

  @Option(
      names = "--dataset",
      description =
          "Dataset (default: a generated dSprites npz of --samples images in the work folder).")
  Path dataset;

  @Option(
      names = "--chunk-size",
      description = "Samples per chunk, at most --every (default ${DEFAULT-VALUE}).")
  int chunkSize = 1000;

  @Mixin CounterfactualEngineOptions engine;

  @Option(
      names = "--seed",
      description = "Seed of the dataset sample and tiny models (default ${DEFAULT-VALUE}).")
  long seed = 0;

  @Mixin WorkFolderOption work;

  /** Creates the command. */
  public BenchCgMemoryCommand() {}

  /** One memory checkpoint. */
  record Checkpoint(
      int samples,
      double seconds,
      double imagesPerSecond,
      double heapMiB,
      double committedMiB,
      int attached,
      int inference,
      double rssMiB,
      double rssAnonMiB,
      double rssFileMiB) {}

  @Override
  public Integer call() throws CandelaException {
    int batchSize = engine.batchSize();
    if (samples < 1 || chunkSize < 1 || batchSize < 1) {
      throw new IllegalArgumentException(
          "--samples, --chunk-size and --batch-size must be positive, got "
              + samples
              + ", "
              + chunkSize
              + ", "
              + batchSize);
    }
    int step = every != null ? every : Math.max(1, samples / 10);
    if (step < 1) {
      throw new IllegalArgumentException("--every must be positive, got " + step);
    }
    int chunk = Math.min(chunkSize, step);
    if (step % chunk != 0) {
      throw new IllegalArgumentException(
          "--every (" + step + ") must be a multiple of --chunk-size (" + chunk + ")");
    }
    if (tiny && (vae != null || classifier != null)) {
      throw new IllegalArgumentException("--tiny builds its own models: drop --vae/--classifier");
    }
    try (WorkFolder folder = work.open("candela-cg-memory")) {
      return run(folder.dir(), step, chunk, out(), err());
    }
  }

  private int run(Path dir, int step, int chunk, PrintWriter out, PrintWriter err)
      throws CandelaException {
    Path data = dataset;
    if (data == null) {
      data = dir.resolve("dsprites-" + samples + "-seed" + seed + ".npz");
      if (!Files.isRegularFile(data)) {
        err.println("bench cg-memory: generating " + samples + " dSprites images -> " + data);
        DSpritesGenerator.write(data, DSpritesGenerator.chooseIndices(samples, seed), k -> {});
      }
    }
    Path vaeDir = vae;
    Path clfDir = classifier;
    String what;
    if (tiny) {
      List<ModelCard.FactorInfo> factors;
      FactorDataset.ImageShape shape;
      try (FactorDataset ds = DatasetPaths.open(data)) {
        factors = ModelCard.factorsOf(ds.space());
        shape = ds.imageShape();
      }
      if (shape.height() != Architectures.SIDE || shape.width() != Architectures.SIDE) {
        throw new BadInputException(
            data + ": --tiny models take 64x64 images, the dataset has " + shape);
      }
      Path[] dirs =
          CounterfactualModels.writeTinyRandom(
              dir.resolve("models"), 10, shape.channels(), factors, "bench", seed);
      vaeDir = dirs[0];
      clfDir = dirs[1];
      what =
          "TINY RANDOM models (not the shipped ones): "
              + Architectures.TINY_DENSE64
              + " VAE, 10 latents, + "
              + Architectures.TINY_CLASSIFIER
              + " softmax classifier, hidden "
              + Architectures.TINY_HIDDEN
              + ", random initialisation seed "
              + seed;
    } else {
      Path models = ModelPaths.repoRoot().resolve("models");
      vaeDir = vaeDir != null ? vaeDir : models.resolve("dsprites-beta-vae");
      clfDir = clfDir != null ? clfDir : models.resolve("dsprites-classifier");
      what = "models " + vaeDir + " + " + clfDir;
    }
    List<Checkpoint> points = new ArrayList<>();
    double[] flops = new double[1];
    long[] clock = {0, 0, 0};
    CounterfactualDriver.ChunkObserver observer =
        (models, k, total, done) -> {
          if (k == 0) {
            flops[0] = models.flopsPerImage();
          }
          if (done % step != 0 && k != total - 1) {
            return;
          }
          long now = System.nanoTime();
          int perSample =
              1 + 2 * (int) models.classifierFactors().stream().filter(f -> f.size() > 1).count();
          int before = points.isEmpty() ? 0 : points.get(points.size() - 1).samples();
          double since = (now - (clock[1] == 0 ? clock[0] : clock[1])) / 1e9;
          double rate = (double) (done - before) * perSample / since;
          double heap = MemoryProbes.heapMiBAfterGc();
          long[] rss = procStatus();
          points.add(
              new Checkpoint(
                  done,
                  (now - clock[0]) / 1e9 - clock[2] / 1e9,
                  rate,
                  heap,
                  Runtime.getRuntime().totalMemory() / MemoryProbes.MIB,
                  models.attachedArrays(),
                  models.inferenceArrays(),
                  rss[0] / 1024.0,
                  rss[1] / 1024.0,
                  rss[2] / 1024.0));
          err.printf(
              Locale.ROOT,
              "bench cg-memory: %d/%d samples, heap %.1f MiB, RSS %.1f MiB%n",
              done,
              samples,
              heap,
              rss[0] / 1024.0);
          err.flush();
          long after = System.nanoTime();
          clock[2] += after - now;
          clock[1] = after;
        };
    clock[0] = System.nanoTime();
    CounterfactualSettings settings =
        engine
            .applyTo(
                CounterfactualSettings.builder(data, vaeDir, clfDir, dir.resolve("cf"))
                    .chunkSize(chunk)
                    .limit(samples))
            .seed(seed)
            .build();
    CounterfactualDriver.Outcome res =
        CounterfactualDriver.run(settings, DatasetPaths::open, Progress.NONE, observer);
    out.print(res.text());
    out.flush();
    SettingFlags.warn(err, res.warnings(), java.util.Map.of());
    out.printf(
        Locale.ROOT,
        "bench cg-memory: the counterfactuals job over %d samples of %s, chunks of %d, %d images"
            + " per engine call; %s; %.2f MFLOP per counterfactual image (decoder + classifier)%n",
        samples,
        data,
        chunk,
        engine.batchSize(),
        what,
        flops[0] / 1e6);
    out.print(table(points));
    out.println(growth(points, step));
    out.flush();
    return ExitCodes.OK;
  }

  /** The checkpoint table. */
  static String table(List<Checkpoint> points) {
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "samples",
          "seconds",
          "images/s",
          "heap MiB",
          "Δheap",
          "committed MiB",
          "DJL arrays",
          "in inference",
          "VmRSS MiB",
          "RssAnon MiB",
          "ΔRssAnon",
          "RssFile MiB"
        });
    Checkpoint prev = null;
    for (Checkpoint p : points) {
      rows.add(
          new String[] {
            Integer.toString(p.samples()),
            String.format(Locale.ROOT, "%.1f", p.seconds()),
            String.format(Locale.ROOT, "%.0f", p.imagesPerSecond()),
            String.format(Locale.ROOT, "%.1f", p.heapMiB()),
            prev == null ? "" : String.format(Locale.ROOT, "%+.1f", p.heapMiB() - prev.heapMiB()),
            String.format(Locale.ROOT, "%.1f", p.committedMiB()),
            Integer.toString(p.attached()),
            Integer.toString(p.inference()),
            mib(p.rssMiB()),
            mib(p.rssAnonMiB()),
            prev == null || p.rssAnonMiB() < 0
                ? ""
                : String.format(Locale.ROOT, "%+.1f", p.rssAnonMiB() - prev.rssAnonMiB()),
            mib(p.rssFileMiB())
          });
      prev = p;
    }
    return TextTable.render(rows);
  }

  /**
   * The mean growth per {@code step} samples between the second and the last checkpoint (the first
   * interval holds the warm-up: engine start, allocator pools, JIT).
   */
  static String growth(List<Checkpoint> points, int step) {
    if (points.size() < 3) {
      return "growth: needs at least 3 checkpoints (raise --samples or lower --every)";
    }
    Checkpoint a = points.get(1);
    Checkpoint b = points.get(points.size() - 1);
    double intervals = (double) (b.samples() - a.samples()) / step;
    return String.format(
        Locale.ROOT,
        "growth per %d samples from %d to %d samples: heap %+.2f MiB (committed %+.2f MiB),"
            + " DJL arrays %+.2f, VmRSS %+.2f MiB, RssAnon %+.2f MiB, RssFile %+.2f MiB",
        step,
        a.samples(),
        b.samples(),
        (b.heapMiB() - a.heapMiB()) / intervals,
        (b.committedMiB() - a.committedMiB()) / intervals,
        (b.attached() - a.attached()) / intervals,
        (b.rssMiB() - a.rssMiB()) / intervals,
        (b.rssAnonMiB() - a.rssAnonMiB()) / intervals,
        (b.rssFileMiB() - a.rssFileMiB()) / intervals);
  }

  private static String mib(double v) {
    return v < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", v);
  }

  /**
   * VmRSS, RssAnon and RssFile in kB from /proc/self/status; −1024 (−1 MiB, n/a) where unavailable.
   */
  static long[] procStatus() {
    return MemoryProbes.kb(MemoryProbes.SELF, -1024, "VmRSS", "RssAnon", "RssFile");
  }
}
