package dev.candela.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.cli.CliRun;
import org.junit.jupiter.api.Test;

/** {@code bench cg} runs on a tiny configuration and prints every path with the same CG. */
class BenchCgCommandTest {

  @Test
  void printsAllPathsWithTheSameCg() {
    CliRun r =
        CliRun.ok(
            "bench",
            "cg",
            "--samples",
            "3",
            "--latents",
            "4",
            "--hidden",
            "8",
            "--image",
            "6",
            "--factor-sizes",
            "2,3",
            "--batch",
            "16",
            "--no-djl");
    java.util.List<String> lines = r.out().lines().toList();
    java.util.List<String> paths =
        lines.stream().filter(l -> l.startsWith("batched") || l.startsWith("one ")).toList();
    assertEquals(3, paths.size(), r.out());
    java.util.Set<String> cg =
        paths.stream()
            .map(l -> l.substring(l.lastIndexOf(' ') + 1))
            .collect(java.util.stream.Collectors.toSet());
    assertEquals(1, cg.size(), "every path gives the same CG: " + r.out());
    assertTrue(r.out().contains("one image per call"), r.out());
  }

  @Test
  void djlRowsReportRatesAndFlatNativeCounts() {
    CliRun r =
        CliRun.ok(
            "bench",
            "cg",
            "--samples",
            "4",
            "--loop-samples",
            "1",
            "--chunk",
            "2",
            "--djl-batch",
            "16",
            "--matmul",
            "64",
            "--device",
            "cpu",
            "--latents",
            "2",
            "--hidden",
            "4",
            "--image",
            "4",
            "--factor-sizes",
            "2,2",
            "--batch",
            "8");
    java.util.List<String> lines = r.out().lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("djl batched ")), r.out());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("djl one sample per call ")), r.out());
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("djl matmul 64×64 ")), r.out());
    String mem = lines.stream().filter(l -> l.startsWith("memory:")).findFirst().orElseThrow();
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile(
                "attached arrays (\\d+) \\(in inference managers 0\\);"
                    + " end \\(after 2 chunks, 4 samples\\).*attached arrays (\\d+)"
                    + " \\(in inference managers 0\\)")
            .matcher(mem);
    assertTrue(m.find(), mem);
    assertEquals(m.group(1), m.group(2), mem);
  }

  @Test
  void rejectsNonPositiveSizes() {
    CliRun r = CliRun.of("bench", "cg", "--samples", "0");
    r.assertBadInput("must be positive");
  }
}
