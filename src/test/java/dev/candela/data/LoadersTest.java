package dev.candela.data;

import static dev.candela.MessageAssertions.assertBadInput;
import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.MixedRadix;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.data.npy.NpzWriter;
import io.jhdf.HdfFile;
import io.jhdf.WritableHdfFile;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Loaders on small synthetic files, spec parsing, and the spec copies in {@code datasets/}. */
class LoadersTest {
  private static final float PIXEL = 1e-7f;

  @TempDir Path tmp;

  @Test
  void builtInSpecsHaveTheDesignSizes() throws Exception {
    assertArrayEquals(
        new int[] {1, 3, 6, 40, 32, 32}, FactorSpecs.fromResource("dsprites").space().sizes());
    assertArrayEquals(
        new int[] {6, 6, 2, 3, 3, 40, 40}, FactorSpecs.fromResource("mpi3d").space().sizes());
    assertArrayEquals(
        new int[] {10, 10, 10, 8, 4, 15}, FactorSpecs.fromResource("3dshapes").space().sizes());
    FactorSpecs d = FactorSpecs.fromResource("dsprites");
    assertEquals(new FactorDataset.ImageShape(1, 64, 64), d.image());
    assertEquals(2 * Math.PI, (Double) d.space().factor("orientation").values().get(39), 0.0);
  }

  @Test
  void repositoryCopiesEqualTheClasspathSpecs() throws Exception {
    for (String name : List.of("dsprites", "mpi3d", "3dshapes", "candle", "toy")) {
      byte[] res =
          LoadersTest.class
              .getClassLoader()
              .getResourceAsStream("datasets/specs/" + name + ".json")
              .readAllBytes();
      // datasets/ for Python and Blender scripts; python/candela/specs/ ships in the package
      for (String dir : List.of("datasets/specs/", "python/candela/specs/")) {
        Path copy = Path.of(dir + name + ".json");
        assertArrayEquals(res, Files.readAllBytes(copy), copy + " differs from src/main/resources");
      }
    }
  }

  @Test
  void badSpecsNameTheField() {
    String[][] cases = {
      {"{\"factors\": []}", "missing or non-text \"name\""},
      {"{\"name\": \"x\", \"factors\": []}", "\"factors\" must be a non-empty array"},
      {
        "{\"name\": \"x\", \"factors\": [{\"name\": \"a\", \"values\": [1, 1]}], \"image\": {}}",
        "duplicate values"
      },
      {
        "{\"name\": \"x\", \"factors\": [{\"name\": \"a\", \"values\": [1]}], \"image\": {\"channels\": 0, \"height\": 1, \"width\": 1}}",
        "image.channels must be a positive integer, got 0"
      },
      {
        "{\"name\": \"x\", \"factors\": [{\"name\": \"a\", \"values\": [true]}]}",
        "neither number nor text: true"
      },
      {"{\"name\": ", "bad JSON"},
    };
    for (String[] c : cases) {
      BadInputException e =
          assertThrows(
              BadInputException.class,
              () ->
                  FactorSpecs.parse(
                      new ByteArrayInputStream(c[0].getBytes(StandardCharsets.UTF_8)), "s.json"));
      assertTrue(e.getMessage().startsWith("s.json: "), e.getMessage());
      assertTrue(e.getMessage().contains(c[1]), e.getMessage());
    }
    BadInputException e =
        assertThrows(BadInputException.class, () -> FactorSpecs.fromResource("nope"));
    assertTrue(e.getMessage().contains("no built-in factor specification 'nope'"));
  }

  @Test
  void mpi3dSizeInference() throws Exception {
    assertArrayEquals(new int[] {6, 6, 2, 3, 3, 40, 40}, Mpi3dDataset.factorSizes(1_036_800));
    assertArrayEquals(new int[] {4, 4, 2, 3, 3, 40, 40}, Mpi3dDataset.factorSizes(460_800));
    assertRejects(() -> Mpi3dDataset.factorSizes(1000), "MPI3D with 1000 images");
    assertEquals(
        List.of("white", "green", "red", "blue"),
        Mpi3dDataset.space(460_800).factor("object_color").values());
  }

  @Test
  void mpi3dSmallFileIsRejectedWithNAndImagesAreChw() throws Exception {
    Path f = tmp.resolve("mpi3d_tiny.npz");
    byte[] img = new byte[2 * 64 * 64 * 3];
    for (int i = 0; i < img.length; i++) {
      img[i] = (byte) (i % 3 == 0 ? 255 : i % 3 == 1 ? 51 : 0);
    }
    try (NpzWriter w = NpzWriter.create(f)) {
      w.put("images", NpyDType.U1, new long[] {2, 64, 64, 3}, false, img);
    }
    assertBadInput(() -> Mpi3dDataset.open(f), "mpi3d_tiny.npz[images]", "MPI3D with 2 images");
    // A plain HWC -> CHW check of the shared conversion.
    float[] chw = new float[64 * 64 * 3];
    DatasetSupport.hwcToChw(img, chw, 0, new FactorDataset.ImageShape(3, 64, 64), 1f / 255f);
    assertEquals(1f, chw[0], PIXEL);
    assertEquals(0.2f, chw[4096], PIXEL);
    assertEquals(0f, chw[8192], PIXEL);
    assertEquals(1f, chw[4095], PIXEL);
  }

