package dev.candela.model.engine;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.util.cuda.CudaUtils;
import dev.candela.Setting;
import dev.candela.SettingText;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The PyTorch engine this process runs on: libtorch version, flavour ({@code cpu} or {@code
 * cuXYZ}), the folder it was loaded from, its intra-op threads, and what it sees of CUDA: whether
 * the libtorch has CUDA libraries, whether DJL loads the CUDA runtime ({@code libcudart}, through
 * JNA), and the GPUs.
 *
 * @param version the libtorch version DJL reports
 * @param flavour {@code PYTORCH_FLAVOR} when set, else read from the library folder's name
 * @param libraryPath the folder of the loaded libtorch (null when DJL does not say)
 * @param threads intra-op threads of the engine (-1 when unknown)
 * @param cudaLibtorch whether that folder holds {@code libtorch_cuda.so}
 * @param cudaRuntime whether DJL loaded {@code libcudart}
 * @param gpus one line per visible GPU
 */
public record EngineInfo(
    String version,
    String flavour,
    String libraryPath,
    int threads,
    boolean cudaLibtorch,
    boolean cudaRuntime,
    List<String> gpus) {

  /** Copies the list. */
  public EngineInfo {
    gpus = List.copyOf(gpus);
  }

  /** The DJL engine name. */
  static final String ENGINE = "PyTorch";

  /**
   * Loads the engine (if not yet loaded) and describes it.
   *
   * @return the description
   */
  public static EngineInfo current() {
    Engine e = Engine.getEngine(ENGINE);
    String path = (String) call("ai.djl.pytorch.jni.LibUtils", "getLibtorchPath");
    Object t = call("ai.djl.pytorch.jni.JniUtils", "getNumThreads");
    String flavour = System.getenv("PYTORCH_FLAVOR");
    if (flavour == null || flavour.isBlank()) {
      flavour = flavourOf(path);
    }
    boolean cudaLib = path != null && Files.exists(Path.of(path).resolve("libtorch_cuda.so"));
    boolean cudart = CudaUtils.hasCuda();
    int n = e.getGpuCount();
    List<String> gpus = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      StringBuilder s = new StringBuilder("gpu(").append(i).append(')');
      try {
        s.append(": compute capability ").append(CudaUtils.getComputeCapability(i));
        MemoryUsage m = CudaUtils.getGpuMemory(Device.gpu(i));
        s.append(String.format(Locale.ROOT, ", %.1f GiB", m.getMax() / (double) (1L << 30)));
      } catch (RuntimeException ex) {
        s.append(" (").append(ex.getMessage()).append(')');
      }
      gpus.add(s.toString());
    }
    return new EngineInfo(
        e.getVersion(), flavour, path, t instanceof Integer i ? i : -1, cudaLib, cudart, gpus);
  }

  /** {@code cpu} or {@code cuXYZ} from a DJL cache folder name such as {@code 2.7.1-cpu-linux}. */
  static String flavourOf(String path) {
    if (path == null) {
      return "unknown";
    }
    String name = Path.of(path).getFileName().toString().toLowerCase(Locale.ROOT);
    for (String part : name.split("-")) {
      if (part.equals("cpu") || part.matches("cu\\d+")) {
        return part;
      }
    }
    return Files.exists(Path.of(path).resolve("libtorch_cuda.so")) ? "cuda" : "cpu";
  }

  /** A public static no-argument method of the PyTorch engine (a run-time dependency). */
  private static Object call(String cls, String method) {
    try {
      return Class.forName(cls).getMethod(method).invoke(null);
    } catch (ReflectiveOperationException | RuntimeException | LinkageError ex) {
      return null;
    }
  }

  /**
   * Why {@code --device gpu} cannot run, as one line with what to set, or null when a GPU is
   * usable. The three cases, in the order they are checked: the loaded libtorch is CPU-only; the
   * CUDA runtime ({@code libcudart}) does not load; no GPU is visible.
   *
   * @param option the {@code --device} value the user gave
   * @return the message in plain words, or null
   */
  public String noGpuReason(String option) {
    SettingText why = noGpuReasonText(option);
    return why == null ? null : why.plain();
  }

  /**
   * {@link #noGpuReason} with the device setting it names as a value (the command line shows the
   * flag).
   *
   * @param option the device value the user gave
   * @return the message, or null when a GPU is usable
   */
  public SettingText noGpuReasonText(String option) {
    if (!gpus.isEmpty()) {
      return null;
    }
    String where = libraryPath == null ? "" : " from " + libraryPath;
    if (!cudaLibtorch) {
      return SettingText.of(
          loaded(option, "the loaded libtorch"),
          where
              + ") is CPU-only; point PYTORCH_LIBRARY_PATH, PYTORCH_VERSION and PYTORCH_FLAVOR at a"
              + " CUDA libtorch, or build against your installed torch with `candela engine"
              + " build-jni` and source its engine.env (docs/gpu.md)");
    }
    if (!cudaRuntime) {
      return SettingText.of(
          loaded(option, "libtorch"),
          where
              + ") has CUDA, but the CUDA runtime (libcudart) does not load; add the folder holding"
              + " libcudart.so* to LD_LIBRARY_PATH and CANDELA_JAVA_OPTS=-Djna.library.path=DIR"
              + " (docs/gpu.md)");
    }
    return SettingText.of(
        loaded(option, "libtorch"),
        ") and the CUDA runtime load, but no GPU is visible; check nvidia-smi, the driver and"
            + " CUDA_VISIBLE_DEVICES='"
            + System.getenv().getOrDefault("CUDA_VISIBLE_DEVICES", "")
            + "', or use ",
        Setting.DEVICE,
        " cpu");
  }

  /**
   * The start of {@link #noGpuReason}'s messages: {@code device OPTION: LIBTORCH VERSION (FLAVOUR}.
   */
  private SettingText loaded(String option, String libtorch) {
    return SettingText.of(
        Setting.DEVICE, " " + option + ": " + libtorch + " " + version + " (" + flavour);
  }
}
