package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.TestDatasets;
import dev.candela.evaluate.ModelPaths;
import dev.candela.model.engine.JniBuild;
import dev.candela.model.engine.TorchInstall;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code engine build-jni} against Debian's {@code python3-torch} (1.13, CPU; CI installs it, see
 * {@code .ci/apt-packages}): the JNI compiles from DJL's sources, {@code engine.env} makes a
 * separate JVM run on that torch ({@code engine info} says so), and a small {@code evaluate} there
 * gives the stock engine's (libtorch 2.7.1) scores within {@value #TOLERANCE}. The library is kept
 * in {@code target/engine-jni/python3} and rebuilt only when its inputs change ({@code build.key}).
 */
class EngineBuildJniTest {
  /** Two torch builds (1.13 without MKL, 2.7.1 with it) round floats differently. */
  private static final double TOLERANCE = 1e-4;

  private static final Path ROOT = ModelPaths.repoRoot();
  private static final Path DJL =
      ROOT.resolve("../shared/third-party/djl-pytorch-native-0.35.1").normalize();
  private static final Path PYTHON = Path.of("/usr/bin/python3");

  @TempDir Path tmp;

  @Test
  void buildsAgainstDebianTorchAndEvaluatesLikeTheStockEngine() throws Exception {
    Assumptions.assumeTrue(Files.isDirectory(DJL.resolve("src")), "no DJL sources at " + DJL);
    Assumptions.assumeTrue(Files.isExecutable(PYTHON), "no " + PYTHON);
    try {
      TorchInstall.probe(PYTHON);
    } catch (dev.candela.CandelaException e) {
      Assumptions.abort("no torch in " + PYTHON + " (apt-get install python3-torch libtorch-dev)");
    }
    Path out = ROOT.resolve("target/engine-jni/python3");
    CliRun b =
        CliRun.of(
            "engine",
            "build-jni",
            "--python",
            PYTHON.toString(),
            "--djl-source",
            DJL.toString(),
            "--out",
            out.toString(),
            "--jobs",
            "2");
    assertEquals(0, b.exit(), b.err());
    Path env = out.resolve(JniBuild.ENV_FILE);
    String text = Files.readString(env);
    assertTrue(text.contains("export PYTORCH_LIBRARY_PATH="), text);
    assertTrue(text.contains("export PYTORCH_FLAVOR=cpu"), text);
    assertTrue(text.contains("export PYTORCH_VERSION=1.13.0"), text);

    Path data = TestDatasets.dsprites(tmp.resolve("dsprites-300.npz"), 300, 5);
    List<String> eval =
        List.of(
            "evaluate",
            "--dataset",
            data.toString(),
            "--model",
            ROOT.resolve("models/dsprites-beta-vae").toString(),
            "--metrics",
            "irs,uc,mig,modularity,cg",
            "--samples",
            "150",
            "--cg-samples",
            "20",
            "--replicates",
            "0",
            "--batch-size",
            "64",
            "--device",
            "cpu",
            "--quiet");
    List<String> stockArgs = new ArrayList<>(eval);
    stockArgs.addAll(List.of("--out", tmp.resolve("stock").toString()));
    CliRun stock = CliRun.of(stockArgs.toArray(String[]::new));
    assertEquals(0, stock.exit(), stock.err());

    // a separate JVM with engine.env applied, as a user's shell would
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String cp = System.getProperty("java.class.path");
    StringBuilder cmd = new StringBuilder();
    cmd.append("source ").append(q(env.toString())).append(" && ");
    String jvm = q(java) + " -Dai.djl.offline=true -Xmx2g -cp " + q(cp) + " dev.candela.cli.Main ";
    cmd.append(jvm).append("engine info && ").append(jvm);
    for (String a : eval) {
      cmd.append(q(a)).append(' ');
    }
    cmd.append("--out ").append(q(tmp.resolve("own").toString()));
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", cmd.toString());
    pb.redirectErrorStream(true);
    pb.directory(ROOT.toFile());
    Map<String, String> penv = pb.environment();
    penv.remove("PYTORCH_LIBRARY_PATH");
    Process p = pb.start();
    p.getOutputStream().close();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), log);
    assertTrue(log.contains("engine: PyTorch 1.13"), "engine info on the built JNI:\n" + log);
    assertTrue(log.contains("library: " + out.resolve("lib")), log);

    ObjectMapper om = new ObjectMapper();
    JsonNode s = om.readTree(tmp.resolve("stock/report.json").toFile()).get("scores");
    JsonNode o = om.readTree(tmp.resolve("own/report.json").toFile()).get("scores");
    assertEquals(s.size(), o.size(), "score keys " + s + " vs " + o);
    assertTrue(s.has("cg") && s.has("irs") && s.has("mig"), s.toString());
    for (Iterator<String> it = s.fieldNames(); it.hasNext(); ) {
      String k = it.next();
      assertTrue(o.has(k), k + " missing on the built engine");
      assertEquals(s.get(k).asDouble(), o.get(k).asDouble(), TOLERANCE, k);
    }
  }

  private static String q(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }
}
