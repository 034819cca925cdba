package dev.candela.data.npy;

import dev.candela.BadInputException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file region read through memory maps of at most {@code window} bytes each, so regions far
 * beyond 2 GiB are readable. Windows are mapped lazily and kept; the mapping outlives the channel.
 */
final class MappedSource implements ByteSource {
  /** The default window: 1 GiB, below the 2 GiB limit of one {@link MappedByteBuffer}. */
  static final long DEFAULT_WINDOW = 1L << 30;

  private final FileChannel channel;
  private final long base;
  private final long length;
  private final long window;
  private final MappedByteBuffer[] maps;
  private final boolean ownsChannel;

  MappedSource(FileChannel channel, long base, long length, long window, boolean ownsChannel) {
    if (window <= 0 || window > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("window must be in 1..2^31-1, got " + window);
    }
    this.channel = channel;
    this.base = base;
    this.length = length;
    this.window = window;
    long n = (length + window - 1) / window;
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many windows: " + n + " of " + window + " bytes");
    }
    this.maps = new MappedByteBuffer[(int) n];
    this.ownsChannel = ownsChannel;
  }

  /**
   * Opens a file for reading; a missing or unopenable file is bad input naming it.
   *
   * @param file the file
   * @return the open channel
   * @throws BadInputException when the file is missing or cannot be opened
   */
  static FileChannel openForReading(Path file) throws BadInputException {
    try {
      return FileChannel.open(file, StandardOpenOption.READ);
    } catch (NoSuchFileException e) {
      throw new BadInputException(file + ": no such file", e);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot open (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Closes a channel after a failure, keeping the original failure (a close error is dropped).
   *
   * @param ch the channel
   */
  static void closeQuietly(FileChannel ch) {
    try {
      ch.close();
    } catch (IOException ignored) {
      // the original failure is more useful
    }
  }

  @Override
  public long length() {
    return length;
  }

  private synchronized MappedByteBuffer map(int k) throws IOException {
    MappedByteBuffer m = maps[k];
    if (m == null) {
      long start = (long) k * window;
      long size = Math.min(window, length - start);
      m = channel.map(FileChannel.MapMode.READ_ONLY, base + start, size);
      maps[k] = m;
    }
    return m;
  }

  @Override
  public void read(long pos, byte[] dst, int off, int len) throws IOException {
    if (pos < 0 || pos + len > length) {
      throw new EOFException("read of " + len + " bytes at " + pos + " beyond length " + length);
    }
    while (len > 0) {
      int k = (int) (pos / window);
      int inWin = (int) (pos - (long) k * window);
      MappedByteBuffer m = map(k);
      int n = Math.min(len, m.capacity() - inWin);
      m.get(inWin, dst, off, n);
      pos += n;
      off += n;
      len -= n;
    }
  }

  @Override
  public void close() throws IOException {
    if (ownsChannel) {
      channel.close();
    }
  }
}
