package dev.candela.cli.options;

import ai.djl.Device;
import dev.candela.model.Devices;
import picocli.CommandLine.Option;

/**
 * The {@code --device} option shared by every command that runs DJL work (a picocli mixin): {@code
 * auto} (a GPU when DJL's engine reports one, else the CPU), {@code cpu}, {@code gpu} or {@code
 * gpu:K}.
 */
public final class DeviceOption {
  @Option(
      names = "--device",
      defaultValue = "auto",
      paramLabel = "auto|cpu|gpu",
      description = "Device: auto, cpu, gpu or gpu:K (default ${DEFAULT-VALUE}).")
  private String device;

  /** Creates the option (picocli fills it). */
  public DeviceOption() {}

  /** The text as given, e.g. {@code auto}. */
  public String text() {
    return device;
  }

  /** The parsed device. */
  public Device device() {
    return Devices.parse(device);
  }
}
