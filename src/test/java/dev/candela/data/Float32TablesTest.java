package dev.candela.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.candela.BadInputException;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Latent tables are float32 columns: a float32 {@code .npy} written by numpy comes back bit for bit
 * (any storage order and byte order), float64 is rounded as numpy's {@code astype(np.float32)}
 * rounds it, and factors are coded as they are read. The fixtures and the expected bits come from
 * {@code scripts/float32-fixtures.py} (numpy 2.4.6).
 */
class Float32TablesTest {

  /** numpy's {@code z.view(np.uint32).ravel()} of the float32 fixture (5 × 3, row-major). */
  private static final long[] F4_BITS = {
    0L,
    2147483648L,
    1036831949L,
    1L,
    8388608L,
    2139095039L,
    4286578687L,
    1078530011L,
    3224238164L,
    1051372203L,
    3028694973L,
    1178658486L,
    1056964608L,
    3212836864L,
    1199562752L
  };

  /**
   * numpy's {@code d.astype(np.float32).view(np.uint32).ravel()} of the float64 fixture (2 × 3).
   */
  private static final long[] F8_AS_F4_BITS = {
    1036831949L, 1065353216L, 1065353218L, 2147555010L, 2137108966L, 1059760811L
  };

  @TempDir Path dir;

  static Path res(String name) {
    try {
      return Path.of(Float32TablesTest.class.getResource("npy/" + name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void assertBits(long[] expected, int cols, float[][] values) {
    assertEquals(cols, values.length);
    for (int c = 0; c < cols; c++) {
      assertEquals(expected.length / cols, values[c].length);
      for (int r = 0; r < values[c].length; r++) {
        assertEquals(
            expected[r * cols + c],
            Integer.toUnsignedLong(Float.floatToRawIntBits(values[c][r])),
            "row " + r + ", column " + c);
      }
    }
  }

  @Test
  void float32NpyFromNumpyIsReadBitForBitInEveryLayout() throws Exception {
    for (String f :
        List.of("latents_f4.npy", "latents_f4_fortran.npy", "latents_f4_big_endian.npy")) {
      CodeTables.NumericTable t = CodeTables.readLatents(res(f));
      assertEquals(List.of("z0", "z1", "z2"), t.columns(), f);
      assertBits(F4_BITS, 3, t.values());
    }
  }

  @Test
  void float64NpyIsRoundedToFloat32AsNumpyRoundsIt() throws Exception {
    assertBits(F8_AS_F4_BITS, 3, CodeTables.readLatents(res("latents_f8.npy")).values());
  }

  @Test
  void largeFloat32TableRoundTripsAcrossReadBlocks() throws Exception {
    // more elements than one read block (2^20), an odd column count, random bit patterns
    int rows = 150_001;
    int cols = 7;
    float[] data = new float[rows * cols];
    SplittableRandom rng = new SplittableRandom(5);
    for (int i = 0; i < data.length; i++) {
      float v;
      do {
        v = Float.intBitsToFloat(rng.nextInt());
      } while (!Float.isFinite(v));
      data[i] = v;
    }
    Path p = dir.resolve("big.npy");
    NpyWriter.write(p, NpyDType.F4, new long[] {rows, cols}, false, data);
    float[][] back = CodeTables.readLatents(p).values();
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        if (Float.floatToRawIntBits(back[c][r]) != Float.floatToRawIntBits(data[r * cols + c])) {
          throw new AssertionError("row " + r + ", column " + c + " differs");
        }
      }
    }
  }

  @Test
  void valuesBeyondFloat32AreRefusedNamingTheValue() throws Exception {
    Path p = dir.resolve("wide.npy");
    NpyWriter.write(p, NpyDType.F8, new long[] {2, 2}, false, new double[] {0, 1, 2, 1e39});
    BadInputException e = assertThrows(BadInputException.class, () -> CodeTables.readLatents(p));
    assertEquals(
        p
            + ": latent value 1.0E39 at row 1, column 1 is beyond float32's range (latents are"
            + " held as float32)",
        e.getMessage());
    Path csv = Files.writeString(dir.resolve("wide.csv"), "a,b\n1,2\n3,-4e38\n");
    e = assertThrows(BadInputException.class, () -> CodeTables.readLatents(csv));
    assertEquals(
        csv
            + ":3: latent value -4e38 in column 2 (b) is beyond float32's range (latents are held"
            + " as float32)",
        e.getMessage());
  }

  @Test
  void integerFactorsAreCodedInValueOrderAsTheyAreRead() throws Exception {
    CodeTables.FactorTable t = CodeTables.readFactors(res("factors_i8_fortran.npy"));
    assertEquals(List.of("f0", "f1"), t.columns());
    assertArrayEquals(new int[] {1, 1, 0, 2}, t.codes()[0]);
    assertArrayEquals(new int[] {0, 1, 1, 0}, t.codes()[1]);
    assertEquals(List.of(0.0, 3.0, 100000.0), t.vocabularies().get(0));
    assertEquals(List.of(-1.0, 7.0), t.vocabularies().get(1));
  }

  @Test
  void floatingFactorsKeepNegativeZeroApartAsBefore() throws Exception {
    CodeTables.FactorTable t = CodeTables.readFactors(res("factors_f8.npy"));
    assertArrayEquals(new int[] {1, 0, 2}, t.codes()[0]);
    assertArrayEquals(new int[] {1, 1, 0}, t.codes()[1]);
    assertEquals(List.of(-0.0, 0.0, 1.5), t.vocabularies().get(0));
    assertEquals(List.of(-3.0, 2.5), t.vocabularies().get(1));
  }

  @Test
  void manyDistinctFactorValuesAreCoded() throws Exception {
    // beyond the direct table of small codes and through several rehashes
    int rows = 50_000;
    long[] v = new long[rows];
    for (int i = 0; i < rows; i++) {
      v[i] = (long) (i % 20_011) * 7919 - 1_000_000;
    }
    Path p = dir.resolve("many.npy");
    NpyWriter.write(p, NpyDType.I8, new long[] {rows}, false, v);
    CodeTables.FactorTable t = CodeTables.readFactors(p);
    assertEquals(20_011, t.vocabularies().get(0).size());
    for (int i = 0; i < rows; i++) {
      assertEquals(i % 20_011, t.codes()[0][i]);
    }
  }

  @Test
  void shapeIsKnownBeforeTheDataIsRead() throws Exception {
    CodeTables.Shape s = CodeTables.shape(res("latents_f4.npy")).orElseThrow();
    assertEquals(5, s.rows());
    assertEquals(3, s.columns());
    assertEquals(4, s.itemBytes());
    Path csv = Files.writeString(dir.resolve("l.csv"), "a\n1\n");
    assertEquals(java.util.Optional.empty(), CodeTables.shape(csv));
  }
}
