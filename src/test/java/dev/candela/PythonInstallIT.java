package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python package as a user installs it, after {@code package} (the wheel carries the jar just
 * built): a fresh virtual environment of Debian's {@code /usr/bin/python3} (with its numpy), {@code
 * pip install --no-build-isolation --no-index ./python}, then, from another folder with no {@code
 * CANDELA_HOME}, no {@code CANDELA_CLASSPATH} and no {@code candela} on {@code PATH}: {@code
 * candela.score_codes} returns the scores of the installed {@code candela score-codes} on the same
 * arrays, the console command runs, and a too old Java is one line. Skipped without Python's venv,
 * wheel and numpy, unless {@code CANDELA_REQUIRE_PYTHON} is set (CI sets it).
 */
class PythonInstallIT {
  static final Path PYTHON = Path.of("/usr/bin/python3");
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path tmp;
  static Path venv;

  private static Process start(List<String> cmd, Path cwd, Map<String, String> env, Path log)
      throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder(cmd)
            .directory(cwd.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().remove("CANDELA_HOME");
    pb.environment().remove("CANDELA_CLASSPATH");
    pb.environment().remove("JAVA_HOME");
    pb.environment()
        .put(
            "PATH",
            Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator + "/usr/bin:/bin");
    pb.environment().put("OMP_NUM_THREADS", "1");
    pb.environment().putAll(env);
    return pb.start();
  }

  /** Runs a command to its end; returns its exit code, its output in {@code log}. */
  private static int run(List<String> cmd, Path cwd, Map<String, String> env, Path log)
      throws Exception {
    Process p = start(cmd, cwd, env, log);
    if (!p.waitFor(15, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError(cmd + " ran over 15 minutes:\n" + Files.readString(log));
    }
    return p.exitValue();
  }

  private static boolean works(String... cmd) throws Exception {
    if (!Files.isExecutable(PYTHON)) {
      return false;
    }
    Process p =
        new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    return p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0;
  }

  @BeforeAll
  static void install() throws Exception {
    boolean ok = works(PYTHON.toString(), "-c", "import numpy, venv, ensurepip, wheel, setuptools");
    if (System.getenv("CANDELA_REQUIRE_PYTHON") != null) {
      assertTrue(
          ok,
          PYTHON
              + " lacks numpy, venv, wheel or setuptools (apt-get install python3-numpy"
              + " python3-venv python3-wheel python3-setuptools)");
    } else {
      assumeTrue(ok, PYTHON + " lacks numpy, venv, wheel or setuptools: skipped");
    }
    Path root = Checkout.root();
    assertTrue(
        Files.isRegularFile(root.resolve("target/candela.jar")), "no target/candela.jar yet");
    venv = tmp.resolve("venv");
    Path log = tmp.resolve("install.log");
    assertEquals(
        0,
        run(
            List.of(PYTHON.toString(), "-m", "venv", "--system-site-packages", venv.toString()),
            tmp,
            Map.of(),
            log),
        () -> read(log));
    assertEquals(
        0,
        run(
            List.of(
                venv.resolve("bin/python").toString(),
                "-m",
                "pip",
                "install",
                "--no-build-isolation",
                "--no-index",
                "--no-cache-dir",
                root.resolve("python").toString()),
            tmp,
            Map.of(),
            log),
        () -> read(log));
  }

  private static String read(Path log) {
    try {
      return Files.readString(log);
    } catch (java.io.IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  @Test
  void scoreCodesFromAnyFolderEqualsTheInstalledCommand() throws Exception {
    Path work = Files.createDirectories(tmp.resolve("elsewhere"));
    String script =
        String.join(
            "\n",
            "import json, numpy as np, candela",
            "from candela import _runner",
            "rng = np.random.default_rng(4)",
            "f = np.column_stack([rng.integers(0, 3, 400), rng.integers(0, 5, 400)])",
            "z = np.column_stack([f[:, 0] + 0.3 * rng.normal(size=400),"
                + " f[:, 1] + 0.3 * rng.normal(size=400), rng.normal(size=400)])",
            "np.save('f.npy', f); np.save('z.npy', z)",
            "r = candela.score_codes(f, z, seed=3, refits=2)",
            "json.dump({'command': _runner.command(['score-codes']), 'home': candela.home(),",
            "           'scores': r.scores, 'uncertainty': r.uncertainty}, open('py.json', 'w'))");
    Path log = tmp.resolve("py.log");
    assertEquals(
        0,
        run(List.of(venv.resolve("bin/python").toString(), "-c", script), work, Map.of(), log),
        () -> read(log));
    JsonNode py = JSON.readTree(work.resolve("py.json").toFile());
    String site = venv.toRealPath().toString();
    assertTrue(
        py.get("command").toString().contains("site-packages/candela/_home/target/candela.jar"),
        py.get("command").toString());
    assertTrue(py.get("home").asText().startsWith(site), py.get("home").asText());
    assertEquals(
        0,
        run(
            List.of(
                venv.resolve("bin/candela").toString(),
                "score-codes",
                "--factors",
                "f.npy",
                "--latents",
                "z.npy",
                "--factor-names",
                "f0,f1",
                "--seed",
                "3",
                "--refits",
                "2",
                "--json",
                "cli.json"),
            work,
            Map.of(),
            log),
        () -> read(log));
    JsonNode cli = JSON.readTree(work.resolve("cli.json").toFile());
    assertEquals(cli.get("scores"), py.get("scores"));
    assertEquals(cli.get("uncertainty"), py.get("uncertainty"));
    // the default code metrics (all but the opt-in ones), in the registry's order
    List<String> keys = new java.util.ArrayList<>();
    cli.get("scores").fieldNames().forEachRemaining(keys::add);
    assertEquals(
        List.of(
            "irs",
            "uc@1",
            "jemmig",
            "gaussian_tc",
            "gaussian_wc",
            "gaussian_wc_norm",
            "latent_mi",
            "mig",
            "modularity",
            "mig_sup",
            "dcimig",
            "dci.disentanglement",
            "dci.completeness",
            "dci.informativeness",
            "sap",
            "explicitness",
            "sap_continuous"),
        keys);
  }

  @Test
  void theConsoleCommandRunsAndATooOldJavaIsOneLine() throws Exception {
    Path log = tmp.resolve("version.log");
    String candela = venv.resolve("bin/candela").toString();
    assertEquals(0, run(List.of(candela, "--version"), tmp, Map.of(), log), () -> read(log));
    assertTrue(read(log).startsWith("candela "), read(log));
    Path old = Files.createDirectories(tmp.resolve("old-jdk/bin")).resolve("java");
    Files.writeString(old, "#!/bin/sh\necho 'java version \"1.8.0_392\"' >&2\n");
    assertTrue(old.toFile().setExecutable(true));
    int code =
        run(
            List.of(candela, "--version"),
            tmp,
            Map.of("JAVA_HOME", tmp.resolve("old-jdk").toString()),
            log);
    assertEquals(1, code, read(log));
    assertEquals(
        "candela: Candela needs Java 17 or newer: "
            + old
            + " is Java 8.0.392 (set JAVA_HOME to a Java 17+, or put one first on PATH)",
        read(log).strip());
  }
}
