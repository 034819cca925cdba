package dev.candela.model.training;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.Progress;
import dev.candela.data.candle.FactorFolderDataset;
import dev.candela.model.arch.Architectures;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.FactorClassifier;
import dev.candela.synth.ToyGenerator;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The factor classifier learns the generated toy set (128×128 images, area-resized to 64×64). */
class ClassifierTrainerTest {
  private static final String CONV3 = Architectures.CLASSIFIER;

  /** Held-out accuracy the shape factor must reach (chance is 1/3). */
  private static final double SHAPE_ACCURACY = 0.9;

  /** Held-out accuracy pos_x must reach (chance is 1/8). */
  private static final double POSITION_ACCURACY = 0.5;

  /** Resumed and uninterrupted runs agree to float round-off of identical CPU kernels. */
  private static final float SAME_RUN = 1e-5f;

  /** Softmax rows sum to one. */
  private static final float PROBABILITY_SUM = 1e-5f;

  @TempDir static Path tmp;
  static Path toy;

  @BeforeAll
  static void data() throws Exception {
    toy = tmp.resolve("toy");
    ToyGenerator g = new ToyGenerator(0);
    g.generate(toy, g.select(null));
  }

  /** Trains on the CPU with no command line and no progress, as most of these tests do. */
  private static ClassifierTrainer.Result train(
      dev.candela.data.FactorDataset ds, ClassifierTrainingConfig cfg, Path out, boolean resume)
      throws dev.candela.CandelaException {
    return ClassifierTrainer.train(ds, cfg, out, resume, ComputeDevice.CPU, null, Progress.NONE);
  }

  @Test
  void heldOutAccuracyIsFarAboveChanceAndTheSavedClassifierReproducesIt() throws Exception {
    Path out = tmp.resolve("clf");
    ClassifierTrainingConfig cfg =
        new ClassifierTrainingConfig("softmax", 6, 32, 1, 2e-3, 448, 128, CONV3);
    ClassifierTrainer.Result r;
    try (FactorFolderDataset ds = FactorFolderDataset.open(toy)) {
      r = ClassifierTrainer.train(ds, cfg, out, ComputeDevice.CPU, "test", Progress.NONE);
      int shape = ds.space().names().indexOf("shape");
      int posX = ds.space().names().indexOf("pos_x");
      assertTrue(
          r.accuracy()[shape] >= SHAPE_ACCURACY,
          "accuracy " + java.util.Arrays.toString(r.accuracy()));
      assertTrue(
          r.accuracy()[posX] >= POSITION_ACCURACY,
          "accuracy " + java.util.Arrays.toString(r.accuracy()));
      try (FactorClassifier clf = FactorClassifier.load(out, ComputeDevice.CPU)) {
        float[] x = ds.images(new long[] {0, 100}); // source 3x128x128, resized inside
        float[][][] p = clf.probabilities(x, 2);
        assertEquals(ds.space().numFactors(), p.length);
        for (float[][] f : p) {
          for (float[] row : f) {
            float s = 0;
            for (float v : row) {
              s += v;
            }
            assertEquals(1f, s, PROBABILITY_SUM);
          }
        }
        int before = clf.attachedArrays();
        for (int i = 0; i < 50; i++) {
          clf.predict(x, 2);
        }
        assertEquals(before, clf.attachedArrays());
      }
    }
  }

