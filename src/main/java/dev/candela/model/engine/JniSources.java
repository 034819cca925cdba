package dev.candela.model.engine;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The textual edits DJL 0.35.1's PyTorch JNI sources need to compile against torch 2.4 or newer
 * (measured on torch 2.11; see {@code ../shared/third-party/README.md}). Against older torch (for
 * example Debian's 1.13) the sources compile unchanged, with the version macro DJL's own build
 * defines ({@code V1_13_X}, {@link JniBuild}), and {@link #patch} returns them as they are.
 *
 * <ul>
 *   <li>{@code c10::optional}, {@code c10::nullopt}, {@code torch::nullopt}, {@code
 *       c10::make_optional} and {@code torch::variant} become their {@code std::} equivalents
 *       (torch 2.4 made them aliases and later removed them), with {@code #include <optional>} and
 *       {@code <variant>} added to each file that uses them;
 *   <li>{@code torch::AutoNonVariableTypeMode} becomes {@code
 *       at::AutoDispatchBelowADInplaceOrView};
 *   <li>DJL's legacy autograd profiler ({@code torchStartProfile}/{@code torchStopProfile} and the
 *       event writer copied from {@code profiler_legacy.cpp}, whose API torch removed) is replaced
 *       by two functions that throw DJL's engine exception; Candela never profiles through DJL.
 * </ul>
 */
public final class JniSources {
  private JniSources() {}

  /** Revision of these edits; part of the build cache key. */
  static final int REVISION = 1;

  private static final Map<String, String> RENAMES = new LinkedHashMap<>();

  static {
    RENAMES.put("c10::optional", "std::optional");
    RENAMES.put("c10::nullopt", "std::nullopt");
    RENAMES.put("torch::nullopt", "std::nullopt");
    RENAMES.put("c10::make_optional", "std::make_optional");
    RENAMES.put("torch::variant", "std::variant");
    RENAMES.put("torch::AutoNonVariableTypeMode", "at::AutoDispatchBelowADInplaceOrView");
  }

  private static final String PROFILER_USING = "using namespace torch::autograd::profiler;\n";
  private static final String COPY_START =
      "// the code snippet is copied from torch/csrc/autograd/profiler_legacy.cpp";
  private static final String COPY_END = "// end of copies\n";
  private static final String START_PROFILE =
      "JNIEXPORT void JNICALL Java_ai_djl_pytorch_jni_PyTorchLibrary_torchStartProfile(";
  private static final String AFTER_PROFILE =
      "JNIEXPORT void JNICALL Java_ai_djl_pytorch_jni_PyTorchLibrary_torchCudaEmptyCache(";

  /** The two profiler entry points, throwing. */
  private static final String PROFILER_STUBS =
      String.join(
          "\n",
          "// Candela: torch >= 2.4 removed the legacy autograd profiler these entry points used.",
          START_PROFILE,
          "    JNIEnv* env, jobject jthis, jboolean juse_cuda, jboolean jrecord_shape,"
              + " jboolean jprofile_memory) {",
          "  env->ThrowNew(ENGINE_EXCEPTION_CLASS, \"the legacy profiler is not available in this"
              + " build\");",
          "}",
          "",
          "JNIEXPORT void JNICALL Java_ai_djl_pytorch_jni_PyTorchLibrary_torchStopProfile(",
          "    JNIEnv* env, jobject jthis, jstring joutput_file) {",
          "  env->ThrowNew(ENGINE_EXCEPTION_CLASS, \"the legacy profiler is not available in this"
              + " build\");",
          "}",
          "",
          "");

  /**
   * One source file as it must be compiled against a torch version.
   *
   * @param fileName the file's name (for the error message)
   * @param text the file's text
   * @param modernTorch true for torch 2.4 or newer
   * @return the text to compile
   * @throws IllegalArgumentException when the profiler block of the system file is not where DJL
   *     0.35.1 has it
   */
  public static String patch(String fileName, String text, boolean modernTorch) {
    if (!modernTorch) {
      return text;
    }
    String t = text;
    for (Map.Entry<String, String> e : RENAMES.entrySet()) {
      t = t.replace(e.getKey(), e.getValue());
    }
    if (t.contains(START_PROFILE)) {
      int copyStart = t.indexOf(COPY_START);
      int copyEnd = t.indexOf(COPY_END);
      int start = t.indexOf(START_PROFILE);
      int after = t.indexOf(AFTER_PROFILE);
      if (copyStart < 0 || copyEnd < copyStart || start < copyEnd || after < start) {
        throw new IllegalArgumentException(
            fileName
                + ": the legacy profiler block is not laid out as in DJL 0.35.1; pass DJL"
                + " 0.35.1's sources");
      }
      t =
          t.substring(0, copyStart)
              + t.substring(copyEnd + COPY_END.length(), start)
              + PROFILER_STUBS
              + t.substring(after);
      t = t.replace(PROFILER_USING, "");
    }
    String includes = "";
    if (t.contains("std::optional") || t.contains("std::nullopt")) {
      includes += "#include <optional>\n";
    }
    if (t.contains("std::variant")) {
      includes += "#include <variant>\n";
    }
    return includes.isEmpty() || t.equals(text) ? t : includes + t;
  }
}
