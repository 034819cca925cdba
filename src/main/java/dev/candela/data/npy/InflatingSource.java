package dev.candela.data.npy;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A deflated zip entry read through one inflating stream with a cursor, so that no access pattern
 * inflates the entry more than twice, whatever the order of the reads.
 *
 * <p>While reads move forward (at or after the cursor, skipping what lies between) or back by at
 * most {@value #WINDOW} bytes (served from a window of the bytes last inflated, as when the npy
 * header is read twice), the entry is inflated once, in a single pass, with no disk use. The first
 * read further behind the cursor switches the source to a <em>spill</em>: inflation restarts once
 * from the entry's start, and from then on every inflated byte is also appended to an uncompressed
 * temporary file in {@code java.io.tmpdir}, which then holds the entry's bytes {@code [0, cursor)}.
 * Reads behind the cursor come from that file; reads beyond it inflate forward, appending. The
 * entry is thus inflated at most twice in all (once before the switch, once after), the heap holds
 * a 64 KiB buffer and the 1 MiB window however large the entry (a 2,000,000 × 64 × 64 uint8 member
 * is 8 GB uncompressed), and the temporary file grows to at most the entry's length: the switch is
 * refused, naming the sizes and the folder, when the folder's file store has less usable space than
 * that.
 *
 * <p>The temporary file ({@code candela-npz-*.bin}) is opened with {@link
 * StandardOpenOption#DELETE_ON_CLOSE}: on Unix it is unlinked as soon as it is open, so it is gone
 * when this source is closed or the JVM exits, however it exits; where the platform keeps the name
 * until the close, it is also registered with {@link java.io.File#deleteOnExit()}.
 */
final class InflatingSource implements ByteSource {
  private static final int BUF = 1 << 16;

  /** How far behind the cursor reads are served from memory before the source spills: 1 MiB. */
  static final int WINDOW = 1 << 20;

  /**
   * Bytes produced by inflation, over all instances: for tests, which compare it with the entries'
   * lengths to show that no access pattern re-inflates an entry per read.
   */
  static final AtomicLong INFLATED_BYTES = new AtomicLong();

  /** Inflation passes started from an entry's start, over all instances (for tests). */
  static final AtomicLong PASSES = new AtomicLong();

  /** Switches to a temporary-file spill, over all instances (for tests). */
  static final AtomicLong SPILLS = new AtomicLong();

  private final FileChannel channel;
  private final long base;
  private final long compressedLength;
  private final long length;
  private InputStream in;
  private long cursor;
  private final byte[] buf = new byte[BUF];

  /**
   * The last bytes inflated before spilling: byte {@code p} of the entry, for {@code p} in {@code
   * [cursor - ring.length, cursor)}, is at {@code ring[p % ring.length]}; null until the first pass
   * starts and once spilling.
   */
  private byte[] ring;

  /** The temporary file holding bytes {@code [0, cursor)}, once spilling; otherwise null. */
  private FileChannel spill;

  private Path spillPath;

  InflatingSource(FileChannel channel, long base, long compressedLength, long length) {
    this.channel = channel;
    this.base = base;
    this.compressedLength = compressedLength;
    this.length = length;
  }

  @Override
  public long length() {
    return length;
  }

  /** Starts inflation from the entry's start. */
  private void start() throws IOException {
    closeStream();
    InputStream raw = new RegionStream(channel, base, compressedLength);
    in = new InflaterInputStream(new BufferedInputStream(raw, BUF), new Inflater(true), BUF);
    cursor = 0;
    if (spill == null && ring == null) {
      ring = new byte[(int) Math.min(WINDOW, Math.max(1, length))];
    }
    PASSES.incrementAndGet();
  }

  /** Records bytes {@code [pos, pos + n)} of the entry, just inflated, in the window. */
  private void toRing(long pos, byte[] b, int off, int n) {
    int r = ring.length;
    if (n >= r) {
      off += n - r;
      pos += n - r;
      n = r;
    }
    int at = (int) (pos % r);
    int first = Math.min(n, r - at);
    System.arraycopy(b, off, ring, at, first);
    System.arraycopy(b, off + first, ring, 0, n - first);
  }

  /** Copies bytes {@code [pos, pos + n)} of the entry, all within the window, into dst. */
  private void fromRing(long pos, byte[] dst, int off, int n) {
    int r = ring.length;
    int at = (int) (pos % r);
    int first = Math.min(n, r - at);
    System.arraycopy(ring, at, dst, off, first);
    System.arraycopy(ring, 0, dst, off + first, n - first);
  }

  @Override
  public synchronized void read(long pos, byte[] dst, int off, int len) throws IOException {
    if (pos < 0 || len < 0 || pos + len > length) {
      throw new EOFException("read of " + len + " bytes at " + pos + " beyond length " + length);
    }
    if (in == null) {
      start();
    }
    if (spill == null && pos < cursor) {
      if (pos >= cursor - ring.length) {
        int n = (int) Math.min(len, cursor - pos);
        fromRing(pos, dst, off, n);
        pos += n;
        off += n;
        len -= n;
      } else {
        startSpill();
      }
    }
    if (spill == null) {
      inflateTo(pos, null, 0);
      inflateTo(pos + len, dst, off);
      return;
    }
    inflateTo(pos + len, null, 0);
    readSpill(pos, dst, off, len);
  }

  /**
   * Inflates forward until the cursor reaches {@code end}, appending to the spill when there is
   * one, and copying the bytes into {@code dst} from {@code off} when it is not null.
   */
  private void inflateTo(long end, byte[] dst, int off) throws IOException {
    try {
      inflateForward(end, dst, off);
    } catch (IOException | RuntimeException e) {
      // the stream may have moved past the cursor (a failed write to the copy): start again
      closeQuietly();
      throw e;
    }
  }

  private void inflateForward(long end, byte[] dst, int off) throws IOException {
    while (cursor < end) {
      int want = (int) Math.min(BUF, end - cursor);
      byte[] into = dst == null ? buf : dst;
      int at = dst == null ? 0 : off;
      int n = in.read(into, at, want);
      if (n < 0) {
        throw new EOFException("deflated data ends at byte " + cursor + " of " + length);
      }
      INFLATED_BYTES.addAndGet(n);
      if (spill != null) {
        writeSpill(cursor, into, at, n);
      } else {
        toRing(cursor, into, at, n);
      }
      cursor += n;
      if (dst != null) {
        off += n;
      }
    }
  }

  /** Creates the temporary file and restarts inflation so that it holds the entry's prefix. */
  private void startSpill() throws IOException {
    Path dir = Path.of(System.getProperty("java.io.tmpdir"));
    String need =
        "reading this deflated member out of order needs an uncompressed copy of "
            + length
            + " bytes in "
            + dir
            + " (java.io.tmpdir)";
    if (!Files.isDirectory(dir)) {
      throw new IOException(need + ", which is not a folder");
    }
    long usable;
    Path tmp;
    FileChannel ch;
    try {
      usable = Files.getFileStore(dir).getUsableSpace();
    } catch (IOException e) {
      throw new IOException(need + ", whose free space is unknown (" + e.getMessage() + ")", e);
    }
    if (usable < length) {
      throw new IOException(
          need
              + ", which has "
              + usable
              + " bytes usable; read it in index order, store it uncompressed (np.savez), or set"
              + " java.io.tmpdir to a larger disk");
    }
    try {
      tmp = Files.createTempFile(dir, "candela-npz-", ".bin");
    } catch (IOException e) {
      throw new IOException(need + ", where no file can be created (" + e.getMessage() + ")", e);
    }
    try {
      ch =
          FileChannel.open(
              tmp,
              StandardOpenOption.READ,
              StandardOpenOption.WRITE,
              StandardOpenOption.DELETE_ON_CLOSE);
    } catch (IOException e) {
      Files.deleteIfExists(tmp);
      throw new IOException(tmp + ": cannot open a temporary file (" + e.getMessage() + ")", e);
    }
    if (Files.exists(tmp)) {
      tmp.toFile().deleteOnExit();
    }
    spill = ch;
    spillPath = tmp;
    ring = null;
    SPILLS.incrementAndGet();
    start();
  }

  private void writeSpill(long pos, byte[] b, int off, int n) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(b, off, n);
    try {
      while (bb.hasRemaining()) {
        spill.write(bb, pos + bb.position() - off);
      }
    } catch (IOException e) {
      throw new IOException(
          spillPath
              + ": cannot write the inflated copy at byte "
              + pos
              + " of "
              + length
              + " ("
              + e.getMessage()
              + ")",
          e);
    }
  }

  private void readSpill(long pos, byte[] dst, int off, int len) throws IOException {
    ByteBuffer bb = ByteBuffer.wrap(dst, off, len);
    while (bb.hasRemaining()) {
      int n = spill.read(bb, pos + bb.position() - off);
      if (n < 0) {
        throw new EOFException(
            spillPath + ": inflated copy ends at byte " + (pos + bb.position() - off));
      }
    }
  }

  private void closeQuietly() {
    try {
      closeStream();
    } catch (IOException ignored) {
      // the failure being reported is more useful
    } finally {
      in = null;
    }
  }

  private void closeStream() throws IOException {
    if (in != null) {
      in.close();
      in = null;
    }
  }

  @Override
  public synchronized void close() throws IOException {
    try {
      closeStream();
    } finally {
      if (spill != null) {
        spill.close();
        spill = null;
      }
    }
  }

  /** A bounded positional stream over a file region; the channel's position is not used. */
  private static final class RegionStream extends InputStream {
    private final FileChannel channel;
    private long pos;
    private final long end;

    RegionStream(FileChannel channel, long start, long length) {
      this.channel = channel;
      this.pos = start;
      this.end = start + length;
    }

    @Override
    public int read() throws IOException {
      byte[] b = new byte[1];
      int n = read(b, 0, 1);
      return n < 0 ? -1 : b[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (pos >= end) {
        return -1;
      }
      int want = (int) Math.min(len, end - pos);
      int n = channel.read(ByteBuffer.wrap(b, off, want), pos);
      if (n <= 0) {
        return -1;
      }
      pos += n;
      return n;
    }
  }
}
