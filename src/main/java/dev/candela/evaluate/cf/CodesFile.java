package dev.candela.evaluate.cf;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The latent codes of a job's evaluation samples, kept in the output folder so that a resumed job
 * encodes nothing again: {@code sample,z0,…,z{D−1}}, one row per sample in increasing sample order,
 * floats in Java's shortest round-trip form (so they read back bit for bit).
 */
public final class CodesFile {
  private CodesFile() {}

  /**
   * Writes the codes atomically.
   *
   * @param file the destination
   * @param idx the sample indices, increasing
   * @param rows their codes, {@code rows[k]} of sample {@code idx[k]}
   * @throws CandelaException when the file cannot be written
   */
  public static void write(Path file, long[] idx, float[][] rows) throws CandelaException {
    try {
      AtomicFiles.write(
          file,
          tmp -> {
            try (BufferedWriter w = Files.newBufferedWriter(tmp)) {
              int d = rows.length == 0 ? 0 : rows[0].length;
              StringBuilder sb = new StringBuilder("sample");
              for (int j = 0; j < d; j++) {
                sb.append(",z").append(j);
              }
              w.write(sb.append('\n').toString());
              for (int i = 0; i < idx.length; i++) {
                sb.setLength(0);
                sb.append(idx[i]);
                for (float v : rows[i]) {
                  sb.append(',').append(v);
                }
                w.write(sb.append('\n').toString());
              }
            }
          });
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Reads the codes of the given samples back.
   *
   * @param file the file {@link #write} wrote
   * @param idx the samples expected, in order
   * @param d the number of latents
   * @return the codes, {@code [row][latent]}
   * @throws CandelaException when the file cannot be read or does not hold exactly those samples
   */
  public static float[][] read(Path file, long[] idx, int d) throws CandelaException {
    float[][] rows = new float[idx.length][];
    try (BufferedReader r = Files.newBufferedReader(file)) {
      r.readLine();
      for (int i = 0; i < idx.length; i++) {
        int line = i + 2;
        String text = r.readLine();
        String[] cells = text == null ? new String[0] : text.split(",", -1);
        if (cells.length != d + 1) {
          throw new BadInputException(
              file
                  + ": line "
                  + line
                  + " has "
                  + cells.length
                  + " columns, expected sample and "
                  + d
                  + " latents ("
                  + idx.length
                  + " rows)");
        }
        try {
          long sample = Long.parseLong(cells[0]);
          if (sample != idx[i]) {
            throw new BadInputException(
                file + ": line " + line + " is sample " + sample + ", expected " + idx[i]);
          }
          rows[i] = new float[d];
          for (int j = 0; j < d; j++) {
            rows[i][j] = Float.parseFloat(cells[j + 1]);
          }
        } catch (NumberFormatException e) {
          throw new BadInputException(file + ": line " + line + ": " + e.getMessage(), e);
        }
      }
      String extra = r.readLine();
      if (extra != null && !extra.isEmpty()) {
        throw new BadInputException(
            file + ": has more than the expected " + idx.length + " rows: " + extra);
      }
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
    return rows;
  }
}
