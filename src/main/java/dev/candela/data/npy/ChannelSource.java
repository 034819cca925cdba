package dev.candela.data.npy;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A file read with positional reads of the caller's buffer, not memory-mapped: a sequential scan of
 * a large file keeps none of it mapped into the process (the page cache holds what the kernel
 * keeps), so the resident memory of a reader is its heap.
 */
final class ChannelSource implements ByteSource {
  private final FileChannel channel;
  private final long length;

  ChannelSource(FileChannel channel) throws IOException {
    this.channel = channel;
    this.length = channel.size();
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public void read(long pos, byte[] dst, int off, int len) throws IOException {
    if (pos < 0 || pos + len > length) {
      throw new EOFException("read of " + len + " bytes at " + pos + " beyond length " + length);
    }
    ByteBuffer bb = ByteBuffer.wrap(dst, off, len);
    long at = pos;
    while (bb.hasRemaining()) {
      int n = channel.read(bb, at);
      if (n < 0) {
        throw new EOFException("file ended at " + at + " of " + length + " bytes");
      }
      at += n;
    }
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
