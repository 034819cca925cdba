package dev.candela.cli.bench;

import dev.candela.CandelaException;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --work} option of the memory benches ({@code bench cg-memory}, {@code bench
 * code-table-memory}; a picocli mixin): a work folder that is kept, or by default a temporary one
 * deleted at the end.
 */
final class WorkFolderOption {
  @Option(
      names = "--work",
      description = "Work folder, kept (default: a temporary folder, deleted at the end).")
  private Path work;

  /** Creates the option (picocli fills it). */
  WorkFolderOption() {}

  /**
   * Opens the work folder: {@code --work}, created if missing, or a new temporary folder.
   *
   * @param prefix the temporary folder's name prefix
   * @return the folder; closing it deletes a temporary one
   * @throws CandelaException when the folder cannot be created
   */
  WorkFolder open(String prefix) throws CandelaException {
    try {
      return WorkFolder.of(work, prefix);
    } catch (IOException e) {
      throw new CandelaException("cannot create the work folder: " + e.getMessage(), e);
    }
  }
}
