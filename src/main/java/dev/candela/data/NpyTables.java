package dev.candela.data;

import dev.candela.BadInputException;
import dev.candela.data.npy.NpyArray;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads a 1-D or 2-D {@code .npy} array (one row per sample) into columns: one sequential scan of
 * the file through a buffer of about 4 MiB ({@link NpyArray#openStreamed}, not memory-mapped),
 * straight into the column arrays, so that only they are ever held (no copy of the file, no wider
 * intermediate). Latents become float32 columns; factors become int codes as they are read. Columns
 * are named {@code z0..} for latents and {@code f0..} for factors.
 */
final class NpyTables {

  private static final int BLOCK_ELEMENTS = 1 << 20;

  private NpyTables() {}

  /** The rows and columns of a table and whether its columns are stored contiguously. */
  private record Dims(int rows, int cols, boolean columnMajor) {}

  /**
   * The shape of a table without reading its data.
   *
   * @param file the {@code .npy} file
   * @return rows and columns
   * @throws BadInputException when the file is not a readable 1-D or 2-D array
   */
  static CodeTables.Shape shape(Path file) throws BadInputException {
    try (NpyArray a = NpyArray.openStreamed(file)) {
      Dims d = dims(a, file);
      return new CodeTables.Shape(file, d.rows, d.cols, a.dtype().type().itemSize());
    }
  }

  /**
   * Reads a latent table as float32 columns; float64 and integer arrays are rounded to the nearest
   * float32 as they are read.
   */
  static CodeTables.NumericTable readLatents(Path file) throws BadInputException {
    try (NpyArray a = NpyArray.openStreamed(file)) {
      Dims d = dims(a, file);
      int rows = d.rows;
      int cols = d.cols;
      float[][] out = new float[cols][rows];
      if (d.columnMajor) {
        for (int c = 0; c < cols; c++) {
          for (int r0 = 0; r0 < rows; r0 += BLOCK_ELEMENTS) {
            int n = Math.min(BLOCK_ELEMENTS, rows - r0);
            a.readStoredFloats((long) c * rows + r0, out[c], r0, n);
          }
          for (int r = 0; r < rows; r++) {
            requireFinite(a, file, out[c][r], r, c, cols);
          }
        }
      } else {
        int blockRows = Math.max(1, BLOCK_ELEMENTS / cols);
        float[] buf = new float[blockRows * cols];
        for (int r0 = 0; r0 < rows; r0 += blockRows) {
          int n = Math.min(blockRows, rows - r0);
          a.readFloats((long) r0 * cols, buf, 0, n * cols);
          for (int c = 0; c < cols; c++) {
            float[] col = out[c];
            for (int r = 0, k = c; r < n; r++, k += cols) {
              float v = buf[k];
              if (!Float.isFinite(v)) {
                requireFinite(a, file, v, r0 + r, c, cols);
              }
              col[r0 + r] = v;
            }
          }
        }
      }
      return new CodeTables.NumericTable(file, names("z", cols), out);
    }
  }

  /** A latent that is not finite as float32: the message gives the value as stored. */
  private static void requireFinite(NpyArray a, Path file, float v, int row, int col, int cols)
      throws BadInputException {
    if (Float.isFinite(v)) {
      return;
    }
    double stored = a.readDoubles((long) row * cols + col, 1)[0];
    throw new BadInputException(
        file
            + ": latent value "
            + stored
            + " at row "
            + row
            + ", column "
            + col
            + (Double.isFinite(stored)
                ? " is beyond float32's range (latents are held as float32)"
                : " is not finite"));
  }

  /**
   * Reads a factor table: each column's values are mapped to codes {@code 0..K-1} in ascending
   * order as they are read (integer dtypes by value, floating ones by their bits, so {@code -0.0}
   * and {@code 0.0} are two values); the vocabulary holds the values as Double.
   */
  static CodeTables.FactorTable readFactors(Path file) throws BadInputException {
    try (NpyArray a = NpyArray.openStreamed(file)) {
      Dims d = dims(a, file);
      int rows = d.rows;
      int cols = d.cols;
      boolean integer = a.dtype().type().isInteger();
      List<String> names = names("f", cols);
      int[][] codes = new int[cols][rows];
      ValueIds[] ids = new ValueIds[cols];
      for (int c = 0; c < cols; c++) {
        ids[c] = new ValueIds(integer);
      }
      if (d.columnMajor) {
        int block = Math.min(rows, BLOCK_ELEMENTS);
        long[] lbuf = integer ? new long[block] : null;
        double[] dbuf = integer ? null : new double[block];
        for (int c = 0; c < cols; c++) {
          for (int r0 = 0; r0 < rows; r0 += block) {
            int n = Math.min(block, rows - r0);
            long at = (long) c * rows + r0;
            if (integer) {
              a.readStoredLongs(at, lbuf, 0, n);
            } else {
              a.readStoredDoubles(at, dbuf, 0, n);
            }
            for (int r = 0; r < n; r++) {
              codes[c][r0 + r] =
                  integer
                      ? ids[c].id(lbuf[r])
                      : ids[c].id(factorKey(file, names, dbuf[r], r0 + r, c));
            }
          }
        }
      } else {
        int blockRows = Math.max(1, BLOCK_ELEMENTS / cols);
        long[] lbuf = integer ? new long[blockRows * cols] : null;
        double[] dbuf = integer ? null : new double[blockRows * cols];
        for (int r0 = 0; r0 < rows; r0 += blockRows) {
          int n = Math.min(blockRows, rows - r0);
          if (integer) {
            a.readLongs((long) r0 * cols, lbuf, 0, n * cols);
          } else {
            a.readDoubles((long) r0 * cols, dbuf, 0, n * cols);
          }
          for (int c = 0; c < cols; c++) {
            int[] col = codes[c];
            ValueIds v = ids[c];
            for (int r = 0, k = c; r < n; r++, k += cols) {
              col[r0 + r] =
                  integer ? v.id(lbuf[k]) : v.id(factorKey(file, names, dbuf[k], r0 + r, c));
            }
          }
        }
      }
      List<List<Object>> vocab = new ArrayList<>(cols);
      for (int c = 0; c < cols; c++) {
        vocab.add(ids[c].sortCodes(codes[c]));
      }
      return new CodeTables.FactorTable(file, names, codes, vocab);
    }
  }

  private static long factorKey(Path file, List<String> names, double v, int row, int col)
      throws BadInputException {
    if (!Double.isFinite(v)) {
      throw new BadInputException(
          file
              + ": factor value "
              + v
              + " at row "
              + row
              + ", column "
              + col
              + " ("
              + names.get(col)
              + ") is not finite");
    }
    return Double.doubleToLongBits(v);
  }

  private static List<String> names(String prefix, int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  private static Dims dims(NpyArray a, Path file) throws BadInputException {
    long[] shape = a.shape();
    if (shape.length < 1 || shape.length > 2) {
      throw new BadInputException(
          file
              + ": expected a 1-D or 2-D array (rows × columns), got shape "
              + Arrays.toString(shape));
    }
    long rowsL = shape[0];
    long colsL = shape.length == 2 ? shape[1] : 1;
    if (rowsL == 0 || colsL == 0) {
      throw new BadInputException(file + ": empty array, shape " + Arrays.toString(shape));
    }
    if (rowsL > Integer.MAX_VALUE - 8) {
      throw new BadInputException(file + ": " + rowsL + " rows is more than one table can hold");
    }
    if (colsL > Integer.MAX_VALUE - 8) {
      throw new BadInputException(file + ": " + colsL + " columns is more than one table can hold");
    }
    boolean columnMajor = a.fortranOrder() && shape.length == 2 && rowsL > 1 && colsL > 1;
    return new Dims((int) rowsL, (int) colsL, columnMajor);
  }

  /**
   * The distinct values of one factor column in first-seen order, each with its id: small
   * non-negative integers through a direct table, other values through an open-addressing hash
   * table of their keys (the value, or a double's bits).
   */
  private static final class ValueIds {
    private static final int SMALL = 1 << 12;
    private final boolean integer;
    private final int[] small;
    private int[] table = new int[64];
    private long[] values = new long[16];
    private int size;

    ValueIds(boolean integer) {
      this.integer = integer;
      this.small = integer ? new int[SMALL] : null;
    }

    /** The id of a key (id + 1 is stored, 0 is empty). */
    int id(long key) {
      if (small != null && key >= 0 && key < SMALL) {
        int s = small[(int) key];
        if (s == 0) {
          s = add(key) + 1;
          small[(int) key] = s;
        }
        return s - 1;
      }
      int mask = table.length - 1;
      int h = hash(key) & mask;
      while (true) {
        int s = table[h];
        if (s == 0) {
          int id = add(key);
          table[h] = id + 1;
          if (2L * (size + 1) > table.length) {
            rehash();
          }
          return id;
        }
        if (values[s - 1] == key) {
          return s - 1;
        }
        h = (h + 1) & mask;
      }
    }

    private static int hash(long key) {
      return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32);
    }

    private int add(long key) {
      if (size == values.length) {
        values = Arrays.copyOf(values, 2 * size);
      }
      values[size] = key;
      return size++;
    }

    private void rehash() {
      int[] old = table;
      table = new int[2 * old.length];
      int mask = table.length - 1;
      for (int s : old) {
        if (s != 0) {
          int h = hash(values[s - 1]) & mask;
          while (table[h] != 0) {
            h = (h + 1) & mask;
          }
          table[h] = s;
        }
      }
    }

    /**
     * Replaces the first-seen ids in {@code codes} by the ranks of their values in ascending order
     * and returns the values in that order.
     */
    List<Object> sortCodes(int[] codes) {
      int[] rank = new int[size];
      List<Object> vocab = new ArrayList<>(size);
      if (integer) {
        long[] sorted = Arrays.copyOf(values, size);
        Arrays.sort(sorted);
        for (int id = 0; id < size; id++) {
          rank[id] = Arrays.binarySearch(sorted, values[id]);
        }
        for (long v : sorted) {
          vocab.add((double) v);
        }
      } else {
        double[] sorted = new double[size];
        for (int id = 0; id < size; id++) {
          sorted[id] = Double.longBitsToDouble(values[id]);
        }
        Arrays.sort(sorted);
        for (int id = 0; id < size; id++) {
          rank[id] = Arrays.binarySearch(sorted, Double.longBitsToDouble(values[id]));
        }
        for (double v : sorted) {
          vocab.add(v);
        }
      }
      for (int r = 0; r < codes.length; r++) {
        codes[r] = rank[codes[r]];
      }
      return vocab;
    }
  }
}
