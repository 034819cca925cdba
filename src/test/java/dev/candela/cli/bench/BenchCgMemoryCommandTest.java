package dev.candela.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.cli.CliRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code bench cg-memory} on a small tiny-model run: one checkpoint per {@code --every} samples,
 * the models named, the growth line, and a DJL native array count that does not change.
 */
class BenchCgMemoryCommandTest {

  @Test
  void samplesMemoryAtEveryCheckpointOfTheRealJob() {
    CliRun r =
        CliRun.ok(
            "bench",
            "cg-memory",
            "--tiny",
            "--samples",
            "60",
            "--every",
            "20",
            "--chunk-size",
            "10",
            "--batch-size",
            "32",
            "--device",
            "cpu");
    assertTrue(r.out().contains("TINY RANDOM models (not the shipped ones)"), r.out());
    assertTrue(r.out().contains("chunks: 6 computed, 0 reused"), "the real job ran: " + r.out());
    List<String[]> rows =
        r.out()
            .lines()
            .filter(l -> l.matches("^(20|40|60) .*"))
            .map(l -> l.trim().split("\\s+"))
            .toList();
    assertEquals(3, rows.size(), r.out());
    String arrays = rows.get(0)[5];
    for (String[] row : rows) {
      assertEquals(arrays, row[row.length == 12 ? 6 : 5], "DJL arrays stay constant: " + r.out());
    }
    assertTrue(r.out().contains("growth per 20 samples from 40 to 60 samples: heap"), r.out());
    assertTrue(r.out().contains("DJL arrays +0.00"), r.out());
  }

  @Test
  void everyMustBeAMultipleOfTheChunkSize() {
    CliRun r =
        CliRun.of(
            "bench",
            "cg-memory",
            "--tiny",
            "--samples",
            "30",
            "--every",
            "15",
            "--chunk-size",
            "10");
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("--every (15) must be a multiple of --chunk-size (10)"), r.err());
  }

  @Test
  void procStatusReadsResidentMemory() {
    long[] kb = BenchCgMemoryCommand.procStatus();
    if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/self/status"))) {
      assertTrue(kb[0] > 0 && kb[1] > 0 && kb[2] >= 0, java.util.Arrays.toString(kb));
      assertTrue(kb[1] + kb[2] <= kb[0] + 1, "RssAnon + RssFile <= VmRSS");
    }
  }
}
