package dev.candela.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.ChildCandela;
import dev.candela.TinyCheckpoints;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./candela sweep --master spark://127.0.0.1:PORT} on a real Spark standalone cluster, as a
 * user runs it (the launcher, the packaged jar, no extra option): a master and a worker started
 * from the pinned Spark's own classes ({@code org.apache.spark.deploy.master.Master} and {@code
 * .worker.Worker}, {@code target/spark-lib} plus the libraries Spark shares with Candela as the
 * cluster's {@code SPARK_HOME/jars}; Candela's own jars reach the executors only through the
 * driver's {@code spark.jars}), bound to 127.0.0.1. The sweep has its worker killed (with its
 * executor) after the first row is written and another worker started; once the new worker has
 * written a row the driver is killed and the sweep run again, resuming. Every row equals a single
 * {@code evaluate} of the checkpoint with the same non-default options and seed, uncertainty
 * included; the driver listens on loopback only and serves no UI. Every process is stopped by its
 * id.
 */
class SparkClusterIT {
  private static final Path ROOT = Path.of("").toAbsolutePath();
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Libraries of target/lib that a Spark distribution carries itself (Spark depends on them). */
  private static final List<String> SPARK_SHARED =
      List.of(
          "commons-codec-",
          "commons-compress-",
          "commons-io-",
          "commons-lang3-",
          "commons-logging-",
          "commons-math3-",
          "compress-lzf-",
          "jackson-annotations-",
          "jackson-core-",
          "jackson-databind-",
          "lz4-java-",
          "slf4j-api-",
          "slf4j-simple-",
          "objenesis-",
          "jline-");

  @TempDir static Path tmp;
  static Path data;
  static Path classifier;
  static Path models;
  static Path sparkHome;
  static int masterPort;
  static Process master;
  static final List<Process> workers = new ArrayList<>();
  static final List<ProcessHandle> started = new ArrayList<>();

  /** Non-default options, so that a lost option would show as a different row. */
  static final List<String> OPTIONS =
      List.of(
          "--samples",
          "160",
          "--cg-samples",
          "24",
          "--max-train",
          "80",
          "--max-test",
          "40",
          "--classic-scale",
          "0.005",
          "--grid-samples",
          "2",
          "--batch-size",
          "64",
          "--device",
          "cpu",
          "--replicates",
          "5",
          "--refits",
          "4",
          "--rho",
          "2",
          "--scm-replicates",
          "2",
          "--seed",
          "7");

  @BeforeAll
  static void cluster() throws Exception {
    assertTrue(
        Files.isRegularFile(ROOT.resolve("target/candela.jar"))
            && Files.isDirectory(ROOT.resolve("target/spark-lib")),
        "run after package: target/candela.jar and target/spark-lib");
    TinyCheckpoints c = TinyCheckpoints.write(tmp, 400, 4, 10);
    data = c.data();
    classifier = c.classifier();
    models = c.list();

    sparkHome = Files.createDirectories(tmp.resolve("spark-home/jars")).getParent();
    link(ROOT.resolve("target/spark-lib"), sparkHome.resolve("jars"), n -> true);
    link(
        ROOT.resolve("target/lib"),
        sparkHome.resolve("jars"),
        n -> SPARK_SHARED.stream().anyMatch(n::startsWith));

    masterPort = freePort();
    master =
        daemon(
            "org.apache.spark.deploy.master.Master",
            tmp.resolve("master.log"),
            "--host",
            "127.0.0.1",
            "--port",
            "" + masterPort,
            "--webui-port",
            "" + freePort());
    waitFor(() -> logHas("master.log", "I have been elected leader"), 90, "the master");
    startWorker(1);
  }

