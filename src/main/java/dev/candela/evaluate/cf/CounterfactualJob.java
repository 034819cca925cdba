package dev.candela.evaluate.cf;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.SafeFileNames;
import dev.candela.Setting;
import dev.candela.SettingException;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The resumable counterfactual batch job: counterfactual generativeness terms ({@link
 * dev.candela.metrics.cg.Cg}) over positions {@code start..end−1} of a list of samples in chunks
 * (the chunk and resume layer that {@code counterfactuals} puts on top of the CG job of {@code
 * evaluate}, {@code dev.candela.evaluate.CgJob}). The positions are dataset indices unless the
 * options name the samples ({@link Options.Builder#optSamples}).
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
   * The job's parameters. Build with {@link #builder()}.
   *
   * @param dir the output folder
   * @param start the first sample index
   * @param end the end index (exclusive), already cut by the limit
   * @param chunkSize samples per chunk
   * @param cg sets, factors (the {@code --factors} restriction), baseline and batch size
   * @param stats explicit baseline statistics, or {@code null} to compute them from the range
   * @param gridSamples samples per counterfactual grid (0 = no grids)
   * @param provenance written to {@code summary.json} as {@code provenance}, or {@code null}
   * @param samples the sample index of every position (the chunk files' {@code sample} column), or
   *     {@code null} when positions are sample indices
   */
  public record Options(
      Path dir,
      int start,
      int end,
      int chunkSize,
      CgOptions cg,
      LatentStats stats,
      int gridSamples,
      Provenance provenance,
      long[] samples) {

    /** Validates the range and sizes. */
    public Options {
      Objects.requireNonNull(dir, "dir");
      Objects.requireNonNull(cg, "cg");
      if (start < 0 || end <= start) {
        throw new IllegalArgumentException(
            "sample range must be non-empty, got start " + start + ", end " + end);
      }
      if (chunkSize < 1) {
        throw new SettingException(
            Setting.CHUNK_SIZE, chunkSize, "must be at least 1, got " + chunkSize);
      }
      if (gridSamples < 0) {
        throw new SettingException(
            Setting.GRID_SAMPLES, gridSamples, "must be >= 0, got " + gridSamples);
      }
      if (samples != null && samples.length < end) {
        throw new IllegalArgumentException(
            "sample list has " + samples.length + " entries, the range ends at " + end);
      }
      for (String name : cg.factorNames()) {
        if (name.isEmpty() || name.matches(".*[,\"\\r\\n/\\\\].*")) {
          throw new IllegalArgumentException(
              "factor name '" + name + "' cannot be written to CSV and file names");
        }
      }
    }

    /**
     * A builder.
     *
     * @return a new builder
     */
    public static Builder builder() {
      return new Builder();
    }

    /**
     * The sample indices of positions {@code from..to−1}.
     *
     * @param from the first position
     * @param to the end position (exclusive)
     * @return the sample indices
     */
    public long[] sampleIds(int from, int to) {
      long[] out = new long[to - from];
      for (int i = 0; i < out.length; i++) {
        out[i] = samples == null ? (long) from + i : samples[from + i];
      }
      return out;
    }

    /**
     * The number of chunks.
     *
     * @return {@code ceil((end − start) / chunkSize)}
     */
    public int numChunks() {
      return (int) (((long) end - start + chunkSize - 1) / chunkSize);
    }

    /** Builds {@link Options}: {@code setDir}, {@code setRange} and {@code setCg} are required. */
    public static final class Builder {
      private Path dir;
      private int start = -1;
      private int end = -1;
      private int limit = -1;
      private int chunkSize = 1000;
      private CgOptions cg;
      private LatentStats stats;
      private int gridSamples;
      private Provenance provenance;
      private long[] samples;

      private Builder() {}

      /**
       * The output folder (required).
       *
       * @param d the folder
       * @return this builder
       */
      public Builder setDir(Path d) {
        this.dir = d;
        return this;
      }

      /**
       * The sample range (required).
       *
       * @param from first index
       * @param to end index (exclusive)
       * @return this builder
       */
      public Builder setRange(int from, int to) {
        this.start = from;
        this.end = to;
        return this;
      }

      /**
       * The CG options (required).
       *
       * @param o sets, factors, baseline, batch size
       * @return this builder
       */
      public Builder setCg(CgOptions o) {
        this.cg = o;
        return this;
      }

      /**
       * Evaluate at most this many samples from the start of the range.
       *
       * @param n the limit (at least 1)
       * @return this builder
       */
      public Builder optLimit(int n) {
        if (n < 1) {
          throw new SettingException(Setting.LIMIT, n, "must be at least 1, got " + n);
        }
        this.limit = n;
        return this;
      }

      /**
       * Samples per chunk (default 1000).
       *
       * @param n the chunk size
       * @return this builder
       */
      public Builder optChunkSize(int n) {
        this.chunkSize = n;
        return this;
      }

      /**
       * Explicit baseline statistics.
       *
       * @param s the statistics
       * @return this builder
       */
      public Builder optStats(LatentStats s) {
        this.stats = s;
        return this;
      }

      /**
       * Write a counterfactual grid of this many samples per factor.
       *
       * @param n samples (0 = none)
       * @return this builder
       */
      public Builder optGridSamples(int n) {
        this.gridSamples = n;
        return this;
      }

      /**
       * The provenance of the run (input checksums, seed, options, versions, device), written to
       * {@code summary.json}.
       *
       * @param p the provenance
       * @return this builder
       */
      public Builder optProvenance(Provenance p) {
        this.provenance = p;
        return this;
      }

      /**
       * The sample index of every position (written to the chunk files' {@code sample} column);
       * without it positions are sample indices.
       *
       * @param ids sample indices, at least as many as the range's end
       * @return this builder
       */
      public Builder optSamples(long[] ids) {
        this.samples = ids;
        return this;
      }

      /**
       * Builds the options.
       *
       * @return the options
       */
      public Options build() {
        int to = end;
        if (limit > 0 && start >= 0) {
          to = (int) Math.min(end, (long) start + limit);
        }
        return new Options(dir, start, to, chunkSize, cg, stats, gridSamples, provenance, samples);
      }
    }
  }

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

  /** Told after each chunk (for progress bars). */
  @FunctionalInterface
  public interface Listener {
    /**
     * A chunk is done.
     *
     * @param index the chunk index
     * @param total the number of chunks
     * @param skipped whether it was read back from an earlier run
     */
    void chunkDone(int index, int total, boolean skipped);
  }

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
   * @param listener told after every chunk, or {@code null}
   * @return what was done and the summary
   * @throws CandelaException when reading, evaluating or writing fails, or the folder holds a
   *     different job
   */
  public static Result run(
      Options options,
      ChunkSource source,
      LatentDecoder decoder,
      FactorProbabilities classifier,
      Listener listener)
      throws CandelaException {
    Path dir = options.dir();
    try {
      Files.createDirectories(dir.resolve(CHUNKS));
    } catch (IOException e) {
      throw new CandelaException(
          dir + ": cannot create the output folder (" + e.getMessage() + ")", e);
    }
    checkJob(options);
    LatentStats stats = baselineStats(options, source);
    CgOptions cg = options.cg();
    CgAccumulator acc = new CgAccumulator(decoder, classifier, cg, stats);
    int[] factors = cg.factors();
    List<String> names = new java.util.ArrayList<>();
    int[][] sets = new int[factors.length][];
    for (int k = 0; k < factors.length; k++) {
      names.add(cg.factorNames().get(factors[k]));
      sets[k] = cg.set(factors[k]);
    }
    int total = options.numChunks();
    int computed = 0;
    int skipped = 0;
    for (int k = 0; k < total; k++) {
      int from = options.start() + k * options.chunkSize();
      int to = Math.min(options.end(), from + options.chunkSize());
      Path file = chunkFile(dir, k);
      boolean needGrid = k == 0 && options.gridSamples() > 0 && gridsMissing(dir, names);
      CfChunk chunk = null;
      boolean wasSkipped = Files.isRegularFile(file);
      if (wasSkipped) {
        acc.add(ChunkCsv.read(file, options.sampleIds(from, to), factors, names, sets));
        skipped++;
      } else {
        chunk = read(source, from, to);
        CgBatch batch;
        try {
          // process: the terms and the image checks are added (a failed write ends the run)
          batch = acc.process(chunk.latents(), chunk.codes());
        } catch (IllegalArgumentException e) {
          throw new BadInputException(
              "samples " + from + ".." + (to - 1) + ": " + e.getMessage(), e);
        }
        ChunkCsv.write(file, options.sampleIds(from, to), batch);
        computed++;
      }
      if (needGrid) {
        if (chunk == null) {
          chunk = read(source, from, to);
        }
        writeGrids(options, chunk, decoder, stats, names, sets);
      }
      if (listener != null) {
        listener.chunkDone(k, total, wasSkipped);
      }
    }
    CgSummary summary = acc.summary();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("cg", summary.score());
    out.put("baseline", summary.baseline().name());
    out.put("readout", cg.readout().id());
    out.put("samples", summary.numSamples());
    out.put("start", options.start());
    out.put("end", options.end());
    out.put("chunkSize", options.chunkSize());
    out.put("chunks", total);
    out.put("factors", summary.factors());
    if (options.provenance() != null) {
      out.put("provenance", options.provenance());
    }
    Path summaryFile = dir.resolve(SUMMARY);
    JsonReports.writeValue(out, summaryFile);
    // Image checks in a file of their own: summary.json stays the same on a resumed run, while
    // the checks cover only the chunks decoded in this run.
    CgImageChecks images = acc.imageChecks();
    if (images != null) {
      Map<String, Object> ic = new LinkedHashMap<>();
      ic.put(
          "note",
          "covers the "
              + images.samples()
              + " samples of the chunks computed in the run that wrote this file; chunks read back"
              + " from files are not decoded again");
      ic.put("samples", images.samples());
      ic.put("factors", images.factors());
      JsonReports.writeValue(ic, dir.resolve(IMAGE_CHECKS));
    }
    return new Result(summary, computed, skipped, summaryFile, images);
  }

  private static CfChunk read(ChunkSource source, int from, int to) throws CandelaException {
    CfChunk c = source.read(from, to);
    if (c.size() != to - from) {
      throw new CandelaException(
          "source returned " + c.size() + " samples for " + from + ".." + (to - 1));
    }
    float[][] z = c.latents();
    for (int s = 0; s < z.length; s++) {
      for (int j = 0; j < z[s].length; j++) {
        if (!Float.isFinite(z[s][j])) {
          throw new BadInputException(
              "latent value "
                  + z[s][j]
                  + " at sample "
                  + (from + s)
                  + ", latent "
                  + j
                  + " is not finite");
        }
      }
    }
    return c;
  }

  /** A factor's grid, {@code grids/<factor>.png}, the name made safe ({@link SafeFileNames}). */
  private static Path gridFile(Path dir, String factor) {
    return SafeFileNames.file(dir.resolve(GRIDS), "", factor, ".png");
  }

  private static boolean gridsMissing(Path dir, List<String> names) {
    for (String n : names) {
      if (!Files.isRegularFile(gridFile(dir, n))) {
        return true;
      }
    }
    return false;
  }

  private static void writeGrids(
      Options options,
      CfChunk chunk,
      LatentDecoder decoder,
      LatentStats stats,
      List<String> names,
      int[][] sets)
      throws CandelaException {
    int m = Math.min(options.gridSamples(), chunk.size());
    float[][] z = java.util.Arrays.copyOf(chunk.latents(), m);
    float[] originals = null;
    if (chunk.images() != null) {
      int vol = decoder.imageVolume();
      originals = java.util.Arrays.copyOf(chunk.images(), m * vol);
    }
    for (int k = 0; k < names.size(); k++) {
      Path f = gridFile(options.dir(), names.get(k));
      if (!Files.isRegularFile(f)) {
        CounterfactualGrid.write(f, z, originals, decoder, sets[k], stats, options.cg().baseline());
      }
    }
  }

  private static Map<String, Object> jobParameters(Options o) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("start", o.start());
    p.put("end", o.end());
    p.put("chunkSize", o.chunkSize());
    p.put("baseline", o.cg().baseline().name());
    p.put("readout", o.cg().readout().id());
    p.put("factorNames", o.cg().factorNames());
    p.put("factors", o.cg().factors());
    p.put("sets", o.cg().sets());
    if (o.samples() != null) {
      p.put("samples", fingerprint(o.sampleIds(o.start(), o.end())));
    }
    return p;
  }

  /** The count and a SHA-256 prefix of a sample list (job.json stays small for any range). */
  private static String fingerprint(long[] ids) {
    try {
      java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
      java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8);
      for (long id : ids) {
        b.clear();
        md.update(b.putLong(id).array());
      }
      return ids.length
          + " samples, sha256 "
          + java.util.HexFormat.of().formatHex(md.digest(), 0, 8);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }

  private static void checkJob(Options o) throws CandelaException {
    Path file = o.dir().resolve(JOB);
    JsonNode want = JsonReports.mapper().valueToTree(jobParameters(o));
    if (Files.isRegularFile(file)) {
      JsonNode have = EarlierRun.read(file);
      if (have instanceof com.fasterxml.jackson.databind.node.ObjectNode obj
          && !obj.has("readout")) {
        // a job from before the read-out existed read CG exactly
        obj.put("readout", dev.candela.metrics.cg.CgReadout.EXACT.id());
      }
      EarlierRun.requireSame(file, want, have);
    } else {
      JsonReports.writeValue(want, file);
    }
  }

  private static LatentStats baselineStats(Options o, ChunkSource source) throws CandelaException {
    Path file = o.dir().resolve(BASELINE);
    if (Files.isRegularFile(file)) {
      LatentStats have;
      try {
        have = JsonReports.mapper().readValue(file.toFile(), LatentStats.class);
      } catch (IOException e) {
        throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
      }
      if (o.stats() != null && !o.stats().equals(have)) {
        throw new BadInputException(
            file
                + ": holds baseline statistics of an earlier run that differ from the given ones;"
                + " use another output folder");
      }
      return have;
    }
    LatentStats stats = o.stats();
    if (stats == null) {
      LatentStats.Builder b = new LatentStats.Builder();
      for (int k = 0; k < o.numChunks(); k++) {
        int from = o.start() + k * o.chunkSize();
        int to = Math.min(o.end(), from + o.chunkSize());
        try {
          b.add(read(source, from, to).latents());
        } catch (IllegalArgumentException e) {
          throw new BadInputException(
              "samples " + from + ".." + (to - 1) + ": " + e.getMessage(), e);
        }
      }
      stats = b.build();
    }
    JsonReports.writeValue(stats, file);
    return stats;
  }
}
