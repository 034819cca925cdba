package dev.candela.data.npy;

import static dev.candela.MessageAssertions.assertBadInput;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reads files written by numpy 2.4 (committed under {@code
 * src/test/resources/dev/candela/data/npy}). They were produced with exactly these Python lines
 * ({@code import numpy as np}):
 *
 * <pre>
 * np.save('f8_c.npy', np.arange(6, dtype='&lt;f8').reshape(2, 3) / 4)
 * np.save('i4_fortran.npy', np.asfortranarray(np.arange(24, dtype='&lt;i4').reshape(2, 3, 4)))
 * np.save('i2_big.npy', np.array([[1, -2, 300], [-32768, 32767, 0]], dtype='&gt;i2'))
 * np.save('f8_big_fortran.npy', np.asfortranarray(np.array([[1.5, -2.25], [3e10, -0.0], [7, 8]], dtype='&gt;f8')))
 * with open('u1_v2.npy', 'wb') as f: np.lib.format.write_array(f, np.array([0, 1, 255, 128], dtype='u1'), version=(2, 0))
 * with open('f4_v3.npy', 'wb') as f: np.lib.format.write_array(f, np.array([[0.5, -1.0]], dtype='&lt;f4'), version=(3, 0))
 * np.savez('with_object.npz', imgs=np.array([[[0, 1], [1, 0]], [[1, 1], [0, 0]]], dtype=np.uint8),
 *          latents_classes=np.array([[0, 1], [2, 3]], dtype='&lt;i8'), metadata=np.array({'a': 1}, dtype=object))
 * np.savez_compressed('compressed.npz', a=np.arange(100, dtype='&lt;i8').reshape(10, 10),
 *          b=np.asfortranarray(np.arange(6, dtype='&lt;f4').reshape(2, 3)), c=np.array([True, False, True]),
 *          d=np.arange(-3, 3, dtype='i1'))
 * </pre>
 */
class NpyFixturesTest {
  private static final double EXACT = 0.0;

  static Path res(String name) {
    try {
      return Path.of(NpyFixturesTest.class.getResource(name).toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void readsCOrderDoubles() throws Exception {
    try (NpyArray a = NpyArray.open(res("f8_c.npy"))) {
      assertArrayEquals(new long[] {2, 3}, a.shape());
      assertEquals(NpyDType.F8, a.dtype());
      assertFalse(a.fortranOrder());
      assertEquals(6, a.size());
      assertArrayEquals(new double[] {0, 0.25, 0.5, 0.75, 1, 1.25}, a.readAllDoubles(), EXACT);
      assertArrayEquals(new double[] {0.75, 1.0}, a.readDoubles(3, 2), EXACT);
      double[][] m = a.readDoubleMatrix();
      assertArrayEquals(new double[] {0.75, 1, 1.25}, m[1], EXACT);
      assertEquals(1, a.header().major());
    }
  }

  @Test
  void readsFortranOrderInCOrder() throws Exception {
    try (NpyArray a = NpyArray.open(res("i4_fortran.npy"))) {
      assertTrue(a.fortranOrder());
      assertArrayEquals(new long[] {2, 3, 4}, a.shape());
      int[] expect = new int[24];
      for (int i = 0; i < 24; i++) {
        expect[i] = i;
      }
      assertArrayEquals(expect, a.readInts(0, 24));
      assertArrayEquals(new long[] {13, 14, 15, 16}, a.readLongs(13, 4));
      assertArrayEquals(new float[] {23f}, a.readFloats(23, 1), 0f);
    }
  }

  @Test
  void readsBigEndian() throws Exception {
    try (NpyArray a = NpyArray.open(res("i2_big.npy"))) {
      assertEquals(new NpyDType(NpyType.INT16, ByteOrder.BIG_ENDIAN), a.dtype());
      assertEquals(">i2", a.dtype().descr());
      assertArrayEquals(new int[][] {{1, -2, 300}, {-32768, 32767, 0}}, a.readIntMatrix());
    }
    try (NpyArray a = NpyArray.open(res("f8_big_fortran.npy"))) {
      assertTrue(a.fortranOrder());
      assertArrayEquals(new double[] {1.5, -2.25, 3e10, -0.0, 7, 8}, a.readAllDoubles(), EXACT);
    }
  }

  @Test
  void readsVersions2And3() throws Exception {
    try (NpyArray a = NpyArray.open(res("u1_v2.npy"))) {
      assertEquals(2, a.header().major());
      assertArrayEquals(new byte[] {0, 1, (byte) 255, (byte) 128}, a.readBytes(0, 4));
      assertArrayEquals(new double[] {0, 1, 255, 128}, a.readAllDoubles(), EXACT);
      assertArrayEquals(new float[] {255, 128}, a.readFloats(2, 2), 0f);
    }
    try (NpyArray a = NpyArray.open(res("f4_v3.npy"))) {
      assertEquals(3, a.header().major());
      assertArrayEquals(new float[] {0.5f, -1f}, a.readFloats(0, 2), 0f);
    }
  }

  @Test
  void npzWithObjectArrayListsItButRefusesToReadIt() throws Exception {
    try (NpzFile z = NpzFile.open(res("with_object.npz"))) {
      assertEquals(List.of("imgs", "latents_classes", "metadata"), z.keys());
      assertEquals(NpyType.OBJECT, z.header("metadata").dtype().type());
      assertBadInput(
          () -> z.array("metadata"), "with_object.npz[metadata]", "object array (dtype '|O'");
      try (NpyArray imgs = z.array("imgs")) {
        assertArrayEquals(new long[] {2, 2, 2}, imgs.shape());
        assertArrayEquals(new byte[] {0, 1, 1, 0, 1, 1, 0, 0}, imgs.readBytes(0, 8));
      }
      try (NpyArray c = z.array("latents_classes")) {
        assertArrayEquals(new long[][] {{0, 1}, {2, 3}}, c.readLongMatrix());
      }
      assertBadInput(() -> z.array("nope"), "no array 'nope'");
    }
  }

  @Test
  void compressedNpz() throws Exception {
    try (NpzFile z = NpzFile.open(res("compressed.npz"))) {
      assertTrue(z.entries().stream().allMatch(NpzFile.NpzEntry::compressed));
      try (NpyArray a = z.array("a")) {
        assertArrayEquals(new long[] {50, 51, 52}, a.readLongs(50, 3));
        // a backwards read switches to the inflated temporary copy
        assertArrayEquals(new long[] {7}, a.readLongs(7, 1));
        assertArrayEquals(new long[] {99}, a.readLongs(99, 1));
      }
      try (NpyArray b = z.array("b")) {
        assertTrue(b.fortranOrder());
        assertArrayEquals(new double[] {0, 1, 2, 3, 4, 5}, b.readAllDoubles(), EXACT);
      }
      try (NpyArray c = z.array("c")) {
        assertEquals(NpyDType.BOOL, c.dtype());
        assertArrayEquals(new int[] {1, 0, 1}, c.readInts(0, 3));
      }
      try (NpyArray d = z.array("d")) {
        assertArrayEquals(new byte[] {-3, -2, -1, 0, 1, 2}, d.readBytes(0, 6));
      }
    }
  }
}
