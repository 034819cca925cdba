package dev.candela.model.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** {@link JniSources}: the textual edits for torch 2.4+ and none for older torch. */
class JniSourcesTest {
  private static final Path DJL =
      dev.candela.evaluate.ModelPaths.repoRoot()
          .resolve("../shared/third-party/djl-pytorch-native-0.35.1")
          .normalize();

  @Test
  void oldTorchKeepsTheTextAsItIs() {
    String t = "auto x = c10::optional<int>(); torch::AutoNonVariableTypeMode g;";
    assertSame(t, JniSources.patch("a.cc", t, false));
  }

  @Test
  void renamesOptionalVariantAndTheDispatchGuard() {
    String t =
        "#include <torch/torch.h>\n"
            + "c10::optional<int> a = c10::nullopt; auto b = torch::nullopt;\n"
            + "auto c = c10::make_optional(1); typedef torch::variant<int, long> v;\n"
            + "torch::AutoNonVariableTypeMode guard;\n";
    String p = JniSources.patch("a.cc", t, true);
    assertEquals(
        "#include <optional>\n#include <variant>\n"
            + "#include <torch/torch.h>\n"
            + "std::optional<int> a = std::nullopt; auto b = std::nullopt;\n"
            + "auto c = std::make_optional(1); typedef std::variant<int, long> v;\n"
            + "at::AutoDispatchBelowADInplaceOrView guard;\n",
        p);
  }

  @Test
  void replacesTheLegacyProfilerOfDjl0351() throws Exception {
    Path system = DJL.resolve("src/ai_djl_pytorch_jni_PyTorchLibrary_system.cc");
    Assumptions.assumeTrue(Files.isRegularFile(system), "DJL sources not at " + DJL);
    String p = JniSources.patch("system.cc", Files.readString(system), true);
    for (String gone :
        List.of(
            "enableProfilerLegacy",
            "disableProfilerLegacy",
            "LegacyEvent",
            "using namespace torch::autograd::profiler;",
            "profiler_legacy.cpp")) {
      assertFalse(p.contains(gone), gone + " is still there");
    }
    for (String kept :
        List.of(
            "Java_ai_djl_pytorch_jni_PyTorchLibrary_torchStartProfile(",
            "Java_ai_djl_pytorch_jni_PyTorchLibrary_torchStopProfile(",
            "Java_ai_djl_pytorch_jni_PyTorchLibrary_torchCudaEmptyCache(",
            "the legacy profiler is not available")) {
      assertTrue(p.contains(kept), kept + " is missing");
    }
  }

  @Test
  void aProfilerBlockOutOfPlaceIsNamed() {
    String t =
        "JNIEXPORT void JNICALL Java_ai_djl_pytorch_jni_PyTorchLibrary_torchStartProfile(x) {}";
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JniSources.patch("s.cc", t, true));
    assertTrue(e.getMessage().startsWith("s.cc: "), e.getMessage());
  }
}
