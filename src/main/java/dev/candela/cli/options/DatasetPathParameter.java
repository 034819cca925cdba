package dev.candela.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/**
 * The dataset positional {@code PATH} of {@code dataset validate} and {@code dataset inspect} (a
 * picocli mixin): a dataset folder, {@code .npz} or {@code .h5}.
 */
public final class DatasetPathParameter {
  @Parameters(index = "0", description = "The dataset folder, .npz or .h5.")
  private Path path;

  /** Creates the parameter (picocli fills it). */
  public DatasetPathParameter() {}

  /** The dataset's path as given. */
  public Path path() {
    return path;
  }
}
