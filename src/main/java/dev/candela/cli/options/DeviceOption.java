package dev.candela.cli.options;

import dev.candela.SettingError;
import dev.candela.cli.console.SettingFlags;
import dev.candela.model.hosting.ComputeDevice;
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

  /**
   * The parsed device; a bad choice or a missing GPU is one line that names the flag.
   *
   * @return the device
   * @throws IllegalArgumentException for an unknown choice or a missing GPU
   */
  public ComputeDevice device() {
    try {
      return ComputeDevice.parse(device);
    } catch (IllegalArgumentException e) {
      String m = e.getMessage() == null ? "" : e.getMessage();
      // the library's messages that name the device setting render it; others get the flag and
      // value
      throw new IllegalArgumentException(
          e instanceof SettingError ? SettingFlags.message(e) : "--device " + device + ": " + m, e);
    }
  }
}
