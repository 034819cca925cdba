package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.TestDatasets;
import dev.candela.model.card.ModelCard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code train} after a kill at every point of a checkpoint write (issue 37). Each case builds the
 * run folder a kill at that point leaves, from the files of two finished runs (the checkpoint after
 * epoch 1 and after epoch 2, and their training logs), then runs {@code train --epochs 2} on it.
 * Every case ends with exit 0, the one notice line it expects (or none), the checkpoint and model
 * of an uninterrupted 2-epoch run (its loss history and training log, to float round-off), and no
 * temporary or half-written file or folder left.
 *
 * <p>The write sequence of a checkpoint: {@code training-log.csv} rows of the epoch, then {@code
 * checkpoint.tmp/} (emptied), its {@code vae-0000.params}, {@code vae-adam.bin}, its {@code
 * state.json} through {@code .state.json.<pid>-*.tmp} and a rename (the commit point), then {@code
 * checkpoint/} renamed to {@code checkpoint.old/}, {@code checkpoint.tmp/} to {@code checkpoint/},
 * and {@code checkpoint.old/} deleted.
 */
class TrainInterruptedCheckpointTest {
  /** A resumed and an uninterrupted run agree to float round-off of identical CPU kernels. */
  private static final double SAME_RUN = 1e-5;

  @TempDir static Path t;
  static Path data;

  /** An uninterrupted 2-epoch run. */
  static Path ref;

  /** A 1-epoch run: its checkpoint is the one a 2-epoch run has after epoch 1. */
  static Path one;

  private final List<Process> started = new ArrayList<>();

  @BeforeAll
  static void runs() throws Exception {
    data = TestDatasets.dsprites(t.resolve("d.npz"), 100, 3);
    ref = t.resolve("ref");
    CliRun.ok(train(ref, 2, false));
    one = t.resolve("one");
    CliRun.ok(train(one, 1, false));
  }

  @AfterEach
  void stopAll() {
    for (Process p : started) {
      p.destroyForcibly();
    }
  }

  /** The tiny run's arguments: beta-vae on 32 images, batch 16 (2 steps an epoch). */
  static Object[] train(Path out, int epochs, boolean resume) {
    List<Object> a =
        new ArrayList<>(
            List.of(
                "train",
                "--objective",
                "beta-vae",
                "--latent-dim",
                "4",
                "--batch-size",
                "16",
                "--limit",
                "32",
                "--dataset",
                data,
                "--device",
                "cpu",
                "--quiet",
                "--epochs",
                epochs,
                "--out",
                out));
    if (resume) {
      a.add("--resume");
    }
    return a.toArray();
  }

  /** Makes the run folder a kill leaves. */
  @FunctionalInterface
  interface Cut {
    /**
     * Writes the folder.
     *
     * @param out the run folder (does not exist yet)
     * @throws Exception when a file cannot be written
     */
    void make(Path out) throws Exception;
  }

  /** Killed during the first checkpoint write: epoch 1's log, no checkpoint yet. */
  static void epoch1(Path out) throws Exception {
    Files.createDirectories(out);
    copy(one.resolve("training-log.csv"), out.resolve("training-log.csv"));
    copy(one.resolve("training.png"), out.resolve("training.png"));
  }

  /** Killed during the second checkpoint write: both epochs' log and epoch 1's checkpoint. */
  static void epoch2(Path out) throws Exception {
    epoch1(out);
    copy(ref.resolve("training-log.csv"), out.resolve("training-log.csv"));
    copy(ref.resolve("training.png"), out.resolve("training.png"));
    copyAll(one.resolve("checkpoint"), out.resolve("checkpoint"), f -> f);
  }

  private static void copy(Path from, Path to) throws Exception {
    Files.createDirectories(to.getParent());
    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
  }

  /** Copies a checkpoint's files; {@code keep} maps each name to null to leave it out. */
  private static void copyAll(Path from, Path to, Function<String, String> keep) throws Exception {
    Files.createDirectories(to);
    for (String f : List.of("vae-0000.params", "vae-adam.bin", "state.json")) {
      if (keep.apply(f) != null) {
        copy(from.resolve(f), to.resolve(f));
      }
    }
  }

  /** The first half of a file, as a kill during its write leaves it. */
  private static void half(Path from, Path to) throws Exception {
    byte[] b = Files.readAllBytes(from);
    Files.createDirectories(to.getParent());
    Files.write(to, Arrays.copyOf(b, b.length / 2));
  }

