package dev.candela.evaluate.cf;

import dev.candela.Provenance;
import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgOptions;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The parameters of a {@link CounterfactualJob}. Build with {@link #builder()}.
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
public record CounterfactualJobOptions(
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
  public CounterfactualJobOptions {
    Objects.requireNonNull(dir, "dir");
    Objects.requireNonNull(cg, "cg");
    if (start < 0 || end <= start) {
      throw new IllegalArgumentException(
          "sample range must be non-empty, got start " + start + ", end " + end);
    }
    SettingChecks.atLeast(chunkSize, 1, Setting.CHUNK_SIZE);
    SettingChecks.notNegative(gridSamples, Setting.GRID_SAMPLES);
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

  /**
   * Builds {@link CounterfactualJobOptions}: {@code setDir}, {@code setRange} and {@code setCg} are
   * required.
   */
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
      SettingChecks.atLeast(n, 1, Setting.LIMIT);
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
    public CounterfactualJobOptions build() {
      int to = end;
      if (limit > 0 && start >= 0) {
        to = (int) Math.min(end, (long) start + limit);
      }
      return new CounterfactualJobOptions(
          dir, start, to, chunkSize, cg, stats, gridSamples, provenance, samples);
    }
  }
}
