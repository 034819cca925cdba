package dev.candela.synth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.MixedRadix;
import dev.candela.Progress;
import dev.candela.cli.CliRun;
import dev.candela.cli.console.ExitCodes;
import dev.candela.data.DSpritesDataset;
import dev.candela.evaluate.DefaultDataset;
import dev.candela.model.training.TrainingSubset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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

  /**
   * Asserts that no image of a dSprites file is in the model's training subset; returns the count.
   */
  private static long assertNoTrainingImage(Path file, Path model) throws Exception {
    Set<Long> train = new HashSet<>();
    for (long i : TrainingSubset.of(model).indices()) {
      train.add(i);
    }
    assertEquals(TrainingSubset.of(model).limit(), train.size());
    try (DSpritesDataset ds = DSpritesDataset.open(file)) {
      for (long i = 0; i < ds.size(); i++) {
        long flat = MixedRadix.encode(ds.codes(i), DSpritesGenerator.SIZES);
        assertFalse(train.contains(flat), "row " + i + " is training image " + flat);
      }
      return ds.size();
    }
  }

  /** Runs the command with a bad card or count; asserts exit 2 and the message's parts. */
  private static void assertBadInput(Path out, String count, Path model, String... parts) {
    List<String> args =
        new ArrayList<>(List.of("dataset", "generate", "dsprites", "--out", out.toString()));
    if (count != null) {
      args.addAll(List.of("--count", count));
    }
    args.addAll(List.of("--exclude-training", model.toString()));
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertEquals(ExitCodes.BAD_INPUT, r.exit(), r.out());
    for (String part : parts) {
      assertTrue(r.err().contains(part), r.err());
    }
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
    CliRun.ok(
        "dataset",
        "generate",
        "dsprites",
        "--out",
        f,
        "--count",
        "300",
        "--seed",
        "7",
        "--exclude-training",
        vae);
    assertEquals(300, assertNoTrainingImage(f, vae));
  }

  @Test
  void defaultDataIsHeldOutFromTheModelsSubset() throws Exception {
    Path vae = vaeCard("dsprites:737280:bd6595827529a98a", 90_000);
    Path root = Files.createTempDirectory(tmp, "root");
    Path f = DefaultDataset.forModel(root, vae, Progress.NONE);
    assertEquals(
        "dsprites-deepmind-10000-seed1-heldout-90000-seed0.npz", f.getFileName().toString());
    assertEquals(DefaultDataset.COUNT, assertNoTrainingImage(f, vae));
    // a model trained on a file of its own gets the plain default
    Path own = vaeCard("dsprites:10000:5e52457e8c0f2d23", 4000);
    assertEquals(
        "dsprites-deepmind-10000-seed1.npz",
        DefaultDataset.forModel(root, own, Progress.NONE).getFileName().toString());
  }

  @Test
  void badCardsAndOptionsAreOneLineErrors() throws Exception {
    Path f = tmp.resolve("x.npz");
    Path small = vaeCard("dsprites:10000:5e52457e8c0f2d23", 4000);
    assertBadInput(f, "10", small, "dsprites:10000:5e52457e8c0f2d23", "not the full dSprites grid");
    Path all = vaeCard("dsprites:737280:bd6595827529a98a", 0);
    assertBadInput(f, "10", all, "none is held out");
    assertBadInput(f, null, all, "needs --count");
    Path big = vaeCard("dsprites:737280:bd6595827529a98a", 737_000);
    assertBadInput(f, "281", big, "--count must be in 1..280", "281");
    assertFalse(Files.exists(f), "no output after an error");

    Path none = tmp.resolve("no-such-model");
    BadInputException e = assertThrows(BadInputException.class, () -> TrainingSubset.of(none));
    assertTrue(e.getMessage().contains("no-such-model"), e.getMessage());
  }
}
