package dev.candela.model.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link EngineInfo#noGpuReason}: one line per case, naming what to set. */
class EngineInfoTest {
  private static EngineInfo info(boolean cudaLib, boolean cudart, int gpus) {
    return new EngineInfo(
        "2.7.1",
        cudaLib ? "cu128" : "cpu",
        "/opt/libtorch/lib",
        2,
        cudaLib,
        cudart,
        gpus == 0 ? List.of() : List.of("gpu(0): compute capability 90"));
  }

  private static void oneLine(String s) {
    assertFalse(s.contains("\n"), s);
    assertTrue(s.startsWith("device gpu: "), s);
  }

  @Test
  void cpuOnlyLibtorch() {
    String s = info(false, false, 0).noGpuReason("gpu");
    oneLine(s);
    assertTrue(s.contains("is CPU-only"), s);
    assertTrue(s.contains("PYTORCH_LIBRARY_PATH") && s.contains("engine build-jni"), s);
  }

  @Test
  void cudaRuntimeDoesNotLoad() {
    String s = info(true, false, 0).noGpuReason("gpu");
    oneLine(s);
    assertTrue(s.contains("CUDA runtime (libcudart) does not load"), s);
    assertTrue(s.contains("jna.library.path"), s);
  }

  @Test
  void noGpuVisible() {
    String s = info(true, true, 0).noGpuReason("gpu");
    oneLine(s);
    assertTrue(s.contains("no GPU is visible") && s.contains("CUDA_VISIBLE_DEVICES"), s);
  }

  @Test
  void usableGpu() {
    assertNull(info(true, true, 1).noGpuReason("gpu"));
  }

  @Test
  void flavourFromDjlCacheFolder() {
    assertEquals(
        "cpu", EngineInfo.flavourOf("/root/.djl.ai/pytorch/2.7.1-20250812-cpu-linux-x86_64"));
    assertEquals("cu128", EngineInfo.flavourOf("/x/2.7.1-cu128-linux-x86_64"));
  }

  @Test
  void stockEngineOnThisMachineExplainsGpu() {
    EngineInfo e = EngineInfo.current();
    assertFalse(e.version().isEmpty());
    if (e.gpus().isEmpty()) {
      oneLine(e.noGpuReason("gpu"));
    }
  }
}
