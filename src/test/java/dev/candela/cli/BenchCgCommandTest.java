package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code bench cg} runs on a tiny configuration and prints every path with the same CG. */
class BenchCgCommandTest {

  @Test
  void printsAllPathsWithTheSameCg() {
    CliRun r =
        CliRun.of(
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
            "16");
    assertEquals(0, r.exit(), r.err());
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
  void rejectsNonPositiveSizes() {
    CliRun r = CliRun.of("bench", "cg", "--samples", "0");
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("must be positive"), r.err());
  }
}