  @Test
  void flatIndexArithmetic() {
    int[] sizes = {1, 3, 6, 40, 32, 32};
    int[] codes = {0, 2, 5, 39, 31, 31};
    assertEquals(737_279, MixedRadix.encode(codes, sizes));
    assertArrayEquals(codes, MixedRadix.decode(737_279, sizes));
    assertEquals(
        245_760 + 2 * 40_960 + 3 * 1024 + 4 * 32 + 5,
        MixedRadix.encode(new int[] {0, 1, 2, 3, 4, 5}, sizes));
  }

  @Test
  void dspritesLoaderReadsCodesValuesAndImages() throws Exception {
    Path f = tmp.resolve("ds.npz");
    long[] classes = {0, 2, 5, 39, 31, 0, 0, 0, 0, 0, 0, 7};
    byte[] imgs = new byte[2 * 4096];
    imgs[4096 + 5] = 1;
    try (NpzWriter w = NpzWriter.create(f)) {
      w.put("imgs", NpyDType.U1, new long[] {2, 64, 64}, false, imgs);
      w.put("latents_classes", NpyDType.I8, new long[] {2, 6}, false, classes);
      w.put("latents_values", NpyDType.F8, new long[] {2, 6}, false, new double[12]);
    }
    try (DSpritesDataset d = DSpritesDataset.open(f)) {
      assertEquals(2, d.size());
      assertArrayEquals(new int[] {0, 2, 5, 39, 31, 0}, d.codes(0));
      assertArrayEquals(new int[] {0, 0, 0, 0, 0, 7}, d.codes(1));
      float[] im = d.images(new long[] {1, 0});
      assertEquals(2 * 4096, im.length);
      assertEquals(1f, im[5], PIXEL);
      assertEquals(0f, im[4096 + 5], PIXEL);
      String fp = d.fingerprint();
      assertTrue(fp.startsWith("dsprites:2:"), fp);
    }
    Path bad = tmp.resolve("bad.npz");
    try (NpzWriter w = NpzWriter.create(bad)) {
      w.put("imgs", NpyDType.U1, new long[] {1, 64, 64}, false, new byte[4096]);
      w.put(
          "latents_classes", NpyDType.I8, new long[] {1, 6}, false, new long[] {0, 3, 0, 0, 0, 0});
    }
    try (DSpritesDataset d = DSpritesDataset.open(bad)) {
      BadInputException e = assertBadInput(() -> d.codes(0), "code 3 of factor 'shape'");
    }
    Path noClasses = tmp.resolve("nc.npz");
    try (NpzWriter w = NpzWriter.create(noClasses)) {
      w.put("imgs", NpyDType.U1, new long[] {1, 64, 64}, false, new byte[4096]);
    }
    assertBadInput(() -> DSpritesDataset.open(noClasses), "no 'latents_classes' array");
  }

  @Test
  void shapes3dFromAnH5WrittenByJhdf() throws Exception {
    Path f = tmp.resolve("tiny3dshapes.h5");
    FactorSpace space = FactorSpecs.fromResource("3dshapes").space();
    int n = 3;
    byte[][][][] images = new byte[n][64][64][3];
    double[][] labels = new double[n][6];
    int[][] codes = {{0, 1, 2, 3, 1, 14}, {9, 9, 9, 7, 3, 0}, {3, 0, 6, 0, 0, 7}};
    for (int i = 0; i < n; i++) {
      images[i][10][20][1] = (byte) (50 * (i + 1));
      for (int k = 0; k < 6; k++) {
        labels[i][k] = ((Number) space.factors().get(k).values().get(codes[i][k])).doubleValue();
      }
    }
    try (WritableHdfFile w = HdfFile.write(f)) {
      w.putDataset("images", images);
      w.putDataset("labels", labels);
    }
    try (Shapes3dDataset d = Shapes3dDataset.open(f)) {
      assertEquals(n, d.size());
      for (int i = 0; i < n; i++) {
        assertArrayEquals(codes[i], d.codes(i));
      }
      float[] im = d.images(new long[] {2, 0});
      int hw = 64 * 64;
      assertEquals(150 / 255f, im[hw + 10 * 64 + 20], PIXEL);
      assertEquals(50 / 255f, im[3 * hw + hw + 10 * 64 + 20], PIXEL);
      assertEquals(0f, im[10 * 64 + 20], PIXEL);
      assertNotEquals("", d.fingerprint());
    }
    Path off = tmp.resolve("off.h5");
    labels[1][3] = 0.9;
    try (WritableHdfFile w = HdfFile.write(off)) {
      w.putDataset("images", images);
      w.putDataset("labels", labels);
    }
    try (Shapes3dDataset d = Shapes3dDataset.open(off)) {
      BadInputException e =
          assertBadInput(() -> d.codes(1), "value 0.9 of factor 'scale' at sample 1");
    }
    Path notH5 = tmp.resolve("x.h5");
    Files.writeString(notH5, "hello");
    assertBadInput(() -> Shapes3dDataset.open(notH5), "x.h5");
    NpyWriter.write(tmp.resolve("unused.npy"), NpyDType.U1, new long[] {1}, false, new byte[1]);
  }
}
