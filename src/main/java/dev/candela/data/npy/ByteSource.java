package dev.candela.data.npy;

import java.io.IOException;

/** Random-access bytes of one array (a file region, a zip entry, or memory). */
interface ByteSource extends AutoCloseable {

  /**
   * The number of bytes available.
   *
   * @return the length
   */
  long length();

  /**
   * Reads exactly {@code len} bytes starting at {@code pos}.
   *
   * @param pos offset in this source
   * @param dst destination
   * @param off offset in dst
   * @param len number of bytes
   * @throws IOException on I/O failure; {@link java.io.EOFException} when the source ends early
   */
  void read(long pos, byte[] dst, int off, int len) throws IOException;

  @Override
  void close() throws IOException;
}
