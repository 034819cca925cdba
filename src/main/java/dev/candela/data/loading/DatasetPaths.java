package dev.candela.data.loading;

import dev.candela.BadInputException;
import dev.candela.data.DSpritesDataset;
import dev.candela.data.FactorDataset;
import dev.candela.data.Mpi3dDataset;
import dev.candela.data.Shapes3dDataset;
import dev.candela.data.candle.CandleDataset;
import dev.candela.data.candle.FactorFolderDataset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Opens a dataset by path: the one place that dispatches on the dataset file format. */
public final class DatasetPaths {
  private DatasetPaths() {}

  /**
   * Opens a dataset: a folder is a factor folder (with {@code spec.json}) or a CANDLE folder; an
   * {@code .npz} is dSprites-format ({@code imgs}) or MPI3D ({@code images}); {@code .h5} is
   * 3dshapes.
   *
   * @param path the path
   * @return the dataset; close it
   * @throws BadInputException when the path is none of these
   */
  public static FactorDataset open(Path path) throws BadInputException {
    if (Files.isDirectory(path)) {
      return FactorFolderDataset.isFactorFolder(path)
          ? FactorFolderDataset.open(path)
          : CandleDataset.open(path);
    }
    if (!Files.isRegularFile(path)) {
      throw new BadInputException(path + ": no such dataset file or folder");
    }
    String name = path.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".npz")) {
      try {
        return DSpritesDataset.open(path);
      } catch (BadInputException notDsprites) {
        try {
          return Mpi3dDataset.open(path);
        } catch (BadInputException notMpi3d) {
          throw new BadInputException(
              path
                  + ": neither dSprites-format ("
                  + notDsprites.getMessage()
                  + ") nor MPI3D ("
                  + notMpi3d.getMessage()
                  + ")");
        }
      }
    }
    if (name.endsWith(".h5") || name.endsWith(".hdf5")) {
      return Shapes3dDataset.open(path);
    }
    throw new BadInputException(path + ": unknown dataset type (expected a folder, .npz or .h5)");
  }
}
