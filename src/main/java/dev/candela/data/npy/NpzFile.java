package dev.candela.data.npy;

import dev.candela.BadInputException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@code .npz} archive (a zip of {@code .npy} members, as written by {@code np.savez} and {@code
 * np.savez_compressed}) opened for reading entries one at a time. The zip central directory is
 * parsed directly (ZIP64 included) so that stored entries can be memory-mapped; deflated entries
 * are streamed, and copied uncompressed to a temporary file once read out of order (see {@link
 * NpyArray}). Entries whose dtype is an object array, such as dSprites' pickled {@code metadata},
 * are listed by {@link #entries()} but {@link #array(String)} rejects them with a clear message.
 */
public final class NpzFile implements AutoCloseable {
  private static final int EOCD_SIG = 0x06054b50;
  private static final int EOCD64_SIG = 0x06064b50;
  private static final int EOCD64_LOC_SIG = 0x07064b50;
  private static final int CEN_SIG = 0x02014b50;
  private static final int LOC_SIG = 0x04034b50;
  private static final long U32 = 0xFFFFFFFFL;

  private final Path file;
  private final FileChannel channel;
  private final long window;
  private final Map<String, NpzEntry> entries;

  /**
   * One member of the archive.
   *
   * @param key the array name (the member name without {@code .npy})
   * @param name the zip member name
   * @param compressed whether the member is deflated (otherwise stored)
   * @param compressedSize bytes in the archive
   * @param size bytes of the npy stream
   * @param dataStart offset of the member's data in the archive file
   */
  public record NpzEntry(
      String key,
      String name,
      boolean compressed,
      long compressedSize,
      long size,
      long dataStart) {}

  private NpzFile(Path file, FileChannel channel, long window, Map<String, NpzEntry> entries) {
    this.file = file;
    this.channel = channel;
    this.window = window;
    this.entries = entries;
  }

  /**
   * Opens an archive and reads its directory.
   *
   * @param file the {@code .npz}
   * @return the archive
   * @throws BadInputException when the file is missing, truncated, not a zip, or uses an
   *     unsupported zip feature (encryption, compression other than stored/deflated)
   */
  public static NpzFile open(Path file) throws BadInputException {
    return open(file, MappedSource.DEFAULT_WINDOW);
  }

  static NpzFile open(Path file, long window) throws BadInputException {
    FileChannel ch = MappedSource.openForReading(file);
    try {
      return new NpzFile(file, ch, window, readDirectory(file, ch));
    } catch (BadInputException e) {
      MappedSource.closeQuietly(ch);
      throw e;
    }
  }

  private static ByteBuffer readAt(FileChannel ch, long pos, int len) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
    while (b.hasRemaining()) {
      int n = ch.read(b, pos + b.position());
      if (n < 0) {
        throw new EOFException("file ends at " + (pos + b.position()));
      }
    }
    b.flip();
    return b;
  }

  private static Map<String, NpzEntry> readDirectory(Path file, FileChannel ch)
      throws BadInputException {
    try {
      long fileSize = ch.size();
      if (fileSize < 22) {
        throw new BadInputException(
            file + ": not an npz (zip) archive: only " + fileSize + " bytes");
      }
      int tail = (int) Math.min(fileSize, 22 + 65535);
      ByteBuffer t = readAt(ch, fileSize - tail, tail);
      int eocd = -1;
      for (int i = tail - 22; i >= 0; i--) {
        if (t.getInt(i) == EOCD_SIG) {
          eocd = i;
          break;
        }
      }
      if (eocd < 0) {
        int head = fileSize >= 4 ? readAt(ch, 0, 4).getInt(0) : 0;
        if (head == LOC_SIG) {
          throw new BadInputException(
              file + ": truncated zip archive (no end-of-central-directory record)");
        }
        throw new BadInputException(
            file
                + ": bad magic "
                + String.format("%08x", Integer.reverseBytes(head))
                + " (expected a zip archive starting 504b0304)");
      }
      long eocdPos = fileSize - tail + eocd;
      long count = t.getShort(eocd + 10) & 0xFFFF;
      long cdSize = t.getInt(eocd + 12) & U32;
      long cdOffset = t.getInt(eocd + 16) & U32;
      if (eocdPos >= 20) {
        ByteBuffer loc = readAt(ch, eocdPos - 20, 20);
        if (loc.getInt(0) == EOCD64_LOC_SIG) {
          long e64 = loc.getLong(8);
          ByteBuffer z = readAt(ch, e64, 56);
          if (z.getInt(0) != EOCD64_SIG) {
            throw new BadInputException(file + ": bad ZIP64 end record at " + e64);
          }
          count = z.getLong(32);
          cdSize = z.getLong(40);
          cdOffset = z.getLong(48);
        }
      }
      if (cdOffset + cdSize > fileSize || cdSize > Integer.MAX_VALUE) {
        throw new BadInputException(
            file
                + ": truncated zip archive: central directory at "
                + cdOffset
                + " of "
                + cdSize
                + " bytes exceeds file size "
                + fileSize);
      }
      ByteBuffer cd = readAt(ch, cdOffset, (int) cdSize);
      Map<String, NpzEntry> out = new LinkedHashMap<>();
      int p = 0;
      for (long e = 0; e < count; e++) {
        if (p + 46 > cd.limit() || cd.getInt(p) != CEN_SIG) {
          throw new BadInputException(file + ": bad zip central directory entry " + e);
        }
        int flags = cd.getShort(p + 8) & 0xFFFF;
        int method = cd.getShort(p + 10) & 0xFFFF;
        long comp = cd.getInt(p + 20) & U32;
        long size = cd.getInt(p + 24) & U32;
        int nameLen = cd.getShort(p + 28) & 0xFFFF;
        int extraLen = cd.getShort(p + 30) & 0xFFFF;
        int commentLen = cd.getShort(p + 32) & 0xFFFF;
        long localOff = cd.getInt(p + 42) & U32;
        byte[] nb = new byte[nameLen];
        cd.get(p + 46, nb);
        String name = new String(nb, StandardCharsets.UTF_8);
        int x = p + 46 + nameLen;
        int xEnd = x + extraLen;
        while (x + 4 <= xEnd) {
          int id = cd.getShort(x) & 0xFFFF;
          int len = cd.getShort(x + 2) & 0xFFFF;
          if (id == 0x0001) {
            int q = x + 4;
            if (size == U32) {
              size = cd.getLong(q);
              q += 8;
            }
            if (comp == U32) {
              comp = cd.getLong(q);
              q += 8;
            }
            if (localOff == U32) {
              localOff = cd.getLong(q);
            }
          }
          x += 4 + len;
        }
        p = xEnd + commentLen;
        if ((flags & 1) != 0) {
          throw new BadInputException(file + "[" + name + "]: encrypted zip entries unsupported");
        }
        if (method != 0 && method != 8) {
          throw new BadInputException(
              file
                  + "["
                  + name
                  + "]: unsupported zip compression method "
                  + method
                  + " (stored 0 and deflated 8 are supported)");
        }
        if (localOff + 30 > fileSize) {
          throw new BadInputException(
              file
                  + "["
                  + name
                  + "]: truncated zip archive: local header at "
                  + localOff
                  + " beyond file size "
                  + fileSize);
        }
        ByteBuffer lh = readAt(ch, localOff, 30);
        if (lh.getInt(0) != LOC_SIG) {
          throw new BadInputException(
              file + "[" + name + "]: bad zip local header signature at " + localOff);
        }
        long dataStart = localOff + 30 + (lh.getShort(26) & 0xFFFF) + (lh.getShort(28) & 0xFFFF);
        if (dataStart + comp > fileSize) {
          throw new BadInputException(
              file
                  + "["
                  + name
                  + "]: truncated zip entry: needs "
                  + comp
                  + " bytes at "
                  + dataStart
                  + " but the file has "
                  + fileSize);
        }
        String key = name.endsWith(".npy") ? name.substring(0, name.length() - 4) : name;
        out.put(key, new NpzEntry(key, name, method == 8, comp, size, dataStart));
      }
      return out;
    } catch (EOFException e) {
      throw new BadInputException(file + ": truncated zip archive (" + e.getMessage() + ")", e);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * The archive path.
   *
   * @return the file
   */
  public Path file() {
    return file;
  }

  /**
   * The array names, in archive order.
   *
   * @return the keys (member names without {@code .npy})
   */
  public List<String> keys() {
    return new ArrayList<>(entries.keySet());
  }

  /**
   * The members, in archive order, including unreadable object arrays.
   *
   * @return the entries
   */
  public List<NpzEntry> entries() {
    return new ArrayList<>(entries.values());
  }

  /**
   * Whether the archive has an array with this name.
   *
   * @param key the array name
   * @return true when present
   */
  public boolean contains(String key) {
    return entries.containsKey(key);
  }

  private NpzEntry entry(String key) throws BadInputException {
    NpzEntry e = entries.get(key);
    if (e == null) {
      throw new BadInputException(
          file + ": no array '" + key + "' (arrays: " + String.join(", ", entries.keySet()) + ")");
    }
    return e;
  }

  private ByteSource source(NpzEntry e) {
    if (e.compressed()) {
      return new InflatingSource(channel, e.dataStart(), e.compressedSize(), e.size());
    }
    return new MappedSource(channel, e.dataStart(), e.size(), window, false);
  }

  /**
   * The header of an entry; works for object arrays too, so callers can describe them.
   *
   * @param key the array name
   * @return the header
   * @throws BadInputException when absent or the header is bad
   */
  public NpyHeader header(String key) throws BadInputException {
    NpzEntry e = entry(key);
    try (ByteSource s = source(e)) {
      return NpyHeader.read(s, where(e));
    } catch (IOException ex) {
      throw new BadInputException(where(e) + ": cannot read (" + ex.getMessage() + ")", ex);
    }
  }

  private String where(NpzEntry e) {
    return file + "[" + e.key() + "]";
  }

  /**
   * Opens an entry for reading. Close the returned array to release its inflater (and, for a
   * deflated entry read out of order, its temporary copy); the archive must stay open while the
   * array is used.
   *
   * @param key the array name
   * @return the array
   * @throws BadInputException when absent, an object array, truncated or unsupported
   */
  public NpyArray array(String key) throws BadInputException {
    NpzEntry e = entry(key);
    String where = where(e);
    ByteSource s = source(e);
    try {
      NpyHeader h = NpyHeader.read(s, where);
      if (h.dtype().type() == NpyType.OBJECT) {
        throw NpyArray.objectArray(where, h);
      }
      int nonUnit = 0;
      for (long d : h.shape()) {
        nonUnit += d > 1 ? 1 : 0;
      }
      if (e.compressed() && h.fortranOrder() && nonUnit > 1) {
        long total = h.dataOffset() + h.dataBytes();
        if (total > Integer.MAX_VALUE - 8) {
          throw new BadInputException(
              where
                  + ": deflated Fortran-order entry of "
                  + total
                  + " bytes is too large (limit 2 GiB); store it uncompressed or in C order");
        }
        byte[] all = new byte[(int) Math.min(total, s.length())];
        s.read(0, all, 0, all.length);
        s.close();
        s = new ArraySource(all);
      }
      return new NpyArray(s, h, where);
    } catch (BadInputException ex) {
      closeQuietly(s);
      throw ex;
    } catch (EOFException ex) {
      closeQuietly(s);
      throw new BadInputException(where + ": truncated data (" + ex.getMessage() + ")", ex);
    } catch (IOException ex) {
      closeQuietly(s);
      throw new BadInputException(where + ": cannot read (" + ex.getMessage() + ")", ex);
    }
  }

  private static void closeQuietly(ByteSource s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // report the original failure
    }
  }

  /**
   * Closes the archive file. Arrays opened from it become unusable for deflated entries; mapped
   * windows already created stay readable.
   *
   * @throws BadInputException when closing fails
   */
  @Override
  public void close() throws BadInputException {
    try {
      channel.close();
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot close (" + e.getMessage() + ")", e);
    }
  }
}
