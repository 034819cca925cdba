package dev.candela.cli;

import dev.candela.BadInputException;
import dev.candela.cli.options.DeviceOption;
import dev.candela.cli.options.QuietOption;
import dev.candela.cli.options.SeedOption;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.model.hosting.ComputeDevice;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Options shared by {@code candela train} and {@code candela train-classifier} (a picocli mixin):
 * the dataset, the output model directory and {@code --resume} from its checkpoint, batch size, and
 * the shared seed, device and progress mixins.
 */
final class TrainingOptions {
  @Option(names = "--dataset", required = true, description = "Dataset folder, .npz or .h5.")
  Path dataset;

  @Option(names = "--out", required = true, description = "Output model directory.")
  Path out;

  @Option(
      names = "--resume",
      description =
          "Continue from DIR/checkpoint (a checkpoint whose write was interrupted is removed, with"
              + " one line saying so; a run killed before its first complete checkpoint starts"
              + " from epoch 1).")
  boolean resume;

  @Option(
      names = "--batch-size",
      defaultValue = "64",
      description = "Batch size (default ${DEFAULT-VALUE}).")
  int batchSize;

  @Mixin SeedOption seed;

  @Mixin DeviceOption device;

  @Mixin QuietOption quiet;

  /** Creates the options. */
  TrainingOptions() {}

  /** The parsed {@code --device}. */
  ComputeDevice parsedDevice() {
    return device.device();
  }

  /** Opens {@code --dataset}. */
  FactorDataset openDataset() throws BadInputException {
    return DatasetPaths.open(dataset);
  }
}
