package dev.candela;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * An exclusive lock on an output folder, so that two runs never write into one folder at once: an
 * operating-system file lock ({@link FileChannel#tryLock}) on the hidden file {@code .NAME.lock}
 * beside the folder {@code NAME} (beside, not inside, so that a run may replace the folder as a
 * whole). The lock file holds the holder's command, process id and start time, for the message the
 * second run prints; it is left in place after release (deleting it would race with a run opening
 * it), and the operating system releases the lock when the holding process ends, however it ends.
 * File locks are advisory and, on some network file systems, not shared between machines.
 */
public final class OutputLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private OutputLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * The lock file of a folder: {@code .NAME.lock} in its parent.
   *
   * @param folder the output folder
   * @return the lock file's path
   */
  public static Path lockFile(Path folder) {
    Path abs = folder.toAbsolutePath().normalize();
    return abs.resolveSibling("." + abs.getFileName() + ".lock");
  }

  /**
   * Takes the lock of an output folder, or refuses at once when another run holds it.
   *
   * @param folder the output folder (it need not exist; its parent is created)
   * @param command what this run is, for the other run's message (e.g. {@code evaluate})
   * @return the held lock; {@link #close} releases it
   * @throws BadInputException in one line naming the folder and the run that holds it
   * @throws CandelaException when the lock file cannot be created
   */
  public static OutputLock acquire(Path folder, String command) throws CandelaException {
    Path file = lockFile(folder);
    FileChannel ch = null;
    try {
      Files.createDirectories(file.getParent());
      ch =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      FileLock l;
      try {
        l = ch.tryLock();
      } catch (OverlappingFileLockException e) {
        l = null; // held by this very process
      }
      if (l == null) {
        String holder = holder(file);
        ch.close();
        throw new BadInputException(
            folder
                + " is in use by another candela run ("
                + holder
                + "): wait for it to end or choose another output folder");
      }
      ch.truncate(0);
      ch.write(
          ByteBuffer.wrap(
              (command
                      + ", pid "
                      + ProcessHandle.current().pid()
                      + ", since "
                      + Instant.now()
                      + "\n")
                  .getBytes(StandardCharsets.UTF_8)),
          0);
      ch.force(false);
      return new OutputLock(ch, l);
    } catch (IOException e) {
      try {
        if (ch != null) {
          ch.close();
        }
      } catch (IOException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw new CandelaException(
          file + ": cannot take the output lock (" + e.getMessage() + ")", e);
    }
  }

  private static String holder(Path file) {
    try {
      String text = Files.readString(file, StandardCharsets.UTF_8).strip();
      return text.isEmpty() ? "lock " + file : text;
    } catch (IOException e) {
      return "lock " + file;
    }
  }

  /** Releases the lock (the file stays). */
  @Override
  public void close() {
    try {
      lock.release();
      channel.close();
    } catch (IOException e) {
      // the lock ends with the channel, or with the process
    }
  }
}
