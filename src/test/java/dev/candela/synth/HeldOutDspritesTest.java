package dev.candela.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.cli.CliRun;
import dev.candela.cli.Main;
import dev.candela.data.DSpritesDataset;
import dev.candela.evaluate.DefaultDataset;
import dev.candela.evaluate.ProgressListener;
import dev.candela.model.TrainingSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dataset generate dsprites --exclude-training DIR}: held-out data for a VAE trained on a
 * seeded subset of the full grid.
 */
class HeldOutDspritesTest {
  @TempDir Path tmp;

  /** A VAE card as {@code candela train --limit LIMIT --seed 0} writes it for this dataset. */
  private Path vaeCard(String fingerprint, int limit) throws Exception {
    Path dir = Files.createTempDirectory(tmp, "vae");
    Files.writeString(
        dir.resolve("model.json"),
        "{\"kind\":\"vae\",\"format\":\"djl\",\"architecture\":\"dl-conv64\","
            + "\"input\":{\"channels\":1,\"height\":64,\"width\":64},\"latentDim\":10,"
            + "\"dataset\":\"dsprites\",\"output\":\"logits\",\"training\":{\"objective\":"
            + "\"beta-vae\",\"seed\":0,\"limit\":"
            + limit
            + ",\"datasetFingerprint\":\""
            + fingerprint
            + "\"}}");
    return dir;
  }

  @Test
  void nothingExcludedIsTheOrdinarySubset() {
    assertArrayEquals(
        DSpritesGenerator.chooseIndices(500, 3),
        DSpritesGenerator.chooseIndicesExcluding(500, 3, new long[0]));
  }

  @Test
  void excludedIndicesAreNeverDrawn() {
    long[] excluded = DSpritesGenerator.chooseIndices(600_000, 1);
    Set<Long> ex = new HashSet<>();
    for (long e : excluded) {
      ex.add(e);
    }
    long[] got = DSpritesGenerator.chooseIndicesExcluding(100_000, 2, excluded);
    assertEquals(100_000, got.length);
    for (int i = 0; i < got.length; i++) {
      assertFalse(ex.contains(got[i]), "drew excluded index " + got[i]);
      assertTrue(i == 0 || got[i] > got[i - 1], "sorted and distinct at " + i);
    }
    // all that is left, exactly
    long[] rest = DSpritesGenerator.chooseIndicesExcluding(137_280, 5, excluded);
    assertEquals(137_280, rest.length);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DSpritesGenerator.chooseIndicesExcluding(137_281, 5, excluded));
    assertTrue(e.getMessage().contains("1..137280") && e.getMessage().contains("137281"));
  }

  @Test
  void generatedFileHoldsNoTrainingImage() throws Exception {
    Path vae = vaeCard("dsprites:737280:bd6595827529a98a", 90_000);
    Path f = tmp.resolve("held.npz");
    CliRun r =
        CliRun.of(
            "dataset",
            "generate",
            "dsprites",
            "--out",
            f.toString(),
            "--count",
            "300",
            "--seed",
            "7",
            "--exclude-training",
            vae.toString());
    assertEquals(Main.OK, r.exit(), r.err());
    Set<Long> train = new HashSet<>();
    for (long i : TrainingSubset.of(vae).indices()) {
      train.add(i);
    }
    assertEquals(90_000, train.size());
    try (DSpritesDataset ds = DSpritesDataset.open(f)) {
      assertEquals(300, ds.size());
      for (long i = 0; i < ds.size(); i++) {
        int[] c = ds.codes(i);
        long flat = 0;
        for (int k = 0; k < 6; k++) {
          flat += c[k] * DSpritesGenerator.STRIDES[k];
        }
        assertFalse(train.contains(flat), "row " + i + " is training image " + flat);
      }
    }
  }

  @Test
  void defaultDataIsHeldOutFromTheModelsSubset() throws Exception {
    Path vae = vaeCard("dsprites:737280:bd6595827529a98a", 90_000);
    Path root = Files.createTempDirectory(tmp, "root");
    Path f = DefaultDataset.forModel(root, vae, ProgressListener.SILENT);
    assertEquals("dsprites-10000-seed1-heldout-90000-seed0.npz", f.getFileName().toString());
    Set<Long> train = new HashSet<>();
    for (long i : TrainingSubset.of(vae).indices()) {
      train.add(i);
    }
    try (DSpritesDataset ds = DSpritesDataset.open(f)) {
      assertEquals(DefaultDataset.COUNT, ds.size());
      for (long i = 0; i < ds.size(); i += 7) {
        int[] c = ds.codes(i);
        long flat = 0;
        for (int k = 0; k < 6; k++) {
          flat += c[k] * DSpritesGenerator.STRIDES[k];
        }
        assertFalse(train.contains(flat), "row " + i + " is training image " + flat);
      }
    }
    // a model trained on a file of its own gets the plain default
    Path own = vaeCard("dsprites:10000:5e52457e8c0f2d23", 4000);
    assertEquals(
        "dsprites-10000-seed1.npz",
        DefaultDataset.forModel(root, own, ProgressListener.SILENT).getFileName().toString());
  }

  @Test
  void badCardsAndOptionsAreOneLineErrors() throws Exception {
    Path f = tmp.resolve("x.npz");
    Path small = vaeCard("dsprites:10000:5e52457e8c0f2d23", 4000);
    CliRun r =
        CliRun.of(
            "dataset",
            "generate",
            "dsprites",
            "--out",
            f.toString(),
            "--count",
            "10",
            "--exclude-training",
            small.toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("dsprites:10000:5e52457e8c0f2d23"), r.err());
    assertTrue(r.err().contains("not the full dSprites grid"), r.err());

    Path all = vaeCard("dsprites:737280:bd6595827529a98a", 0);
    r =
        CliRun.of(
            "dataset",
            "generate",
            "dsprites",
            "--out",
            f.toString(),
            "--count",
            "10",
            "--exclude-training",
            all.toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("none is held out"), r.err());

    r =
        CliRun.of(
            "dataset",
            "generate",
            "dsprites",
            "--out",
            f.toString(),
            "--exclude-training",
            all.toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("needs --count"), r.err());

    Path big = vaeCard("dsprites:737280:bd6595827529a98a", 737_000);
    r =
        CliRun.of(
            "dataset",
            "generate",
            "dsprites",
            "--out",
            f.toString(),
            "--count",
            "281",
            "--exclude-training",
            big.toString());
    assertEquals(Main.BAD_INPUT, r.exit());
    assertTrue(r.err().contains("--count must be in 1..280") && r.err().contains("281"), r.err());
    assertFalse(Files.exists(f), "no output after an error");

    Path none = tmp.resolve("no-such-model");
    BadInputException e = assertThrows(BadInputException.class, () -> TrainingSubset.of(none));
    assertTrue(e.getMessage().contains("no-such-model"), e.getMessage());
  }
}
