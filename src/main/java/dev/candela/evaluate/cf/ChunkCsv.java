package dev.candela.evaluate.cf;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.RuntimeJsonMappingException;
import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.CsvRows;
import dev.candela.data.TextNumbers;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgFactorTerms;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CSV of one finished chunk: one row per (sample, evaluated factor), samples in order and the
 * factors of a sample together. Columns: {@value #HEADER}. Probabilities are written with {@link
 * Double#toString}, which reads back to the same double, so a resumed run sums exactly the values a
 * fresh run would.
 */
public final class ChunkCsv {

  /** The header line. */
  public static final String HEADER =
      "sample,factor,true_value,p_reconstruction,p_intervened,p_complement,"
          + "ice_intervened,ice_complement,cg_term";

  private static final String[] COLUMNS = HEADER.split(",");

  private ChunkCsv() {}

  /**
   * Writes a chunk's terms atomically (a temporary sibling moved into place).
   *
   * @param file the destination
   * @param firstSample the global index of the chunk's first sample
   * @param batch the terms
   * @throws CandelaException when the file cannot be written
   */
  public static void write(Path file, int firstSample, CgBatch batch) throws CandelaException {
    write(file, consecutive(firstSample, batch.numSamples()), batch);
  }

  /**
   * Writes a chunk's terms atomically (a temporary sibling moved into place).
   *
   * @param file the destination
   * @param samples the sample index of each of the batch's samples (the {@code sample} column)
   * @param batch the terms
   * @throws CandelaException when the file cannot be written
   */
  public static void write(Path file, long[] samples, CgBatch batch) throws CandelaException {
    try {
      AtomicFiles.write(
          file,
          tmp -> {
            try (CsvRows.RowWriter w =
                CsvRows.writer(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8))) {
              w.row(COLUMNS);
              writeRows(w, samples, batch);
            }
          });
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write chunk (" + e.getMessage() + ")", e);
    }
  }

  private static long[] consecutive(long first, int n) {
    long[] samples = new long[n];
    for (int s = 0; s < n; s++) {
      samples[s] = first + s;
    }
    return samples;
  }

  /** Writes one row per (sample, factor) of a batch, samples in order. */
  private static void writeRows(CsvRows.RowWriter w, long[] samples, CgBatch batch)
      throws IOException {
    if (samples.length != batch.numSamples()) {
      throw new IllegalArgumentException(
          samples.length + " sample indices for a batch of " + batch.numSamples() + " samples");
    }
    List<CgFactorTerms> fs = batch.factors();
    int e = fs.size();
    int[][] y = new int[e][];
    double[][] a = new double[e][];
    double[][] b = new double[e][];
    double[][] c = new double[e][];
    for (int k = 0; k < e; k++) {
      y[k] = fs.get(k).trueValues();
      a[k] = fs.get(k).pReconstruction();
      b[k] = fs.get(k).pIntervened();
      c[k] = fs.get(k).pComplement();
    }
    for (int s = 0; s < batch.numSamples(); s++) {
      for (int k = 0; k < e; k++) {
        CgFactorTerms t = fs.get(k);
        w.row(
            Long.toString(samples[s]),
            t.name(),
            Integer.toString(y[k][s]),
            Double.toString(a[k][s]),
            Double.toString(b[k][s]),
            Double.toString(c[k][s]),
            Double.toString(t.iceIntervened(s)),
            Double.toString(t.iceComplement(s)),
            Double.toString(t.term(s)));
      }
    }
  }

  /**
   * Opens a streaming writer: the header now, then the rows of each {@link Writer#append}ed batch,
   * with the same columns and number format as a chunk file. For one file that grows batch by batch
   * (the {@code ice.csv} of {@code evaluate}); the samples' indices are given per batch.
   *
   * @param file the destination (replaced)
   * @return the writer; close it
   * @throws CandelaException when the file cannot be created
   */
  public static Writer open(Path file) throws CandelaException {
    try {
      CsvRows.RowWriter w = CsvRows.writer(Files.newBufferedWriter(file, StandardCharsets.UTF_8));
      w.row(COLUMNS);
      return new Writer(file, w);
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  /** A CSV of per-sample terms written batch by batch ({@link #open}); rows go straight out. */
  public static final class Writer implements AutoCloseable {
    private final Path file;
    private final CsvRows.RowWriter out;
    private long rows;

    private Writer(Path file, CsvRows.RowWriter out) {
      this.file = file;
      this.out = out;
    }

    /**
     * Appends the rows of a batch.
     *
     * @param samples the sample index of each of the batch's samples (the {@code sample} column)
     * @param batch the terms
     * @throws CandelaException when writing fails
     */
    public void append(long[] samples, CgBatch batch) throws CandelaException {
      try {
        writeRows(out, samples, batch);
        rows += (long) batch.numSamples() * batch.factors().size();
      } catch (IOException e) {
        throw new CandelaException(file + ": cannot write (" + e.getMessage() + ")", e);
      }
    }

    /**
     * Rows written so far (one per sample and factor).
     *
     * @return the count
     */
    public long rows() {
      return rows;
    }

    @Override
    public void close() throws CandelaException {
      try {
        out.close();
      } catch (IOException e) {
        throw new CandelaException(file + ": cannot write (" + e.getMessage() + ")", e);
      }
    }
  }

  /**
   * Reads a chunk written by {@link #write} back into terms.
   *
   * @param file the chunk file
   * @param firstSample the expected global index of its first sample
   * @param numSamples the expected number of samples
   * @param factors the expected evaluated factor indices
   * @param names the expected names of those factors
   * @param sets the sets of those factors
   * @return the terms
   * @throws BadInputException when the file does not hold exactly those samples and factors
   */
  public static CgBatch read(
      Path file, int firstSample, int numSamples, int[] factors, List<String> names, int[][] sets)
      throws CandelaException {
    return read(file, consecutive(firstSample, numSamples), factors, names, sets);
  }

  /**
   * Reads a chunk written by {@link #write} back into terms.
   *
   * @param file the chunk file
   * @param samples the expected sample index of each row group, in order
   * @param factors the expected evaluated factor indices
   * @param names the expected names of those factors
   * @param sets the sets of those factors
   * @return the terms
   * @throws BadInputException when the file does not hold exactly those samples and factors
   */
  public static CgBatch read(
      Path file, long[] samples, int[] factors, List<String> names, int[][] sets)
      throws CandelaException {
    int numSamples = samples.length;
    int e = factors.length;
    int[][] y = new int[e][numSamples];
    double[][] a = new double[e][numSamples];
    double[][] b = new double[e][numSamples];
    double[][] c = new double[e][numSamples];
    try (MappingIterator<String[]> r =
        CsvRows.read(Files.newBufferedReader(file, StandardCharsets.UTF_8))) {
      String header = r.hasNext() ? String.join(",", r.next()) : null;
      if (!HEADER.equals(header)) {
        throw new BadInputException(file + ": header is " + header + ", expected " + HEADER);
      }
      for (int s = 0; s < numSamples; s++) {
        for (int k = 0; k < e; k++) {
          int line = 2 + s * e + k;
          if (!r.hasNext()) {
            throw new BadInputException(
                file + ": ends at line " + line + ", expected " + numSamples * e + " rows");
          }
          String[] cells = r.next();
          if (cells.length != 9) {
            throw new BadInputException(
                file + ": line " + line + " has " + cells.length + " columns, expected 9");
          }
          long sample = TextNumbers.parseLong(file, line, cells[0]);
          if (sample != samples[s] || !cells[1].equals(names.get(k))) {
            throw new BadInputException(
                file
                    + ": line "
                    + line
                    + " is sample "
                    + cells[0]
                    + ", factor "
                    + cells[1]
                    + "; expected sample "
                    + samples[s]
                    + ", factor "
                    + names.get(k));
          }
          y[k][s] = TextNumbers.parseInt(file, line, cells[2]);
          a[k][s] = TextNumbers.parseDouble(file, line, cells[3]);
          b[k][s] = TextNumbers.parseDouble(file, line, cells[4]);
          c[k][s] = TextNumbers.parseDouble(file, line, cells[5]);
        }
      }
      if (r.hasNext()) {
        String[] extra = r.next();
        if (!(extra.length == 1 && extra[0].isEmpty())) {
          throw new BadInputException(
              file
                  + ": has more than the expected "
                  + numSamples * e
                  + " rows: "
                  + String.join(",", extra));
        }
      }
    } catch (RuntimeJsonMappingException ex) {
      throw new BadInputException(file + ": not a CSV chunk (" + ex.getMessage() + ")", ex);
    } catch (IOException ex) {
      throw new CandelaException(file + ": cannot read chunk (" + ex.getMessage() + ")", ex);
    }
    List<CgFactorTerms> out = new ArrayList<>(e);
    for (int k = 0; k < e; k++) {
      try {
        out.add(new CgFactorTerms(factors[k], names.get(k), sets[k], y[k], a[k], b[k], c[k]));
      } catch (IllegalArgumentException ex) {
        throw new BadInputException(file + ": " + ex.getMessage(), ex);
      }
    }
    return new CgBatch(numSamples, out);
  }
}
