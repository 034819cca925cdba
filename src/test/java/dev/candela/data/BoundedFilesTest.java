package dev.candela.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.candela.BadInputException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whole-file reads with a limit: hostile image and JSON files are one line naming the file. */
class BoundedFilesTest {
  @TempDir Path dir;

  @Test
  void aPngThatLinksToDevZeroIsNamedNotReadForever() throws Exception {
    Path png = Files.createSymbolicLink(dir.resolve("7.png"), Path.of("/dev/zero"));
    BadInputException e = assertThrows(BadInputException.class, () -> OpenCvImages.readBgr(png));
    assertEquals(
        png + ": cannot read image: not a regular file (a link to /dev/zero)", e.getMessage());
  }

  @Test
  void aFileOverTheLimitIsNamedWithTheLimit() throws Exception {
    Path big = dir.resolve("big.png");
    try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(BoundedFiles.IMAGE_LIMIT + 1); // sparse: no disk used
    }
    BadInputException e = assertThrows(BadInputException.class, () -> OpenCvImages.readBgr(big));
    assertEquals(big + ": image of 256 MiB or more, over the 256 MiB limit", e.getMessage());
  }

  @Test
  void smallRegularFilesAreReadWholeAndFoldersAndMissingFilesNamed() throws Exception {
    Path f = Files.write(dir.resolve("a.json"), new byte[] {1, 2, 3});
    assertArrayEquals(new byte[] {1, 2, 3}, BoundedFiles.read(f, 3, "JSON"));
    assertEquals(
        f + ": JSON of 0 MiB or more, over the 0 MiB limit",
        assertThrows(BadInputException.class, () -> BoundedFiles.read(f, 2, "JSON")).getMessage());
    assertEquals(
        dir + ": cannot read JSON: a folder",
        assertThrows(BadInputException.class, () -> BoundedFiles.read(dir, 9, "JSON"))
            .getMessage());
    Path none = dir.resolve("none.json");
    assertEquals(
        none + ": cannot read JSON: no such file",
        assertThrows(BadInputException.class, () -> BoundedFiles.read(none, 9, "JSON"))
            .getMessage());
  }
}
