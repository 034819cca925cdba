package dev.candela.model.hosting;

import ai.djl.Device;
import ai.djl.engine.Engine;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;

/**
 * Where DL work runs: the CPU or one GPU. Candela's own type for the single {@code --device
 * auto|cpu|gpu|gpu:K} choice, so that only {@code model/} knows DJL's {@code Device}; its text is
 * DJL's ({@code cpu()}, {@code gpu(0)}), which reports record as {@code device}.
 *
 * @param gpu whether it is a GPU
 * @param index the GPU index (0 for the CPU)
 */
public record ComputeDevice(boolean gpu, int index) {

  /** The CPU. */
  public static final ComputeDevice CPU = new ComputeDevice(false, 0);

  /** Validates the index. */
  public ComputeDevice {
    if (index < 0 || !gpu && index != 0) {
      throw new IllegalArgumentException(
          "a device is the CPU or a GPU with an index ≥ 0, got gpu=" + gpu + " index=" + index);
    }
  }

  /**
   * GPU {@code k}.
   *
   * @param k the index
   * @return the device
   */
  public static ComputeDevice gpu(int k) {
    return new ComputeDevice(true, k);
  }

  /**
   * Parses a device choice. {@code auto} is the first GPU when the PyTorch engine sees one, else
   * the CPU; {@code gpu} (or {@code gpu:K}) fails when the engine has no GPU, with one line that
   * says why (a CPU-only libtorch, a CUDA runtime that does not load, or no visible GPU; {@link
   * dev.candela.model.engine.EngineInfo#noGpuReason}) and what to set.
   *
   * @param choice {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K} (null is {@code auto})
   * @return the device
   * @throws IllegalArgumentException for an unknown choice or a missing GPU
   */
  public static ComputeDevice parse(String choice) {
    return of(DeviceChoice.parse(choice == null ? "auto" : choice));
  }

  /**
   * Resolves a checked choice against the GPUs the PyTorch engine sees (see {@link #parse}).
   *
   * @param choice the choice
   * @return the device
   * @throws IllegalArgumentException when the engine cannot give the GPU asked for
   */
  static ComputeDevice of(DeviceChoice choice) {
    String o = choice.text();
    if (o.equals("cpu")) {
      return CPU;
    }
    int gpus = Engine.getEngine(VaeModels.ENGINE).getGpuCount();
    if (gpus == 0 && o.startsWith("gpu")) {
      SettingText why = dev.candela.model.engine.EngineInfo.current().noGpuReasonText(o);
      if (why != null) {
        throw new SettingException(why, o);
      }
    }
    if (o.equals("auto")) {
      return gpus > 0 ? gpu(0) : CPU;
    }
    int k = o.equals("gpu") ? 0 : Integer.parseInt(o.substring(4)); // DeviceChoice: gpu:[0-9]+
    if (k >= gpus) {
      throw new SettingException(
          Setting.DEVICE, o, o + ": the PyTorch engine sees " + gpus + " GPU(s)");
    }
    return gpu(k);
  }

  /** DJL's device. */
  public Device djl() {
    return gpu ? Device.gpu(index) : Device.cpu();
  }

  /**
   * The device of a DJL device.
   *
   * @param d DJL's device
   * @return Candela's
   */
  public static ComputeDevice of(Device d) {
    return d.isGpu() ? gpu(d.getDeviceId()) : CPU;
  }

  /** DJL's text: {@code cpu()} or {@code gpu(K)}. */
  @Override
  public String toString() {
    return djl().toString();
  }
}
