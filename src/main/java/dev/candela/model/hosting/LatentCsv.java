package dev.candela.model.hosting;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * Writes a dataset's encoder means and factor codes as the CSV triple that {@code score-codes} and
 * {@code causal fit-latent} read: {@code latents.csv} (header {@code z0,z1,...}), {@code
 * factors.csv} (header the factor names) and {@code index.csv} (header {@code index}), one row per
 * sample in the same order; beside them {@value #LOG_VAR_FILE}, the encoder's log-variances
 * (float32 {@code [n][D]}, the same rows in the same order).
 */
public final class LatentCsv {
  private LatentCsv() {}

  /** The encoder log-variances file beside {@code latents.csv}. */
  public static final String LOG_VAR_FILE = "logvar.npy";

  /**
   * Encodes samples batch by batch and writes the three files.
   *
   * @param ds the dataset
   * @param vae the VAE
   * @param modelName the model's name in error messages
   * @param n samples
   * @param idx the dataset indices, or null for {@code 0..n-1}
   * @param batchSize images per encoder call
   * @param latents the latents file
   * @param factors the factors file
   * @param index the index file
   * @param logVar the log-variances file ({@value #LOG_VAR_FILE}: float32 {@code [n][D]})
   * @param progress receives the samples done after every batch
   * @throws IOException when a file cannot be written
   * @throws CandelaException when an image cannot be read or an encoder mean or log-variance is not
   *     finite
   */
  public static void write(
      FactorDataset ds,
      VaeModel vae,
      Object modelName,
      int n,
      long[] idx,
      int batchSize,
      Path latents,
      Path factors,
      Path index,
      Path logVar,
      LongConsumer progress)
      throws IOException, CandelaException {
    int d = vae.latentDim();
    try (BufferedWriter zl = Files.newBufferedWriter(latents);
        BufferedWriter fl = Files.newBufferedWriter(factors);
        BufferedWriter il = Files.newBufferedWriter(index);
        NpyWriter lv = NpyWriter.create(logVar, NpyDType.F4, new long[] {n, d}, false)) {
      fl.write(String.join(",", ds.space().names()));
      fl.newLine();
      il.write("index");
      il.newLine();
      boolean header = false;
      for (int a = 0; a < n; a += batchSize) {
        int e = Math.min(n, a + batchSize);
        long[] part = new long[e - a];
        for (int i = 0; i < part.length; i++) {
          part[i] = idx == null ? a + i : idx[a + i];
        }
        VaeModel.Encoding enc = vae.encode(ds.images(part), part.length);
        float[][] z = enc.mean();
        if (!header) {
          StringBuilder h = new StringBuilder();
          for (int j = 0; j < z[0].length; j++) {
            h.append(j == 0 ? "" : ",").append('z').append(j);
          }
          zl.write(h.toString());
          zl.newLine();
          header = true;
        }
        for (int i = 0; i < part.length; i++) {
          for (int j = 0; j < z[i].length; j++) {
            if (!Float.isFinite(z[i][j])) {
              throw new CandelaException(
                  modelName
                      + ": encoder mean z"
                      + j
                      + " is "
                      + z[i][j]
                      + " for dataset index "
                      + part[i]);
            }
          }
          for (int j = 0; j < enc.logVar()[i].length; j++) {
            if (!Float.isFinite(enc.logVar()[i][j])) {
              throw new CandelaException(
                  modelName
                      + ": encoder log-variance of z"
                      + j
                      + " is "
                      + enc.logVar()[i][j]
                      + " for dataset index "
                      + part[i]);
            }
          }
          if (z[i].length != d || enc.logVar()[i].length != d) {
            throw new CandelaException(
                modelName
                    + ": the encoder returned "
                    + z[i].length
                    + " means and "
                    + enc.logVar()[i].length
                    + " log-variances, the card says "
                    + d
                    + " latents");
          }
          lv.writeFloats(enc.logVar()[i], 0, d);
          zl.write(row(z[i]));
          zl.newLine();
          fl.write(row(ds.codes(part[i])));
          fl.newLine();
          il.write(Long.toString(part[i]));
          il.newLine();
        }
        zl.flush();
        fl.flush();
        il.flush();
        progress.accept(e);
      }
    }
  }

  private static String row(float[] z) {
    StringBuilder sb = new StringBuilder();
    for (int j = 0; j < z.length; j++) {
      sb.append(j == 0 ? "" : ",").append(z[j]);
    }
    return sb.toString();
  }

  private static String row(int[] c) {
    return String.join(",", Arrays.stream(c).mapToObj(Integer::toString).toList());
  }
}
