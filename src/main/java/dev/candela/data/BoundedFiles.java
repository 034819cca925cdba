package dev.candela.data;

import dev.candela.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reading a whole small file (an image, a sample's JSON) with a size limit: a file that is not a
 * regular file (a link to {@code /dev/zero}, a pipe, a device) or is larger than the limit is one
 * line naming the file and the value, instead of a read that fills the heap.
 */
public final class BoundedFiles {
  /** The largest image file read whole (256 MiB: a 16k × 16k 8-bit RGB PNG holds less). */
  public static final long IMAGE_LIMIT = 256L << 20;

  /** The largest JSON file of one sample or one specification read whole (16 MiB). */
  public static final long JSON_LIMIT = 16L << 20;

  private BoundedFiles() {}

  /**
   * The bytes of a regular file of at most {@code limit} bytes.
   *
   * @param file the file
   * @param limit the largest size accepted
   * @param what what the file is, for the message (e.g. {@code image})
   * @return its bytes
   * @throws BadInputException when it is not a regular file, is larger than the limit, or cannot be
   *     read
   */
  public static byte[] read(Path file, long limit, String what) throws BadInputException {
    if (!Files.isRegularFile(file)) {
      String kind =
          Files.isDirectory(file)
              ? "a folder"
              : Files.exists(file) ? "not a regular file" : "no such file";
      String target = "";
      if (Files.isSymbolicLink(file)) {
        try {
          target = " (a link to " + Files.readSymbolicLink(file) + ")";
        } catch (IOException e) {
          target = " (a link)";
        }
      }
      throw new BadInputException(file + ": cannot read " + what + ": " + kind + target);
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
      if (b.length > limit) {
        throw new BadInputException(
            String.format(
                Locale.ROOT,
                "%s: %s of %d MiB or more, over the %d MiB limit",
                file,
                what,
                b.length >> 20,
                limit >> 20));
      }
      return b;
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read " + what + " (" + e.getMessage() + ")", e);
    }
  }
}
