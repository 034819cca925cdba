package dev.candela.cli.options;

import dev.candela.evaluate.CounterfactualSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * How the counterfactuals job runs its networks, shared by {@code counterfactuals} and {@code bench
 * cg-memory} (a picocli mixin): {@code --batch-size} images per engine call and the {@code
 * --device}.
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
   * Sets the batch size and the device on the job's settings.
   *
   * @param settings the settings being built
   * @return {@code settings}
   */
  public CounterfactualSettings.Builder applyTo(CounterfactualSettings.Builder settings) {
    return settings.batchSize(batchSize).device(device.text());
  }
}
