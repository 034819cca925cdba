package dev.candela.data;

import dev.candela.BadInputException;
import dev.candela.data.npy.NpyArray;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Files of flat dataset indices (e.g. the training subset of a model trained elsewhere): a {@code
 * .npy} of integers (1-D, or N×1), or text with one index a line ({@code #} comments and blank
 * lines skipped).
 */
public final class IndexFiles {
  private IndexFiles() {}

  /**
   * Reads the indices and checks that each lies in {@code 0..size-1}.
   *
   * @param file the file
   * @param size the dataset size
   * @return the indices, in file order (repeats kept)
   * @throws BadInputException naming the file, and the line or position of a bad index
   */
  public static long[] read(Path file, long size) throws BadInputException {
    if (!Files.isRegularFile(file)) {
      throw new BadInputException(file + ": no such index file");
    }
    long[] out =
        file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".npy")
            ? readNpy(file)
            : readText(file);
    if (out.length == 0) {
      throw new BadInputException(file + ": holds no index");
    }
    for (int k = 0; k < out.length; k++) {
      if (out[k] < 0 || out[k] >= size) {
        throw new BadInputException(
            file
                + ": index "
                + out[k]
                + " (entry "
                + (k + 1)
                + ") is outside 0.."
                + (size - 1)
                + ", the flat indices of the "
                + size
                + "-image dataset");
      }
    }
    return out;
  }

  private static long[] readNpy(Path file) throws BadInputException {
    try (NpyArray a = NpyArray.open(file)) {
      long[] shape = a.shape();
      boolean column = shape.length == 2 && shape[1] == 1;
      if (shape.length != 1 && !column) {
        throw new BadInputException(
            file + ": want a 1-D array of indices, got shape " + Arrays.toString(shape));
      }
      char kind = a.dtype().type().kind();
      if (kind != 'i' && kind != 'u') {
        throw new BadInputException(file + ": want integer indices, got dtype " + a.dtype());
      }
      return a.readLongs(0, Math.toIntExact(a.size()));
    }
  }

  private static long[] readText(Path file) throws BadInputException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (CharacterCodingException e) {
      throw new BadInputException(
          file + ": not a text file of indices (binary content; a .npy needs the .npy name)");
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")");
    }
    long[] out = new long[lines.size()];
    int n = 0;
    for (int i = 0; i < lines.size(); i++) {
      String t = lines.get(i).strip();
      if (t.isEmpty() || t.startsWith("#")) {
        continue;
      }
      try {
        out[n++] = Long.parseLong(t);
      } catch (NumberFormatException e) {
        throw new BadInputException(
            file + ": line " + (i + 1) + ": '" + t + "' is not an integer index");
      }
    }
    return Arrays.copyOf(out, n);
  }
}
