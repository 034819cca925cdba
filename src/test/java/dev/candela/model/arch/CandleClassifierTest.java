package dev.candela.model.arch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.SequentialBlock;
import ai.djl.training.ParameterStore;
import dev.candela.Progress;
import dev.candela.data.candle.FactorFolderDataset;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.FactorClassifier;
import dev.candela.model.hosting.ImageResize;
import dev.candela.model.hosting.VaeModels;
import dev.candela.model.training.ClassifierTrainer;
import dev.candela.model.training.ClassifierTrainingConfig;
import dev.candela.synth.ToyGenerator;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The half-resolution CANDLE classifier ({@value Architectures#CLASSIFIER_CANDLE}): block shapes,
 * training on another image size, and reading images of a stated shape (a VAE's reconstructions).
 */
class CandleClassifierTest {
  /** Held-out accuracy the toy's shape factor must reach (chance is 1/3). */
  private static final double SHAPE_ACCURACY = 0.8;

  /** Resizing inside the classifier and before it feed the same floats to the same kernels. */
  private static final float SAME_INPUT = 0f;

  @Test
  void blockMapsHalfResolutionCandleImagesToOneLogitPerValue() {
    try (Model m = Model.newInstance("shapes", Device.cpu(), VaeModels.ENGINE)) {
      SequentialBlock block = Architectures.classifier(Architectures.CLASSIFIER_CANDLE, 35);
      m.setBlock(block);
      block.initialize(m.getNDManager(), DataType.FLOAT32, new Shape(2, 3, 120, 160));
      try (NDManager sub = m.getNDManager().newSubManager()) {
        NDArray x = sub.randomUniform(0f, 1f, new Shape(2, 3, 120, 160));
        NDArray y =
            block.forward(new ParameterStore(sub, false), new NDList(x), false).singletonOrThrow();
        assertEquals(new Shape(2, 35), y.getShape());
      }
    }
    assertEquals(
        new ModelCard.Shape(3, 120, 160),
        Architectures.classifierInput(Architectures.CLASSIFIER_CANDLE, 3));
    assertEquals(
        new ModelCard.Shape(1, 64, 64), Architectures.classifierInput(Architectures.CLASSIFIER, 1));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Architectures.check(
                    Architectures.CLASSIFIER_CANDLE, new ModelCard.Shape(3, 64, 64)));
    assertTrue(e.getMessage().contains("takes 120x160 inputs"), e.getMessage());
  }

  @Test
  void unknownArchitectureIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> new ClassifierTrainingConfig("softmax", 1, 32, 0, 1e-3, 0, 10, "resnet50"));
    assertTrue(
        e.getMessage().contains("architecture must be one of")
            && e.getMessage().contains("resnet50")
            && e.getMessage().contains(Architectures.CLASSIFIER_CANDLE),
        e.getMessage());
  }

  @Test
  void trainsAtItsInputSizeAndReadsImagesOfAStatedShape(@TempDir Path tmp) throws Exception {
    Path toy = tmp.resolve("toy");
    ToyGenerator g = new ToyGenerator(0);
    g.generate(toy, g.select(null));
    Path out = tmp.resolve("clf");
    ClassifierTrainingConfig cfg =
        new ClassifierTrainingConfig(
            "softmax", 4, 32, 1, 2e-3, 384, 128, Architectures.CLASSIFIER_CANDLE);
    try (FactorFolderDataset ds = FactorFolderDataset.open(toy)) {
      ClassifierTrainer.Result r =
          ClassifierTrainer.train(ds, cfg, out, ComputeDevice.CPU, "test", Progress.NONE);
      assertEquals(Architectures.CLASSIFIER_CANDLE, r.card().architecture());
      assertEquals(new ModelCard.Shape(3, 120, 160), r.card().input());
      assertEquals(new ModelCard.Shape(3, 128, 128), r.card().sourceImage());
      int shape = ds.space().names().indexOf("shape");
      assertTrue(
          r.accuracy()[shape] >= SHAPE_ACCURACY,
          "accuracy " + java.util.Arrays.toString(r.accuracy()));

      ModelCard.Shape small = new ModelCard.Shape(3, 64, 64);
      float[] x =
          ImageResize.area(ds.images(new long[] {0, 50, 100}), 3, r.card().sourceImage(), small);
      float[] asInput = ImageResize.area(x, 3, small, r.card().input());
      try (FactorClassifier clf = FactorClassifier.load(out, ComputeDevice.CPU)) {
        float[][][] stated = clf.probabilities(x, 3, small);
        float[][][] resized = clf.probabilities(asInput, 3);
        for (int f = 0; f < stated.length; f++) {
          for (int i = 0; i < 3; i++) {
            assertArrayEquals(resized[f][i], stated[f][i], SAME_INPUT);
          }
        }
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class,
                () -> clf.probabilities(x, 3, new ModelCard.Shape(1, 64, 64)));
        assertTrue(
            e.getMessage().contains("1x64x64") && e.getMessage().contains("3x120x160"),
            e.getMessage());
        IllegalArgumentException unread =
            assertThrows(IllegalArgumentException.class, () -> clf.probabilities(x, 3));
        assertTrue(unread.getMessage().contains("3x120x160"), unread.getMessage());
      }
    }
  }
}
