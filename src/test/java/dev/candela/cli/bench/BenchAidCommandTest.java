package dev.candela.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.cli.CliRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bench aid} on a tiny limit prints one search row per method and density. */
class BenchAidCommandTest {
  @Test
  void searchPrintsGadjidBeside() {
    CliRun r =
        CliRun.ok(
            "bench", "aid", "--no-fixed", "--limit-s", "0.05", "--total-s", "2", "--start", "8");
    List<String> rows =
        r.out().lines().filter(l -> l.matches("^(ancestor|oset|parent)_aid .*")).toList();
    assertEquals(6, rows.size(), r.out());
    assertTrue(rows.get(4).contains("13601"), rows.get(4));
    assertTrue(rows.get(5).contains("962"), rows.get(5));
  }

  @Test
  void badOptionIsOneLine() {
    CliRun r = CliRun.of("bench", "aid", "--reps", "0");
    r.assertBadInput("--reps must be >= 1, got 0");
  }
}
