package dev.candela.model.arch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Parameter;
import ai.djl.nn.SequentialBlock;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import ai.djl.util.Pair;
import dev.candela.CandelaException;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModels;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link TransposedConv2d}'s phase-decomposition construction ({@link TransposedConv2d#apply})
 * against the earlier zero-dilation construction ({@link TransposedConv2d#applyDilated}): every
 * padding, the gradients, and the decoders of the shipped models with their trained weights.
 */
class TransposedConv2dModelsTest {
  /** float32 sums of at most 64·16 products of values in [−1, 1]: far below this. */
  private static final float FLOAT_SUMS = 1e-5f;

  /**
   * Decoder logits of the trained models after four layers of float32 sums (absolute difference per
   * logit, the same bound the shipped models are promised to keep).
   */
  private static final float DECODER = 1e-5f;

  private static final int LATENTS = 8;

  private static float[] random(int n, SplittableRandom rng) {
    float[] a = new float[n];
    for (int i = 0; i < a.length; i++) {
      a[i] = (float) (2 * rng.nextDouble() - 1);
    }
    return a;
  }

  @Test
  void everyPaddingAgreesWithTheDilatedConstruction() {
    SplittableRandom rng = new SplittableRandom(21);
    int n = 2;
    int in = 5;
    int out = 3;
    try (NDManager m = VaeModels.newManager(Device.cpu())) {
      for (int ph = 0; ph <= 2; ph++) {
        for (int pw = 0; pw <= 2; pw++) {
          for (int oph = 0; oph <= 1; oph++) {
            for (int opw = 0; opw <= 1; opw++) {
              for (int[] hw : new int[][] {{2, 3}, {3, 2}, {5, 4}}) {
                NDArray x =
                    m.create(random(n * in * hw[0] * hw[1], rng), new Shape(n, in, hw[0], hw[1]));
                NDArray k = m.create(random(in * out * 16, rng), new Shape(in, out, 4, 4));
                NDArray b = m.create(random(out, rng));
                NDArray want = TransposedConv2d.applyDilated(x, k, b, ph, pw, oph, opw);
                NDArray got = TransposedConv2d.apply(x, k, b, ph, pw, oph, opw);
                String what =
                    "p " + ph + "x" + pw + " op " + oph + "x" + opw + " in " + hw[0] + "x" + hw[1];
                assertEquals(want.getShape(), got.getShape(), what);
                assertArrayEquals(want.toFloatArray(), got.toFloatArray(), FLOAT_SUMS, what);
              }
            }
          }
        }
      }
    }
  }

  @Test
  void gradientsAgreeWithTheDilatedConstructionForTheCandleStage() {
    // the dl-conv-candle first stage, p = 2x1, op = 1x0: gradients of the input, kernel and bias
    SplittableRandom rng = new SplittableRandom(22);
    int n = 2;
    int in = 3;
    int out = 4;
    int h = 8;
    int w = 10;
    float[] x = random(n * in * h * w, rng);
    float[] k = random(in * out * 16, rng);
    float[] b = random(out, rng);
    float[] g = random(n * out * 15 * 20, rng);
    float[][] dilated = gradients(x, k, b, g, n, in, out, h, w, true);
    float[][] phases = gradients(x, k, b, g, n, in, out, h, w, false);
    for (int i = 0; i < 3; i++) {
      assertArrayEquals(dilated[i], phases[i], FLOAT_SUMS * 10, "gradient " + i);
    }
  }

  private static float[][] gradients(
      float[] x,
      float[] k,
      float[] b,
      float[] g,
      int n,
      int in,
      int out,
      int h,
      int w,
      boolean old) {
    try (NDManager m = VaeModels.newManager(Device.cpu())) {
      NDArray xa = m.create(x, new Shape(n, in, h, w));
      NDArray ka = m.create(k, new Shape(in, out, 4, 4));
      NDArray ba = m.create(b);
      for (NDArray a : new NDArray[] {xa, ka, ba}) {
        a.setRequiresGradient(true);
      }
      try (GradientCollector gc =
          ai.djl.engine.Engine.getEngine("PyTorch").newGradientCollector()) {
        NDArray y =
            old
                ? TransposedConv2d.applyDilated(xa, ka, ba, 2, 1, 1, 0)
                : TransposedConv2d.apply(xa, ka, ba, 2, 1, 1, 0);
        assertEquals(new Shape(n, out, 15, 20), y.getShape());
        gc.backward(y.mul(m.create(g, y.getShape())).sum());
      }
      return new float[][] {
        xa.getGradient().toFloatArray(),
        ka.getGradient().toFloatArray(),
        ba.getGradient().toFloatArray()
      };
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "dsprites-ss-beta-vae",
        "dsprites-beta-vae",
        "dsprites-beta-tcvae",
        "candle-beta-vae",
        "candle-ss-fvae-bb"
      })
  void shippedDecodersAgreeWithTheDilatedConstruction(String name) throws CandelaException {
    Path dir = Path.of("models", name);
    ModelCard card = ModelCard.read(dir);
    assertEquals(Architectures.DL_CONV64, card.architecture());
    VaeBlock block = new VaeBlock(card.architecture(), card.latentDim(), card.input().channels());
    try (Model model = VaeModels.loadDjl(dir, VaeModels.DJL_VAE_PREFIX, block, Device.cpu())) {
      compareDecoder(model, block.decoder(), card.latentDim(), 4, 31);
    }
  }

  @Test
  void candleDecoderAgreesWithTheDilatedConstruction() {
    try (Model model = Model.newInstance("dec", Device.cpu(), VaeModels.ENGINE)) {
      // the first stage has p = 2x1, op = 1x0 (8 x 10 -> 15 x 20), then four with p = 1
      VaeBlock block = new VaeBlock(Architectures.DL_CONV_CANDLE, 6, 3);
      model.setBlock(block);
      block.initialize(model.getNDManager(), DataType.FLOAT32, new Shape(2, 3, 240, 320));
      compareDecoder(model, block.decoder(), 6, 5, 32);
    }
  }

  /** The decoder's forward pass against the same layers with the dilated transposed convolution. */
  private static void compareDecoder(
      Model model, SequentialBlock decoder, int latentDim, int tconvs, long seed) {
    try (NDManager sub = model.getNDManager().newSubManager()) {
      ParameterStore ps = new ParameterStore(sub, false);
      NDArray z =
          sub.create(
              random(LATENTS * latentDim, new SplittableRandom(seed)),
              new Shape(LATENTS, latentDim));
      float[] got = decoder.forward(ps, new NDList(z), false).singletonOrThrow().toFloatArray();
      NDList x = new NDList(z);
      int seen = 0;
      for (Pair<String, Block> child : decoder.getChildren()) {
        if (child.getValue() instanceof TransposedConv2d t) {
          NDArray weight = null;
          NDArray bias = null;
          for (Pair<String, Parameter> p : t.getParameters()) {
            if (p.getKey().equals("weight")) {
              weight = p.getValue().getArray();
            } else {
              bias = p.getValue().getArray();
            }
          }
          x = new NDList(t.applyDilated(x.singletonOrThrow(), weight, bias));
          seen++;
        } else {
          x = child.getValue().forward(ps, x, false);
        }
      }
      assertEquals(tconvs, seen);
      float[] want = x.singletonOrThrow().toFloatArray();
      assertEquals(want.length, got.length);
      assertArrayEquals(want, got, DECODER);
    }
  }
}
