package dev.candela;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Checkpoints that take a second or two to evaluate, for tests of the commands that score many: a
 * generated dSprites set, {@code count} tiny random-initialised VAEs ({@code m0/tiny-vae}, ...) in
 * a list file, and the classifier written with the first.
 *
 * @param data the dataset
 * @param classifier the classifier folder
 * @param list the text file listing the model folders
 */
public record TinyCheckpoints(Path data, Path classifier, Path list) {
  /** Same code, same seed, same inputs: the scores are equal bit for bit. */
  public static final double EXACT = 0.0;

  /**
   * Writes them under {@code dir}.
   *
   * @param dir the folder
   * @param images dSprites images in the dataset (seed 3)
   * @param count how many checkpoints
   * @param seed the seed of the first checkpoint (then seed + 1, ...)
   * @return the checkpoints
   * @throws Exception when they cannot be written
   */
  public static TinyCheckpoints write(Path dir, int images, int count, long seed) throws Exception {
    Path data = TestDatasets.dsprites(dir.resolve("dsprites-" + images + ".npz"), images, 3);
    List<ModelCard.FactorInfo> factors;
    try (FactorDataset ds = DatasetPaths.open(data)) {
      factors = ModelCard.factorsOf(ds.space());
    }
    StringBuilder list = new StringBuilder();
    Path classifier = null;
    for (int k = 0; k < count; k++) {
      Path[] m =
          CounterfactualModels.writeTinyRandom(dir.resolve("m" + k), 6, 1, factors, "t", seed + k);
      classifier = k == 0 ? m[1] : classifier;
      list.append(m[0]).append('\n');
    }
    Path file = dir.resolve("models.txt");
    Files.writeString(file, list);
    return new TinyCheckpoints(data, classifier, file);
  }

  /**
   * Asserts that two {@code scores} objects (of a report or a sweep row) hold the same keys and
   * values, bit for bit.
   *
   * @param expected the expected scores
   * @param actual the scores
   * @param what names the comparison in a failure
   */
  public static void assertSameScores(JsonNode expected, JsonNode actual, String what) {
    assertEquals(expected.size(), actual.size(), what + ": " + actual);
    expected
        .properties()
        .forEach(
            s ->
                assertEquals(
                    s.getValue().asDouble(),
                    actual.get(s.getKey()).asDouble(),
                    EXACT,
                    what + " " + s.getKey()));
  }
}
