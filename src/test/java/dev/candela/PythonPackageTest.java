package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the Python package's tests ({@code python/tests}, unittest) with Debian's {@code
 * /usr/bin/python3}, so that {@code ./mvnw verify} runs them. The package reaches Candela through
 * {@code CANDELA_CLASSPATH} (this test's class path: the jar is not built yet in the test phase)
 * and {@code CANDELA_HOME} (the checkout). Without Python, numpy or PyTorch the test is skipped,
 * unless {@code CANDELA_REQUIRE_PYTHON} is set (CI sets it, and installs python3-numpy and
 * python3-torch from {@code .ci/apt-packages}).
 */
class PythonPackageTest {
  static final Path PYTHON = Path.of("/usr/bin/python3");

  @TempDir Path tmp;

  private static boolean imports(String module) throws Exception {
    if (!Files.isExecutable(PYTHON)) {
      return false;
    }
    Process p =
        new ProcessBuilder(PYTHON.toString(), "-c", "import " + module)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    return p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0;
  }

  @Test
  void pythonPackageTestsPass() throws Exception {
    boolean required = System.getenv("CANDELA_REQUIRE_PYTHON") != null;
    for (String module : List.of("numpy", "torch")) {
      boolean ok = imports(module);
      if (required) {
        assertTrue(
            ok,
            PYTHON + " cannot import " + module + " (apt-get install python3-numpy python3-torch)");
      } else {
        assumeTrue(ok, PYTHON + " cannot import " + module + ": the Python tests are skipped");
      }
    }
    Path root = Checkout.root();
    Path log = tmp.resolve("python-tests.log");
    ProcessBuilder pb =
        new ProcessBuilder(
                PYTHON.toString(),
                "-m",
                "unittest",
                "discover",
                "-s",
                root.resolve("python/tests").toString(),
                "-t",
                root.resolve("python").toString(),
                "-v")
            .directory(root.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    Map<String, String> env = pb.environment();
    env.put("CANDELA_HOME", root.toString());
    env.put(
        "CANDELA_CLASSPATH",
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    env.put("OMP_NUM_THREADS", "1");
    env.put("OPENBLAS_NUM_THREADS", "1");
    env.put("PYTHONDONTWRITEBYTECODE", "1");
    env.put(
        "PATH",
        Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator + env.get("PATH"));
    Process p = pb.start();
    boolean done = p.waitFor(60, TimeUnit.MINUTES);
    if (!done) {
      p.destroyForcibly();
    }
    String out = Files.readString(log);
    assertTrue(done, "the Python tests ran over 60 minutes:\n" + out);
    assertEquals(0, p.exitValue(), "the Python tests failed:\n" + out);
  }
}
