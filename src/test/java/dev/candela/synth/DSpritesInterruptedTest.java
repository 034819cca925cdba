package dev.candela.synth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 14, defect 2: a generator stopped part-way leaves no truncated npz at the final name. */
class DSpritesInterruptedTest {
  @TempDir Path tmp;

  @Test
  void aStopAfterTheFirstImagesLeavesNoFileAtTheFinalName() throws Exception {
    Path out = tmp.resolve("d.npz");
    long[] idx = DSpritesGenerator.chooseIndices(3000, 1);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                DSpritesGenerator.write(
                    out,
                    idx,
                    k -> {
                      if (k >= 2048) {
                        throw new IllegalStateException("killed at " + k);
                      }
                    }));
    assertEquals("killed at 2048", e.getMessage());
    try (Stream<Path> s = Files.list(tmp)) {
      assertEquals(List.of(), s.toList());
    }
    DSpritesGenerator.write(out, idx, k -> {});
    try (Stream<Path> s = Files.list(tmp)) {
      assertEquals(List.of(out), s.toList());
    }
  }
}
