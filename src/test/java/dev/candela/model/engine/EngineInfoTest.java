package dev.candela.model.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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

  /** The three cases without a usable GPU: the libraries that load, and what the line names. */
  static Stream<Arguments> noGpu() {
    return Stream.of(
        Arguments.of(
            "cpuOnlyLibtorch",
            false,
            false,
            List.of("is CPU-only", "PYTORCH_LIBRARY_PATH", "engine build-jni")),
        Arguments.of(
            "cudaRuntimeDoesNotLoad",
            true,
            false,
            List.of("CUDA runtime (libcudart) does not load", "jna.library.path")),
        Arguments.of(
            "noGpuVisible", true, true, List.of("no GPU is visible", "CUDA_VISIBLE_DEVICES")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("noGpu")
  void noGpuReasonIsOneLineNamingWhatToSet(
      String name, boolean cudaLib, boolean cudart, List<String> parts) {
    String s = info(cudaLib, cudart, 0).noGpuReason("gpu");
    oneLine(s);
    for (String part : parts) {
      assertTrue(s.contains(part), s);
    }
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
