package dev.candela.evaluate.cf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.candela.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kept codes read back bit for bit, and a file for other samples is refused naming the line.
 */
class CodesFileTest {
  @TempDir Path tmp;

  @Test
  void codesReadBackBitForBit() throws Exception {
    Path f = tmp.resolve("codes.csv");
    long[] idx = {2, 5, 9};
    float[][] z = {{0.1f, -3.25e-7f}, {Float.MIN_VALUE, 1f / 3f}, {-0f, 123456.78f}};
    CodesFile.write(f, idx, z);
    float[][] back = CodesFile.read(f, idx, 2);
    for (int i = 0; i < z.length; i++) {
      assertArrayEquals(z[i], back[i], 0f);
    }
  }

  @Test
  void otherSamplesAndShortRowsAreNamed() throws Exception {
    Path f = tmp.resolve("codes.csv");
    CodesFile.write(f, new long[] {2, 5}, new float[][] {{1f, 2f}, {3f, 4f}});
    BadInputException other =
        assertThrows(BadInputException.class, () -> CodesFile.read(f, new long[] {2, 6}, 2));
    assertEquals(f + ": line 3 is sample 5, expected 6", other.getMessage());
    Files.writeString(f, "sample,z0,z1\n2,1.0\n");
    BadInputException shortRow =
        assertThrows(BadInputException.class, () -> CodesFile.read(f, new long[] {2}, 2));
    assertEquals(
        f + ": line 2 has 2 columns, expected sample and 2 latents (1 rows)",
        shortRow.getMessage());
  }
}
