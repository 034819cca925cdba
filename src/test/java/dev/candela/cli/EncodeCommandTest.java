package dev.candela.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.TestDatasets;
import dev.candela.data.CodeTables;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.data.npy.NpyArray;
import dev.candela.data.npy.NpyDType;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code encode}: the CSV pair score-codes and causal fit-latent read, row-aligned with index.csv.
 */
class EncodeCommandTest {
  /** One image encoded alone against the same image in a batch of 16 (float32 convolutions). */
  private static final float BATCH_TOLERANCE = 1e-5f;

  @TempDir static Path tmp;
  static Path data;

  /**
   * {@code candela encode} of the first samples of a dataset with the repository's dSprites β-VAE,
   * and the further arguments.
   */
  static Object[] encode(Path dataset, String samples, Object... more) {
    List<Object> args =
        new ArrayList<>(
            List.of(
                "encode",
                "--dataset",
                dataset,
                "--model",
                "models/dsprites-beta-vae",
                "--samples",
                samples));
    args.addAll(List.of(more));
    return args.toArray();
  }

  @BeforeAll
  static void generate() throws Exception {
    data = TestDatasets.dsprites(tmp.resolve("dsprites-300.npz"), 300, 3);
  }

  @Test
  void writesLatentsFactorsAndIndicesThatScoreCodesReads() throws Exception {
    Path out = tmp.resolve("enc");
    CliRun.ok(encode(data, "120", "--batch-size", "50", "--quiet", "--out", out));
    List<String> z = Files.readAllLines(out.resolve("latents.csv"));
    List<String> f = Files.readAllLines(out.resolve("factors.csv"));
    List<String> idx = Files.readAllLines(out.resolve("index.csv"));
    assertEquals(121, z.size());
    assertEquals(121, f.size());
    assertEquals(121, idx.size());
    assertEquals("color,shape,scale,orientation,posX,posY", f.get(0));
    assertEquals(10, z.get(0).split(",").length);
    // Row r holds the codes of dataset index idx[r].
    try (FactorDataset ds = DatasetPaths.open(data)) {
      for (int row = 1; row <= 120; row += 37) {
        long i = Long.parseLong(idx.get(row));
        int[] c = ds.codes(i);
        String want =
            String.join(",", java.util.Arrays.stream(c).mapToObj(Integer::toString).toList());
        assertEquals(want, f.get(row));
      }
    }
    CodeTables.Paired p =
        CodeTables.readPaired(out.resolve("factors.csv"), out.resolve("latents.csv"));
    assertEquals(120, p.latents().rows());
    CliRun.ok(
        "score-codes",
        "--factors",
        out.resolve("factors.csv"),
        "--latents",
        out.resolve("latents.csv"),
        "--metrics",
        "mig");
  }

  @Test
  void writesTheLogVariancesBesideTheMeansInTheSameRowOrder() throws Exception {
    Path out = tmp.resolve("enc-logvar");
    CliRun.ok(encode(data, "40", "--batch-size", "16", "--quiet", "--out", out));
    List<String> idx = Files.readAllLines(out.resolve("index.csv"));
    List<String> z = Files.readAllLines(out.resolve("latents.csv"));
    try (NpyArray lv = NpyArray.open(out.resolve("logvar.npy"));
        FactorDataset ds = DatasetPaths.open(data);
        VaeModel vae = VaeModels.load(Path.of("models/dsprites-beta-vae"), ComputeDevice.CPU)) {
      assertArrayEquals(new long[] {40, 10}, lv.shape());
      assertEquals(NpyDType.F4, lv.dtype());
      // row r holds the encoder's log-variances of dataset index idx[r], and the means beside them
      for (int row = 0; row < 40; row += 13) {
        long i = Long.parseLong(idx.get(row + 1));
        VaeModel.Encoding enc = vae.encode(ds.images(new long[] {i}), 1);
        float[] stored = lv.readFloats(row * 10L, 10);
        String[] cells = z.get(row + 1).split(",");
        for (int j = 0; j < 10; j++) {
          assertEquals(enc.logVar()[0][j], stored[j], BATCH_TOLERANCE);
          assertEquals(enc.mean()[0][j], Float.parseFloat(cells[j]), BATCH_TOLERANCE);
        }
      }
    }
  }

  @Test
  void tooManySamplesNamesTheDatasetAndTheCount() {
    CliRun r = CliRun.of(encode(data, "5000", "--out", tmp.resolve("x")));
    r.assertBadInput("--samples 5000 exceeds the dataset's 300 images");
  }
}
