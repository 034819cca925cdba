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
import ai.djl.nn.Parameter;
import ai.djl.training.GradientCollector;
import ai.djl.training.ParameterStore;
import ai.djl.util.Pair;
import dev.candela.model.hosting.VaeModels;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TransposedConv2d} against the definition of a transposed convolution, computed by plain
 * Java loops (each input pixel scatters its kernel-weighted values into the output).
 */
class TransposedConv2dTest {
  /** float32 sums of at most 3·4 products of values in [−1, 1]: far below this. */
  private static final float FLOAT_SUMS = 1e-5f;

  private static final int N = 2;
  private static final int IN = 3;
  private static final int OUT = 2;
  private static final int K = 4;

  private static float[] random(int n, SplittableRandom rng) {
    float[] a = new float[n];
    for (int i = 0; i < a.length; i++) {
      a[i] = (float) (2 * rng.nextDouble() - 1);
    }
    return a;
  }

  /**
   * The definition: y[n][o][2h − ph + a][2w − pw + b] += x[n][i][h][w] · K[i][o][a][b], plus
   * bias[o]; output (H − 1)·2 − 2p + 4 + op per axis.
   */
  private static float[] scatter(
      float[] x, float[] k, float[] bias, int h, int w, int ph, int pw, int oph, int opw) {
    int oh = (h - 1) * 2 - 2 * ph + K + oph;
    int ow = (w - 1) * 2 - 2 * pw + K + opw;
    double[] y = new double[N * OUT * oh * ow];
    for (int n = 0; n < N; n++) {
      for (int o = 0; o < OUT; o++) {
        for (int r = 0; r < oh; r++) {
          for (int c = 0; c < ow; c++) {
            y[((n * OUT + o) * oh + r) * ow + c] = bias[o];
          }
        }
      }
      for (int i = 0; i < IN; i++) {
        for (int r = 0; r < h; r++) {
          for (int c = 0; c < w; c++) {
            double v = x[((n * IN + i) * h + r) * w + c];
            for (int o = 0; o < OUT; o++) {
              for (int a = 0; a < K; a++) {
                int yr = 2 * r - ph + a;
                if (yr < 0 || yr >= oh) {
                  continue;
                }
                for (int b = 0; b < K; b++) {
                  int yc = 2 * c - pw + b;
                  if (yc < 0 || yc >= ow) {
                    continue;
                  }
                  y[((n * OUT + o) * oh + yr) * ow + yc] += v * k[((i * OUT + o) * K + a) * K + b];
                }
              }
            }
          }
        }
      }
    }
    float[] f = new float[y.length];
    for (int i = 0; i < y.length; i++) {
      f[i] = (float) y[i];
    }
    return f;
  }

  private static void compare(int h, int w, int ph, int pw, int oph, int opw, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    float[] x = random(N * IN * h * w, rng);
    float[] k = random(IN * OUT * K * K, rng);
    float[] bias = random(OUT, rng);
    float[] want = scatter(x, k, bias, h, w, ph, pw, oph, opw);
    try (NDManager m = VaeModels.newManager(Device.cpu())) {
      NDArray y =
          TransposedConv2d.apply(
              m.create(x, new Shape(N, IN, h, w)),
              m.create(k, new Shape(IN, OUT, K, K)),
              m.create(bias),
              ph,
              pw,
              oph,
              opw);
      long oh = TransposedConv2d.outputSize(h, ph, oph);
      long ow = TransposedConv2d.outputSize(w, pw, opw);
      assertEquals(new Shape(N, OUT, oh, ow), y.getShape());
      assertArrayEquals(want, y.toFloatArray(), FLOAT_SUMS);
    }
  }

  @Test
  void samePaddingDoublesTheSizeAndMatchesTheDefinition() {
    compare(3, 4, 1, 1, 0, 0, 1);
    compare(4, 4, 1, 1, 0, 0, 2);
    compare(1, 1, 1, 1, 0, 0, 3);
  }

  @Test
  void otherPaddingsMatchTheDefinition() {
    // the first stage of the dl-conv-candle decoder: 8 x 10 -> 15 x 20
    compare(8, 10, 2, 1, 1, 0, 4);
    compare(3, 5, 0, 2, 1, 1, 5);
    assertEquals(15, TransposedConv2d.outputSize(8, 2, 1));
    assertEquals(20, TransposedConv2d.outputSize(10, 1, 0));
  }

