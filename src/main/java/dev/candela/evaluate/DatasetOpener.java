package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import java.io.Serializable;
import java.nio.file.Path;

/** Opens a dataset by path on an executor; serialisable so that it travels with the tasks. */
@FunctionalInterface
public interface DatasetOpener extends Serializable {
  /**
   * Opens the dataset.
   *
   * @param path the dataset path
   * @return the opened dataset; the caller closes it
   * @throws CandelaException when it cannot be opened
   */
  FactorDataset open(Path path) throws CandelaException;
}
