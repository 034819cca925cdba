package dev.candela.cli.options;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The required {@code --dataset} of the commands that read the images of any dataset Candela reads
 * ({@code classifier check}, {@code encode}; a picocli mixin).
 */
public final class DatasetOption {
  @Option(
      names = "--dataset",
      required = true,
      description = "Dataset: .npz (dSprites/MPI3D), .h5 (3dshapes), a CANDLE or factor folder.")
  private Path dataset;

  /** Creates the option (picocli fills it). */
  public DatasetOption() {}

  /** The dataset's path as given. */
  public Path path() {
    return dataset;
  }
}
