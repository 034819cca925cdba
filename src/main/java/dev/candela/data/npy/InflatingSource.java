package dev.candela.data.npy;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * A deflated zip entry read as a stream with a cursor: reading at or after the cursor inflates
 * forward (skipping what lies between); reading before the cursor restarts inflation from the
 * entry's start. Sequential reads therefore cost one pass; random access costs up to one pass per
 * backward jump.
 */
final class InflatingSource implements ByteSource {
  private final FileChannel channel;
  private final long base;
  private final long compressedLength;
  private final long length;
  private InputStream in;
  private long cursor;
  private final byte[] skipBuf = new byte[1 << 16];

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

  private void restart() throws IOException {
    closeStream();
    InputStream raw = new RegionStream(channel, base, compressedLength);
    in =
        new InflaterInputStream(new BufferedInputStream(raw, 1 << 16), new Inflater(true), 1 << 16);
    cursor = 0;
  }

  @Override
  public synchronized void read(long pos, byte[] dst, int off, int len) throws IOException {
    if (pos < 0 || pos + len > length) {
      throw new EOFException("read of " + len + " bytes at " + pos + " beyond length " + length);
    }
    if (in == null || pos < cursor) {
      restart();
    }
    while (cursor < pos) {
      int n = in.read(skipBuf, 0, (int) Math.min(skipBuf.length, pos - cursor));
      if (n < 0) {
        throw new EOFException("deflated data ends at byte " + cursor + " of " + length);
      }
      cursor += n;
    }
    while (len > 0) {
      int n = in.read(dst, off, len);
      if (n < 0) {
        throw new EOFException("deflated data ends at byte " + cursor + " of " + length);
      }
      cursor += n;
      off += n;
      len -= n;
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
    closeStream();
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
