package dev.candela.data.npy;

import dev.candela.BadInputException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes an {@code .npz} archive of stored (uncompressed) members, one array at a time, streamed:
 * {@link #add} returns an {@link NpyWriter} for the member, which must be closed before the next
 * member is added. ZIP64 records are written for a member when its size or offset reaches 4 GiB and
 * for the archive end when needed, so archives of any size are valid for numpy's {@code np.load}.
 * The CRC-32 of each member is patched into its local header when the member closes. Timestamps are
 * fixed (1980-01-01) so equal content gives equal bytes.
 */
public final class NpzWriter implements AutoCloseable {
  private static final long U32 = 0xFFFFFFFFL;
  private static final int DOS_DATE_1980_01_01 = (1 << 5) | 1;

  private final Path file;
  private final FileChannel ch;
  private final long zip64Threshold;
  private final List<Central> central = new ArrayList<>();
  private final Set<String> names = new HashSet<>();
  private NpyWriter open;

  private record Central(String name, long crc, long size, long localOffset, boolean zip64) {}

  private NpzWriter(Path file, FileChannel ch, long zip64Threshold) {
    this.file = file;
    this.ch = ch;
    this.zip64Threshold = zip64Threshold;
  }

  /**
   * Creates (or replaces) an archive.
   *
   * @param file the {@code .npz} path
   * @return the writer
   * @throws BadInputException when the file cannot be created
   */
  public static NpzWriter create(Path file) throws BadInputException {
    return create(file, U32);
  }

  /** As {@link #create(Path)}, with ZIP64 used from a smaller size (for tests). */
  static NpzWriter create(Path file, long zip64Threshold) throws BadInputException {
    try {
      FileChannel ch = NpyWriter.createChannel(file, StandardOpenOption.READ);
      return new NpzWriter(file, ch, zip64Threshold);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  private static ByteBuffer le(int n) {
    return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
  }

  private void writeFully(ByteBuffer b) throws IOException {
    b.flip();
    while (b.hasRemaining()) {
      ch.write(b);
    }
  }

  /**
   * Starts a stored member {@code key.npy}; write its elements in storage order, then close it.
   *
   * @param key the array name
   * @param dtype the element type
   * @param shape the shape
   * @param fortranOrder whether elements are written column-major
   * @return the member's writer
   * @throws BadInputException when writing fails
   */
  public NpyWriter add(String key, NpyDType dtype, long[] shape, boolean fortranOrder)
      throws BadInputException {
    if (open != null && !isClosed(open)) {
      throw new IllegalStateException(
          file + ": close the previous member before adding '" + key + "'");
    }
    String name = key + ".npy";
    if (!names.add(name)) {
      throw new IllegalArgumentException(file + ": duplicate array name '" + key + "'");
    }
    try {
      long size = NpyWriter.streamBytes(dtype, fortranOrder, shape);
      long localOffset = ch.position();
      boolean zip64 = size >= zip64Threshold || localOffset >= zip64Threshold;
      byte[] nb = name.getBytes(StandardCharsets.UTF_8);
      ByteBuffer h = le(30 + nb.length + (zip64 ? 20 : 0));
      h.putInt(0x04034b50);
      h.putShort((short) (zip64 ? 45 : 20));
      h.putShort((short) 0);
      h.putShort((short) 0);
      h.putShort((short) 0);
      h.putShort((short) DOS_DATE_1980_01_01);
      h.putInt(0);
      h.putInt((int) (zip64 ? U32 : size));
      h.putInt((int) (zip64 ? U32 : size));
      h.putShort((short) nb.length);
      h.putShort((short) (zip64 ? 20 : 0));
      h.put(nb);
      if (zip64) {
        h.putShort((short) 1);
        h.putShort((short) 16);
        h.putLong(size);
        h.putLong(size);
      }
      writeFully(h);
      NpyWriter[] self = new NpyWriter[1];
      NpyWriter.CrcSink sink = new NpyWriter.CrcSink(ch);
      NpyWriter w =
          new NpyWriter(
              new NpyWriter.Sink() {
                @Override
                public void write(ByteBuffer b) throws IOException {
                  sink.write(b);
                }

                @Override
                public void finish() throws IOException {
                  finishMember(name, sink, size, localOffset, zip64);
                  closedMembers.add(self[0]);
                }
              },
              dtype,
              shape,
              fortranOrder,
              file + "[" + key + "]");
      self[0] = w;
      open = w;
      return w;
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  private final Set<NpyWriter> closedMembers = new HashSet<>();

  private boolean isClosed(NpyWriter w) {
    return closedMembers.contains(w);
  }

  private void finishMember(
      String name, NpyWriter.CrcSink sink, long size, long localOffset, boolean zip64)
      throws IOException {
    if (sink.bytes > size) {
      throw new IOException("member " + name + " grew beyond " + size + " bytes");
    }
    // Pad a short member so the directory stays consistent; NpyWriter.close reports the shortfall.
    long missing = size - sink.bytes;
    if (missing > 0) {
      ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(missing, 1 << 16));
      while (missing > 0) {
        zeros.clear();
        zeros.limit((int) Math.min(missing, zeros.capacity()));
        missing -= zeros.remaining();
        sink.write(zeros);
      }
    }
    ByteBuffer crc = le(4);
    crc.putInt((int) sink.crc.getValue());
    crc.flip();
    ch.write(crc, localOffset + 14);
    central.add(new Central(name, sink.crc.getValue(), size, localOffset, zip64));
  }

  /**
   * Writes a whole member from values held in memory in C order.
   *
   * @param key the array name
   * @param dtype the element type
   * @param shape the shape
   * @param fortranOrder whether to store column-major (the data is transposed on the way)
   * @param cOrderData a {@code double[]}, {@code float[]}, {@code long[]}, {@code int[]} or {@code
   *     byte[]} of {@code product(shape)} values in C order
   * @throws BadInputException when writing fails
   */
  public void put(String key, NpyDType dtype, long[] shape, boolean fortranOrder, Object cOrderData)
      throws BadInputException {
    NpyWriter.writeAll(add(key, dtype, shape, fortranOrder), fortranOrder, cOrderData);
  }

  /**
   * Writes the central directory and closes the file.
   *
   * @throws BadInputException when writing fails or a member is still open
   */
  @Override
  public void close() throws BadInputException {
    try {
      if (open != null && !isClosed(open)) {
        open.close();
      }
      long cdStart = ch.position();
      for (Central c : central) {
        byte[] nb = c.name().getBytes(StandardCharsets.UTF_8);
        boolean bigSize = c.zip64();
        boolean bigOff = c.localOffset() >= zip64Threshold;
        int extra = (bigSize ? 16 : 0) + (bigOff ? 8 : 0);
        ByteBuffer b = le(46 + nb.length + (extra > 0 ? 4 + extra : 0));
        b.putInt(0x02014b50);
        b.putShort((short) 45);
        b.putShort((short) (extra > 0 ? 45 : 20));
        b.putShort((short) 0);
        b.putShort((short) 0);
        b.putShort((short) 0);
        b.putShort((short) DOS_DATE_1980_01_01);
        b.putInt((int) c.crc());
        b.putInt((int) (bigSize ? U32 : c.size()));
        b.putInt((int) (bigSize ? U32 : c.size()));
        b.putShort((short) nb.length);
        b.putShort((short) (extra > 0 ? 4 + extra : 0));
        b.putShort((short) 0);
        b.putShort((short) 0);
        b.putShort((short) 0);
        b.putInt(0);
        b.putInt((int) (bigOff ? U32 : c.localOffset()));
        b.put(nb);
        if (extra > 0) {
          b.putShort((short) 1);
          b.putShort((short) extra);
          if (bigSize) {
            b.putLong(c.size());
            b.putLong(c.size());
          }
          if (bigOff) {
            b.putLong(c.localOffset());
          }
        }
        writeFully(b);
      }
      long cdEnd = ch.position();
      long cdSize = cdEnd - cdStart;
      boolean zip64End =
          central.size() >= 0xFFFF || cdStart >= zip64Threshold || cdSize >= zip64Threshold;
      if (zip64End) {
        ByteBuffer z = le(56 + 20);
        z.putInt(0x06064b50);
        z.putLong(44);
        z.putShort((short) 45);
        z.putShort((short) 45);
        z.putInt(0);
        z.putInt(0);
        z.putLong(central.size());
        z.putLong(central.size());
        z.putLong(cdSize);
        z.putLong(cdStart);
        z.putInt(0x07064b50);
        z.putInt(0);
        z.putLong(cdEnd);
        z.putInt(1);
        writeFully(z);
      }
      ByteBuffer e = le(22);
      e.putInt(0x06054b50);
      e.putShort((short) 0);
      e.putShort((short) 0);
      e.putShort((short) (zip64End ? 0xFFFF : central.size()));
      e.putShort((short) (zip64End ? 0xFFFF : central.size()));
      e.putInt((int) (zip64End ? U32 : cdSize));
      e.putInt((int) (zip64End ? U32 : cdStart));
      e.putShort((short) 0);
      writeFully(e);
      ch.close();
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }
}
