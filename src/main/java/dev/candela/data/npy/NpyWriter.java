package dev.candela.data.npy;

import dev.candela.BadInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.zip.CRC32;

/**
 * A streamed writer of one npy array: a {@code .npy} file ({@link #create}) or an npz entry ({@link
 * NpzWriter#add}). Elements are appended in storage order (C order, or column-major when the header
 * says {@code fortran_order}) with the {@code write*} methods, which convert to the dtype; {@link
 * #close()} checks that exactly {@code product(shape)} elements were written. Arrays of any size
 * can be written in pieces (e.g. one image at a time).
 *
 * <p>Conversions: a value that the dtype cannot hold exactly (a fraction or out-of-range number for
 * an integer dtype, anything but 0/1 for {@code b1}) is an {@link IllegalArgumentException} naming
 * the value; doubles written to {@code f4} are rounded.
 */
public final class NpyWriter implements AutoCloseable {
  private static final int BUF = 1 << 16;

  /** Where the bytes go. */
  interface Sink {
    void write(ByteBuffer b) throws IOException;

    void finish() throws IOException;
  }

  private final Sink sink;
  private final NpyDType dtype;
  private final long[] shape;
  private final long total;
  private final String where;
  private final ByteBuffer buf;
  private long written;
  private boolean closed;

  NpyWriter(Sink sink, NpyDType dtype, long[] shape, boolean fortranOrder, String where)
      throws IOException {
    if (dtype.type() == NpyType.OBJECT) {
      throw new IllegalArgumentException("cannot write object arrays (dtype |O)");
    }
    this.sink = sink;
    this.dtype = dtype;
    this.shape = shape.clone();
    this.total = NpyHeader.product(shape);
    this.where = where;
    this.buf = ByteBuffer.allocate(BUF).order(dtype.order());
    sink.write(ByteBuffer.wrap(NpyHeader.encode(dtype, fortranOrder, shape)));
  }

  /**
   * The number of bytes of an npy stream with this dtype and shape (header and data).
   *
   * @param dtype the dtype
   * @param fortranOrder the storage order flag
   * @param shape the shape
   * @return the byte count
   */
  public static long streamBytes(NpyDType dtype, boolean fortranOrder, long[] shape) {
    return NpyHeader.encode(dtype, fortranOrder, shape).length
        + NpyHeader.product(shape) * dtype.itemSize();
  }

  /**
   * Opens a file for writing from its start, creating it or dropping what it held.
   *
   * @param file the file
   * @param more further options (e.g. {@link StandardOpenOption#READ})
   * @return the channel
   * @throws IOException when the file cannot be opened
   */
  static FileChannel createChannel(Path file, OpenOption... more) throws IOException {
    Set<OpenOption> options =
        new HashSet<>(
            List.of(
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE));
    options.addAll(List.of(more));
    return FileChannel.open(file, options);
  }

