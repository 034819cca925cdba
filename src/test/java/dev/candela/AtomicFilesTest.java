package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The atomic-write helper: a failed writer leaves the old file and no temporary file. */
class AtomicFilesTest {
  @TempDir Path dir;

  private List<Path> listing() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  @Test
  void aWriterThatFailsHalfwayLeavesThePreviousFileAndNoTemporary() throws Exception {
    Path f = dir.resolve("latents.csv");
    AtomicFiles.writeString(f, "old\n");
    CandelaException e =
        assertThrows(
            CandelaException.class,
            () ->
                AtomicFiles.write(
                    f,
                    tmp -> {
                      Files.writeString(tmp, "half a fi");
                      throw new CandelaException("killed");
                    }));
    assertEquals("killed", e.getMessage());
    assertEquals("old\n", Files.readString(f));
    assertEquals(List.of(f), listing());
  }

  @Test
  void aFinishedWriteReplacesTheFileAndCreatesParents() throws Exception {
    Path f = dir.resolve("a/b/report.json");
    AtomicFiles.writeString(f, "one");
    AtomicFiles.writeString(f, "two");
    assertEquals("two", Files.readString(f));
    try (Stream<Path> s = Files.list(f.getParent())) {
      assertEquals(List.of(f), s.toList());
    }
  }

  @Test
  void concurrentWritersOfOneTargetEachGetTheirOwnTemporaryFile() throws Exception {
    Path f = dir.resolve("default.npz");
    String big = "x".repeat(1 << 16);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> fs =
          java.util.stream.IntStream.range(0, 8)
              .<Future<?>>mapToObj(
                  i ->
                      pool.submit(
                          () -> {
                            AtomicFiles.writeString(f, big);
                            return null;
                          }))
              .toList();
      for (Future<?> x : fs) {
        x.get();
      }
    } finally {
      pool.shutdown();
    }
    assertEquals(big, Files.readString(f));
    assertEquals(List.of(f), listing());
  }

  @Test
  void aFolderIsReplacedWholeAndAFailedWriterLeavesTheOldOne() throws Exception {
    Path target = dir.resolve("snap");
    AtomicFiles.writeDirectory(target, tmp -> Files.writeString(tmp.resolve("a"), "one"));
    assertEquals("one", Files.readString(target.resolve("a")));
    AtomicFiles.writeDirectory(target, tmp -> Files.writeString(tmp.resolve("b"), "two"));
    assertEquals(List.of(target.resolve("b")), Files.list(target).toList());
    assertThrows(
        IOException.class,
        () ->
            AtomicFiles.writeDirectory(
                target,
                tmp -> {
                  Files.writeString(tmp.resolve("c"), "half");
                  throw new IOException("disk full");
                }));
    assertEquals("two", Files.readString(target.resolve("b")));
    AtomicFiles.deleteTree(dir.resolve("snap.tmp"));
    assertEquals(List.of(target), listing());
    AtomicFiles.deleteTree(target);
    assertEquals(List.of(), listing());
  }

  @Test
  void filesWrittenTogetherAppearTogetherOrNotAtAll() throws Exception {
    Path a = dir.resolve("latents.csv");
    Path b = dir.resolve("index.csv");
    assertThrows(
        CandelaException.class,
        () ->
            AtomicFiles.writeTogether(
                new Path[] {a, b},
                t -> {
                  Files.writeString(t[1], "index");
                  throw new CandelaException("bad row");
                }));
    assertEquals(List.of(), listing());
    AtomicFiles.writeTogether(
        new Path[] {a, b},
        t -> {
          Files.writeString(t[0], "z0");
          Files.writeString(t[1], "index");
        });
    assertEquals("z0", Files.readString(a));
    assertEquals(List.of(b, a), listing());
  }

  @Test
  void reclaimAllDeletesTheTemporaryFilesOfEndedProcessesOnly() throws Exception {
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    long dead = ended.pid();
    long me = ProcessHandle.current().pid();
    Path deadLog = Files.createFile(dir.resolve(".training-log.csv." + dead + "-12.tmp"));
    Path deadState = Files.createFile(dir.resolve(".state.json." + dead + "-3.tmp"));
    Path mine = Files.createFile(dir.resolve(".model.json." + me + "-4.tmp"));
    Path other = Files.createFile(dir.resolve("notes.tmp"));
    Path folder = Files.createDirectories(dir.resolve(".x." + dead + "-5.tmp"));
    assertEquals(2, AtomicFiles.reclaimAll(dir));
    assertEquals(java.util.Set.of(folder, mine, other), java.util.Set.copyOf(listing()));
    assertEquals(false, Files.exists(deadLog) || Files.exists(deadState));
    assertEquals(0, AtomicFiles.reclaimAll(dir.resolve("none")));
  }
}
