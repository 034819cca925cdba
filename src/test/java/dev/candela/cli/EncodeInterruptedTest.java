package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.data.npy.NpzWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 14, defect 1: an encode run that stops part-way (here: a bad factor code in the last batch)
 * leaves no latents.csv/factors.csv with a fraction of the rows under the final names.
 */
class EncodeInterruptedTest {
  @TempDir Path tmp;

  /** A 120-image dSprites-layout npz whose row {@code badRow} has an out-of-range shape code. */
  static Path npzWithBadCode(Path file, int n, int badRow) throws Exception {
    try (NpzWriter z = NpzWriter.create(file)) {
      try (NpyWriter w = z.add("imgs", NpyDType.U1, new long[] {n, 64, 64}, false)) {
        byte[] img = new byte[64 * 64];
        for (int i = 0; i < n; i++) {
          img[i % img.length] = 1;
          w.writeBytes(img, 0, img.length);
        }
      }
      try (NpyWriter w = z.add("latents_classes", NpyDType.I8, new long[] {n, 6}, false)) {
        for (int i = 0; i < n; i++) {
          w.writeInts(new int[] {0, i == badRow ? 7 : i % 3, i % 6, i % 40, i % 32, i % 32}, 0, 6);
        }
      }
    }
    return file;
  }

  @Test
  void aRunThatFailsAfterTwoBatchesLeavesNoPartialCsv() throws Exception {
    Path data = npzWithBadCode(tmp.resolve("bad.npz"), 120, 110);
    Path out = tmp.resolve("enc");
    CliRun r =
        CliRun.of(
            EncodeCommandTest.encode(data, "0", "--batch-size", "50", "--quiet", "--out", out));
    assertEquals(2, r.exit(), r.err());
    assertTrue(r.err().contains("code 7 of factor 'shape' at sample 110"), r.err());
    assertFalse(Files.exists(out.resolve("latents.csv")), "partial latents.csv left behind");
    assertFalse(Files.exists(out.resolve("factors.csv")), "partial factors.csv left behind");
    assertFalse(Files.exists(out), "an empty or temporary-file --out folder is left behind");
    try (Stream<Path> s = Files.list(tmp)) {
      assertEquals(1, s.count(), "only the dataset remains");
    }
  }
}
