package dev.candela.model.arch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.ParameterStore;
import dev.candela.Progress;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.candle.CandleDataset;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.model.training.Objective;
import dev.candela.model.training.TrainingMonitor;
import dev.candela.model.training.VaeTrainer;
import dev.candela.model.training.VaeTrainingConfig;
import dev.candela.synth.CandleGenerator;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The native 240 × 320 CANDLE VAE: block shapes, one training step, loading. */
class CandleArchitectureTest {
  private static final int D = 4;
  private static final int N = 2;

  /** Two calls on the same inputs run the same CPU kernels. */
  private static final float SAME_CALL = 0f;

  @Test
  void encoderAndDecoderHaveTheCandleShapes() {
    Device cpu = Device.cpu();
    try (Model m = Model.newInstance("shapes", cpu, VaeModels.ENGINE)) {
      VaeBlock block = new VaeBlock(Architectures.DL_CONV_CANDLE, D, 3);
      m.setBlock(block);
      block.initialize(m.getNDManager(), DataType.FLOAT32, new Shape(N, 3, 240, 320));
      try (NDManager sub = m.getNDManager().newSubManager()) {
        ParameterStore ps = new ParameterStore(sub, false);
        NDArray x = sub.randomUniform(0f, 1f, new Shape(N, 3, 240, 320));
        NDArray h = block.encoder().forward(ps, new NDList(x), false).singletonOrThrow();
        assertEquals(new Shape(N, 2 * D), h.getShape());
        NDArray mean = h.split(2, 1).get(0);
        assertEquals(new Shape(N, D), mean.getShape());
        NDArray y = block.decoder().forward(ps, new NDList(mean), false).singletonOrThrow();
        assertEquals(new Shape(N, 3, 240, 320), y.getShape());
        NDList all = block.forward(ps, new NDList(x), false);
        assertEquals(new Shape(N, 3, 240, 320), all.get(0).getShape());
      }
    }
  }

  @Test
  void inputShapeOfEachArchitecture() {
    assertEquals(
        new ModelCard.Shape(3, 240, 320), Architectures.vaeInput(Architectures.DL_CONV_CANDLE, 3));
    assertEquals(
        new ModelCard.Shape(1, 64, 64), Architectures.vaeInput(Architectures.DL_CONV64, 1));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Architectures.check(Architectures.DL_CONV_CANDLE, new ModelCard.Shape(3, 64, 64)));
    assertTrue(e.getMessage().contains("takes 240x320 inputs"), e.getMessage());
  }

  @Test
  void oneStepOnCandleImagesWritesALoadableNativeModel(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("candle");
    CandleGenerator gen = new CandleGenerator(ConfoundingRules.forDataset("candle", null), 3);
    gen.generate(data, gen.select(0, 21_599, 4), null);
    Path out = dir.resolve("vae");
    VaeTrainingConfig cfg =
        VaeTrainingConfig.builder(Objective.parse("beta-vae"))
            .latentDim(D)
            .epochs(1)
            .batchSize(4)
            .seed(7)
            .learningRate(1e-3)
            .architecture(VaeArchitecture.DL_CONV_CANDLE)
            .build();
    try (CandleDataset ds = CandleDataset.open(data)) {
      VaeTrainer.Result r =
          VaeTrainer.train(
              ds, cfg, out, false, ComputeDevice.CPU, null, Progress.NONE, TrainingMonitor.NONE);
      assertEquals(1, r.history().size());
      Map<String, Double> terms = r.history().get(0);
      assertTrue(Double.isFinite(terms.get("loss")), terms.toString());
      assertTrue(terms.get("recon") > 0, terms.toString());
      assertEquals(Architectures.DL_CONV_CANDLE, r.card().architecture());
      assertEquals(new ModelCard.Shape(3, 240, 320), r.card().input());
      assertNull(r.card().sourceImage());

      float[] images = ds.images(new long[] {0, 1, 2, 3});
      try (VaeModel vae = VaeModels.load(out, ComputeDevice.CPU, 3)) {
        assertEquals(Architectures.DL_CONV_CANDLE, vae.card().architecture());
        float[][] mu = vae.encodeMeans(images, 4);
        assertEquals(4, mu.length);
        for (float[] row : mu) {
          assertEquals(D, row.length);
          for (float v : row) {
            assertTrue(Float.isFinite(v), "mean " + v);
          }
        }
        float[] xhat = vae.decode(mu);
        assertEquals(4 * 3 * 240 * 320, xhat.length);
        for (float v : xhat) {
          assertTrue(v >= 0 && v <= 1, "decoded pixel " + v);
        }
        float[][] again = vae.encodeMeans(images, 4);
        for (int i = 0; i < 4; i++) {
          assertArrayEquals(mu[i], again[i], SAME_CALL, "encoding is deterministic");
        }
      }
    }
  }
}
