package dev.candela.model.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.Progress;
import dev.candela.TestDatasets;
import dev.candela.data.DSpritesDataset;
import dev.candela.model.arch.Architectures;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tiny training runs on generated dSprites-format data. */
class VaeTrainerTest {
  /** Resumed and uninterrupted runs agree to float round-off of identical CPU kernels. */
  private static final float SAME_RUN = 1e-5f;

  @TempDir static Path tmp;
  static Path npz;

  @BeforeAll
  static void data() throws Exception {
    npz = TestDatasets.dsprites(tmp.resolve("d.npz"), 64, 3);
  }

  /** Trains on the CPU with no command line and no progress, as most of these tests do. */
  private static VaeTrainer.Result train(
      dev.candela.data.FactorDataset ds, VaeTrainingConfig cfg, Path out, boolean resume)
      throws dev.candela.CandelaException {
    return VaeTrainer.train(
        ds, cfg, out, resume, ComputeDevice.CPU, null, Progress.NONE, TrainingMonitor.NONE);
  }

  private static VaeTrainingConfig cfg(String objective, int epochs) {
    return VaeTrainingConfig.builder(Objective.parse(objective))
        .latentDim(6)
        .epochs(epochs)
        .batchSize(16)
        .seed(5)
        .learningRate(1e-3)
        .supervisedFraction(0.1)
        .limit(64)
        .build();
  }

  @Test
  void betaVaeLowersTheLossAndWritesALoadableModel() throws Exception {
    Path out = tmp.resolve("bvae");
    VaeTrainer.Result r;
    try (DSpritesDataset ds = DSpritesDataset.open(npz)) {
      r =
          VaeTrainer.train(
              ds,
              cfg("beta-vae", 3),
              out,
              false,
              ComputeDevice.CPU,
              "test",
              Progress.NONE,
              TrainingMonitor.NONE);
    }
    List<Map<String, Double>> h = r.history();
    assertEquals(3, h.size());
    assertTrue(h.get(2).get("loss") < h.get(0).get("loss"), "loss history " + h);
    assertTrue(Files.isRegularFile(out.resolve("vae-0000.params")));
    try (VaeModel m = VaeModels.load(out, ComputeDevice.CPU);
        DSpritesDataset ds = DSpritesDataset.open(npz)) {
      float[] x = ds.images(new long[] {0, 1, 2});
      float[][] mu = m.encodeMeans(x, 3);
      assertEquals(3, mu.length);
      assertEquals(6, mu[0].length);
      float[] img = m.decode(mu);
      assertEquals(3 * 64 * 64, img.length);
      for (float v : img) {
        assertTrue(v >= 0 && v <= 1, "decoded value " + v);
      }
    }
  }

  @Test
  void resumeContinuesToTheSameWeightsAsAnUninterruptedRun() throws Exception {
    Path full = tmp.resolve("full");
    Path part = tmp.resolve("part");
    try (DSpritesDataset ds = DSpritesDataset.open(npz)) {
      train(ds, cfg("factor-vae", 2), full, false);
      train(ds, cfg("factor-vae", 1), part, false);
      VaeTrainer.Result r = train(ds, cfg("factor-vae", 2), part, true);
      assertEquals(2, r.history().size());
      float[] x = ds.images(new long[] {5, 6});
      try (VaeModel a = VaeModels.load(full, ComputeDevice.CPU);
          VaeModel b = VaeModels.load(part, ComputeDevice.CPU)) {
        float[][] ma = a.encodeMeans(x, 2);
        float[][] mb = b.encodeMeans(x, 2);
        for (int i = 0; i < 2; i++) {
          assertArrayEquals(ma[i], mb[i], SAME_RUN);
        }
      }
    }
  }

  @Test
  void refusesToOverwriteWithoutResume() throws Exception {
    Path out = tmp.resolve("twice");
    try (DSpritesDataset ds = DSpritesDataset.open(npz)) {
      train(ds, cfg("beta-vae", 1), out, false);
      BadInputException e =
          assertThrows(BadInputException.class, () -> train(ds, cfg("beta-vae", 1), out, false));
      assertTrue(e.getMessage().contains("set resume to continue it"), e.getMessage());
    }
  }

