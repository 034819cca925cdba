package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.npy.NpyArray;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.synth.DSpritesGenerator;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code candela monitor}: the sample it writes, and its answers, each equal to {@code score-codes}
 * on the same tables, with bad requests answered in one line and the monitor going on.
 */
class MonitorCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int N = 120;

  @TempDir static Path dir;
  private static Path data;

  @BeforeAll
  static void dataset() throws Exception {
    data = dir.resolve("d.npz");
    DSpritesGenerator.write(data, DSpritesGenerator.chooseIndices(400, 2), k -> {});
  }

  private record Run(int exit, List<JsonNode> lines, String err) {}

  private static Run monitor(Path work, String requests, String... more) throws Exception {
    CommandLine cl = Main.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    ((MonitorCommand) cl.getSubcommands().get("monitor").getCommand()).requests =
        new ByteArrayInputStream(requests.getBytes(StandardCharsets.UTF_8));
    List<String> args =
        new java.util.ArrayList<>(
            List.of("monitor", "--dataset", data.toString(), "--work", work.toString()));
    args.addAll(List.of(more));
    int code = cl.execute(args.toArray(String[]::new));
    List<JsonNode> lines = new java.util.ArrayList<>();
    for (String l : out.toString().strip().lines().toList()) {
      lines.add(JSON.readTree(l));
    }
    return new Run(code, lines, err.toString());
  }

  private static Path latents(Path file, long seed) throws Exception {
    Random r = new Random(seed);
    double[] z = new double[N * 3];
    for (int i = 0; i < z.length; i++) {
      z[i] = r.nextGaussian();
    }
    NpyWriter.write(file, NpyDType.F8, new long[] {N, 3}, false, z);
    return file;
  }

  @Test
  void writesTheSampleAndAnswersEachRequestAsScoreCodes() throws Exception {
    Path work = dir.resolve("w1");
    Path l1 = latents(dir.resolve("l1.npy"), 1);
    Path l2 = latents(dir.resolve("l2.npy"), 2);
    Path kept = dir.resolve("kept.json");
    String reqs =
        "{\"latents\": \""
            + l1
            + "\"}\n\n{\"latents\": \""
            + l2
            + "\", \"json\": \""
            + kept
            + "\"}\n";
    String[] opts = {"--samples", "" + N, "--seed", "4", "--metrics", "irs,mig", "--rho", "1"};
    Run r = monitor(work, reqs, opts);
    assertEquals(0, r.exit(), r.err());
    assertEquals(3, r.lines().size(), r.lines().toString());
    JsonNode ready = r.lines().get(0).get("ready");
    assertEquals(N, ready.get("rows").asInt());
    assertEquals("[1,64,64]", ready.get("imageShape").toString());
    assertEquals(
        "[\"color\",\"shape\",\"scale\",\"orientation\",\"posX\",\"posY\"]",
        ready.get("factorNames").toString());
    // N float32 images of 64 × 64 after the header, N × 6 int64 codes
    try (NpyArray images = NpyArray.open(work.resolve(MonitorCommand.IMAGES));
        NpyArray factors = NpyArray.open(work.resolve(MonitorCommand.FACTORS))) {
      assertArrayEquals(new long[] {N, 1, 64, 64}, images.shape());
      assertArrayEquals(new long[] {N, 6}, factors.shape());
    }
    for (int k = 0; k < 2; k++) {
      Path json = dir.resolve("cli" + k + ".json");
      CliRun.ok(
          "score-codes",
          "--factors",
          work.resolve(MonitorCommand.FACTORS),
          "--latents",
          k == 0 ? l1 : l2,
          "--factor-names",
          "color,shape,scale,orientation,posX,posY",
          "--seed",
          "4",
          "--metrics",
          "irs,mig",
          "--json",
          json);
      JsonNode cli = JSON.readTree(json.toFile());
      JsonNode got = r.lines().get(1 + k).get("report");
      assertEquals(cli.get("scores"), got.get("scores"));
      assertEquals(cli.get("uncertainty"), got.get("uncertainty"));
      assertEquals(cli.get("warnings"), got.get("warnings"));
    }
    assertEquals(
        r.lines().get(2).get("report").get("scores"), JSON.readTree(kept.toFile()).get("scores"));
  }

  @Test
  void badRequestsAreAnsweredInOneLineAndTheMonitorGoesOn() throws Exception {
    Path work = dir.resolve("w2");
    Path good = latents(dir.resolve("good.npy"), 3);
    Path missing = dir.resolve("missing.npy");
    String reqs =
        "not json\n{\"x\": 1}\n{\"latents\": \""
            + missing
            + "\"}\n{\"latents\": \""
            + good
            + "\"}\n";
    Run r = monitor(work, reqs, "--samples", "" + N, "--metrics", "mig", "--replicates", "0");
    assertEquals(0, r.exit(), r.err());
    assertEquals(5, r.lines().size());
    assertTrue(
        r.lines().get(1).get("error").asText().startsWith("candela monitor: request: not JSON"),
        r.lines().get(1).toString());
    assertEquals(
        "candela monitor: request: want {\"latents\": \"PATH.npy\"}, got {\"x\": 1}",
        r.lines().get(2).get("error").asText());
    assertEquals(
        "candela monitor: " + missing + ": no such file", r.lines().get(3).get("error").asText());
    for (int k = 1; k <= 3; k++) {
      assertEquals(2, r.lines().get(k).get("exitCode").asInt());
    }
    assertTrue(r.lines().get(4).get("report").get("scores").has("mig"));
  }

  @Test
  void metricsThatNeedAModelAreRefusedBeforeAnyInputIsRead() throws Exception {
    Path missing = dir.resolve("no-such-factors.npy");
    for (String m : List.of("cg", "scm", "kl", "reconstruction", "mig-sampled")) {
      CliRun r =
          CliRun.of("score-codes", "--factors", missing, "--latents", missing, "--metrics", m);
      r.assertBadInput(
          "candela score-codes: --metrics: "
              + m
              + " is not computed from codes; choose among irs, uc, mig, dci, sap, modularity,"
              + " explicitness, mig-sup, jemmig, dcimig, sap-continuous, gaussian-tc, gaussian-wc,"
              + " latent-mi, fos, unified, downstream, downstream-gbt, dci-es, betavae, factorvae");
    }
    Run r = monitor(dir.resolve("w4"), "", "--metrics", "mig,cg");
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("--metrics: cg is not computed from codes"), r.err());
  }

  @Test
  void tooManySamplesNameTheDatasetAndItsSize() throws Exception {
    Run r = monitor(dir.resolve("w3"), "", "--samples", "5000");
    assertEquals(ExitCodes.BAD_INPUT, r.exit());
    assertEquals(
        "candela monitor: " + data + ": --samples 5000 exceeds the dataset's 400 images",
        r.err().strip().lines().reduce((a, b) -> b).orElse(""));
    assertTrue(r.lines().isEmpty());
    assertTrue(!Files.exists(dir.resolve("w3").resolve(MonitorCommand.IMAGES)));
  }
}