  /** The id of a process that has ended. */
  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    return p.pid();
  }

  private static Path ck1(String f) {
    return one.resolve("checkpoint").resolve(f);
  }

  static Arguments c(String name, Cut cut, boolean resume, String notice) {
    return Arguments.of(name, cut, resume, notice);
  }

  /** The notice of a removed interrupted write, {@code @O} standing for the run folder. */
  static String removed(String folder, String why) {
    return "@O/"
        + folder
        + ": incomplete checkpoint from an interrupted write ("
        + why
        + "); removed it, starting from epoch 1";
  }

  static Stream<Arguments> cuts() {
    String tmp = "checkpoint.tmp";
    String after1 = "; removed it, resuming after epoch 1 from @O/checkpoint";
    return Stream.of(
        // ---- the first checkpoint write: no complete checkpoint anywhere ----
        c(
            "first write, before checkpoint.tmp/ exists",
            TrainInterruptedCheckpointTest::epoch1,
            true,
            "@O: the interrupted run completed no checkpoint (no checkpoint/state.json); starting"
                + " from epoch 1"),
        c(
            "first write, checkpoint.tmp/ empty",
            out -> {
              epoch1(out);
              Files.createDirectories(out.resolve(tmp));
            },
            true,
            removed(tmp, "no state.json")),
        c(
            "first write, half the parameters",
            out -> {
              epoch1(out);
              half(ck1("vae-0000.params"), out.resolve(tmp).resolve("vae-0000.params"));
            },
            true,
            removed(tmp, "no state.json")),
        c(
            "first write, the parameters but no optimizer state",
            out -> {
              epoch1(out);
              copyAll(
                  one.resolve("checkpoint"),
                  out.resolve(tmp),
                  f -> f.endsWith("params") ? f : null);
            },
            true,
            removed(tmp, "no state.json")),
        c(
            "first write, half the optimizer state",
            out -> {
              epoch1(out);
              copyAll(
                  one.resolve("checkpoint"),
                  out.resolve(tmp),
                  f -> f.endsWith("params") ? f : null);
              half(ck1("vae-adam.bin"), out.resolve(tmp).resolve("vae-adam.bin"));
            },
            true,
            removed(tmp, "no state.json")),
        c(
            "first write, half a state file under a killed process's temporary name",
            out -> {
              epoch1(out);
              copyAll(
                  one.resolve("checkpoint"), out.resolve(tmp), f -> f.endsWith("json") ? null : f);
              long pid = deadPid();
              half(ck1("state.json"), out.resolve(tmp).resolve(".state.json." + pid + "-1.tmp"));
              // and a rewrite of the log killed before its rename
              Files.writeString(out.resolve(".training-log.csv." + pid + "-2.tmp"), "step,ep");
            },
            true,
            removed(tmp, "no state.json")),
        c(
            "first write, an empty state.json (the earlier writer's NullPointerException)",
            out -> {
              epoch1(out);
              copyAll(
                  one.resolve("checkpoint"), out.resolve(tmp), f -> f.endsWith("json") ? null : f);
              Files.createFile(out.resolve(tmp).resolve("state.json"));
            },
            true,
            removed(tmp, "state.json is empty")),
        c(
            "first write, half a state.json (the earlier writer wrote it in place)",
            out -> {
              epoch1(out);
              copyAll(
                  one.resolve("checkpoint"), out.resolve(tmp), f -> f.endsWith("json") ? null : f);
              half(ck1("state.json"), out.resolve(tmp).resolve("state.json"));
            },
            true,
            removed(tmp, "state.json is not complete JSON")),
        c(
            "first write, an empty state.json already moved into checkpoint/ (the wedged folder)",
            out -> {
              epoch1(out);
              copyAll(
                  one.resolve("checkpoint"),
                  out.resolve("checkpoint"),
                  f -> f.endsWith("json") ? null : f);
              Files.createFile(out.resolve("checkpoint").resolve("state.json"));
            },
            true,
            removed("checkpoint", "state.json is empty")),
        c(
            "first write, a state.json whose optimizer state is cut short",
            out -> {
              epoch1(out);
              copyAll(one.resolve("checkpoint"), out.resolve(tmp), f -> f);
              half(ck1("vae-adam.bin"), out.resolve(tmp).resolve("vae-adam.bin"));
            },
            true,
            removed(tmp, "vae-adam.bin has @HALF bytes, not the @FULL recorded")),
        c(
            "first write, committed and not yet renamed",
            out -> {
              epoch1(out);
              copyAll(one.resolve("checkpoint"), out.resolve(tmp), f -> f);
            },
            true,
            null),
        c(
            "first write, half the parameters, without --resume",
            out -> {
              epoch1(out);
              half(ck1("vae-0000.params"), out.resolve(tmp).resolve("vae-0000.params"));
            },
            false,
            removed(tmp, "no state.json")),
        c(
            "first write, before checkpoint.tmp/ exists, without --resume",
            TrainInterruptedCheckpointTest::epoch1,
            false,
            null),
        // ---- the second checkpoint write: epoch 1's checkpoint is complete ----
        c(
            "second write, half the parameters",
            out -> {
              epoch2(out);
              half(
                  ref.resolve("checkpoint/vae-0000.params"),
                  out.resolve(tmp).resolve("vae-0000.params"));
            },
            true,
            "@O/"
                + tmp
                + ": incomplete checkpoint from an interrupted write (no state.json)"
                + after1),
        c(
            "second write, committed and not yet renamed",
            out -> {
              epoch2(out);
              copyAll(ref.resolve("checkpoint"), out.resolve(tmp), f -> f);
            },
            true,
            null),
        c(
            "second write, the previous checkpoint moved to checkpoint.old/",
            out -> {
              epoch2(out);
              copyAll(ref.resolve("checkpoint"), out.resolve(tmp), f -> f);
              Files.move(out.resolve("checkpoint"), out.resolve("checkpoint.old"));
            },
            true,
            null),
        c(
            "second write, the new checkpoint in place and checkpoint.old/ half deleted",
            out -> {
              epoch2(out);
              Files.move(out.resolve("checkpoint"), out.resolve("checkpoint.old"));
              Files.delete(out.resolve("checkpoint.old/vae-adam.bin"));
              copyAll(ref.resolve("checkpoint"), out.resolve("checkpoint"), f -> f);
            },
            true,
            null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cuts")
  void trainRecoversFromAKillAt(String name, Cut cut, boolean resume, String notice)
      throws Exception {
    Path out = t.resolve("cut-" + Math.abs(name.hashCode()));
    cut.make(out);
    CliRun r = CliRun.ok(train(out, 2, resume));
    if (notice == null) {
      assertEquals("", r.err().strip(), name);
    } else {
      String line =
          notice
              .replace("@O", out.toString())
              .replace("@HALF", Long.toString(Files.size(ck1("vae-adam.bin")) / 2))
              .replace("@FULL", Long.toString(Files.size(ck1("vae-adam.bin"))));
      assertEquals("candela train: " + line, r.err().strip(), name);
    }
    assertLikeTheUninterruptedRun(out);
  }

  /**
   * The folder is that of the uninterrupted run: a complete checkpoint after epoch 2, the same loss
   * history and training log (nothing lost, nothing of the killed run mixed in), and no temporary,
   * half-written or set-aside file or folder.
   */
  static void assertLikeTheUninterruptedRun(Path out) throws Exception {
    try (Stream<Path> s = Files.walk(out)) {
      List<Path> left =
          s.filter(
                  p -> {
                    String f = p.getFileName().toString();
                    return f.endsWith(".tmp") || f.endsWith(".old");
                  })
              .toList();
      assertEquals(List.of(), left, "left behind");
    }
    try (Stream<Path> s = Files.list(out)) {
      assertEquals(
          List.of(
              "checkpoint", "model.json", "training-log.csv", "training.png", "vae-0000.params"),
          s.map(p -> p.getFileName().toString()).sorted().toList());
    }
    Path ck = out.resolve("checkpoint");
    JsonNode state = ModelCard.json().readTree(ck.resolve("state.json").toFile());
    assertEquals(2, state.get("epochsDone").asInt());
    for (Map.Entry<String, JsonNode> e : state.get("files").properties()) {
      assertEquals(e.getValue().asLong(), Files.size(ck.resolve(e.getKey())), e.getKey());
    }
    JsonNode got = ModelCard.json().readTree(out.resolve("model.json").toFile());
    JsonNode want = ModelCard.json().readTree(ref.resolve("model.json").toFile());
    JsonNode gh = got.path("results").path("epochHistory");
    JsonNode wh = want.path("results").path("epochHistory");
    assertEquals(2, gh.size(), gh.toString());
    for (int e = 0; e < 2; e++) {
      for (Map.Entry<String, JsonNode> term : wh.get(e).properties()) {
        assertClose(term.getValue().asDouble(), gh.get(e).get(term.getKey()).asDouble(), term);
      }
    }
    List<String> log = Files.readAllLines(out.resolve("training-log.csv"));
    List<String> wantLog = Files.readAllLines(ref.resolve("training-log.csv"));
    assertEquals(wantLog.size(), log.size(), log.toString());
    for (int i = 0; i < log.size(); i++) {
      String a = wantLog.get(i);
      String b = log.get(i);
      int cut = a.lastIndexOf(',');
      assertEquals(a.substring(0, cut + 1), b.substring(0, Math.min(b.length(), cut + 1)), b);
      if (i > 0) {
        assertClose(
            Double.parseDouble(a.substring(cut + 1)), Double.parseDouble(b.substring(cut + 1)), b);
      }
    }
  }

  private static void assertClose(double want, double got, Object what) {
    assertTrue(Math.abs(want - got) <= SAME_RUN * Math.max(1, Math.abs(want)), what + ": " + got);
  }

  @Test
  void aCompleteCheckpointIsStillRefusedWithoutResumeAndLeftAsItIs() throws Exception {
    Path out = t.resolve("refused");
    epoch2(out);
    half(ref.resolve("checkpoint/vae-0000.params"), out.resolve("checkpoint.tmp/vae-0000.params"));
    List<String> before = listing(out);
    CliRun r = CliRun.of(train(out, 2, false));
    r.assertOneLineBadInput(
        out + ": already holds a model or checkpoint; pass --resume to continue it");
    assertEquals(before, listing(out));
  }

  @Test
  void resumeOfAFolderWithAModelButNoCheckpointIsStillRefused() throws Exception {
    Path out = t.resolve("finished");
    Files.createDirectories(out);
    for (String f : List.of("model.json", "vae-0000.params", "training-log.csv")) {
      copy(ref.resolve(f), out.resolve(f));
    }
    CliRun r = CliRun.of(train(out, 3, true));
    r.assertOneLineBadInput(out + ": --resume given but there is no checkpoint to resume");
  }

  @Test
  void aCheckpointOfTheEarlierFormatWithoutItsParametersIsOneLineNamingTheFile() throws Exception {
    // state.json as written before it listed the files: nothing to check the others against
    Path out = t.resolve("legacy");
    epoch1(out);
    Path ck = Files.createDirectories(out.resolve("checkpoint"));
    com.fasterxml.jackson.databind.node.ObjectNode state =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            ModelCard.json().readTree(ck1("state.json").toFile());
    state.remove("files");
    ModelCard.json().writeValue(ck.resolve("state.json").toFile(), state);
    copy(ck1("vae-adam.bin"), ck.resolve("vae-adam.bin"));
    CliRun r = CliRun.of(train(out, 2, true));
    r.assertOneLineBadInput(
        ck.resolve("vae-0000.params")
            + ": missing from the checkpoint; remove "
            + ck
            + " to start a new run");
  }

  @Test
  void theSnapshotsOfTheKilledRunAfterItsLastCheckpointAreRemoved() throws Exception {
    Path out = t.resolve("snapshots");
    epoch2(out);
    half(ref.resolve("checkpoint/vae-0000.params"), out.resolve("checkpoint.tmp/vae-0000.params"));
    Path snaps = Files.createDirectories(out.resolve("snapshots"));
    // epoch 1's snapshot (step 2) is before the checkpoint; epoch 2's and a cut rewrite are not
    Files.createDirectories(snaps.resolve("step-00000002"));
    Files.writeString(snaps.resolve("step-00000002/model.json"), "{}");
    Files.createDirectories(snaps.resolve("step-00000004"));
    Files.createDirectories(snaps.resolve("step-00000004.tmp"));
    Files.createDirectories(snaps.resolve("step-00000006.old"));
    CliRun.ok(train(out, 2, true));
    try (Stream<Path> s = Files.list(snaps)) {
      assertEquals(List.of("step-00000002"), s.map(p -> p.getFileName().toString()).toList());
    }
    assertEquals("{}", Files.readString(snaps.resolve("step-00000002/model.json")));
  }

  private static List<String> listing(Path out) throws Exception {
    try (Stream<Path> s = Files.walk(out)) {
      return s.map(p -> out.relativize(p) + " " + p.toFile().length()).sorted().toList();
    }
  }

  /**
   * A real kill: a {@code candela train} process (a JVM on the build's class path) is killed with
   * SIGKILL as soon as its first {@code checkpoint.tmp/} appears; wherever in the write (or just
   * after it) the kill lands, {@code train --resume} then ends like an uninterrupted run.
   */
  @Test
  void aRunKilledDuringItsFirstCheckpointWriteResumes() throws Exception {
    Path out = t.resolve("killed");
    Path log = t.resolve("killed.log");
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Dai.djl.offline=true");
    cmd.add("-cp");
    cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    cmd.add("dev.candela.cli.Main");
    for (Object a : train(out, 2, false)) {
      cmd.add(a.toString());
    }
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    started.add(p);
    Path tmp = out.resolve("checkpoint.tmp");
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
    while (!Files.exists(tmp) && p.isAlive() && System.nanoTime() < end) {
      Thread.sleep(1);
    }
    assertTrue(p.isAlive(), "ended before its first checkpoint:\n" + Files.readString(log));
    assertTrue(Files.exists(tmp), "no checkpoint.tmp/ in 300 s:\n" + Files.readString(log));
    p.destroyForcibly();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    CliRun r = CliRun.ok(train(out, 2, true));
    String err = r.err().strip();
    assertTrue(
        err.isEmpty()
            || (err.lines().count() == 1
                && err.startsWith("candela train: " + out)
                && (err.endsWith("starting from epoch 1") || err.contains("resuming after"))),
        err);
    assertLikeTheUninterruptedRun(out);
  }
}
