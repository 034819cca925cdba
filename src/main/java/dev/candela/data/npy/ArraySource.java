package dev.candela.data.npy;

import java.io.EOFException;

/** Bytes held in memory. */
final class ArraySource implements ByteSource {
  private final byte[] data;

  ArraySource(byte[] data) {
    this.data = data;
  }

  @Override
  public long length() {
    return data.length;
  }

  @Override
  public void read(long pos, byte[] dst, int off, int len) throws EOFException {
    if (pos < 0 || pos + len > data.length) {
      throw new EOFException(
          "read of " + len + " bytes at " + pos + " beyond length " + data.length);
    }
    System.arraycopy(data, (int) pos, dst, off, len);
  }

  @Override
  public void close() {}
}
