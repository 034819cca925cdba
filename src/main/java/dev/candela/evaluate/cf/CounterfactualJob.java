package dev.candela.evaluate.cf;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgImageChecks;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.report.JsonReports;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The resumable counterfactual batch job: counterfactual generativeness terms ({@link
 * dev.candela.metrics.cg.Cg}) over positions {@code start..end−1} of a list of samples in chunks
 * (the chunk and resume layer that {@code counterfactuals} puts on top of the CG job of {@code
 * evaluate}, {@code dev.candela.evaluate.CgJob}). The positions are dataset indices unless the
 * options name the samples ({@link CounterfactualJobOptions.Builder#optSamples}).
 *
 * <p>Output folder layout:
 *
 * <ul>
 *   <li>{@code job.json}: the parameters that shape the results (range, chunk size, factors, sets,
 *       baseline, read-out); a rerun with different ones is refused.
 *   <li>{@code baseline.json}: the latent statistics ({@link LatentStats}) of the whole range the
 *       baselines come from, computed once (a pass over the source reading latents only) unless
 *       given, and reused on every rerun.
 *   <li>{@code chunks/chunk-00000.csv} …: per chunk the per-sample terms ({@link ChunkCsv}), each
 *       written atomically when the chunk finishes. A rerun reads finished chunks back instead of
 *       recomputing them.
 *   <li>{@code grids/<factor>.png}: counterfactual grids ({@link CounterfactualGrid}) of the first
 *       samples, when asked for.
 *   <li>{@code summary.json}: per-factor CG, mean ICE terms and counts, and the provenance when
 *       given, written at the end.
 * </ul>
 *
 * Because sums run in sample order and chunk CSVs hold exact doubles, a resumed run's summary
 * equals an uninterrupted run's.
 */
public final class CounterfactualJob {

  /** Name of the chunk folder. */
  public static final String CHUNKS = "chunks";

  /** Name of the grid folder. */
  public static final String GRIDS = "grids";

  /** Name of the summary file. */
  public static final String SUMMARY = "summary.json";

  /**
   * The image checks of the chunks computed by the run that wrote it ({@code CgImageChecks}; not
   * written by a run that computed no chunk).
   */
  public static final String IMAGE_CHECKS = "image-checks.json";

  /** Name of the parameters file. */
  public static final String JOB = "job.json";

  /** Name of the baseline statistics file. */
  public static final String BASELINE = "baseline.json";

  /**
   * What a run did.
   *
   * @param summary the scores over the whole range
   * @param chunksComputed chunks evaluated in this run
   * @param chunksSkipped chunks already present and read back
   * @param summaryFile where the summary was written
   * @param imageChecks the image checks of the chunks computed in this run (chunks read back are
   *     not decoded again), or null when every chunk was read back
   */
  public record Result(
      CgSummary summary,
      int chunksComputed,
      int chunksSkipped,
      Path summaryFile,
      CgImageChecks imageChecks) {}

  /** The name of the task that counts the chunks. */
  public static final String TASK = "counterfactuals";

  private CounterfactualJob() {}

  /**
   * The file of chunk k.
   *
   * @param dir the output folder
   * @param k the chunk index
   * @return {@code dir/chunks/chunk-%05d.csv}
   */
  public static Path chunkFile(Path dir, int k) {
    return dir.resolve(CHUNKS).resolve(String.format(Locale.ROOT, "chunk-%05d.csv", k));
  }

  /**
   * Runs (or resumes) the job.
   *
   * @param options the parameters
   * @param source latents and codes per chunk
   * @param decoder the generator
   * @param classifier the factor classifier
   * @param progress counts the chunks done (task {@value #TASK}), read back ones included
   * @return what was done and the summary
   * @throws CandelaException when reading, evaluating or writing fails, or the folder holds a
   *     different job
   */
  public static Result run(
      CounterfactualJobOptions options,
      ChunkSource source,
      LatentDecoder decoder,
      FactorProbabilities classifier,
      Progress progress)
      throws CandelaException {
    try (Progress.Task chunks = progress.task(TASK, options.numChunks())) {
      return run(options, source, decoder, classifier, chunks);
    }
  }

  /** The job, its chunks counted on a task. */
  private static Result run(
      CounterfactualJobOptions options,
      ChunkSource source,
      LatentDecoder decoder,
      FactorProbabilities classifier,
      Progress.Task chunks)
      throws CandelaException {
    Path dir = options.dir();
    try {
      Files.createDirectories(dir.resolve(CHUNKS));
    } catch (IOException e) {
      throw new CandelaException(
          dir + ": cannot create the output folder (" + e.getMessage() + ")", e);
    }
    EarlierRun.requireSameJob(options, dir.resolve(JOB));
    LatentStats stats = EarlierRun.baselineStats(options, source, dir.resolve(BASELINE));
    CgAccumulator acc = new CgAccumulator(decoder, classifier, options.cg(), stats);
    ChunkFiles files = new ChunkFiles(options, source, decoder, stats, chunks);
    new CgChunkLoop(acc, source, options.chunkSize()).run(options.start(), options.end(), files);
    CgSummary summary = acc.summary();
    Path summaryFile = dir.resolve(SUMMARY);
    JsonReports.writeValue(JobSummary.summary(options, summary), summaryFile);
    // Image checks in a file of their own: summary.json stays the same on a resumed run, while
    // the checks cover only the chunks decoded in this run.
    CgImageChecks images = acc.imageChecks();
    if (images != null) {
      JsonReports.writeValue(JobSummary.imageChecks(images), dir.resolve(IMAGE_CHECKS));
    }
    return new Result(summary, files.computed, files.skipped, summaryFile, images);
  }

  /**
   * The chunk-file sink of {@link CgChunkLoop}: a chunk whose file exists is read back, a computed
   * one written ({@link ChunkCsv}); the first chunk's samples also draw the grids that are missing.
   */
  private static final class ChunkFiles implements CgChunkLoop.Sink {
    private final CounterfactualJobOptions options;
    private final ChunkSource source;
    private final LatentDecoder decoder;
    private final LatentStats stats;
    private final Progress.Task chunks;
    private final List<String> names = new ArrayList<>();
    private final int[][] sets;
    private int computed;
    private int skipped;

    ChunkFiles(
        CounterfactualJobOptions options,
        ChunkSource source,
        LatentDecoder decoder,
        LatentStats stats,
        Progress.Task chunks) {
      this.options = options;
      this.source = source;
      this.decoder = decoder;
      this.stats = stats;
      this.chunks = chunks;
      CgOptions cg = options.cg();
      int[] factors = cg.factors();
      this.sets = new int[factors.length][];
      for (int k = 0; k < factors.length; k++) {
        names.add(cg.factorNames().get(factors[k]));
        sets[k] = cg.set(factors[k]);
      }
    }

    @Override
    public CgBatch earlier(CgChunkLoop.Chunk c) throws CandelaException {
      Path file = chunkFile(options.dir(), c.index());
      if (!Files.isRegularFile(file)) {
        return null;
      }
      long[] ids = options.sampleIds(c.from(), c.to());
      return ChunkCsv.read(file, ids, options.cg().factors(), names, sets);
    }

    @Override
    public void done(CgChunkLoop.Chunk c, CgBatch batch, CfChunk read) throws CandelaException {
      if (read != null) {
        // a failed write ends the run
        ChunkCsv.write(
            chunkFile(options.dir(), c.index()), options.sampleIds(c.from(), c.to()), batch);
        computed++;
      } else {
        skipped++;
      }
      Path grids = options.dir().resolve(GRIDS);
      if (c.index() == 0 && options.gridSamples() > 0 && CounterfactualGrid.missing(grids, names)) {
        CfChunk chunk = read != null ? read : source.checkedRead(c.from(), c.to());
        CounterfactualGrid.writeMissing(
            grids,
            chunk,
            options.gridSamples(),
            decoder,
            stats,
            options.cg().baseline(),
            names,
            sets);
      }
      chunks.stepTo(c.index() + 1L);
    }
  }
}
