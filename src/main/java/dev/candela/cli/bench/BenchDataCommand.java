package dev.candela.cli.bench;

import dev.candela.BadInputException;
import dev.candela.cli.console.ConsoleBars;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.DSpritesDataset;
import dev.candela.synth.DSpritesGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code candela bench data}: generation time and read throughput of a dSprites-format npz, beside
 * the time to copy and to read the file's bytes measured in the same run.
 */
@Command(
    name = "data",
    description = {
      "Generate a dSprites-format npz, copy its bytes, read its raw bytes and read it through the"
          + " dataset loader (float CHW batches); print times and ratios to the copy baseline."
    })
public final class BenchDataCommand implements Callable<Integer> {
  @Option(
      names = "--count",
      paramLabel = "N",
      description = "Images to generate (default: all 737280; use e.g. 20000 for a quick run).")
  Long count;

  @Option(
      names = "--batch",
      defaultValue = "256",
      description = "Images per read batch (default: ${DEFAULT-VALUE}).")
  int batch;

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description = "Working directory for the files (default: a temporary directory).")
  Path dir;

  @Option(names = "--keep", description = "Keep the generated files.")
  boolean keep;

  /** Creates the command. */
  public BenchDataCommand() {}

  @Override
  public Integer call() throws BadInputException {
    long n = count == null ? DSpritesGenerator.FULL : count;
    if (n < 1 || n > DSpritesGenerator.FULL || batch < 1) {
      throw new BadInputException(
          "--count must be in 1.."
              + DSpritesGenerator.FULL
              + " and --batch >= 1, got "
              + n
              + ", "
              + batch);
    }
    Path work;
    try {
      work =
          dir == null
              ? Files.createTempDirectory("candela-bench-data")
              : Files.createDirectories(dir);
    } catch (IOException e) {
      throw new BadInputException(dir + ": cannot create (" + e.getMessage() + ")", e);
    }
    Path npz = work.resolve("bench-dsprites.npz");
    Path copy = work.resolve("bench-dsprites-copy.npz");
    try {
      long[] idx = n == DSpritesGenerator.FULL ? null : DSpritesGenerator.chooseIndices(n, 0);
      long t0 = System.nanoTime();
      ConsoleBars.writeDsprites(npz, idx, n, dev.candela.data.DSpritesDrawing.DEEPMIND);
      double gen = Timing.secondsSince(t0);
      long bytes = Files.size(npz);

      t0 = System.nanoTime();
      Files.copy(npz, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      double cp = Timing.secondsSince(t0);

      t0 = System.nanoTime();
      long sum = 0;
      try (InputStream in = Files.newInputStream(npz)) {
        byte[] buf = new byte[1 << 20];
        for (int r; (r = in.read(buf)) > 0; ) {
          sum += buf[r - 1];
        }
      }
      double raw = Timing.secondsSince(t0);

      t0 = System.nanoTime();
      double checksum = 0;
      try (DSpritesDataset ds = DSpritesDataset.open(npz)) {
        long[] ix = new long[batch];
        for (long start = 0; start < n; start += batch) {
          int b = (int) Math.min(batch, n - start);
          if (b != ix.length) {
            ix = new long[b];
          }
          for (int i = 0; i < b; i++) {
            ix[i] = start + i;
          }
          float[] imgs = ds.images(ix);
          checksum += imgs[imgs.length / 2];
          checksum += ds.codes(start)[1];
        }
      }
      double read = Timing.secondsSince(t0);

      System.out.printf(
          "dSprites npz: %d images, %.1f MB (%s)%n", n, bytes / 1e6, keep ? npz : "deleted after");
      System.out.printf("copy file bytes (baseline): %8.3f s  %8.1f MB/s%n", cp, bytes / 1e6 / cp);
      System.out.printf(
          "read file bytes:            %8.3f s  %8.1f MB/s  ratio to copy %.2f%n",
          raw, bytes / 1e6 / raw, raw / cp);
      System.out.printf(
          "generate:                   %8.3f s  %8.0f images/s  ratio to copy %.2f%n",
          gen, n / gen, gen / cp);
      System.out.printf(
          "read via loader (batch %d): %8.3f s  %8.0f images/s  ratio to copy %.2f%n",
          batch, read, n / read, read / cp);
      System.out.printf("(checksums %d %.1f)%n", sum, checksum);
      return ExitCodes.OK;
    } catch (IOException e) {
      throw new BadInputException(work + ": " + e.getMessage(), e);
    } finally {
      if (!keep) {
        try {
          Files.deleteIfExists(copy);
          Files.deleteIfExists(npz);
          if (dir == null) {
            Files.deleteIfExists(work);
          }
        } catch (IOException ignored) {
          // best effort cleanup
        }
      }
    }
  }
}
