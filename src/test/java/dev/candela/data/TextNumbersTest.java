package dev.candela.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.candela.BadInputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TextNumbersTest {
  private static final Path FILE = Path.of("chunk-0003.csv");

  @Test
  void readsNumbers() throws Exception {
    assertEquals(-12, TextNumbers.parseInt(FILE, 1, "-12"));
    assertEquals(5_000_000_000L, TextNumbers.parseLong(FILE, 1, "5000000000"));
    assertEquals(0.25, TextNumbers.parseDouble(FILE, 1, "0.25"), 0.0);
  }

  @Test
  void aBadCellNamesTheFileLineAndText() {
    assertEquals(
        "chunk-0003.csv: line 7: 'x1' is not an integer",
        assertThrows(BadInputException.class, () -> TextNumbers.parseInt(FILE, 7, "x1"))
            .getMessage());
    assertEquals(
        "chunk-0003.csv: line 2: '5000000000' is not an integer",
        assertThrows(BadInputException.class, () -> TextNumbers.parseInt(FILE, 2, "5000000000"))
            .getMessage());
    assertEquals(
        "chunk-0003.csv: line 9: '' is not a number",
        assertThrows(BadInputException.class, () -> TextNumbers.parseDouble(FILE, 9, ""))
            .getMessage());
  }
}
