package dev.candela.model.hosting;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.training.ParameterStore;
import dev.candela.evaluate.ModelPaths;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.VaeBlock;
import dev.candela.model.card.ModelCard;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The host-side batching of {@link HostedVae} and {@link FactorClassifier} (one reused input
 * buffer, cached shapes, the classifier's heads returned in one array) gives bit for bit the
 * outputs of the straightforward path: a fresh array per batch from a copied range, one engine read
 * per head. On the CPU, with the shipped dl-conv64 VAE and conv3-fc classifier, including a partial
 * last batch.
 */
class HostedInputsUnchangedTest {
  private static final Path MODELS = ModelPaths.repoRoot().resolve("models");
  private static final Path VAE = MODELS.resolve("dsprites-beta-vae");
  private static final Path CLASSIFIER = MODELS.resolve("dsprites-classifier");
  private static final int BATCH = 64;
  private static final int N = 150;

  private static float[] images(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] x = new float[n * 64 * 64];
    for (int i = 0; i < x.length; i++) {
      x[i] = r.nextDouble() < 0.2 ? 1f : 0f;
    }
    return x;
  }

  /** The straightforward path: one fresh input array per batch, copied from its range. */
  private static float[] reference(Block block, NDManager manager, float[] x, long[] item, int n) {
    int vol = 1;
    for (long v : item) {
      vol *= (int) v;
    }
    float[] out = null;
    int o = 0;
    for (int start = 0; start < n; start += BATCH) {
      int b = Math.min(BATCH, n - start);
      try (NDManager sub = manager.newSubManager()) {
        long[] dims = new long[item.length + 1];
        dims[0] = b;
        System.arraycopy(item, 0, dims, 1, item.length);
        NDArray in =
            sub.create(Arrays.copyOfRange(x, start * vol, (start + b) * vol), new Shape(dims));
        float[] y =
            block
                .forward(new ParameterStore(sub, false), new NDList(in), false)
                .head()
                .toFloatArray();
        if (out == null) {
          out = new float[y.length / b * n];
        }
        System.arraycopy(y, 0, out, o, y.length);
        o += y.length;
      }
    }
    return out;
  }

  @Test
  void vaeEncodeAndDecodeAreBitIdentical() throws Exception {
    float[] x = images(N, 1);
    float[][] mean;
    float[] decoded;
    float[][] z = new float[N][];
    try (VaeModel vae = VaeModels.load(VAE, ComputeDevice.CPU, BATCH)) {
      mean = vae.encode(x, N).mean();
      SplittableRandom r = new SplittableRandom(2);
      for (int i = 0; i < N; i++) {
        z[i] = new float[vae.latentDim()];
        for (int j = 0; j < z[i].length; j++) {
          z[i][j] = (float) r.nextGaussian();
        }
      }
      decoded = vae.decode(z);
    }
    ModelCard card = ModelCard.read(VAE);
    VaeBlock block = new VaeBlock(card.architecture(), card.latentDim(), card.input().channels());
    try (Model m = VaeModels.loadDjl(VAE, VaeModels.DJL_VAE_PREFIX, block, Device.cpu());
        NDManager manager = VaeModels.newManager(Device.cpu())) {
      assertNotNull(m.getBlock());
      int d = card.latentDim();
      float[] h = reference(block.encoder(), manager, x, new long[] {1, 64, 64}, N);
      for (int i = 0; i < N; i++) {
        assertArrayEquals(
            Arrays.copyOfRange(h, i * 2 * d, i * 2 * d + d), mean[i], "mean of image " + i);
      }
      float[] flat = new float[N * d];
      for (int i = 0; i < N; i++) {
        System.arraycopy(z[i], 0, flat, i * d, d);
      }
      float[] want = new float[N * 64 * 64];
      for (int start = 0, o = 0; start < N; start += BATCH) {
        int b = Math.min(BATCH, N - start);
        try (NDManager sub = manager.newSubManager()) {
          NDArray in =
              sub.create(Arrays.copyOfRange(flat, start * d, (start + b) * d), new Shape(b, d));
          NDArray y =
              block.decoder().forward(new ParameterStore(sub, false), new NDList(in), false).head();
          float[] f = Activation.sigmoid(y).toFloatArray();
          System.arraycopy(f, 0, want, o, f.length);
          o += f.length;
        }
      }
      assertArrayEquals(want, decoded, "decoded images");
    }
  }

  @Test
  void classifierProbabilitiesAreBitIdentical() throws Exception {
    float[] x = images(N, 3);
    float[][][] p;
    try (FactorClassifier c = FactorClassifier.load(CLASSIFIER, ComputeDevice.CPU, BATCH)) {
      p = c.probabilities(x, N);
    }
    ModelCard card = ModelCard.read(CLASSIFIER);
    Block block = Architectures.classifier(card.architecture(), card.totalFactorValues());
    try (Model m = VaeModels.loadDjl(CLASSIFIER, FactorClassifier.PREFIX, block, Device.cpu());
        NDManager manager = VaeModels.newManager(Device.cpu())) {
      assertNotNull(m.getBlock());
      boolean softmax = card.output().equals("softmax");
      for (int start = 0; start < N; start += BATCH) {
        int b = Math.min(BATCH, N - start);
        try (NDManager sub = manager.newSubManager()) {
          NDArray in =
              sub.create(
                  Arrays.copyOfRange(x, start * 4096, (start + b) * 4096), new Shape(b, 1, 64, 64));
          NDArray logits =
              block.forward(new ParameterStore(sub, false), new NDList(in), false).head();
          int off = 0;
          for (int f = 0; f < card.factors().size(); f++) {
            int k = card.factors().get(f).size();
            NDArray seg = logits.get(":, " + off + ":" + (off + k));
            float[] v = (softmax ? seg.softmax(1) : Activation.sigmoid(seg)).toFloatArray();
            for (int i = 0; i < b; i++) {
              assertArrayEquals(
                  Arrays.copyOfRange(v, i * k, (i + 1) * k),
                  p[f][start + i],
                  "factor " + f + " image " + (start + i));
            }
            off += k;
          }
          assertEquals(card.totalFactorValues(), off);
        }
      }
    }
  }
}
