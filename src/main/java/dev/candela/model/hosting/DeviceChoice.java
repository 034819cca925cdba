package dev.candela.model.hosting;

import dev.candela.Setting;
import dev.candela.SettingException;
import java.io.Serializable;
import java.util.Locale;

/**
 * The device a user chose, before the engine is asked: {@code auto} (the first GPU the PyTorch
 * engine sees, else the CPU), {@code cpu}, {@code gpu} or {@code gpu:K}. Settings hold this choice,
 * checked when they are built; it is resolved to a {@link ComputeDevice} where the engine runs
 * ({@link #resolve()}), so that a sweep's {@code auto} picks each Spark executor's own GPU. It is
 * serialisable, to travel with the settings to the executors.
 *
 * @param text the choice, lower case: {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K}
 */
public record DeviceChoice(String text) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The first GPU the engine sees, else the CPU. */
  public static final DeviceChoice AUTO = new DeviceChoice("auto");

  /** Checks the syntax and lower-cases the choice. */
  public DeviceChoice {
    String o = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (!(o.equals("auto") || o.equals("cpu") || o.equals("gpu") || o.matches("gpu:[0-9]{1,4}"))) {
      throw new SettingException(
          Setting.DEVICE, text, "must be auto, cpu, gpu or gpu:K, got '" + text + "'");
    }
    text = o;
  }

  /**
   * Parses a choice.
   *
   * @param text {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K} (any case)
   * @return the choice
   * @throws IllegalArgumentException for any other text
   */
  public static DeviceChoice parse(String text) {
    return new DeviceChoice(text);
  }

  /**
   * The device, asking the engine which GPUs it sees.
   *
   * @return the device
   * @throws IllegalArgumentException when a GPU is asked for and the engine cannot use one (one
   *     line that says why and what to set)
   */
  public ComputeDevice resolve() {
    return ComputeDevice.of(this);
  }

  @Override
  public String toString() {
    return text;
  }
}
