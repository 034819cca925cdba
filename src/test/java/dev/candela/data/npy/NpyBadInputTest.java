package dev.candela.data.npy;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/** Corrupt and unsupported input gives one-line messages naming the file and the value. */
class NpyBadInputTest {
  @TempDir Path tmp;

  private static void assertMessage(Executable ex, String... parts) {
    BadInputException e = assertThrows(BadInputException.class, ex);
    for (String p : parts) {
      assertTrue(e.getMessage().contains(p), "'" + e.getMessage() + "' lacks '" + p + "'");
    }
    assertTrue(!e.getMessage().contains("\n"), e.getMessage());
  }

  private Path npyWithHeader(String name, String dict, int dataBytes) throws Exception {
    byte[] d = dict.getBytes(StandardCharsets.ISO_8859_1);
    byte[] out = new byte[10 + d.length + dataBytes];
    System.arraycopy(NpyHeader.MAGIC, 0, out, 0, 6);
    out[6] = 1;
    out[8] = (byte) d.length;
    out[9] = (byte) (d.length >> 8);
    System.arraycopy(d, 0, out, 10, d.length);
    Path f = tmp.resolve(name);
    Files.write(f, out);
    return f;
  }

  @Test
  void badMagic() throws Exception {
    Path f = tmp.resolve("bad.npy");
    Files.write(f, "PK\3\4 this is not numpy at all".getBytes(StandardCharsets.ISO_8859_1));
    assertMessage(() -> NpyArray.open(f), "bad.npy", "bad magic 504b03042074");
  }

  @Test
  void truncatedData() throws Exception {
    Path f = tmp.resolve("full.npy");
    NpyWriter.write(f, NpyDType.F8, new long[] {10}, false, new double[10]);
    byte[] all = Files.readAllBytes(f);
    Path t = tmp.resolve("trunc.npy");
    Files.write(t, Arrays.copyOf(all, all.length - 3));
    assertMessage(() -> NpyArray.open(t), "trunc.npy", "truncated", "needs 80 data bytes", "77");
    Path h = tmp.resolve("trunchdr.npy");
    Files.write(h, Arrays.copyOf(all, 40));
    assertMessage(() -> NpyArray.open(h), "trunchdr.npy", "truncated npy header");
    Path tiny = tmp.resolve("tiny.npy");
    Files.write(tiny, new byte[] {(byte) 0x93, 'N'});
    assertMessage(() -> NpyArray.open(tiny), "tiny.npy", "truncated");
  }

  @Test
  void unsupportedDtypeAndBadHeader() throws Exception {
    Path c =
        npyWithHeader("c16.npy", "{'descr': '<c16', 'fortran_order': False, 'shape': (1,), }", 16);
    assertMessage(() -> NpyArray.open(c), "c16.npy", "unsupported dtype '<c16'");
    Path s =
        npyWithHeader(
            "struct.npy", "{'descr': [('a', '<i4')], 'fortran_order': False, 'shape': (1,), }", 4);
    assertMessage(() -> NpyArray.open(s), "struct.npy", "unsupported dtype", "('a'");
    Path b = npyWithHeader("garbage.npy", "{'descr': '<i4', 'fortran_order': Fals", 0);
    assertMessage(() -> NpyArray.open(b), "garbage.npy", "bad npy header");
    Path m = npyWithHeader("nokey.npy", "{'descr': '<i4', 'shape': (1,), }", 4);
    assertMessage(() -> NpyArray.open(m), "nokey.npy", "missing key 'fortran_order'");
    Path sh =
        npyWithHeader(
            "shape.npy", "{'descr': '<i4', 'fortran_order': False, 'shape': (2, -1), }", 0);
    assertMessage(() -> NpyArray.open(sh), "shape.npy", "negative dimension -1");
    Path o = npyWithHeader("obj.npy", "{'descr': '|O', 'fortran_order': False, 'shape': (), }", 8);
    assertMessage(() -> NpyArray.open(o), "obj.npy", "object array");
  }

  @Test
  void wrongConversionsAndVersion() throws Exception {
    Path f = tmp.resolve("f.npy");
    NpyWriter.write(f, NpyDType.F4, new long[] {2}, false, new float[] {1, 2});
    try (NpyArray a = NpyArray.open(f)) {
      assertMessage(() -> a.readInts(0, 2), "f.npy", "dtype '<f4' cannot be read as integers");
      assertMessage(() -> a.readBytes(0, 2), "f.npy", "'<f4' cannot be read as bytes");
    }
    Path big = tmp.resolve("big.npy");
    NpyWriter.write(big, NpyDType.I8, new long[] {1}, false, new long[] {1L << 40});
    try (NpyArray a = NpyArray.open(big)) {
      assertMessage(() -> a.readInts(0, 1), "big.npy", "value 1099511627776");
    }
    byte[] bytes = Files.readAllBytes(f);
    bytes[6] = 9;
    Path v = tmp.resolve("v9.npy");
    Files.write(v, bytes);
    assertMessage(() -> NpyArray.open(v), "v9.npy", "unsupported npy format version 9.0");
  }

  @Test
  void badNpz() throws Exception {
    Path f = tmp.resolve("a.npz");
    try (NpzWriter w = NpzWriter.create(f)) {
      w.put("x", NpyDType.I4, new long[] {100}, false, new int[100]);
    }
    byte[] all = Files.readAllBytes(f);
    Path t = tmp.resolve("cut.npz");
    Files.write(t, Arrays.copyOf(all, 300));
    assertMessage(() -> NpzFile.open(t), "cut.npz", "truncated zip archive");
    Path notZip = tmp.resolve("nz.npz");
    Files.write(notZip, new byte[100]);
    assertMessage(() -> NpzFile.open(notZip), "nz.npz", "bad magic 00000000");
    assertMessage(() -> NpzFile.open(tmp.resolve("missing.npz")), "missing.npz", "no such file");
  }

  @Test
  void writerRejectsValuesThatDoNotFit() throws Exception {
    Path f = tmp.resolve("w.npy");
    assertRejects(
        () -> NpyWriter.write(f, NpyDType.U1, new long[] {2}, false, new int[] {1, 256}),
        "value 256");
    try (NpyWriter w = NpyWriter.create(f, NpyDType.F8, new long[] {3}, false)) {
      w.writeDoubles(new double[] {1, 2}, 0, 2);
      assertMessage(w::close, "w.npy", "only 2 of 3 elements written");
    }
  }
}