  @AfterAll
  static void stop() {
    for (ProcessHandle p : started) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  private interface NameFilter {
    boolean take(String name);
  }

  private static void link(Path from, Path to, NameFilter take) throws IOException {
    try (Stream<Path> s = Files.list(from)) {
      for (Path j : s.toList()) {
        String n = j.getFileName().toString();
        if (n.endsWith(".jar") && take.take(n)) {
          Files.createSymbolicLink(to.resolve(n), j);
        }
      }
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private static Process daemon(String main, Path log, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(ChildCandela.sparkJavaOpts());
    cmd.addAll(List.of("-Xmx512m", "-cp", sparkHome.resolve("jars") + "/*", main));
    cmd.addAll(List.of(args));
    ProcessBuilder pb =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("SPARK_HOME", sparkHome.toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    pb.environment().put("OMP_NUM_THREADS", "1");
    Process p = pb.start();
    started.add(p.toHandle());
    return p;
  }

  private static void startWorker(int k) throws Exception {
    String log = "worker-" + k + ".log";
    workers.add(
        daemon(
            "org.apache.spark.deploy.worker.Worker",
            tmp.resolve(log),
            "--host",
            "127.0.0.1",
            "--cores",
            "2",
            "--memory",
            "3g",
            "--webui-port",
            "" + freePort(),
            "--work-dir",
            tmp.resolve("work-" + k).toString(),
            "spark://127.0.0.1:" + masterPort));
    waitFor(() -> logHas(log, "Successfully registered with master"), 90, "worker " + k);
  }

  private static boolean logHas(String log, String text) {
    try {
      return Files.readString(tmp.resolve(log)).contains(text);
    } catch (IOException e) {
      return false;
    }
  }

  private static void waitFor(BooleanSupplier done, int seconds, String what) throws Exception {
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError(what + " not ready after " + seconds + " s");
      }
      Thread.sleep(200);
    }
  }

  /** {@code ./candela ARGS} as a child process, output into {@code log}. */
  private static Process candela(Path log, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("candela").toString()));
    cmd.addAll(args);
    ProcessBuilder pb =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("OMP_NUM_THREADS", "1");
    pb.environment().put("CANDELA_JAVA_OPTS", "-Xmx1g");
    Process p = pb.start();
    started.add(p.toHandle());
    return p;
  }

  private static int finish(Process p, Path log) throws Exception {
    if (!p.waitFor(12, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("ran over 12 minutes:\n" + Files.readString(log));
    }
    return p.exitValue();
  }

  private static List<String> sweep(Path out) {
    List<String> a = new ArrayList<>(List.of("sweep", "--models", models.toString()));
    a.addAll(List.of("--dataset", data.toString(), "--classifier", classifier.toString()));
    a.addAll(List.of("--master", "spark://127.0.0.1:" + masterPort, "--out", out.toString()));
    a.addAll(OPTIONS);
    return a;
  }

  /**
   * The single evaluations: {@code evaluate --model LIST} of the checkpoints in one JVM, each
   * checkpoint's {@code report.json} in {@code singles/<row name>/} (a list evaluates each model
   * exactly as a single {@code evaluate} does: {@code SweepCommandTest}).
   */
  private static Path singles() throws Exception {
    Path dir = tmp.resolve("singles");
    List<String> a = new ArrayList<>(List.of("evaluate", "--model", models.toString(), "--quiet"));
    a.addAll(List.of("--dataset", data.toString(), "--classifier", classifier.toString()));
    a.addAll(List.of("--out", dir.toString()));
    a.addAll(OPTIONS);
    Path log = tmp.resolve("evaluate.log");
    Process p = candela(log, a);
    assertEquals(0, finish(p, log), Files.readString(log));
    return dir;
  }

  /** Every row of the sweep holds the scores and uncertainty of the single evaluation. */
  private static JsonNode assertRowsEqualSingles(Path out) throws Exception {
    JsonNode rows = JSON.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile()).get("rows");
    assertEquals(4, rows.size(), rows.toString());
    Path singles = singles();
    for (JsonNode row : rows) {
      assertEquals("ok", row.get("status").asText(), row.toString());
      String folder = row.get("name").asText();
      JsonNode report = JSON.readTree(singles.resolve(folder).resolve("report.json").toFile());
      JsonNode scores = report.get("scores");
      assertTrue(scores.has("cg") && scores.has("mig") && scores.has("uc@2"), scores.toString());
      TinyCheckpoints.assertSameScores(scores, row.get("scores"), folder);
      JsonNode u = report.get("uncertainty");
      assertTrue(u.has("irs") && u.get("irs").get("replicates").asInt() == 5, u.toString());
      assertEquals(u, row.get("uncertainty"), folder + ": uncertainty, ci95 included");
    }
    try (Stream<Path> s = Files.list(out)) {
      assertEquals(
          List.of(),
          s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList(),
          "no staging folder or temporary file left in " + out);
    }
    return rows;
  }

