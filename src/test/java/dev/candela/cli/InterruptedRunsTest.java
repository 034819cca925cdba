package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.ChildCandela;
import dev.candela.TinyCheckpoints;
import dev.candela.sweep.CheckpointScorer;
import dev.candela.sweep.SparkSweep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code sweep} and {@code evaluate} stopped by SIGTERM or SIGINT half-way, as a user stops them (a
 * real {@code candela} process): nothing half-written is left (no staging folder, no temporary
 * file), an earlier complete result in the output folder is exactly as it was, and the rerun
 * completes with the scores and intervals of an uninterrupted run (the sweep resuming the rows that
 * were complete). Every process is stopped by its id.
 */
class InterruptedRunsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path tmp;
  static Path data;
  static Path classifier;
  static Path models;

  private final List<Process> started = new ArrayList<>();

  @BeforeAll
  static void checkpoints() throws Exception {
    TinyCheckpoints c = TinyCheckpoints.write(tmp, 300, 4, 20);
    data = c.data();
    classifier = c.classifier();
    models = c.list();
  }

  @AfterEach
  void stopAll() {
    for (Process p : started) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  private static List<String> common(String command, String modelsOption, Path out) {
    List<String> a = new ArrayList<>(List.of(command, modelsOption, models.toString()));
    a.addAll(List.of("--dataset", data.toString(), "--classifier", classifier.toString()));
    a.addAll(List.of("--seed", "7", "--replicates", "20", "--out", out.toString()));
    a.addAll(List.of(SweepCommandTest.TINY));
    return a;
  }

  private static List<String> sweep(Path out) {
    List<String> a = common("sweep", "--models", out);
    a.addAll(List.of("--master", "local[2]"));
    return a;
  }

  private static List<String> evaluate(Path out) {
    List<String> a = common("evaluate", "--model", out);
    a.add("--quiet");
    return a;
  }

  private Process child(boolean spark, List<String> args, Path log) throws Exception {
    Process p =
        ChildCandela.builder(spark, args)
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    started.add(p);
    return p;
  }

  /** Waits up to 120 s for a path under {@code dir} that passes the test. */
  private static void await(Path dir, Predicate<Path> test, Process p, Path log, String what)
      throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < end) {
      try (Stream<Path> s = Files.isDirectory(dir) ? Files.walk(dir) : Stream.empty()) {
        if (s.anyMatch(test)) {
          return;
        }
      } catch (java.io.UncheckedIOException e) {
        // a folder renamed while walked: look again
      }
      assertTrue(p.isAlive(), "ended before " + what + ":\n" + Files.readString(log));
      Thread.sleep(50);
    }
    throw new AssertionError("no " + what + " in 120 s:\n" + Files.readString(log));
  }

  /** Half-written things under (or beside) a folder: staging folders and temporary files. */
  private static List<String> leftovers(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".staging") || n.endsWith(".old") || n.endsWith(".tmp"))
          .toList();
    }
  }

  /** Every file of a folder, by its relative path, with its bytes (as text). */
  private static Map<String, String> files(Path dir) throws Exception {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        m.put(
            dir.relativize(f).toString(),
            java.util.HexFormat.of().formatHex(Files.readAllBytes(f)));
      }
    }
    return m;
  }

  private static void assertSameScores(JsonNode expected, JsonNode actual, String what) {
    TinyCheckpoints.assertSameScores(expected.get("scores"), actual.get("scores"), what);
    assertEquals(expected.get("uncertainty"), actual.get("uncertainty"), what + ": intervals");
  }

  private static Map<String, JsonNode> rowsByModel(Path out) throws Exception {
    Map<String, JsonNode> m = new TreeMap<>();
    for (JsonNode row : JSON.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile()).get("rows")) {
      m.put(row.get("model").asText(), row);
    }
    return m;
  }

  @ParameterizedTest
  @ValueSource(strings = {"TERM", "INT"})
  void anInterruptedSweepLeavesCompleteRowsAndItsRerunEqualsAnUninterruptedOne(String sig)
      throws Exception {
    Path whole = tmp.resolve("sweep-whole");
    if (!Files.exists(whole.resolve(SparkSweep.SWEEP_JSON))) {
      CliRun.ok(sweep(whole).toArray());
    }
    Path out = tmp.resolve("sweep-" + sig);
    Path log = tmp.resolve("sweep-" + sig + ".log");
    Process p = child(true, sweep(out), log);
    await(out, f -> f.endsWith(CheckpointScorer.ROW_FILE), p, log, "a complete row");
    ChildCandela.signal(p, sig);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), sig + ": still running");
    assertNotEquals(0, p.exitValue(), sig + ": " + Files.readString(log));
    assertEquals(List.of(), leftovers(tmp.resolve(".")), sig + ": " + Files.readString(log));

    CliRun rerun = CliRun.ok(sweep(out).toArray());
    JsonNode all = JSON.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile());
    assertTrue(all.get("resumed").asInt() >= 1, sig + ": " + all + "\n" + rerun.out());
    Map<String, JsonNode> expected = rowsByModel(whole);
    Map<String, JsonNode> actual = rowsByModel(out);
    assertEquals(expected.keySet(), actual.keySet());
    for (String m : expected.keySet()) {
      assertSameScores(expected.get(m), actual.get(m), sig + " " + m);
    }
    assertEquals(
        Files.readString(whole.resolve("scores.csv")),
        Files.readString(out.resolve("scores.csv")),
        sig + ": scores.csv, intervals included");
  }

  @ParameterizedTest
  @ValueSource(strings = {"TERM", "INT"})
  void anInterruptedEvaluateLeavesTheEarlierResultAndItsRerunEqualsIt(String sig) throws Exception {
    Path out = tmp.resolve("evaluate-" + sig);
    CliRun.ok(evaluate(out).toArray());
    Map<String, String> earlier = files(out);
    Map<String, JsonNode> reports = reports(out);
    assertEquals(4, reports.size(), reports.keySet().toString());

    Path log = tmp.resolve("evaluate-" + sig + ".log");
    Process p = child(false, evaluate(out), log);
    String staging = "." + out.getFileName() + "." + p.pid() + ".staging";
    await(
        tmp,
        f -> f.endsWith("report.json") && f.getParent().getParent().endsWith(staging),
        p,
        log,
        "a model's report in the staging folder");
    ChildCandela.signal(p, sig);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), sig + ": still running");
    assertNotEquals(0, p.exitValue(), sig + ": " + Files.readString(log));
    assertEquals(earlier, files(out), sig + ": the earlier result, every byte");
    assertEquals(List.of(), leftovers(tmp.resolve(".")), sig + ": " + Files.readString(log));

    CliRun.ok(evaluate(out).toArray());
    Map<String, JsonNode> again = reports(out);
    assertEquals(reports.keySet(), again.keySet());
    for (String m : reports.keySet()) {
      assertSameScores(reports.get(m), again.get(m), sig + " " + m);
    }
    assertEquals(earlier.get("scores.csv"), files(out).get("scores.csv"), sig + ": scores.csv");
  }

  @Test
  void aDiskThatFillsHalfWayLeavesTheEarlierResultAndSaysWhichFile() throws Exception {
    Path out = tmp.resolve("evaluate-full-disk");
    CliRun.ok(evaluate(out).toArray());
    Map<String, String> earlier = files(out);
    long largest;
    try (Stream<Path> s = Files.walk(out)) {
      largest = s.filter(Files::isRegularFile).mapToLong(f -> f.toFile().length()).max().orElse(0);
    }
    // the file-size limit (ulimit -f, KiB) lets the small files through and stops the largest:
    // writes fail half-way with EFBIG, as they would with ENOSPC on a full disk
    long limitKib = largest / 1024 / 2;
    assertTrue(limitKib >= 8, "the largest file is " + largest + " bytes");
    Path log = tmp.resolve("evaluate-full-disk.log");
    List<String> java = ChildCandela.builder(false, evaluate(out)).command();
    List<String> cmd =
        new ArrayList<>(List.of("bash", "-c", "ulimit -f " + limitKib + "; exec \"$@\"", "-"));
    cmd.addAll(java);
    cmd.add(cmd.indexOf("-Dai.djl.offline=true"), "-XX:-UsePerfData");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    started.add(p);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "still running");
    String text = Files.readString(log);
    assertEquals(1, p.exitValue(), text);
    List<String> errors = text.lines().filter(l -> l.startsWith("candela evaluate: ")).toList();
    assertEquals(1, errors.size(), text);
    assertTrue(
        errors.get(0).contains(out.toString()) && errors.get(0).contains("File too large"), text);
    assertFalse(text.contains("\tat "), "no stack trace:\n" + text);
    assertEquals(earlier, files(out), "the earlier result, every byte");
    assertEquals(List.of(), leftovers(tmp.resolve(".")), text);
  }

  @Test
  void aSecondSweepIntoTheSameFolderIsRefusedInOneLineAndTheFirstCompletes() throws Exception {
    Path out = tmp.resolve("sweep-twice");
    Path log = tmp.resolve("sweep-twice.log");
    Process first = child(true, sweep(out), log);
    await(out, f -> f.getFileName().toString().endsWith(".staging"), first, log, "a task");
    CliRun second = CliRun.of(sweep(out).toArray());
    assertEquals(2, second.exit(), second.out() + second.err());
    String line = second.err().strip();
    assertTrue(
        line.startsWith(
            "candela sweep: "
                + out
                + " is in use by another candela run (sweep, pid "
                + first.pid()
                + ", since "),
        line);
    assertFalse(line.contains("\n"), line);
    assertTrue(first.waitFor(300, TimeUnit.SECONDS), "the first sweep is still running");
    assertEquals(0, first.exitValue(), Files.readString(log));
    JsonNode all = JSON.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile());
    assertEquals(4, all.get("rows").size(), all.toString());
    for (JsonNode row : all.get("rows")) {
      assertEquals("ok", row.get("status").asText(), row.toString());
    }
  }

  /** The report of each model folder of an output folder, by the folder's name. */
  private static Map<String, JsonNode> reports(Path out) throws Exception {
    Map<String, JsonNode> m = new TreeMap<>();
    try (Stream<Path> s = Files.list(out)) {
      for (Path d : s.filter(d -> Files.isRegularFile(d.resolve("report.json"))).toList()) {
        m.put(d.getFileName().toString(), JSON.readTree(d.resolve("report.json").toFile()));
      }
    }
    return m;
  }
}
