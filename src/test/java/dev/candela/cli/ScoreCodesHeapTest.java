package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code candela score-codes} on a table its heap cannot hold, as a user meets it: a real process
 * with {@code -Xmx64m} refuses before reading the data, in one line with exit code 2.
 */
class ScoreCodesHeapTest {

  @TempDir Path dir;

  @Test
  void aSmallHeapRefusesBeforeReadingInOneLine() throws Exception {
    int rows = 100_000;
    Path lat = dir.resolve("L.npy");
    Path fac = dir.resolve("F.npy");
    NpyWriter.write(lat, NpyDType.F4, new long[] {rows, 8}, false, new float[rows * 8]);
    NpyWriter.write(fac, NpyDType.I4, new long[] {rows, 1}, false, new int[rows]);
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx64m");
    cmd.add("-Dai.djl.offline=true");
    cmd.add("-cp");
    cmd.add(System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")));
    cmd.add("dev.candela.cli.Main");
    cmd.addAll(List.of("score-codes", "--factors", fac.toString(), "--latents", lat.toString()));
    Path log = dir.resolve("err.txt");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "score-codes did not end");
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    assertEquals(2, p.exitValue(), String.join("\n", lines));
    assertEquals(1, lines.size(), String.join("\n", lines));
    String expected =
        "candela score-codes: "
            + Pattern.quote(lat + " and " + fac)
            + ": 100000 rows × 8 latents and 1 factors need about \\d+ MiB of memory \\(table \\d+"
            + " MiB, scoring \\d+ MiB\\), the Java heap allows 64 MiB; run with"
            + " CANDELA_JAVA_OPTS=-Xmx1g \\(java -Xmx1g\\) or with fewer rows";
    assertTrue(lines.get(0).matches(expected), lines.get(0));
  }
}
