package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.CandleDataset;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.model.card.ModelCard;
import dev.candela.synth.CandleGenerator;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model trained on area-resized CANDLE images (card input 3×64×64, source image 3×240×320)
 * accepts a CANDLE folder, and dataset images are resized to the decoder's shape for the grids.
 */
class CandleShapesTest {

  private static final Path CANDLE_VAE = Path.of("models", "candle-beta-vae");
  private static final Path DSPRITES_VAE = Path.of("models", "dsprites-beta-vae");

  @Test
  void candleModelAcceptsCandleImagesAndGridsAreResized(@TempDir Path dir) throws Exception {
    CandleGenerator gen = new CandleGenerator(ConfoundingRules.forDataset("candle", null), 3);
    gen.generate(dir, gen.select(0, 21_599, 4), null);
    try (CandleDataset ds = CandleDataset.open(dir)) {
      ModelCard card = ModelCard.read(CANDLE_VAE);
      ModelMatch.checkModelMatchesDataset(card, CANDLE_VAE, ds);

      int n = (int) ds.size();
      float[] images = ds.images(new long[] {0, 1, 2, 3});
      LatentDecoder decoder = LatentDecoder.of(new int[] {3, 64, 64}, z -> new float[0]);
      float[] resized = Evaluation.inDecoderShape(ds, images, n, decoder);
      assertEquals(n * 3 * 64 * 64, resized.length);
      for (float v : resized) {
        assertTrue(v >= 0 && v <= 1, "resized pixel " + v + " outside [0, 1]");
      }

      ModelCard dsprites = ModelCard.read(DSPRITES_VAE);
      BadInputException e =
          assertThrows(
              BadInputException.class,
              () -> ModelMatch.checkModelMatchesDataset(dsprites, DSPRITES_VAE, ds));
      assertTrue(
          e.getMessage().contains("does not match the dataset's images 3x240x320"), e.getMessage());
    }
  }
}
