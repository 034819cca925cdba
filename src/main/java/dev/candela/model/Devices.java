package dev.candela.model;

import ai.djl.Device;
import ai.djl.engine.Engine;
import java.util.Locale;

/** Chooses the DJL device from the single {@code --device auto|cpu|gpu} option. */
public final class Devices {
  private Devices() {}

  /**
   * Parses a device option. {@code auto} is the first GPU when the PyTorch engine sees one, else
   * the CPU; {@code gpu} (or {@code gpu:K}) fails when the engine has no GPU, with one line that
   * says why (a CPU-only libtorch, a CUDA runtime that does not load, or no visible GPU; {@link
   * dev.candela.model.engine.EngineInfo#noGpuReason}) and what to set.
   *
   * @param option {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K}
   * @return the device
   * @throws IllegalArgumentException for an unknown option or a missing GPU
   */
  public static Device parse(String option) {
    String o = option == null ? "auto" : option.trim().toLowerCase(Locale.ROOT);
    int gpus = Engine.getEngine(VaeModels.ENGINE).getGpuCount();
    if (gpus == 0 && (o.equals("gpu") || o.startsWith("gpu:"))) {
      String why = dev.candela.model.engine.EngineInfo.current().noGpuReason(option);
      if (why != null) {
        throw new IllegalArgumentException(why);
      }
    }
    switch (o) {
      case "auto":
        return gpus > 0 ? Device.gpu() : Device.cpu();
      case "cpu":
        return Device.cpu();
      default:
        if (o.equals("gpu") || o.startsWith("gpu:")) {
          int k = 0;
          if (o.startsWith("gpu:")) {
            try {
              k = Integer.parseInt(o.substring(4));
            } catch (NumberFormatException e) {
              throw new IllegalArgumentException("--device: bad GPU index in '" + option + "'", e);
            }
          }
          if (k < 0 || k >= gpus) {
            throw new IllegalArgumentException(
                "--device " + option + ": the PyTorch engine sees " + gpus + " GPU(s)");
          }
          return Device.gpu(k);
        }
        throw new IllegalArgumentException(
            "--device must be auto, cpu, gpu or gpu:K, got '" + option + "'");
    }
  }
}
