package dev.candela.synth;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.candela.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fast tests of {@link BlenderRenderer} that need no Blender: splitting, discovery, failures. */
class BlenderRendererTest {

  @Test
  void splitIsRoundRobin() {
    List<int[]> parts = BlenderRenderer.split(new int[] {10, 11, 12, 13, 14, 15, 16}, 3);
    assertEquals(3, parts.size());
    assertArrayEquals(new int[] {10, 13, 16}, parts.get(0));
    assertArrayEquals(new int[] {11, 14}, parts.get(1));
    assertArrayEquals(new int[] {12, 15}, parts.get(2));
  }

  @Test
  void splitNeverMakesEmptyParts() {
    assertEquals(2, BlenderRenderer.split(new int[] {5, 6}, 8).size());
    assertEquals(0, BlenderRenderer.split(new int[0], 4).size());
    assertRejects(() -> BlenderRenderer.split(new int[] {1}, 0), "got 0");
  }

  @Property
  void splitIsAPartitionWithBalancedSizes(
      @ForAll @IntRange(min = 0, max = 200) int n, @ForAll @IntRange(min = 1, max = 9) int w) {
    int[] ids = IntStream.range(0, n).map(i -> 3 * i + 1).toArray();
    List<int[]> parts = BlenderRenderer.split(ids, w);
    List<Integer> all = new ArrayList<>();
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (int[] p : parts) {
      assertTrue(p.length > 0);
      min = Math.min(min, p.length);
      max = Math.max(max, p.length);
      Arrays.stream(p).forEach(all::add);
    }
    Collections.sort(all);
    assertEquals(Arrays.stream(ids).boxed().toList(), all);
    assertTrue(parts.isEmpty() || max - min <= 1, "sizes " + min + ".." + max);
  }

  @Test
  void missingBlenderSaysWhereItLookedAndHowToFix(@TempDir Path dir) {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> BlenderRenderer.findBlender(null, Map.of("PATH", dir.toString())));
    assertEquals(
        "Blender not found: no Blender path given, BLENDER not set, no 'blender' on PATH; install"
            + " Blender 3.4+ (Debian: apt-get install blender) or set Blender path",
        e.getMessage());
    BadInputException env =
        assertThrows(
            BadInputException.class,
            () ->
                BlenderRenderer.findBlender(
                    null, Map.of("BLENDER", dir.resolve("nope").toString())));
    assertEquals(
        "Blender not found: BLENDER=" + dir.resolve("nope") + " is not a program",
        env.getMessage());
    BadInputException opt =
        assertThrows(
            BadInputException.class, () -> BlenderRenderer.findBlender(dir.resolve("x"), Map.of()));
    assertEquals(
        "Blender not found: Blender path " + dir.resolve("x") + " is not a program",
        opt.getMessage());
  }

  @Test
  void blenderIsFoundByOptionThenVariableThenPath(@TempDir Path dir) throws Exception {
    Path a = fakeProgram(dir.resolve("a"), "exit 0");
    Path b = fakeProgram(dir.resolve("b"), "exit 0");
    Path binDir = Files.createDirectory(dir.resolve("bin"));
    Path c = fakeProgram(binDir.resolve("blender"), "exit 0");
    String path = dir.resolve("empty") + ":" + binDir;
    assertEquals(a, BlenderRenderer.findBlender(a, Map.of("BLENDER", b.toString(), "PATH", path)));
    assertEquals(
        b, BlenderRenderer.findBlender(null, Map.of("BLENDER", b.toString(), "PATH", path)));
    assertEquals(c, BlenderRenderer.findBlender(null, Map.of("PATH", path)));
  }

  @Test
  void scriptIsFoundInTheCheckout() throws Exception {
    Path script = BlenderRenderer.findScript(null);
    assertEquals(
        Path.of("blender-scripts", "render_candle.py"),
        script.subpath(script.getNameCount() - 2, script.getNameCount()));
  }

  @Test
  void progressLinesAreCountedAndEveryWorkerGetsItsIds(@TempDir Path dir) throws Exception {
    // A stand-in for Blender that reports each id of its id file as rendered.
    BlenderRenderer r =
        fakeBlender(
            dir,
            "while [ \"$1\" != \"--id-file\" ]; do shift; done\n"
                + "echo 'Fra:1 Mem:1M | noise'\n"
                + "while read id; do echo \"CANDELA_PROGRESS $id rendered 0.1\"; done < \"$2\"\n");
    List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
    BlenderRenderer.Summary s = r.render(new int[] {0, 1, 2, 3, 4, 7, 9}, 3, seen::add);
    assertEquals(new BlenderRenderer.Summary(7, 0, 0, 3), s);
    Collections.sort(seen);
    assertEquals(List.of(0, 1, 2, 3, 4, 7, 9), seen);
  }

  @Test
  void aFailingWorkerIsReportedWithItsStderrTail(@TempDir Path dir) throws Exception {
    BlenderRenderer r =
        fakeBlender(
            dir,
            "echo 'some log line'\n"
                + "echo 'render_candle.py: error: /x/rules.json: cannot read the rules' >&2\n"
                + "exit 1\n");
    BlenderRenderer.WorkerFailure e =
        assertThrows(
            BlenderRenderer.WorkerFailure.class, () -> r.render(new int[] {1, 2}, 1, id -> {}));
    assertEquals(
        "Blender worker 1 of 1 failed with exit code 1: render_candle.py: error: /x/rules.json:"
            + " cannot read the rules",
        e.getMessage());
    assertTrue(e.tail().contains("some log line"), e.tail().toString());
  }

  @Test
  void optionsRejectBadValues(@TempDir Path dir) {
    assertEquals(
        "engine must be cycles, workbench or eevee, got 'luxcore'",
        optionsRefusal(dir, "luxcore", 1));
    assertEquals("samples must be >= 1, got 0", optionsRefusal(dir, "cycles", 0));
  }

  /** The message of the refusal of options with this engine and sample count. */
  private static String optionsRefusal(Path dir, String engine, int samples) {
    return assertThrows(
            IllegalArgumentException.class,
            () ->
                new BlenderRenderer.Options(
                    dir, dir, dir, engine, samples, 0, "published", null, null, null, 0))
        .getMessage();
  }

  private static BlenderRenderer.Options options(Path blender, Path dir) {
    return new BlenderRenderer.Options(
        blender,
        dir.resolve("script.py"),
        dir.resolve("out"),
        "workbench",
        1,
        0,
        "published",
        null,
        null,
        null,
        1);
  }

  /** A renderer whose Blender is {@code dir/blender}, a shell script with this body. */
  private static BlenderRenderer fakeBlender(Path dir, String body) throws IOException {
    return new BlenderRenderer(options(fakeProgram(dir.resolve("blender"), body), dir));
  }

  private static Path fakeProgram(Path file, String body) throws IOException {
    assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "needs /bin/sh for a stand-in program");
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }
}
