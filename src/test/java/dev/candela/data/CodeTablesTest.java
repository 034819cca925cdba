package dev.candela.data;

import static dev.candela.MessageAssertions.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.TempTextFiles;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading latent and factor tables from CSV and npy, and the one-line errors for bad input. */
class CodeTablesTest extends TempTextFiles {

  private static final float EXACT = 0f;

  @Test
  void readsLatentCsvColumnWise() throws Exception {
    Path p = write("l.csv", "a,b\n1.5,-2\n0.25,3e2\n");
    CodeTables.NumericTable t = CodeTables.readLatents(p);
    assertEquals(List.of("a", "b"), t.columns());
    assertEquals(2, t.rows());
    assertArrayEquals(new float[] {1.5f, 0.25f}, t.values()[0], EXACT);
    assertArrayEquals(new float[] {-2, 300}, t.values()[1], EXACT);
  }

  @Test
  void mapsFactorValuesToSortedCodes() throws Exception {
    Path p = write("f.csv", "shape,size\nheart,2\nsquare,1.5\nheart,2.5\nellipse,2\n");
    CodeTables.FactorTable t = CodeTables.readFactors(p);
    assertEquals(List.of("ellipse", "heart", "square"), t.vocabularies().get(0));
    assertArrayEquals(new int[] {1, 2, 1, 0}, t.codes()[0]);
    assertEquals(List.of(1.5, 2.0, 2.5), t.vocabularies().get(1));
    assertArrayEquals(new int[] {1, 0, 2, 1}, t.codes()[1]);
    assertTrue(t.numeric(1));
  }

  @Test
  void integerFactorsSortNumericallyNotAsText() throws Exception {
    Path p = write("f.csv", "x\n10\n9\n1\n");
    CodeTables.FactorTable t = CodeTables.readFactors(p);
    assertEquals(List.of(1.0, 9.0, 10.0), t.vocabularies().get(0));
    assertArrayEquals(new int[] {2, 1, 0}, t.codes()[0]);
  }

  /** Latent tables with one bad row or value, and what the refusal says after the path. */
  static Stream<Arguments> badLatentTables() {
    return Stream.of(
        Arguments.of("a,b\n1,2\n3,oops\n", ":3: non-numeric value 'oops' in column 2 (b)"),
        Arguments.of("a,b\n1,NaN\n", ":2: latent value NaN in column 2 (b) is not finite"),
        Arguments.of("a,b\n1,2\n3\n", ":3: row has 1 columns, the header has 2"));
  }

  @ParameterizedTest
  @MethodSource("badLatentTables")
  void badLatentValueOrRowNamesFileLineAndColumn(String text, String says) throws Exception {
    Path p = write("l.csv", text);
    BadInputException e = assertThrows(BadInputException.class, () -> CodeTables.readLatents(p));
    assertEquals(p + says, e.getMessage());
  }

  @Test
  void infiniteLatentIsRejected() throws Exception {
    Path p = write("l.csv", "a\nInfinity\n");
    assertBadInput(() -> CodeTables.readLatents(p), "Infinity in column 1 (a) is not finite");
  }

  @Test
  void emptyFileAndHeaderOnlyAreErrors() throws Exception {
    Path empty = write("e.csv", "");
    assertEquals(
        empty + ": empty file (expected a header row)",
        assertThrows(BadInputException.class, () -> CodeTables.readLatents(empty)).getMessage());
    Path header = write("h.csv", "a,b\n");
    assertEquals(
        header + ": no data rows after the header",
        assertThrows(BadInputException.class, () -> CodeTables.readFactors(header)).getMessage());
  }

  @Test
  void missingFileIsAnError() {
    Path p = dir.resolve("nope.csv");
    BadInputException e = assertThrows(BadInputException.class, () -> CodeTables.readLatents(p));
    assertEquals(p + ": no such file", e.getMessage());
  }

  @Test
  void readsNpyLatentsAndFactorsWithNamedErrors() throws Exception {
    Path lat = dir.resolve("l.npy");
    NpyWriter.write(lat, NpyDType.F4, new long[] {3, 2}, false, new float[] {1, 2, 3, 4, 5, 6});
    CodeTables.NumericTable t = CodeTables.readLatents(lat);
    assertEquals(List.of("z0", "z1"), t.columns());
    assertArrayEquals(new float[] {1, 3, 5}, t.values()[0], EXACT);
    assertArrayEquals(new float[] {2, 4, 6}, t.values()[1], EXACT);

    Path fac = dir.resolve("f.npy");
    NpyWriter.write(fac, NpyDType.I8, new long[] {3}, false, new long[] {7, 3, 7});
    CodeTables.FactorTable f = CodeTables.readFactors(fac);
    assertArrayEquals(new int[] {1, 0, 1}, f.codes()[0]);

    Path bad = dir.resolve("nan.npy");
    NpyWriter.write(bad, NpyDType.F8, new long[] {2, 2}, false, new double[] {0, 1, Double.NaN, 2});
    BadInputException e = assertThrows(BadInputException.class, () -> CodeTables.readLatents(bad));
    assertEquals(bad + ": latent value NaN at row 1, column 0 is not finite", e.getMessage());

    Path cube = dir.resolve("cube.npy");
    NpyWriter.write(cube, NpyDType.F8, new long[] {1, 1, 1}, false, new double[] {0});
    assertTrue(
        assertThrows(BadInputException.class, () -> CodeTables.readLatents(cube))
            .getMessage()
            .contains("expected a 1-D or 2-D array"));
  }

  @Test
  void csvRoundTripKeepsValues() throws Exception {
    Path p = dir.resolve("out.csv");
    CodeTables.writeCsv(p, List.of("u", "v"), new double[][] {{0.1, 2}, {-3.5, 1e-7}});
    CodeTables.NumericTable t = CodeTables.readLatents(p);
    // latents are held as float32: the doubles come back as their nearest floats
    assertArrayEquals(new float[] {0.1f, 2}, t.values()[0], EXACT);
    assertArrayEquals(new float[] {-3.5f, 1e-7f}, t.values()[1], EXACT);
  }
}
