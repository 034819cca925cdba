package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link OutputLock} and {@link StagedFolder}: a second run of one output folder is refused in one
 * line naming the folder and the holder, in this process and from another process; a run that fails
 * half-way leaves the earlier folder exactly as it was; what a killed run left beside the folder is
 * reclaimed by the next, an earlier folder caught between the two renames restored.
 */
@SuppressWarnings("try") // locks and staged runs held by try blocks
class OutputFolderTest {
  @TempDir Path tmp;

  private static List<String> names(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> !n.equals(StagedFolder.MANIFEST))
          .sorted()
          .toList();
    }
  }

  @Test
  void aSecondRunOfTheFolderIsRefusedInOneLine() throws Exception {
    Path out = tmp.resolve("out");
    try (OutputLock held = OutputLock.acquire(out, "evaluate")) {
      BadInputException e =
          assertThrows(BadInputException.class, () -> OutputLock.acquire(out, "sweep"));
      String m = e.getMessage();
      assertTrue(m.startsWith(out + " is in use by another candela run (evaluate, pid "), m);
      assertTrue(m.endsWith("wait for it to end or choose another output folder"), m);
      assertFalse(m.contains("\n"), m);
    }
    OutputLock.acquire(out, "sweep").close(); // free again once released
  }

  @Test
  void aLockHeldByAnotherProcessIsRefusedAndFreedWhenThatProcessDies() throws Exception {
    Path out = tmp.resolve("out");
    Path lock = OutputLock.lockFile(out);
    Files.createDirectories(lock.getParent());
    // the other process: a second JVM holding the lock through the same class
    Process other =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                HoldLock.class.getName(),
                out.toString())
            .redirectErrorStream(true)
            .start();
    try {
      String first = new String(other.getInputStream().readNBytes(5));
      assertEquals("held\n", first);
      BadInputException e =
          assertThrows(BadInputException.class, () -> OutputLock.acquire(out, "evaluate"));
      assertTrue(
          e.getMessage().contains("(holder, pid " + other.pid() + ", since "), e.getMessage());
    } finally {
      other.destroyForcibly();
      other.waitFor(30, TimeUnit.SECONDS);
    }
    OutputLock.acquire(out, "evaluate").close(); // the OS released it with the process
  }

  /** Holds the lock of a folder until killed. */
  static final class HoldLock {
    public static void main(String[] args) throws Exception {
      OutputLock.acquire(Path.of(args[0]), "holder");
      System.out.print("held\n");
      System.out.flush();
      Thread.sleep(120_000);
    }
  }

  @Test
  void aRunThatFailsHalfWayLeavesTheEarlierFolderAsItWas() throws Exception {
    Path out = tmp.resolve("out");
    try (StagedFolder s = StagedFolder.begin(out)) {
      Files.writeString(s.path().resolve("report.json"), "old report");
      Files.writeString(s.path().resolve("irs.png"), "old png");
      s.commit();
    }
    assertEquals(List.of("irs.png", "report.json"), names(out));
    try (StagedFolder s = StagedFolder.begin(out)) {
      Files.writeString(s.path().resolve("report.json"), "new report");
      // the disk fills up here: the run ends with an exception, never committing
    }
    assertEquals(List.of("irs.png", "report.json"), names(out));
    assertEquals("old report", Files.readString(out.resolve("report.json")));
    assertEquals(List.of("out"), names(tmp), "no staging folder left");
    try (StagedFolder s = StagedFolder.begin(out)) {
      Files.writeString(s.path().resolve("report.json"), "new report");
      s.commit();
    }
    assertEquals(List.of("report.json"), names(out), "one run's files, none of the earlier");
  }

  @Test
  void whatAKilledRunLeftIsReclaimedAndACaughtEarlierFolderRestored() throws Exception {
    long dead = deadPid();
    Path out = tmp.resolve("out");
    Path staging = Files.createDirectories(tmp.resolve(".out." + dead + ".staging"));
    Files.writeString(staging.resolve("report.json"), "half");
    Path old = Files.createDirectories(tmp.resolve(".out." + dead + ".old"));
    Files.writeString(old.resolve("report.json"), "earlier, complete");
    // killed between its two renames: no out/, the earlier folder under .old
    try (StagedFolder s = StagedFolder.begin(out)) {
      assertEquals("earlier, complete", Files.readString(out.resolve("report.json")));
      assertFalse(Files.exists(staging) || Files.exists(old));
    }
    assertEquals("earlier, complete", Files.readString(out.resolve("report.json")));
  }

  @Test
  void filesTheRunsDidNotWriteAreKeptAndAnEarlierRunsAreNot() throws Exception {
    Path out = tmp.resolve("out");
    Files.createDirectories(out.resolve("model"));
    Files.writeString(out.resolve("model/model.json"), "the user's model");
    Files.writeString(out.resolve("notes.txt"), "the user's notes");
    Files.writeString(out.resolve("report.json"), "a report no manifest names");
    try (StagedFolder s = StagedFolder.begin(out)) {
      Files.writeString(s.path().resolve("irs.png"), "first png");
      Files.writeString(s.path().resolve("report.json"), "first report");
      s.commit();
    }
    assertEquals(List.of("irs.png", "model", "notes.txt", "report.json"), names(out));
    assertEquals("first report", Files.readString(out.resolve("report.json")), "the run's wins");
    try (StagedFolder s = StagedFolder.begin(out)) {
      Files.writeString(s.path().resolve("report.json"), "second report");
      s.commit();
    }
    assertEquals(List.of("model", "notes.txt", "report.json"), names(out), "no irs.png of run 1");
    assertEquals("the user's model", Files.readString(out.resolve("model/model.json")));
    assertEquals(List.of("out"), names(tmp));
  }

  @Test
  void aRunKilledAfterItsRenamesGivesTheUsersFilesBack() throws Exception {
    long dead = deadPid();
    Path out = Files.createDirectories(tmp.resolve("out"));
    Files.writeString(out.resolve("report.json"), "the new run's");
    Files.writeString(out.resolve(StagedFolder.MANIFEST), "{\"wrote\":[\"report.json\"]}");
    Path old = Files.createDirectories(tmp.resolve(".out." + dead + ".old"));
    Files.writeString(old.resolve("scores.csv"), "the earlier run's");
    Files.writeString(old.resolve("notes.txt"), "the user's");
    Files.writeString(old.resolve(StagedFolder.MANIFEST), "{\"wrote\":[\"scores.csv\"]}");
    try (StagedFolder s = StagedFolder.begin(out)) {
      assertFalse(Files.exists(old));
    }
    assertEquals(List.of("notes.txt", "report.json"), names(out), "no scores.csv of the earlier");
    assertEquals("the user's", Files.readString(out.resolve("notes.txt")));
    assertEquals("the new run's", Files.readString(out.resolve("report.json")));
  }

  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }
}
