package dev.candela.data.npy;

import dev.candela.BadInputException;
import java.io.EOFException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One npy array opened for reading ranges of elements, from a {@code .npy} file or an npz entry
 * ({@link NpzFile#array(String)}). Nothing is read at open except the header; every read method
 * takes a range of elements in C (row-major) order, whatever the storage order, and converts to the
 * requested Java type.
 *
 * <p>Storage: a {@code .npy} file or a stored npz entry is memory-mapped in windows below 2 GiB, so
 * arrays beyond 2 GiB are read in slices. A deflated npz entry is inflated as a stream that keeps a
 * cursor: reading in index order is one pass with no disk use; the first read behind the cursor
 * restarts inflation once and from then on keeps an uncompressed copy of what was inflated in a
 * temporary file under {@code java.io.tmpdir} (deleted on close and on JVM exit), so any order of
 * reads inflates the entry at most twice and holds no more of it in the heap than a read asks for.
 * A Fortran-order deflated entry is inflated into memory once at open (it must be below 2 GiB).
 *
 * <p>Conversions: {@code readDoubles}/{@code readFloats} accept every dtype (i8 beyond 2^53 loses
 * precision; booleans read as 0/1); {@code readLongs}/{@code readInts} accept integer and boolean
 * dtypes ({@code readInts} fails on values outside the int range); {@code readBytes} accepts the
 * one-byte dtypes and returns the raw byte (use {@code b & 0xFF} for u1).
 *
 * <p>Instances are safe for use by several threads (reads of a deflated entry are serialised).
 */
public final class NpyArray implements AutoCloseable {
  private static final int CHUNK_BYTES = 1 << 16;

  private final ByteSource src;
  private final NpyHeader header;
  private final String where;
  private final long[] shape;
  private final long size;
  private final int itemSize;
  private final boolean gather;

  NpyArray(ByteSource src, NpyHeader header, String where) throws BadInputException {
    this.src = src;
    this.header = header;
    this.where = where;
    this.shape = header.shape();
    this.size = header.size();
    this.itemSize = header.dtype().itemSize();
    if (header.dtype().type() == NpyType.OBJECT) {
      throw objectArray(where, header);
    }
    long need = header.dataOffset() + header.dataBytes();
    if (src.length() < need) {
      throw new BadInputException(
          where
              + ": truncated npy: shape "
              + Arrays.toString(shape)
              + " of "
              + header.dtype().descr()
              + " needs "
              + header.dataBytes()
              + " data bytes but only "
              + Math.max(0, src.length() - header.dataOffset())
              + " are present");
    }
    int nonUnit = 0;
    for (long d : shape) {
      if (d > 1) {
        nonUnit++;
      }
    }
    this.gather = header.fortranOrder() && nonUnit > 1;
  }

  static BadInputException objectArray(String where, NpyHeader header) {
    return new BadInputException(
        where
            + ": object array (dtype '"
            + header.dtype().descr()
            + "', pickled Python objects, shape "
            + Arrays.toString(header.shape())
            + ") cannot be read; only numeric and boolean arrays can");
  }

  /**
   * Opens a {@code .npy} file, memory-mapped.
   *
   * @param file the file
   * @return the array
   * @throws BadInputException when the file is missing, truncated or not a supported npy array
   */
  public static NpyArray open(Path file) throws BadInputException {
    return open(file, MappedSource.DEFAULT_WINDOW);
  }

  /**
   * Opens a {@code .npy} file for one sequential scan: reads go through the caller's buffers by
   * positional reads instead of a memory map, so that scanning a file of several GiB into Java
   * arrays leaves none of it mapped into the process (its resident memory stays the heap's).
   *
   * @param file the file
   * @return the array
   * @throws BadInputException when the file is missing, truncated or not a supported npy array
   */
  public static NpyArray openStreamed(Path file) throws BadInputException {
    return open(file, ChannelSource::new);
  }

  static NpyArray open(Path file, long window) throws BadInputException {
    return open(file, ch -> new MappedSource(ch, 0, ch.size(), window, true));
  }

  /** How the bytes of an open file are read. */
  private interface SourceOf {
    ByteSource over(FileChannel ch) throws IOException;
  }

  /** The array of a file read through the given source; the file is closed when opening fails. */
  private static NpyArray open(Path file, SourceOf source) throws BadInputException {
    FileChannel ch = MappedSource.openForReading(file);
    try {
      ByteSource src = source.over(ch);
      NpyHeader h = NpyHeader.read(src, file.toString());
      return new NpyArray(src, h, file.toString());
    } catch (BadInputException e) {
      MappedSource.closeQuietly(ch);
      throw e;
    } catch (IOException e) {
      MappedSource.closeQuietly(ch);
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * The header.
   *
   * @return the header
   */
  public NpyHeader header() {
    return header;
  }

  /**
   * The shape.
   *
   * @return a copy of the shape
   */
  public long[] shape() {
    return shape.clone();
  }

  /**
   * The element type.
   *
   * @return the dtype
   */
  public NpyDType dtype() {
    return header.dtype();
  }

  /**
   * Whether the data is stored column-major. Reads always use C order regardless.
   *
   * @return the storage order flag
   */
  public boolean fortranOrder() {
    return header.fortranOrder();
  }

  /**
   * The number of elements.
   *
   * @return the product of the shape
   */
  public long size() {
    return size;
  }

  /**
   * The file (and entry) this array comes from, as used in messages.
   *
   * @return e.g. {@code data.npz[imgs]}
   */
  public String location() {
    return where;
  }

  private void checkRange(long start, int count) {
    if (start < 0 || count < 0 || start + count > size) {
      throw new IllegalArgumentException(
          "element range ["
              + start
              + ", "
              + (start + count)
              + ") outside [0, "
              + size
              + ") of "
              + where);
    }
  }

  /**
   * Fills buf with the raw bytes of C-order elements [start, start+count), or of the elements
   * stored at [start, start+count) when {@code stored}.
   */
  private void raw(long start, int count, byte[] buf, boolean stored) throws BadInputException {
    try {
      if (!gather || stored) {
        src.read(header.dataOffset() + start * itemSize, buf, 0, count * itemSize);
        return;
      }
      int nd = shape.length;
      long[] idx = new long[nd];
      long rem = start;
      for (int k = nd - 1; k >= 0; k--) {
        idx[k] = rem % shape[k];
        rem /= shape[k];
      }
      long[] fstride = new long[nd];
      long st = 1;
      for (int k = 0; k < nd; k++) {
        fstride[k] = st;
        st *= shape[k];
      }
      for (int e = 0; e < count; e++) {
        long f = 0;
        for (int k = 0; k < nd; k++) {
          f += idx[k] * fstride[k];
        }
        src.read(header.dataOffset() + f * itemSize, buf, e * itemSize, itemSize);
        for (int k = nd - 1; k >= 0; k--) {
          if (++idx[k] < shape[k]) {
            break;
          }
          idx[k] = 0;
        }
      }
    } catch (EOFException e) {
      throw new BadInputException(where + ": truncated data (" + e.getMessage() + ")", e);
    } catch (IOException e) {
      throw new BadInputException(where + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  private interface ChunkDecoder {
    void decode(ByteBuffer bb, int n, int dstOff) throws BadInputException;
  }

  private void chunks(long start, int off, int count, ChunkDecoder dec) throws BadInputException {
    chunks(start, off, count, dec, false);
  }

  private void chunks(long start, int off, int count, ChunkDecoder dec, boolean stored)
      throws BadInputException {
    checkRange(start, count);
    int per = Math.max(1, CHUNK_BYTES / itemSize);
    byte[] buf = new byte[Math.min(per, Math.max(count, 1)) * itemSize];
    ByteBuffer bb = ByteBuffer.wrap(buf).order(header.dtype().order());
    int done = 0;
    while (done < count) {
      int n = Math.min(per, count - done);
      raw(start + done, n, buf, stored);
      bb.clear();
      dec.decode(bb, n, off + done);
      done += n;
    }
  }

  private double element(ByteBuffer bb) {
    switch (header.dtype().type()) {
      case FLOAT32:
        return bb.getFloat();
      case FLOAT64:
        return bb.getDouble();
      default:
        return integer(bb);
    }
  }

  /** An integer or boolean element; other dtypes are refused at open or by requireInteger. */
  private long integer(ByteBuffer bb) {
    switch (header.dtype().type()) {
      case UINT8:
        return bb.get() & 0xFF;
      case INT8:
      case BOOL:
        return bb.get();
      case INT16:
        return bb.getShort();
      case INT32:
        return bb.getInt();
      case INT64:
        return bb.getLong();
      default:
        throw new IllegalStateException("unreadable dtype " + header.dtype());
    }
  }

  /** Takes one integer element, to be stored at index {@code at} of the destination. */
  private interface IntegerSink {
    void put(int at, long v) throws BadInputException;
  }

  /** Decodes an integer or boolean range element by element into a sink. */
  private void integers(long start, int off, int count, IntegerSink sink) throws BadInputException {
    integers(start, off, count, sink, false);
  }

  /** As {@link #integers(long, int, int, IntegerSink)}, in storage order when {@code stored}. */
  private void integers(long start, int off, int count, IntegerSink sink, boolean stored)
      throws BadInputException {
    requireInteger();
    chunks(
        start,
        off,
        count,
        (bb, n, o) -> {
          for (int i = 0; i < n; i++) {
            sink.put(o + i, integer(bb));
          }
        },
        stored);
  }

  private void requireInteger() throws BadInputException {
    if (!header.dtype().type().isInteger()) {
      throw new BadInputException(
          where + ": dtype '" + header.dtype().descr() + "' cannot be read as integers");
    }
  }

  /**
   * Reads C-order elements {@code [start, start+count)} as doubles.
   *
   * @param start first element
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the data cannot be read
   */
  public void readDoubles(long start, double[] dst, int off, int count) throws BadInputException {
    chunks(start, off, count, (bb, n, o) -> doubles(bb, n, dst, o));
  }

  private void doubles(ByteBuffer bb, int n, double[] dst, int o) {
    if (header.dtype().type() == NpyType.FLOAT64) {
      bb.asDoubleBuffer().get(dst, o, n);
      return;
    }
    for (int i = 0; i < n; i++) {
      dst[o + i] = element(bb);
    }
  }

  /**
   * Reads C-order elements {@code [start, start+count)} as doubles.
   *
   * @param start first element
   * @param count number of elements
   * @return the values
   * @throws BadInputException when the data cannot be read
   */
  public double[] readDoubles(long start, int count) throws BadInputException {
    return allocated(start, count, new double[count], this::readDoubles);
  }

  /**
   * Reads C-order elements {@code [start, start+count)} as floats.
   *
   * @param start first element
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the data cannot be read
   */
  public void readFloats(long start, float[] dst, int off, int count) throws BadInputException {
    chunks(start, off, count, (bb, n, o) -> floats(bb, n, dst, o));
  }

  private void floats(ByteBuffer bb, int n, float[] dst, int o) {
    NpyType t = header.dtype().type();
    if (t == NpyType.FLOAT32) {
      bb.asFloatBuffer().get(dst, o, n);
    } else if (t == NpyType.UINT8) {
      for (int i = 0; i < n; i++) {
        dst[o + i] = bb.get(i) & 0xFF;
      }
    } else {
      for (int i = 0; i < n; i++) {
        dst[o + i] = (float) element(bb);
      }
    }
  }

  /**
   * Reads the elements stored at {@code [start, start+count)} as floats: in C order for a C-order
   * array (as {@link #readFloats(long, float[], int, int)}), in Fortran (column-major) order for a
   * Fortran-order one, where a column of a 2-D array is one contiguous range.
   *
   * @param start first element in storage order
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the data cannot be read
   */
  public void readStoredFloats(long start, float[] dst, int off, int count)
      throws BadInputException {
    chunks(start, off, count, (bb, n, o) -> floats(bb, n, dst, o), true);
  }

  /**
   * Reads the elements stored at {@code [start, start+count)} of an integer or boolean array as
   * longs, in storage order (see {@link #readStoredFloats}).
   *
   * @param start first element in storage order
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the dtype is not integer or the data cannot be read
   */
  public void readStoredLongs(long start, long[] dst, int off, int count) throws BadInputException {
    integers(start, off, count, (at, v) -> dst[at] = v, true);
  }

  /**
   * Reads the elements stored at {@code [start, start+count)} as doubles, in storage order (see
   * {@link #readStoredFloats}).
   *
   * @param start first element in storage order
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the data cannot be read
   */
  public void readStoredDoubles(long start, double[] dst, int off, int count)
      throws BadInputException {
    chunks(start, off, count, (bb, n, o) -> doubles(bb, n, dst, o), true);
  }

  /**
   * Reads C-order elements {@code [start, start+count)} as floats.
   *
   * @param start first element
   * @param count number of elements
   * @return the values
   * @throws BadInputException when the data cannot be read
   */
  public float[] readFloats(long start, int count) throws BadInputException {
    return allocated(start, count, new float[count], this::readFloats);
  }

  /**
   * Reads C-order elements {@code [start, start+count)} of an integer or boolean array as longs.
   *
   * @param start first element
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the dtype is not integer or the data cannot be read
   */
  public void readLongs(long start, long[] dst, int off, int count) throws BadInputException {
    integers(start, off, count, (at, v) -> dst[at] = v);
  }

  /**
   * Reads C-order elements {@code [start, start+count)} of an integer or boolean array as longs.
   *
   * @param start first element
   * @param count number of elements
   * @return the values
   * @throws BadInputException when the dtype is not integer or the data cannot be read
   */
  public long[] readLongs(long start, int count) throws BadInputException {
    return allocated(start, count, new long[count], this::readLongs);
  }

  /**
   * Reads C-order elements {@code [start, start+count)} of an integer or boolean array as ints.
   *
   * @param start first element
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the dtype is not integer, a value is outside the int range, or
   *     the data cannot be read
   */
  public void readInts(long start, int[] dst, int off, int count) throws BadInputException {
    integers(
        start,
        off,
        count,
        (at, v) -> {
          if (v != (int) v) {
            throw new BadInputException(
                where + ": value " + v + " at element " + (start + at - off) + " exceeds int");
          }
          dst[at] = (int) v;
        });
  }

  /**
   * Reads C-order elements {@code [start, start+count)} of an integer or boolean array as ints.
   *
   * @param start first element
   * @param count number of elements
   * @return the values
   * @throws BadInputException when the dtype is not integer, a value is outside the int range, or
   *     the data cannot be read
   */
  public int[] readInts(long start, int count) throws BadInputException {
    return allocated(start, count, new int[count], this::readInts);
  }

  /**
   * Reads C-order elements {@code [start, start+count)} of a one-byte array (u1, i1, b1) as raw
   * bytes; for u1 the value is {@code b & 0xFF}.
   *
   * @param start first element
   * @param dst destination
   * @param off offset in dst
   * @param count number of elements
   * @throws BadInputException when the dtype is wider than one byte or the data cannot be read
   */
  public void readBytes(long start, byte[] dst, int off, int count) throws BadInputException {
    if (itemSize != 1) {
      throw new BadInputException(
          where
              + ": dtype '"
              + header.dtype().descr()
              + "' cannot be read as bytes (needs 1-byte)");
    }
    checkRange(start, count);
    if (!gather && off == 0 && count == dst.length) {
      raw(start, count, dst, false);
      return;
    }
    chunks(start, off, count, (bb, n, o) -> bb.get(dst, o, n));
  }

  /**
   * Reads C-order elements {@code [start, start+count)} of a one-byte array as raw bytes.
   *
   * @param start first element
   * @param count number of elements
   * @return the bytes
   * @throws BadInputException when the dtype is wider than one byte or the data cannot be read
   */
  public byte[] readBytes(long start, int count) throws BadInputException {
    return allocated(start, count, new byte[count], this::readBytes);
  }

  /** A read into part of a destination array. */
  private interface RangeReader<A> {
    void read(long start, A dst, int off, int count) throws BadInputException;
  }

  private static <A> A allocated(long start, int count, A dst, RangeReader<A> reader)
      throws BadInputException {
    reader.read(start, dst, 0, count);
    return dst;
  }

  private int[] matrixDims(String what) throws BadInputException {
    if (shape.length != 2) {
      throw new BadInputException(
          where + ": expected a 2-D array for " + what + ", got shape " + Arrays.toString(shape));
    }
    if (size > Integer.MAX_VALUE - 8) {
      throw new BadInputException(
          where + ": array of " + size + " elements is too large for " + what);
    }
    return new int[] {(int) shape[0], (int) shape[1]};
  }

  /** Splits a flat C-order array into {@code rc[0]} rows of {@code rc[1]}, copies, into m. */
  private static <A> A[] rows(int[] rc, A flat, A[] m) {
    for (int r = 0; r < rc[0]; r++) {
      @SuppressWarnings("unchecked")
      A row = (A) Array.newInstance(flat.getClass().getComponentType(), rc[1]);
      System.arraycopy(flat, r * rc[1], row, 0, rc[1]);
      m[r] = row;
    }
    return m;
  }

  /**
   * Reads a small 2-D array as {@code double[rows][cols]}.
   *
   * @return the matrix
   * @throws BadInputException when the array is not 2-D, too large or unreadable
   */
  public double[][] readDoubleMatrix() throws BadInputException {
    int[] rc = matrixDims("readDoubleMatrix");
    return rows(rc, readDoubles(0, (int) size), new double[rc[0]][]);
  }

  /**
   * Reads a small 2-D integer array as {@code long[rows][cols]}.
   *
   * @return the matrix
   * @throws BadInputException when the array is not a 2-D integer array, too large or unreadable
   */
  public long[][] readLongMatrix() throws BadInputException {
    int[] rc = matrixDims("readLongMatrix");
    return rows(rc, readLongs(0, (int) size), new long[rc[0]][]);
  }

  /**
   * Reads a small 2-D integer array as {@code int[rows][cols]}.
   *
   * @return the matrix
   * @throws BadInputException when the array is not a 2-D integer array, too large, has values
   *     outside int, or is unreadable
   */
  public int[][] readIntMatrix() throws BadInputException {
    int[] rc = matrixDims("readIntMatrix");
    return rows(rc, readInts(0, (int) size), new int[rc[0]][]);
  }

  /**
   * Reads a whole small array as doubles in C order.
   *
   * @return all elements
   * @throws BadInputException when the array is too large or unreadable
   */
  public double[] readAllDoubles() throws BadInputException {
    if (size > Integer.MAX_VALUE - 8) {
      throw new BadInputException(where + ": array of " + size + " elements is too large");
    }
    return readDoubles(0, (int) size);
  }

  /**
   * Releases the file (for a {@code .npy}) or the entry's inflater and temporary copy (for a
   * deflated npz entry).
   *
   * @throws BadInputException when closing fails
   */
  @Override
  public void close() throws BadInputException {
    try {
      src.close();
    } catch (IOException e) {
      throw new BadInputException(where + ": cannot close (" + e.getMessage() + ")", e);
    }
  }
}
