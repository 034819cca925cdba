package dev.candela;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one way Candela writes a file under its final name: the content goes to a unique temporary
 * file in the same folder ({@code .NAME.<random>.tmp}), which is renamed onto the final name with
 * an atomic move only once it is complete. A reader therefore sees either the previous file or the
 * whole new one, never a prefix; a killed writer leaves at most a hidden {@code .tmp} file, never a
 * truncated file under the final name. Because every writer gets its own temporary name, two
 * processes writing the same target do not corrupt each other: the last rename wins, and both
 * renames install a complete file.
 */
public final class AtomicFiles {
  private AtomicFiles() {}

  /** Writes the content of one file to the temporary path it is given. */
  @FunctionalInterface
  public interface Body {
    /**
     * Writes the whole file.
     *
     * @param tmp the temporary file to write (it exists and is empty)
     * @throws IOException when writing fails
     * @throws CandelaException when producing the content fails
     */
    void write(Path tmp) throws IOException, CandelaException;
  }

  /**
   * Writes {@code target} through a temporary sibling and an atomic rename; creates missing parent
   * folders. When {@code body} throws, the temporary file is deleted and the target is untouched.
   *
   * @param target the final file
   * @param body writes the content to the temporary file it is given
   * @throws IOException when writing or renaming fails
   * @throws CandelaException when {@code body} throws one
   */
  public static void write(Path target, Body body) throws IOException, CandelaException {
    Path tmp = newTemp(target);
    boolean done = false;
    try {
      body.write(tmp);
      commit(tmp, target);
      done = true;
    } finally {
      if (!done) {
        Files.deleteIfExists(tmp);
      }
    }
  }

  /**
   * Writes text (UTF-8) atomically.
   *
   * @param target the final file
   * @param text the content
   * @throws IOException when writing or renaming fails
   */
  public static void writeString(Path target, CharSequence text) throws IOException {
    writeBytes(target, text.toString().getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Writes bytes atomically.
   *
   * @param target the final file
   * @param bytes the content
   * @throws IOException when writing or renaming fails
   */
  public static void writeBytes(Path target, byte[] bytes) throws IOException {
    try {
      write(target, tmp -> Files.write(tmp, bytes));
    } catch (CandelaException e) {
      throw new IllegalStateException("unreachable: writing bytes throws no CandelaException", e);
    }
  }

  /**
   * Creates a new, empty, uniquely named temporary file next to {@code target} (same folder, so the
   * final rename is atomic), creating missing parent folders. The caller must either {@link
   * #commit} it or delete it.
   *
   * @param target the final file
   * @return the temporary file
   * @throws IOException when the folder or the file cannot be created
   */
  public static Path newTemp(Path target) throws IOException {
    Path abs = target.toAbsolutePath();
    Path dir = abs.getParent();
    Files.createDirectories(dir);
    return Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
  }

  /**
   * Renames a complete temporary file onto its final name, replacing an existing file, atomically
   * when the file system supports it (every local POSIX file system does for two names in one
   * folder).
   *
   * @param tmp the complete temporary file
   * @param target the final name
   * @throws IOException when the rename fails
   */
  public static void commit(Path tmp, Path target) throws IOException {
    try {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
