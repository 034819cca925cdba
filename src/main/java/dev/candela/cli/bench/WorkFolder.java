package dev.candela.cli.bench;

import dev.candela.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A bench's work folder: the one the user gave (created if missing, kept), or a temporary one that
 * {@link #close} deletes with everything in it.
 */
final class WorkFolder implements AutoCloseable {
  private final Path dir;
  private final boolean temporary;

  private WorkFolder(Path dir, boolean temporary) {
    this.dir = dir;
    this.temporary = temporary;
  }

  /**
   * The given folder, or a new temporary one.
   *
   * @param given the folder of the command's option, or {@code null} for a temporary one
   * @param prefix the temporary folder's name prefix, e.g. {@code candela-bench-sweep}
   * @return the folder
   * @throws IOException when the folder cannot be created
   */
  static WorkFolder of(Path given, String prefix) throws IOException {
    if (given == null) {
      return new WorkFolder(Files.createTempDirectory(prefix), true);
    }
    return new WorkFolder(Files.createDirectories(given), false);
  }

  /** The folder. */
  Path dir() {
    return dir;
  }

  /** Deletes a temporary folder (best effort); keeps a given one. */
  @Override
  public void close() {
    if (temporary) {
      try {
        AtomicFiles.deleteTree(dir);
      } catch (IOException e) {
        // best effort: a temporary folder
      }
    }
  }
}
