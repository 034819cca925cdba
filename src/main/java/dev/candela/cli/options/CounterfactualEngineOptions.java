package dev.candela.cli.options;

import dev.candela.evaluate.CounterfactualSettings;
import dev.candela.model.hosting.ComputeDevice;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How the counterfactual images are made, shared by {@code counterfactuals}, {@code bench
 * cg-memory} and {@code bench cg-truth} (a picocli mixin): {@code --batch-size} images per engine
 * call and the {@code --device}.
 */
public final class CounterfactualEngineOptions {
  @Option(
      names = "--batch-size",
      description = "Images per engine call (default ${DEFAULT-VALUE}).")
  private int batchSize = 256;

  @Mixin private DeviceOption device;

  /** Creates the options (picocli fills them). */
  public CounterfactualEngineOptions() {}

  /** Images per engine call. */
  public int batchSize() {
    return batchSize;
  }

  /**
   * The parsed {@code --device}.
   *
   * @return the device
   * @throws IllegalArgumentException naming the flag for a bad choice or a missing GPU
   */
  public ComputeDevice device() {
    return device.device();
  }

  /**
   * Sets the batch size and the device on the job's settings.
   *
   * @param settings the settings being built
   * @return {@code settings}
   */
  public CounterfactualSettings.Builder applyTo(CounterfactualSettings.Builder settings) {
    return settings.batchSize(batchSize).device(device.text());
  }
}
