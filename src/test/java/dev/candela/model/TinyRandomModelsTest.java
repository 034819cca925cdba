package dev.candela.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.model.arch.Architectures;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CounterfactualModels#writeTinyRandom}: two loadable model directories (cards with verified
 * checksums) of real DJL networks with the 64 × 64 contract, seeded.
 */
class TinyRandomModelsTest {
  private static final float SUM_TOLERANCE = 1e-5f;
  private static final List<ModelCard.FactorInfo> FACTORS =
      List.of(new ModelCard.FactorInfo("a", 3), new ModelCard.FactorInfo("b", 4));

  @TempDir Path tmp;

  @Test
  void writesLoadableSeededTinyModels() throws Exception {
    Path[] one = CounterfactualModels.writeTinyRandom(tmp.resolve("1"), 5, 1, FACTORS, "t", 3);
    Path[] same = CounterfactualModels.writeTinyRandom(tmp.resolve("2"), 5, 1, FACTORS, "t", 3);
    Path[] other = CounterfactualModels.writeTinyRandom(tmp.resolve("3"), 5, 1, FACTORS, "t", 4);
    assertArrayEquals(
        Files.readAllBytes(one[0].resolve("vae-0000.params")),
        Files.readAllBytes(same[0].resolve("vae-0000.params")),
        "same seed, same weights");
    assertNotEquals(
        ModelCard.read(one[1]).weights(), ModelCard.read(other[1]).weights(), "other seed");
    float[][] z = {{0, 0, 0, 0, 0}, {1, -1, 2, 0.5f, -3}};
    try (CounterfactualModels m = CounterfactualModels.load(one[0], one[1], ComputeDevice.CPU, 4)) {
      assertEquals(Architectures.TINY_DENSE64, m.vaeCard().architecture());
      assertEquals(Architectures.TINY_CLASSIFIER, m.classifierCard().architecture());
      assertArrayEquals(new int[] {1, 64, 64}, m.decoder().imageShape());
      float[] images = m.decoder().decode(z);
      assertEquals(2 * 64 * 64, images.length);
      for (float v : images) {
        assertTrue(v >= 0 && v <= 1, "sigmoid output " + v);
      }
      float[][][] p = m.probabilities().probabilities(images, 2);
      assertEquals(2, p.length);
      for (int f = 0; f < 2; f++) {
        for (float[] row : p[f]) {
          assertEquals(FACTORS.get(f).size(), row.length);
          float s = 0;
          for (float v : row) {
            s += v;
          }
          assertEquals(1f, s, SUM_TOLERANCE);
        }
      }
      assertEquals(5, m.encodeMeans(images, 2)[1].length);
      double h = Architectures.TINY_HIDDEN;
      assertEquals(2 * 5 * h + 2 * h * 4096 + 2 * 4096 * h + 2 * h * 7, m.flopsPerImage(), 1e-9);
    }
  }
}