  /**
   * Creates a {@code .npy} file for streamed writing.
   *
   * @param file the output (replaced if present)
   * @param dtype the element type
   * @param shape the shape
   * @param fortranOrder whether elements will be written column-major
   * @return the writer
   * @throws BadInputException when the file cannot be created
   */
  public static NpyWriter create(Path file, NpyDType dtype, long[] shape, boolean fortranOrder)
      throws BadInputException {
    try {
      FileChannel ch = createChannel(file);
      Sink s =
          new Sink() {
            @Override
            public void write(ByteBuffer b) throws IOException {
              while (b.hasRemaining()) {
                ch.write(b);
              }
            }

            @Override
            public void finish() throws IOException {
              ch.close();
            }
          };
      return new NpyWriter(s, dtype, shape, fortranOrder, file.toString());
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  /** A sink that also accumulates a CRC-32 and a byte count, for zip entries. */
  static final class CrcSink implements Sink {
    private final FileChannel ch;
    final CRC32 crc = new CRC32();
    long bytes;

    CrcSink(FileChannel ch) {
      this.ch = ch;
    }

    @Override
    public void write(ByteBuffer b) throws IOException {
      ByteBuffer dup = b.duplicate();
      crc.update(dup);
      while (b.hasRemaining()) {
        bytes += ch.write(b);
      }
    }

    @Override
    public void finish() {
      // the owner finishes the zip member
    }
  }

  /**
   * The element count written so far.
   *
   * @return elements written
   */
  public long written() {
    return written;
  }

  /**
   * The total element count the shape requires.
   *
   * @return product of the shape
   */
  public long total() {
    return total;
  }

  private void reserve(int n) throws BadInputException {
    if (closed) {
      throw new IllegalStateException(where + ": writer is closed");
    }
    if (written + n > total) {
      throw new IllegalArgumentException(
          where
              + ": writing "
              + n
              + " more elements exceeds shape "
              + Arrays.toString(shape)
              + " ("
              + written
              + " of "
              + total
              + " already written)");
    }
    if (buf.remaining() < dtype.itemSize()) {
      flush();
    }
  }

  private void flush() throws BadInputException {
    buf.flip();
    try {
      sink.write(buf);
    } catch (IOException e) {
      throw new BadInputException(where + ": cannot write (" + e.getMessage() + ")", e);
    }
    buf.clear();
  }

  private void putInteger(long v) {
    switch (dtype.type()) {
      case UINT8:
        check(v >= 0 && v <= 255, v);
        buf.put((byte) v);
        break;
      case INT8:
        check(v == (byte) v, v);
        buf.put((byte) v);
        break;
      case BOOL:
        check(v == 0 || v == 1, v);
        buf.put((byte) v);
        break;
      case INT16:
        check(v == (short) v, v);
        buf.putShort((short) v);
        break;
      case INT32:
        check(v == (int) v, v);
        buf.putInt((int) v);
        break;
      case INT64:
        buf.putLong(v);
        break;
      case FLOAT32:
        buf.putFloat((float) v);
        break;
      case FLOAT64:
        buf.putDouble((double) v);
        break;
      default:
        throw new IllegalStateException("dtype " + dtype);
    }
  }

  private void putDouble(double v) {
    switch (dtype.type()) {
      case FLOAT32:
        buf.putFloat((float) v);
        break;
      case FLOAT64:
        buf.putDouble(v);
        break;
      default:
        long l = (long) v;
        check(l == v && !(v == Long.MAX_VALUE), v);
        putInteger(l);
    }
  }

  private void check(boolean ok, Object v) {
    if (!ok) {
      throw new IllegalArgumentException(
          where + ": value " + v + " at element " + written + " does not fit dtype " + dtype);
    }
  }

  /** Puts element i of a run, one at a time after reserving its room. */
  private void writeEach(int len, IntConsumer put) throws BadInputException {
    for (int i = 0; i < len; i++) {
      reserve(1);
      put.accept(i);
      written++;
    }
  }

  /**
   * Appends doubles.
   *
   * @param v values
   * @param off offset
   * @param len count
   * @throws BadInputException when writing fails
   */
  public void writeDoubles(double[] v, int off, int len) throws BadInputException {
    writeEach(len, i -> putDouble(v[off + i]));
  }

  /**
   * Appends floats.
   *
   * @param v values
   * @param off offset
   * @param len count
   * @throws BadInputException when writing fails
   */
  public void writeFloats(float[] v, int off, int len) throws BadInputException {
    writeEach(len, i -> putDouble(v[off + i]));
  }

  /**
   * Appends longs.
   *
   * @param v values
   * @param off offset
   * @param len count
   * @throws BadInputException when writing fails
   */
  public void writeLongs(long[] v, int off, int len) throws BadInputException {
    writeEach(len, i -> putInteger(v[off + i]));
  }

  /**
   * Appends ints.
   *
   * @param v values
   * @param off offset
   * @param len count
   * @throws BadInputException when writing fails
   */
  public void writeInts(int[] v, int off, int len) throws BadInputException {
    writeEach(len, i -> putInteger(v[off + i]));
  }

  /**
   * Appends raw bytes to a one-byte array (u1, i1, b1): each byte is one element, written as is
   * (for u1, byte {@code -1} is 255). For b1 the bytes must be 0 or 1.
   *
   * @param v bytes
   * @param off offset
   * @param len count
   * @throws BadInputException when writing fails
   */
  public void writeBytes(byte[] v, int off, int len) throws BadInputException {
    if (dtype.itemSize() != 1) {
      throw new IllegalArgumentException(
          where + ": writeBytes needs a one-byte dtype, got " + dtype);
    }
    if (dtype.type() == NpyType.BOOL) {
      for (int i = 0; i < len; i++) {
        check(v[off + i] == 0 || v[off + i] == 1, v[off + i]);
      }
    }
    reserve(0);
    if (written + len > total) {
      reserve(len);
    }
    int done = 0;
    while (done < len) {
      if (!buf.hasRemaining()) {
        flush();
      }
      int n = Math.min(len - done, buf.remaining());
      buf.put(v, off + done, n);
      done += n;
    }
    written += len;
  }

  /**
   * Flushes and finishes the array; fails when fewer elements than the shape needs were written.
   *
   * @throws BadInputException when writing fails or elements are missing
   */
  @Override
  public void close() throws BadInputException {
    if (closed) {
      return;
    }
    flush();
    closed = true;
    try {
      sink.finish();
    } catch (IOException e) {
      throw new BadInputException(where + ": cannot write (" + e.getMessage() + ")", e);
    }
    if (written != total) {
      throw new BadInputException(
          where
              + ": only "
              + written
              + " of "
              + total
              + " elements written for shape "
              + Arrays.toString(shape));
    }
  }

  /**
   * The storage permutation: for each storage position, the C-order index of its element.
   *
   * @param shape the shape
   * @param fortranOrder whether storage is column-major
   * @return the permutation, or {@code null} when storage equals C order
   */
  static int[] storageToC(long[] shape, boolean fortranOrder) {
    long n = NpyHeader.product(shape);
    if (!fortranOrder || shape.length < 2) {
      return null;
    }
    int[] perm = new int[Math.toIntExact(n)];
    int nd = shape.length;
    long[] idx = new long[nd];
    for (int s = 0; s < n; s++) {
      long c = 0;
      for (int k = 0; k < nd; k++) {
        c = c * shape[k] + idx[k];
      }
      perm[s] = (int) c;
      for (int k = 0; k < nd; k++) {
        if (++idx[k] < shape[k]) {
          break;
        }
        idx[k] = 0;
      }
    }
    return perm;
  }

  /**
   * Writes a whole array held in memory, given in C order, to an open writer (transposing when the
   * writer's header is Fortran order), then closes it.
   *
   * @param w the writer
   * @param fortranOrder the storage order the writer was created with
   * @param cOrder the values in C order: a {@code double[]}, {@code float[]}, {@code long[]},
   *     {@code int[]} or {@code byte[]}
   * @throws BadInputException when writing fails
   */
  static void writeAll(NpyWriter w, boolean fortranOrder, Object cOrder) throws BadInputException {
    Objects.requireNonNull(cOrder, "data");
    int[] perm = storageToC(w.shape, fortranOrder);
    int n = java.lang.reflect.Array.getLength(cOrder);
    if (n != w.total) {
      throw new IllegalArgumentException(
          w.where + ": " + n + " values for shape " + Arrays.toString(w.shape));
    }
    Object data = cOrder;
    if (perm != null) {
      Object t = java.lang.reflect.Array.newInstance(cOrder.getClass().getComponentType(), n);
      for (int s = 0; s < n; s++) {
        java.lang.reflect.Array.set(t, s, java.lang.reflect.Array.get(cOrder, perm[s]));
      }
      data = t;
    }
    if (data instanceof double[] d) {
      w.writeDoubles(d, 0, n);
    } else if (data instanceof float[] f) {
      w.writeFloats(f, 0, n);
    } else if (data instanceof long[] l) {
      w.writeLongs(l, 0, n);
    } else if (data instanceof int[] i) {
      w.writeInts(i, 0, n);
    } else if (data instanceof byte[] b) {
      w.writeBytes(b, 0, n);
    } else {
      throw new IllegalArgumentException("unsupported data array " + cOrder.getClass());
    }
    w.close();
  }

  /**
   * Writes a {@code .npy} file from values held in memory in C order.
   *
   * @param file the output
   * @param dtype the element type
   * @param shape the shape
   * @param fortranOrder whether to store column-major (the data is transposed on the way)
   * @param cOrderData a {@code double[]}, {@code float[]}, {@code long[]}, {@code int[]} or {@code
   *     byte[]} of {@code product(shape)} values in C order
   * @throws BadInputException when writing fails
   */
  public static void write(
      Path file, NpyDType dtype, long[] shape, boolean fortranOrder, Object cOrderData)
      throws BadInputException {
    NpyWriter w = create(file, dtype, shape, fortranOrder);
    try {
      writeAll(w, fortranOrder, cOrderData);
    } finally {
      if (!w.closed) {
        w.closed = true;
        try {
          w.sink.finish();
        } catch (IOException ignored) {
          // report the original failure
        }
      }
    }
  }
}
