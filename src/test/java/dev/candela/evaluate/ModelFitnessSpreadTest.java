package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.synth.DSpritesGenerator;
import org.junit.jupiter.api.Test;

/**
 * The fitness checks' images are spread over the sorted evaluation samples: taking the first 256 of
 * a sorted dSprites sample would check squares only and hide a VAE that draws every shape as a
 * blob.
 */
class ModelFitnessSpreadTest {

  @Test
  void fewSamplesAreAllChecked() {
    long[] idx = {3, 9, 27};
    assertArrayEquals(idx, ModelFitness.spread(idx));
  }

  @Test
  void manySamplesAreSpreadAndEveryShapeIsChecked() {
    long[] idx = DSpritesGenerator.chooseIndices(1000, 0);
    long[] part = ModelFitness.spread(idx);
    assertEquals(ModelFitness.CHECK_IMAGES, part.length);
    int[] perShape = new int[3];
    for (int k = 0; k < part.length; k++) {
      assertTrue(k == 0 || part[k] > part[k - 1], "increasing at " + k);
      perShape[DSpritesGenerator.codes(part[k])[1]]++;
    }
    assertEquals(idx[0], part[0]);
    for (int s = 0; s < 3; s++) {
      // a third each, within the sample's own imbalance
      assertTrue(perShape[s] > 60, "shape " + s + " checked " + perShape[s] + " times");
    }
  }
}
