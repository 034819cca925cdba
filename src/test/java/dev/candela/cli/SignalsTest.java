package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.ChildCandela;
import dev.candela.synth.BlenderRenderer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Interrupted commands, as a user interrupts them: a real {@code candela} process (a JVM on the
 * build's class path) stopped by SIGTERM, SIGINT or SIGKILL. Its temporary files are deleted (or,
 * after SIGKILL, reclaimed by the next run) and its Blender workers die with it. Every process a
 * test starts is stopped by its id, also when the test fails.
 */
class SignalsTest {
  @TempDir Path dir;

  private final List<Process> started = new ArrayList<>();

  @org.junit.jupiter.api.AfterEach
  void stopAll() {
    for (Process p : started) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  private Process candela(Path log, String... args) throws Exception {
    Process p =
        ChildCandela.builder(false, List.of(args))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .directory(dir.toFile())
            .start();
    started.add(p);
    return p;
  }

  /** {@code dataset generate dsprites} of 300,000 images into {@code out/d.npz}: a long write. */
  private Process generate(Path out, Path log) throws Exception {
    return candela(
        log,
        "dataset",
        "generate",
        "dsprites",
        "--count",
        "300000",
        "--out",
        out.resolve("d.npz").toString());
  }

  private static List<Path> temps(Path folder) throws Exception {
    try (Stream<Path> s = Files.list(folder)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList();
    }
  }

  /** Waits up to 60 s for a file matching the test to appear in the folder. */
  private static void awaitFile(Path folder, String suffix, Process p, Path log) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < end) {
      try (Stream<Path> s = Files.exists(folder) ? Files.walk(folder) : Stream.empty()) {
        if (s.anyMatch(q -> q.getFileName().toString().endsWith(suffix))) {
          return;
        }
      }
      assertTrue(p.isAlive(), "ended before writing a " + suffix + ":\n" + Files.readString(log));
      Thread.sleep(100);
    }
    throw new AssertionError("no " + suffix + " in 60 s:\n" + Files.readString(log));
  }

  private static void signal(Process p, String sig) throws Exception {
    ChildCandela.signal(p, sig);
  }

  @Test
  void sigtermAndSigintDuringDatasetGenerateLeaveNoTemporaryFile() throws Exception {
    for (String sig : List.of("TERM", "INT")) {
      Path out = Files.createDirectories(dir.resolve(sig));
      Path log = dir.resolve(sig + ".log");
      Process p = generate(out, log);
      awaitFile(out, ".tmp", p, log);
      signal(p, sig);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), sig + ": still running");
      assertTrue(p.exitValue() != 0, sig + ": exit " + p.exitValue());
      assertEquals(List.of(), temps(out), sig + ": " + Files.readString(log));
      assertFalse(Files.exists(out.resolve("d.npz")), sig);
    }
  }

  @Test
  void aKilledRunsTemporaryFileIsReclaimedByTheNext() throws Exception {
    Path out = Files.createDirectories(dir.resolve("kill"));
    Path log = dir.resolve("kill.log");
    Process p = generate(out, log);
    awaitFile(out, ".tmp", p, log);
    p.destroyForcibly();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(1, temps(out).size(), "SIGKILL runs no hook: the temporary file stays");
    // a temporary file of a running process (this one) is never taken
    Path mine = Files.createFile(out.resolve(".d.npz." + ProcessHandle.current().pid() + "-1.tmp"));
    CliRun.ok("dataset", "generate", "dsprites", "--count", "50", "--out", out.resolve("d.npz"));
    assertEquals(List.of(mine), temps(out));
    assertTrue(Files.size(out.resolve("d.npz")) > 0);
    assertEquals(0, AtomicFiles.reclaim(out, "d.npz"));
  }

  @Test
  void blenderWorkersDieWithTheirParent() throws Exception {
    try {
      BlenderRenderer.findBlender(null, System.getenv());
    } catch (BadInputException e) {
      assumeTrue(false, "Blender test skipped: " + e.getMessage());
    }
    for (String sig : List.of("TERM", "INT")) {
      Path out = dir.resolve("render-" + sig);
      Path log = dir.resolve("render-" + sig + ".log");
      Process p =
          candela(
              log,
              "dataset",
              "render",
              "--out",
              out.toString(),
              "--engine",
              "workbench",
              "--count",
              "40",
              "--workers",
              "2",
              "--threads",
              "1",
              "--quiet");
      awaitFile(out, ".png", p, log);
      List<ProcessHandle> workers = p.descendants().toList();
      assertFalse(workers.isEmpty(), "no Blender worker running");
      signal(p, sig);
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), sig + ": still running");
      // the parent stops its workers (SIGTERM, then SIGKILL) before it exits
      Thread.sleep(500);
      for (ProcessHandle w : workers) {
        assertFalse(w.isAlive(), sig + ": Blender worker " + w.pid() + " outlived candela");
      }
      long pngs;
      try (Stream<Path> s = Files.list(out)) {
        pngs = s.filter(q -> q.toString().endsWith(".png")).count();
      }
      Thread.sleep(2000);
      try (Stream<Path> s = Files.list(out)) {
        assertEquals(
            pngs, s.filter(q -> q.toString().endsWith(".png")).count(), sig + ": PNGs still come");
      }
    }
  }
}