  @Test
  void badHyperParametersAreNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ClassifierTrainingConfig("relu", 1, 32, 0, 1e-3, 0, 10, CONV3));
    assertTrue(
        e.getMessage().contains("head must") && e.getMessage().contains("relu"), e.getMessage());
  }

  @Test
  void aDegradedRunRecordsItsRangesAndAnUnknownKindIsNamed() {
    ClassifierTrainingConfig cfg =
        new ClassifierTrainingConfig(
            "softmax",
            1,
            32,
            0,
            1e-3,
            0,
            10,
            CONV3,
            0,
            0.1,
            ClassifierTrainingConfig.DEGRADE_VAE_LIKE);
    assertTrue(cfg.degraded());
    assertEquals(
        java.util.Map.of(
            "kind", "vae-like",
            "maxBlurSigma", 3.0,
            "minContrast", 0.4,
            "maxOffset", 0.1,
            "maxNoiseSd", 0.05,
            "cleanShare", 0.2),
        cfg.toMap().get("degrade"));
    assertTrue(
        !new ClassifierTrainingConfig("softmax", 1, 32, 0, 1e-3, 0, 10, CONV3)
            .toMap()
            .containsKey("degrade"));
    assertEquals(
        "degrade must be none or vae-like, got blur",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    new ClassifierTrainingConfig(
                        "softmax", 1, 32, 0, 1e-3, 0, 10, CONV3, 0, 0.1, "blur"))
            .getMessage());
  }

  @Test
  void resumeContinuesToTheSameWeightsAsAnUninterruptedRun() throws Exception {
    Path full = tmp.resolve("clf-full");
    Path part = tmp.resolve("clf-part");
    ClassifierTrainingConfig two =
        new ClassifierTrainingConfig("sigmoid", 2, 32, 3, 2e-3, 128, 32, CONV3);
    ClassifierTrainingConfig one =
        new ClassifierTrainingConfig("sigmoid", 1, 32, 3, 2e-3, 128, 32, CONV3);
    try (FactorFolderDataset ds = FactorFolderDataset.open(toy)) {
      ClassifierTrainer.Result a = train(ds, two, full, false);
      train(ds, one, part, false);
      assertTrue(Files.isRegularFile(part.resolve("checkpoint/state.json")));
      ClassifierTrainer.Result b = train(ds, two, part, true);
      assertEquals(2, b.lossHistory().size());
      assertEquals(a.lossHistory().get(0), b.lossHistory().get(0), SAME_RUN);
      assertEquals(a.lossHistory().get(1), b.lossHistory().get(1), SAME_RUN);
      assertArrayEquals(a.accuracy(), b.accuracy(), SAME_RUN);
      float[] x = ds.images(new long[] {3, 70, 200});
      try (FactorClassifier ca = FactorClassifier.load(full, ComputeDevice.CPU);
          FactorClassifier cb = FactorClassifier.load(part, ComputeDevice.CPU)) {
        float[][][] pa = ca.probabilities(x, 3);
        float[][][] pb = cb.probabilities(x, 3);
        for (int f = 0; f < pa.length; f++) {
          for (int i = 0; i < 3; i++) {
            assertArrayEquals(pa[f][i], pb[f][i], SAME_RUN);
          }
        }
      }
    }
  }

  @Test
  void aLearningRateDropAddedOnResumeGivesTheWeightsOfAnUninterruptedScheduledRun()
      throws Exception {
    Path full = tmp.resolve("clf-drop-full");
    Path part = tmp.resolve("clf-drop-part");
    ClassifierTrainingConfig scheduled = withDrop(2, 1, 0.1);
    ClassifierTrainingConfig constant =
        new ClassifierTrainingConfig("softmax", 1, 32, 3, 2e-3, 128, 32, CONV3);
    assertEquals(2e-3, scheduled.rateAt(0), 0.0);
    assertEquals(2e-4, scheduled.rateAt(1), 1e-18);
    try (FactorFolderDataset ds = FactorFolderDataset.open(toy)) {
      ClassifierTrainer.Result a = train(ds, scheduled, full, false);
      train(ds, constant, part, false);
      ClassifierTrainer.Result b = train(ds, scheduled, part, true);
      assertEquals(a.lossHistory(), b.lossHistory());
      assertArrayEquals(a.accuracy(), b.accuracy(), SAME_RUN);
      assertEquals(1, a.card().training().get("lrDropEpoch"), a.card().training().toString());
      // a drop inside the epochs already trained would change them: refused
      ClassifierTrainingConfig early = withDrop(3, 1, 0.5);
      Path again = tmp.resolve("clf-drop-again");
      train(
          ds,
          new ClassifierTrainingConfig("softmax", 2, 32, 3, 2e-3, 128, 32, CONV3),
          again,
          false);
      BadInputException e =
          assertThrows(BadInputException.class, () -> train(ds, early, again, true));
      assertTrue(e.getMessage().contains("lrDropEpoch"), e.getMessage());
    }
  }

  @Test
  void resumeWithAnotherConfigurationIsRefused() throws Exception {
    Path out = tmp.resolve("clf-other");
    try (FactorFolderDataset ds = FactorFolderDataset.open(toy)) {
      train(ds, new ClassifierTrainingConfig("softmax", 1, 32, 3, 2e-3, 64, 16, CONV3), out, false);
      BadInputException e =
          assertThrows(
              BadInputException.class,
              () ->
                  train(
                      ds,
                      new ClassifierTrainingConfig("softmax", 2, 32, 3, 1e-3, 64, 16, CONV3),
                      out,
                      true));
      assertTrue(
          e.getMessage().contains("learningRate=0.002")
              && e.getMessage().contains("learningRate=0.001")
              && e.getMessage().contains("only epochs may change when resuming"),
          e.getMessage());
      BadInputException again =
          assertThrows(
              BadInputException.class,
              () ->
                  train(
                      ds,
                      new ClassifierTrainingConfig("softmax", 1, 32, 3, 2e-3, 64, 16, CONV3),
                      out,
                      false));
      assertTrue(again.getMessage().contains("set resume to continue it"), again.getMessage());
    }
  }

  @Test
  void initFromStartsAtTheGivenWeightsAndKeepsItsHeldOutImages() throws Exception {
    Path base = tmp.resolve("clf-init-base");
    Path tuned = tmp.resolve("clf-init-tuned");
    try (FactorFolderDataset ds = FactorFolderDataset.open(toy)) {
      ClassifierTrainer.Result a =
          train(
              ds,
              new ClassifierTrainingConfig("softmax", 2, 32, 3, 2e-3, 256, 64, CONV3),
              base,
              false);
      // a step too small to move any weight: the start is the base's weights, the held-out set
      // is the base's, so the held-out accuracy is the base's exactly
      ClassifierTrainer.Init init = ClassifierTrainer.Init.read(base);
      ClassifierTrainer.Result b =
          ClassifierTrainer.train(
              ds,
              new ClassifierTrainingConfig("softmax", 1, 32, 5, 1e-12, 300, 64, CONV3),
              tuned,
              false,
              init,
              ComputeDevice.CPU,
              null,
              Progress.NONE);
      assertArrayEquals(a.accuracy(), b.accuracy(), 0.0);
      @SuppressWarnings("unchecked")
      java.util.Map<String, Object> from =
          (java.util.Map<String, Object>) b.card().training().get("initFrom");
      assertEquals("clf-init-base", from.get("model"));
      assertEquals(
          a.card().weights().get(FactorClassifier.PREFIX + "-0000.params"),
          from.get("weightsSha256"));
      assertEquals(300, b.card().results().get("trainImages"));
      // a classifier started from another keeps that one's held-out images, however long the chain
      ClassifierTrainingConfig again =
          new ClassifierTrainingConfig("softmax", 1, 32, 7, 1e-12, 200, 64, CONV3);
      long[] held = init.heldOut(ds, again);
      ClassifierTrainer.Init second = ClassifierTrainer.Init.read(tuned);
      assertArrayEquals(held, second.heldOut(ds, again));
      ClassifierTrainer.Result c =
          ClassifierTrainer.train(
              ds,
              again,
              tmp.resolve("clf-init-third"),
              false,
              second,
              ComputeDevice.CPU,
              null,
              Progress.NONE);
      assertArrayEquals(a.accuracy(), c.accuracy(), 0.0);
      assertArrayEquals(
          held, ClassifierTrainer.Init.read(tmp.resolve("clf-init-third")).heldOut(ds, again));
      BadInputException e =
          assertThrows(
              BadInputException.class,
              () ->
                  ClassifierTrainer.train(
                      ds,
                      new ClassifierTrainingConfig("softmax", 1, 32, 5, 1e-3, 300, 16, CONV3),
                      tmp.resolve("clf-init-bad"),
                      false,
                      init,
                      ComputeDevice.CPU,
                      null,
                      Progress.NONE));
      assertTrue(
          e.getMessage().contains("test count 16") && e.getMessage().contains("64 held-out"),
          e.getMessage());
    }
  }

  @Test
  void trainingImagesOutsideTheHeldOutSetAreDisjointIncreasingAndCounted() {
    java.util.SplittableRandom rng = new java.util.SplittableRandom(11);
    for (int trial = 0; trial < 200; trial++) {
      int size = 20 + rng.nextInt(200);
      int test = 1 + rng.nextInt(size / 2);
      long[] held = ClassifierSplit.split(size, 0, test, rng.nextLong())[1];
      int want = rng.nextInt(size - test + 1); // 0 = all
      long[] train = ClassifierSplit.trainingOutside(size, held, want, rng.nextLong());
      assertEquals(want == 0 ? size - test : want, train.length);
      java.util.Set<Long> h = new java.util.HashSet<>();
      for (long v : held) {
        h.add(v);
      }
      for (int i = 0; i < train.length; i++) {
        assertTrue(train[i] >= 0 && train[i] < size, "index " + train[i] + " of " + size);
        assertTrue(!h.contains(train[i]), "held-out index " + train[i] + " in training");
        assertTrue(i == 0 || train[i] > train[i - 1], "not increasing at " + i);
      }
    }
  }

  /** The test's classifier settings with the learning rate × factor from epoch dropEpoch on. */
  private static ClassifierTrainingConfig withDrop(int epochs, int dropEpoch, double factor) {
    return new ClassifierTrainingConfig(
        "softmax",
        epochs,
        32,
        3,
        2e-3,
        128,
        32,
        CONV3,
        dropEpoch,
        factor,
        ClassifierTrainingConfig.DEGRADE_NONE);
  }
}
