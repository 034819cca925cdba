package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.TestDatasets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, defects 7 and 13: an empty folder is reported as holding no samples, and validate and
 * inspect read array datasets (npz) as well as folders.
 */
class DatasetEmptyAndArrayTest {
  @TempDir Path tmp;

  @Test
  void validateInspectAndEncodeSayAnEmptyFolderHoldsNoSamples() throws Exception {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    String want = empty + ": the folder holds no samples";
    for (String[] args :
        new String[][] {
          {"dataset", "validate", empty.toString()},
          {"dataset", "inspect", empty.toString()},
          {
            "encode",
            "--dataset",
            empty.toString(),
            "--model",
            "models/dsprites-beta-vae",
            "--out",
            tmp.resolve("o").toString()
          }
        }) {
      CliRun r = CliRun.of(args);
      assertEquals(2, r.exit(), String.join(" ", args) + ": " + r.err());
      assertEquals(1, r.err().lines().count(), r.err());
      assertTrue(r.err().contains(want), r.err());
    }
    assertTrue(Files.notExists(tmp.resolve("o")));
  }

  @Test
  void validateAndInspectReadADspritesNpz() throws Exception {
    Path npz = TestDatasets.dsprites(tmp.resolve("d.npz"), 500, 2);
    CliRun.ok("dataset", "validate", npz);
    CliRun i = CliRun.ok("dataset", "inspect", npz);
    assertTrue(i.out().contains("samples: 500"), i.out());
  }
}