  /** The TCP ports a process listens on, as local addresses ({@code /proc/net/tcp*}). */
  static Set<String> listening(long pid) throws IOException {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          String t = Files.readSymbolicLink(fd).toString();
          if (t.startsWith("socket:[")) {
            inodes.add(t.substring(8, t.length() - 1));
          }
        } catch (IOException e) {
          // closed meanwhile
        }
      }
    }
    Set<String> out = new HashSet<>();
    for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
      List<String> rows = Files.readAllLines(Path.of(table));
      for (String line : rows.subList(1, rows.size())) {
        String[] f = line.trim().split("\\s+");
        if (f[3].equals("0A") && inodes.contains(f[9])) {
          out.add(f[1]);
        }
      }
    }
    return out;
  }

  /** {@code /proc/net/tcp*}'s hex address is 127.0.0.1 (IPv4 or IPv4-mapped IPv6) or ::1. */
  static boolean loopback(String hexAddress) {
    String a = hexAddress.substring(0, hexAddress.indexOf(':'));
    return a.equals("0100007F")
        || a.equals("0000000000000000FFFF00000100007F")
        || a.equals("00000000000000000000000001000000");
  }

  @Test
  void aKilledWorkerIsReplacedAKilledDriverResumesAndEveryRowEqualsItsSingleEvaluation()
      throws Exception {
    Path out = tmp.resolve("sweep");
    Path log = tmp.resolve("sweep-1.log");
    Process driver = candela(log, sweep(out));
    waitFor(() -> rows(out) >= 1, 600, "the first row");
    Set<String> ports = listening(driver.pid());
    assertFalse(ports.isEmpty(), "the driver listens (RPC, block manager)");
    assertTrue(ports.stream().allMatch(SparkClusterIT::loopback), "loopback only: " + ports);

    Process w = workers.get(0);
    w.toHandle().descendants().forEach(ProcessHandle::destroyForcibly); // its executor
    w.destroyForcibly();
    w.waitFor();
    startWorker(2);
    // the lost tasks run on the new worker; the driver is killed once one of them is written
    waitFor(() -> rows(out) >= 2 || !driver.isAlive(), 600, "a row from the new worker");
    assertTrue(
        driver.isAlive(),
        "the sweep ended before its driver was killed:\n" + Files.readString(log));
    assertTrue(rows(out) < 4, "every row written before the driver was killed");
    driver.toHandle().destroyForcibly();
    driver.waitFor();
    String text = Files.readString(log);
    assertTrue(text.contains("Lost executor"), "Spark says it lost the executor:\n" + text);
    assertFalse(text.contains("\tat "), "no stack trace:\n" + text);

    Path log2 = tmp.resolve("sweep-2.log");
    Process again = candela(log2, sweep(out));
    assertEquals(0, finish(again, log2), Files.readString(log2));
    JsonNode all = JSON.readTree(out.resolve(SparkSweep.SWEEP_JSON).toFile());
    assertTrue(all.get("resumed").asInt() >= 2, all.toString());
    assertRowsEqualSingles(out);
  }

  /** The complete rows in a sweep folder (task folders holding their row). */
  private static long rows(Path out) {
    if (!Files.isDirectory(out)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(out)) {
      return s.filter(d -> Files.isRegularFile(d.resolve(CheckpointScorer.ROW_FILE))).count();
    } catch (IOException e) {
      return 0;
    }
  }
}
