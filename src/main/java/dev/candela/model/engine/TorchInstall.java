package dev.candela.model.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PyTorch installed in a Python interpreter, as {@link JniBuild} needs it: version, CUDA
 * version, the folders of its headers and shared libraries, the C++ ABI it was built with, and for
 * a CUDA build the folders of the NVIDIA libraries it loads (pip's {@code nvidia/*}/lib) and of the
 * {@code libcudart} it maps.
 *
 * @param python the interpreter
 * @param version {@code torch.__version__} (e.g. {@code 2.11.0+cu130}, {@code 1.13.0a0})
 * @param cudaVersion {@code torch.version.cuda} (e.g. {@code 13.0}), or null for a CPU build
 * @param libDir the folder of {@code libtorch.so}
 * @param includeDirs the header folders ({@code torch.utils.cpp_extension.include_paths()})
 * @param cxx11Abi {@code torch._C._GLIBCXX_USE_CXX11_ABI}
 * @param nvidiaLibDirs the {@code site-packages/nvidia/*}/lib folders (empty for a CPU build)
 * @param cudartDir the folder of the {@code libcudart.so*} torch maps, or null
 */
public record TorchInstall(
    Path python,
    String version,
    String cudaVersion,
    Path libDir,
    List<Path> includeDirs,
    boolean cxx11Abi,
    List<Path> nvidiaLibDirs,
    Path cudartDir) {

  /** Validates and copies the lists. */
  public TorchInstall {
    includeDirs = List.copyOf(includeDirs);
    nvidiaLibDirs = List.copyOf(nvidiaLibDirs);
  }

  private static final Pattern RELEASE = Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)");

  /** Prints the facts as one JSON object; importing cpp_extension may log to stderr. */
  private static final String PROBE =
      String.join(
          "\n",
          "import glob, json, os, sys",
          "import torch",
          "from torch.utils import cpp_extension",
          "root = os.path.dirname(torch.__file__)",
          "nvidia = []",
          "for sp in sys.path:",
          "    nvidia += sorted(glob.glob(os.path.join(sp, 'nvidia', '*', 'lib')))",
          "cudart = None",
          "if torch.version.cuda:",
          "    try:",
          "        torch.cuda.is_available()",
          "        with open('/proc/self/maps') as f:",
          "            for line in f:",
          "                p = line.split()[-1]",
          "                if 'libcudart.so' in os.path.basename(p):",
          "                    cudart = os.path.dirname(p)",
          "                    break",
          "    except Exception:",
          "        pass",
          "    if cudart is None:",
          "        for d in nvidia + [os.path.join(root, 'lib')]:",
          "            if glob.glob(os.path.join(d, 'libcudart.so*')):",
          "                cudart = d",
          "                break",
          "print(json.dumps({'version': torch.__version__, 'cuda': torch.version.cuda,",
          "    'lib': os.path.join(root, 'lib'), 'include': cpp_extension.include_paths(),",
          "    'abi': bool(torch._C._GLIBCXX_USE_CXX11_ABI), 'nvidia': nvidia, 'cudart': cudart}))",
          "");

  /**
   * Asks a Python interpreter about its torch.
   *
   * @param python the interpreter (e.g. {@code /usr/bin/python3} or a virtual environment's)
   * @return the installation
   * @throws BadInputException when the interpreter does not run or has no torch
   * @throws CandelaException when the probe cannot be started or read
   */
  public static TorchInstall probe(Path python) throws CandelaException {
    ProcessBuilder pb = new ProcessBuilder(python.toString(), "-c", PROBE);
    pb.environment().putIfAbsent("OMP_NUM_THREADS", "1");
    String out;
    String err;
    int rc;
    try {
      Process p = pb.start();
      p.getOutputStream().close();
      byte[] errBytes;
      java.util.concurrent.CompletableFuture<byte[]> errFuture =
          java.util.concurrent.CompletableFuture.supplyAsync(
              () -> {
                try {
                  return p.getErrorStream().readAllBytes();
                } catch (IOException e) {
                  return new byte[0];
                }
              });
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      rc = p.waitFor();
      errBytes = errFuture.join();
      err = new String(errBytes, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new BadInputException(python + ": cannot run this Python (" + e.getMessage() + ")", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CandelaException("interrupted while probing " + python, e);
    }
    if (rc != 0) {
      String last = err.isEmpty() ? "exit code " + rc : err.lines().reduce((a, b) -> b).orElse("");
      throw new BadInputException(python + ": no usable torch in this Python (" + last + ")");
    }
    String json = out.strip().lines().reduce((a, b) -> b).orElse("");
    try {
      JsonNode j = new ObjectMapper().readTree(json);
      List<Path> inc = new ArrayList<>();
      j.get("include").forEach(n -> inc.add(Path.of(n.asText())));
      List<Path> nv = new ArrayList<>();
      j.get("nvidia").forEach(n -> nv.add(Path.of(n.asText())));
      JsonNode cuda = j.get("cuda");
      JsonNode cudart = j.get("cudart");
      return new TorchInstall(
          python,
          j.get("version").asText(),
          cuda == null || cuda.isNull() ? null : cuda.asText(),
          Path.of(j.get("lib").asText()),
          inc,
          j.get("abi").asBoolean(),
          nv,
          cudart == null || cudart.isNull() ? null : Path.of(cudart.asText()));
    } catch (IOException | RuntimeException e) {
      throw new CandelaException(python + ": unexpected torch probe output '" + json + "'", e);
    }
  }

  /**
   * The release part of the version, as DJL's {@code PYTORCH_VERSION} takes it ({@code 2.11.0} of
   * {@code 2.11.0+cu130}, {@code 1.13.0} of {@code 1.13.0a0}).
   *
   * @return major.minor.patch
   */
  public String release() {
    Matcher m = RELEASE.matcher(version);
    if (!m.find()) {
      throw new IllegalArgumentException(python + ": unexpected torch version '" + version + "'");
    }
    return m.group();
  }

  /**
   * Whether the version is at least {@code major.minor}.
   *
   * @param major major version
   * @param minor minor version
   * @return true when this torch is that release or newer
   */
  public boolean atLeast(int major, int minor) {
    Matcher m = RELEASE.matcher(version);
    if (!m.find()) {
      return false;
    }
    int a = Integer.parseInt(m.group(1));
    int b = Integer.parseInt(m.group(2));
    return a > major || (a == major && b >= minor);
  }

  /**
   * DJL's {@code PYTORCH_FLAVOR}: {@code cpu}, or {@code cu} and the CUDA version's digits ({@code
   * cu128} for 12.8).
   *
   * @return the flavour
   */
  public String flavour() {
    return cudaVersion == null ? "cpu" : "cu" + cudaVersion.replace(".", "");
  }

  /**
   * Whether this torch has CUDA libraries ({@code libtorch_cuda.so} beside {@code libtorch.so}).
   *
   * @return true for a CUDA build
   */
  public boolean cuda() {
    return cudaVersion != null && Files.exists(libDir.resolve("libtorch_cuda.so"));
  }
}