  @Test
  void kernelGradientMatchesTheDefinition() {
    // d/dK[i][o][a][b] of Σ y·G = Σ_{n,h,w} x[n][i][h][w] · G[n][o][2h − 1 + a][2w − 1 + b]
    int h = 3;
    int w = 2;
    SplittableRandom rng = new SplittableRandom(9);
    float[] x = random(N * IN * h * w, rng);
    float[] k = random(IN * OUT * K * K, rng);
    float[] g = random(N * OUT * 2 * h * 2 * w, rng);
    float[] want = new float[k.length];
    for (int n = 0; n < N; n++) {
      for (int i = 0; i < IN; i++) {
        for (int o = 0; o < OUT; o++) {
          for (int a = 0; a < K; a++) {
            for (int b = 0; b < K; b++) {
              for (int r = 0; r < h; r++) {
                for (int c = 0; c < w; c++) {
                  int yr = 2 * r - 1 + a;
                  int yc = 2 * c - 1 + b;
                  if (yr >= 0 && yr < 2 * h && yc >= 0 && yc < 2 * w) {
                    want[((i * OUT + o) * K + a) * K + b] +=
                        x[((n * IN + i) * h + r) * w + c]
                            * g[((n * OUT + o) * 2 * h + yr) * 2 * w + yc];
                  }
                }
              }
            }
          }
        }
      }
    }
    try (NDManager m = VaeModels.newManager(Device.cpu())) {
      NDArray kernel = m.create(k, new Shape(IN, OUT, K, K));
      kernel.setRequiresGradient(true);
      try (GradientCollector gc =
          ai.djl.engine.Engine.getEngine("PyTorch").newGradientCollector()) {
        NDArray y =
            TransposedConv2d.apply(
                m.create(x, new Shape(N, IN, h, w)), kernel, m.zeros(new Shape(OUT)), 1, 1, 0, 0);
        gc.backward(y.mul(m.create(g, new Shape(N, OUT, 2 * h, 2 * w))).sum());
      }
      assertArrayEquals(want, kernel.getGradient().toFloatArray(), FLOAT_SUMS);
    }
  }

  @Test
  void blockUsesItsTransposedLayoutParameters() {
    try (Model model = Model.newInstance("tconv", Device.cpu(), VaeModels.ENGINE)) {
      TransposedConv2d block = new TransposedConv2d(OUT);
      model.setBlock(block);
      block.initialize(model.getNDManager(), DataType.FLOAT32, new Shape(N, IN, 3, 3));
      NDArray weight = null;
      NDArray bias = null;
      for (Pair<String, Parameter> p : block.getParameters()) {
        if (p.getKey().equals("weight")) {
          weight = p.getValue().getArray();
        } else {
          bias = p.getValue().getArray();
        }
      }
      assertEquals(new Shape(IN, OUT, K, K), weight.getShape());
      assertEquals(new Shape(OUT), bias.getShape());
      bias.addi(0.25f);
      assertEquals(
          new Shape(N, OUT, 6, 6), block.getOutputShapes(new Shape[] {new Shape(N, IN, 3, 3)})[0]);
      float[] x = random(N * IN * 9, new SplittableRandom(11));
      try (NDManager sub = model.getNDManager().newSubManager()) {
        NDArray y =
            block
                .forward(
                    new ParameterStore(sub, false),
                    new NDList(sub.create(x, new Shape(N, IN, 3, 3))),
                    false)
                .singletonOrThrow();
        float[] want = scatter(x, weight.toFloatArray(), bias.toFloatArray(), 3, 3, 1, 1, 0, 0);
        assertArrayEquals(want, y.toFloatArray(), FLOAT_SUMS);
      }
    }
  }

  @Test
  void decodersHaveTheDisentanglementLibShapes() {
    try (Model model = Model.newInstance("dec", Device.cpu(), VaeModels.ENGINE)) {
      VaeBlock block = new VaeBlock(Architectures.DL_CONV64, 5, 3);
      model.setBlock(block);
      block.initialize(model.getNDManager(), DataType.FLOAT32, new Shape(2, 3, 64, 64));
      assertEquals(
          new Shape(2, 3, 64, 64),
          block.decoder().getOutputShapes(new Shape[] {new Shape(2, 5)})[0]);
      long tconvs =
          block.decoder().getChildren().values().stream()
              .filter(b -> b instanceof TransposedConv2d)
              .count();
      assertEquals(4, tconvs);
      // dense 256, dense 1024, then 4x4 kernels of the transposed layout (in, out, 4, 4)
      Shape[] want = {
        new Shape(256, 5),
        new Shape(256),
        new Shape(1024, 256),
        new Shape(1024),
        new Shape(64, 64, 4, 4),
        new Shape(64),
        new Shape(64, 32, 4, 4),
        new Shape(32),
        new Shape(32, 32, 4, 4),
        new Shape(32),
        new Shape(32, 3, 4, 4),
        new Shape(3)
      };
      var ps = block.decoder().getParameters();
      assertEquals(want.length, ps.size());
      for (int i = 0; i < want.length; i++) {
        assertEquals(want[i], ps.get(i).getValue().getArray().getShape(), ps.get(i).getKey());
      }
    }
  }

  @Test
  void badSettingsAreNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new TransposedConv2d(4, 3, 1, 0, 0));
    assertTrue(e.getMessage().contains("padding 3x1"), e.getMessage());
  }
}
