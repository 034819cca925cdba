package dev.candela.evaluate.cf;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBatch;
import java.util.Objects;

/**
 * The one counterfactual chunk loop of {@code evaluate} and {@code counterfactuals}: walks the
 * positions {@code from..to−1} of a {@link ChunkSource} in chunks of {@code chunkSize}, builds each
 * chunk's {@link CgBatch} with the accumulator (or takes the terms a {@link Sink} already has, and
 * adds them to the sums), and hands every finished chunk to the sink. Chunks run in order, so the
 * accumulator's sums run in sample order whatever the sink does.
 *
 * <p>Two sinks: {@link Terms} keeps the per-sample terms in memory ({@code evaluate}'s CG, its
 * {@code ice.csv} and interval, and the baseline redraws), and the chunk files of {@link
 * CounterfactualJob} write each chunk with {@link ChunkCsv} and read back the chunks an earlier run
 * finished.
 *
 * @param accumulator the sums the chunks are added to
 * @param source the samples, by position
 * @param chunkSize positions per chunk (at least 1)
 */
public record CgChunkLoop(CgAccumulator accumulator, ChunkSource source, int chunkSize) {

  /** Checks the parts. */
  public CgChunkLoop {
    Objects.requireNonNull(accumulator, "accumulator");
    Objects.requireNonNull(source, "source");
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunk size " + chunkSize + " is less than 1");
    }
  }

  /**
   * One chunk of a loop.
   *
   * @param index the chunk's index, from 0
   * @param total the loop's number of chunks
   * @param from its first position
   * @param to its end position (exclusive)
   */
  public record Chunk(int index, int total, int from, int to) {

    /**
     * The number of samples in the chunk.
     *
     * @return {@code to − from}
     */
    public int size() {
      return to - from;
    }
  }

  /** Where finished chunks go. */
  @FunctionalInterface
  public interface Sink {

    /**
     * The terms of a chunk that an earlier run finished, added to the sums instead of computing the
     * chunk; by default none.
     *
     * @param chunk the chunk
     * @return its terms, or null to compute it
     * @throws CandelaException when the earlier terms cannot be read
     */
    default CgBatch earlier(Chunk chunk) throws CandelaException {
      return null;
    }

    /**
     * A chunk is done (its terms are in the sums).
     *
     * @param chunk the chunk
     * @param batch its per-sample terms
     * @param read the samples read from the source, or null when the terms came from {@link
     *     #earlier}
     * @throws CandelaException when the terms cannot be kept
     */
    void done(Chunk chunk, CgBatch batch, CfChunk read) throws CandelaException;
  }

  /**
   * Runs the loop over positions {@code from..to−1}.
   *
   * @param from the first position
   * @param to the end position (exclusive)
   * @param sink told after each chunk
   * @return the accumulator, with every chunk added
   * @throws CandelaException when the source, the evaluation or the sink fails
   */
  public CgAccumulator run(int from, int to, Sink sink) throws CandelaException {
    int total = (int) (((long) to - from + chunkSize - 1) / chunkSize);
    for (int k = 0; k < total; k++) {
      int a = from + k * chunkSize;
      int b = Math.min(to, a + chunkSize);
      Chunk chunk = new Chunk(k, total, a, b);
      CgBatch batch = sink.earlier(chunk);
      CfChunk read = null;
      if (batch != null) {
        accumulator.add(batch);
      } else {
        read = source.checkedRead(a, b);
        try {
          // process: the terms and the image checks are added
          batch = accumulator.process(read.latents(), read.codes());
        } catch (IllegalArgumentException e) {
          throw new BadInputException("samples " + a + ".." + (b - 1) + ": " + e.getMessage(), e);
        }
      }
      sink.done(chunk, batch, read);
    }
    return accumulator;
  }

  /**
   * The in-memory sink of a loop over positions {@code 0..n−1}: per evaluated factor, every
   * position's CG term.
   */
  public static final class Terms implements Sink {
    private final double[][] terms;

    /**
     * An empty sink.
     *
     * @param factors the number of evaluated factors
     * @param n the number of positions
     */
    public Terms(int factors, int n) {
      this.terms = new double[factors][n];
    }

    @Override
    public void done(Chunk chunk, CgBatch batch, CfChunk read) {
      for (int k = 0; k < terms.length; k++) {
        System.arraycopy(batch.factors().get(k).terms(), 0, terms[k], chunk.from(), chunk.size());
      }
    }

    /**
     * The terms kept (the array itself, not a copy).
     *
     * @return {@code terms[factor][position]}
     */
    public double[][] terms() {
      return terms;
    }
  }
}
