package dev.candela.data;

import dev.candela.BadInputException;
import dev.candela.data.npy.NpyArray;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a 1-D or 2-D {@code .npy} array (one row per sample) into columns, streamed in row blocks
 * so that only the column arrays are ever held. Columns are named {@code z0..} for latents and
 * {@code f0..} for factors.
 */
final class NpyTables {

  private static final int BLOCK_ELEMENTS = 1 << 20;

  private NpyTables() {}

  static CodeTables.NumericTable readLatents(Path file) throws BadInputException {
    double[][] cols = readColumns(file, true);
    return new CodeTables.NumericTable(file, names("z", cols.length), cols);
  }

  static CodeTables.NumericTable readFactors(Path file) throws BadInputException {
    double[][] cols = readColumns(file, false);
    return new CodeTables.NumericTable(file, names("f", cols.length), cols);
  }

  private static List<String> names(String prefix, int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  private static double[][] readColumns(Path file, boolean requireFinite) throws BadInputException {
    try (NpyArray a = NpyArray.open(file)) {
      long[] shape = a.shape();
      if (shape.length < 1 || shape.length > 2) {
        throw new BadInputException(
            file
                + ": expected a 1-D or 2-D array (rows × columns), got shape "
                + java.util.Arrays.toString(shape));
      }
      long rowsL = shape[0];
      int cols = shape.length == 2 ? Math.toIntExact(shape[1]) : 1;
      if (rowsL == 0 || cols == 0) {
        throw new BadInputException(
            file + ": empty array, shape " + java.util.Arrays.toString(shape));
      }
      if (rowsL > Integer.MAX_VALUE - 8) {
        throw new BadInputException(file + ": " + rowsL + " rows is more than one table can hold");
      }
      int rows = (int) rowsL;
      double[][] out = new double[cols][rows];
      int blockRows = Math.max(1, BLOCK_ELEMENTS / cols);
      double[] buf = new double[blockRows * cols];
      for (int r0 = 0; r0 < rows; r0 += blockRows) {
        int n = Math.min(blockRows, rows - r0);
        a.readDoubles((long) r0 * cols, buf, 0, n * cols);
        for (int r = 0; r < n; r++) {
          for (int c = 0; c < cols; c++) {
            double v = buf[r * cols + c];
            if (requireFinite && !Double.isFinite(v)) {
              throw new BadInputException(
                  file
                      + ": latent value "
                      + v
                      + " at row "
                      + (r0 + r)
                      + ", column "
                      + c
                      + " is not finite");
            }
            out[c][r0 + r] = v;
          }
        }
      }
      return out;
    }
  }
}
