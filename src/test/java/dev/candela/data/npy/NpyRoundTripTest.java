package dev.candela.data.npy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Write-then-read round trips for every dtype, byte order and storage order. */
class NpyRoundTripTest {
  private static final double EXACT = 0.0;
  private static final long[] SHAPE = {3, 4, 5};

  @TempDir Path tmp;

  static List<NpyDType> allDtypes() {
    List<NpyDType> out = new ArrayList<>();
    for (NpyType t : NpyType.values()) {
      if (t == NpyType.OBJECT) {
        continue;
      }
      out.add(new NpyDType(t, ByteOrder.LITTLE_ENDIAN));
      if (t.itemSize() > 1) {
        out.add(new NpyDType(t, ByteOrder.BIG_ENDIAN));
      }
    }
    return out;
  }

  /** Values representable in every dtype: 0/1 for bool, else -50..69 (and fractions for floats). */
  static double[] values(NpyDType d, int n) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      switch (d.type()) {
        case BOOL:
          v[i] = (i * 7) % 3 == 0 ? 1 : 0;
          break;
        case UINT8:
          v[i] = (i * 37) % 256;
          break;
        case FLOAT32:
        case FLOAT64:
          v[i] = (i - 30) * 0.25;
          break;
        default:
          v[i] = i - 50;
      }
    }
    return v;
  }

  @Test
  void npyRoundTripEveryDtypeAndOrderWithSmallWindows() throws Exception {
    int n = 60;
    for (NpyDType d : allDtypes()) {
      for (boolean fortran : new boolean[] {false, true}) {
        Path f = tmp.resolve(d.type() + "-" + d.order() + "-" + fortran + ".npy");
        double[] v = values(d, n);
        NpyWriter.write(f, d, SHAPE, fortran, v);
        for (long window : new long[] {7, MappedSource.DEFAULT_WINDOW}) {
          try (NpyArray a = NpyArray.open(f, window)) {
            String what = d + " fortran=" + fortran + " window=" + window;
            assertEquals(d, a.dtype(), what);
            assertEquals(fortran, a.fortranOrder(), what);
            assertArrayEquals(SHAPE, a.shape(), what);
            assertArrayEquals(v, a.readAllDoubles(), EXACT, what);
            assertArrayEquals(slice(v, 17, 23), a.readDoubles(17, 23), EXACT, what);
            float[] fl = a.readFloats(0, n);
            for (int i = 0; i < n; i++) {
              assertEquals((float) v[i], fl[i], EXACT, what);
            }
            if (d.type().isInteger()) {
              long[] l = a.readLongs(5, 40);
              int[] in = a.readInts(5, 40);
              for (int i = 0; i < 40; i++) {
                assertEquals(v[5 + i], l[i], EXACT, what);
                assertEquals(v[5 + i], in[i], EXACT, what);
              }
            }
            if (d.itemSize() == 1) {
              byte[] b = a.readBytes(0, n);
              for (int i = 0; i < n; i++) {
                assertEquals((byte) (long) v[i], b[i], what);
              }
            }
          }
        }
      }
    }
  }

  private static double[] slice(double[] v, int from, int len) {
    double[] s = new double[len];
    System.arraycopy(v, from, s, 0, len);
    return s;
  }

  @Test
  void npzRoundTripStoredIsAValidZipAndReadsBackWithAndWithoutZip64() throws Exception {
    for (long threshold : new long[] {1L, 0xFFFFFFFFL}) {
      Path f = tmp.resolve("t" + threshold + ".npz");
      List<NpyDType> dts = allDtypes();
      try (NpzWriter w = NpzWriter.create(f, threshold)) {
        for (int k = 0; k < dts.size(); k++) {
          NpyDType d = dts.get(k);
          w.put("a" + k, d, SHAPE, k % 2 == 1, values(d, 60));
        }
      }
      // java.util.zip agrees on names, sizes and CRCs (ZipInputStream verifies the CRC).
      try (ZipFile zf = new ZipFile(f.toFile())) {
        assertEquals(dts.size(), zf.size());
      }
      try (InputStream in = Files.newInputStream(f);
          ZipInputStream zin = new ZipInputStream(in)) {
        int count = 0;
        for (ZipEntry e; (e = zin.getNextEntry()) != null; ) {
          zin.readAllBytes();
          count++;
        }
        assertEquals(dts.size(), count);
      }
      for (long window : new long[] {5, MappedSource.DEFAULT_WINDOW}) {
        try (NpzFile z = NpzFile.open(f, window)) {
          assertEquals(dts.size(), z.keys().size());
          for (int k = 0; k < dts.size(); k++) {
            NpzFile.NpzEntry e = z.entries().get(k);
            assertFalse(e.compressed());
            try (NpyArray a = z.array("a" + k)) {
              assertEquals(dts.get(k), a.dtype());
              assertEquals(k % 2 == 1, a.fortranOrder());
              assertArrayEquals(values(dts.get(k), 60), a.readAllDoubles(), EXACT, "a" + k);
            }
          }
        }
      }
    }
  }

  @Test
  void streamedWritingRowByRowAndDeterministicBytes() throws Exception {
    Path f1 = tmp.resolve("s1.npz");
    Path f2 = tmp.resolve("s2.npz");
    int rows = 50;
    int cols = 64;
    for (Path f : new Path[] {f1, f2}) {
      try (NpzWriter w = NpzWriter.create(f)) {
        try (NpyWriter imgs = w.add("imgs", NpyDType.U1, new long[] {rows, 8, 8}, false)) {
          byte[] row = new byte[cols];
          for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
              row[c] = (byte) (r + c);
            }
            imgs.writeBytes(row, 0, cols);
          }
        }
        try (NpyWriter lat = w.add("lat", NpyDType.F8, new long[] {rows, 2}, false)) {
          for (int r = 0; r < rows; r++) {
            lat.writeDoubles(new double[] {r, -r / 2.0}, 0, 2);
          }
        }
      }
    }
    assertArrayEquals(Files.readAllBytes(f1), Files.readAllBytes(f2));
    try (NpzFile z = NpzFile.open(f1, 100)) {
      try (NpyArray a = z.array("imgs")) {
        byte[] img = a.readBytes(37L * 64, 64);
        assertEquals((byte) (37 + 63), img[63]);
      }
      try (NpyArray a = z.array("lat")) {
        assertArrayEquals(new double[] {49, -24.5}, a.readDoubles(98, 2), EXACT);
      }
    }
  }

  @Property(tries = 40)
  void randomRangesMatchAcrossWindows(
      @ForAll @IntRange(min = 1, max = 200) int window,
      @ForAll @IntRange(min = 0, max = 1000) int seed)
      throws Exception {
    Path f = Files.createTempFile("prop", ".npy");
    try {
      Random r = new Random(seed);
      long[] shape = {1 + r.nextInt(5), 1 + r.nextInt(6), 1 + r.nextInt(4)};
      int n = (int) (shape[0] * shape[1] * shape[2]);
      long[] v = new long[n];
      for (int i = 0; i < n; i++) {
        v[i] = r.nextLong();
      }
      boolean fortran = r.nextBoolean();
      NpyDType d = r.nextBoolean() ? NpyDType.I8 : NpyDType.I8.withOrder(ByteOrder.BIG_ENDIAN);
      NpyWriter.write(f, d, shape, fortran, v);
      try (NpyArray a = NpyArray.open(f, window)) {
        int start = r.nextInt(n);
        int len = r.nextInt(n - start + 1);
        long[] got = a.readLongs(start, len);
        for (int i = 0; i < len; i++) {
          assertEquals(v[start + i], got[i]);
        }
      }
    } finally {
      Files.deleteIfExists(f);
    }
  }

  @Test
  void headerIsPaddedTo64AndParsesPython2LongSuffix() throws Exception {
    byte[] h = NpyHeader.encode(NpyDType.U1, false, new long[] {737280, 64, 64});
    assertEquals(0, h.length % 64);
    assertEquals('\n', h[h.length - 1]);
    NpyHeader p =
        NpyHeader.parseDict(
            "{'descr': '|u1', 'fortran_order': False, 'shape': (737280L, 64L, 64L), }",
            1,
            0,
            128,
            "x.npy");
    assertArrayEquals(new long[] {737280, 64, 64}, p.shape());
    assertEquals(737280L * 64 * 64, p.size());
    NpyHeader scalar =
        NpyHeader.parseDict("{'descr':'<f8','fortran_order':False,'shape':()}", 1, 0, 64, "s");
    assertEquals(1, scalar.size());
    assertTrue(scalar.shape().length == 0);
  }
}