  @Test
  void everyObjectiveRunsWithFiniteLossTerms() throws Exception {
    try (DSpritesDataset ds = DSpritesDataset.open(npz)) {
      for (String o : List.of("beta-tcvae", "dip-vae-i", "ss-beta-vae")) {
        VaeTrainingConfig d = cfg(o, 1);
        VaeTrainingConfig c =
            d.toBuilder().epochs(1).batchSize(8).supervisedFraction(0.5).limit(16).build();
        VaeTrainer.Result r = train(ds, c, tmp.resolve(o), false);
        Map<String, Double> terms = r.history().get(0);
        String extra =
            switch (o) {
              case "beta-tcvae" -> "tc";
              case "dip-vae-i" -> "dip";
              default -> "sup";
            };
        assertTrue(terms.containsKey(extra), o + " " + terms);
        for (double v : terms.values()) {
          assertTrue(Double.isFinite(v), o + " " + terms);
        }
      }
    }
  }

  @Test
  void boundingBoxObjectiveNeedsBoxes() throws Exception {
    try (DSpritesDataset ds = DSpritesDataset.open(npz)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> train(ds, cfg("ss-fvae-bb", 1), tmp.resolve("bb"), false));
      assertTrue(
          e.getMessage().contains("bounding boxes") && e.getMessage().contains("dsprites"),
          e.getMessage());
    }
  }

  @Test
  void semiSupervisedNeedsALatentPerFactor() throws Exception {
    VaeTrainingConfig d = cfg("ss-beta-vae", 1);
    VaeTrainingConfig small = d.toBuilder().latentDim(3).epochs(1).batchSize(8).limit(16).build();
    try (DSpritesDataset ds = DSpritesDataset.open(npz)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> train(ds, small, tmp.resolve("ss3"), false));
      assertTrue(
          e.getMessage().contains("latent dimension 3") && e.getMessage().contains("5 factors"),
          e.getMessage());
    }
  }

  @Test
  void badHyperParametersAreNamed() {
    assertEquals(
        "beta must be >= 1 for beta-tcvae, got 0.5", refusal("beta-tcvae", b -> b.beta(0.5)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Objective.parse("vae-gan"));
    assertTrue(e.getMessage().contains("'vae-gan'"), e.getMessage());
    assertEquals("batch size must be >= 2, got 1", refusal("beta-vae", b -> b.batchSize(1)));
  }

  /** The message of the refusal to build a one-epoch configuration of the objective so set. */
  private static String refusal(
      String objective, java.util.function.UnaryOperator<VaeTrainingConfig.Builder> set) {
    return assertThrows(
            IllegalArgumentException.class,
            () ->
                set.apply(VaeTrainingConfig.builder(Objective.parse(objective)).epochs(1)).build())
        .getMessage();
  }

  @Test
  void discriminatorDefaultsToSixLayersOfAThousandUnitsAndIsRecorded() {
    VaeTrainingConfig c = VaeTrainingConfig.defaults(Objective.parse("factor-vae"), 10, 1, 0);
    assertEquals(6, c.discriminatorLayers());
    assertEquals(1000, c.discriminatorUnits());
    Map<String, Object> m = c.withDiscriminator(2, 50).toMap();
    assertEquals(2, m.get("discriminatorLayers"));
    assertEquals(50, m.get("discriminatorUnits"));
    assertEquals(Architectures.DL_CONV64, m.get("architecture"));
    ai.djl.nn.Block disc = Architectures.discriminator(6, 1000);
    try (ai.djl.Model model =
        ai.djl.Model.newInstance("disc", ai.djl.Device.cpu(), VaeModels.ENGINE)) {
      model.setBlock(disc);
      disc.initialize(
          model.getNDManager(),
          ai.djl.ndarray.types.DataType.FLOAT32,
          new ai.djl.ndarray.types.Shape(4, 10));
      var ps = disc.getParameters();
      assertEquals(2 * 7, ps.size());
      assertEquals(
          new ai.djl.ndarray.types.Shape(1000, 10), ps.get(0).getValue().getArray().getShape());
      for (int i = 1; i < 6; i++) {
        assertEquals(
            new ai.djl.ndarray.types.Shape(1000, 1000),
            ps.get(2 * i).getValue().getArray().getShape());
      }
      assertEquals(
          new ai.djl.ndarray.types.Shape(2, 1000), ps.get(12).getValue().getArray().getShape());
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> c.withDiscriminator(6, 0));
    assertEquals("discriminator units must be in [1, 10000], got 0", e.getMessage());
  }
}
