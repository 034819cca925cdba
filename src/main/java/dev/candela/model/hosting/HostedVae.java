package dev.candela.model.hosting;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Block;
import ai.djl.training.ParameterStore;
import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.model.card.ModelCard;

/** A {@link VaeModel} over an encoder block and a decoder block (DJL or TorchScript). */
public final class HostedVae implements VaeModel {
  private final ModelCard card;
  private final Block encoder;
  private final Block decoder;
  private final NDManager manager;
  private final int batchSize;
  private final Model[] owned;
  private final InputBuffer input = new InputBuffer();
  private final Shape fullShape;

  HostedVae(
      ModelCard card, Block encoder, Block decoder, Device device, int batchSize, Model... owned) {
    SettingChecks.positive(batchSize, Setting.BATCH_SIZE);
    this.card = card;
    this.encoder = encoder;
    this.decoder = decoder;
    this.manager = VaeModels.newManager(device);
    this.batchSize = batchSize;
    this.owned = owned;
    ModelCard.Shape s = card.input();
    this.fullShape = new Shape(batchSize, s.channels(), s.height(), s.width());
  }

  @Override
  public ModelCard card() {
    return card;
  }

  /**
   * The manager whose sub-managers hold each batch (exposed for memory checks).
   *
   * @return the manager
   */
  public NDManager manager() {
    return manager;
  }

  @Override
  public Encoding encode(float[] images, int n) {
    float[] x = Inputs.toNetworkInput(card, images, n);
    int d = card.latentDim();
    int vol = card.input().volume();
    float[][] mean = new float[n][];
    float[][] logVar = new float[n][];
    for (int start = 0; start < n; start += batchSize) {
      int b = Math.min(batchSize, n - start);
      try (NDManager sub = manager.newSubManager()) {
        NDArray in = input.create(sub, x, start * vol, shapeOf(b));
        NDList out = encoder.forward(new ParameterStore(sub, false), new NDList(in), false);
        NDArray mu;
        NDArray lv;
        if (out.size() >= 2) {
          mu = out.get(0);
          lv = out.get(1);
        } else {
          NDList parts = out.singletonOrThrow().split(2, 1);
          mu = parts.get(0);
          lv = parts.get(1);
        }
        if (mu.getShape().dimension() != 2 || mu.getShape().get(1) != d) {
          throw new IllegalStateException(
              "encoder returned means of shape "
                  + mu.getShape()
                  + ", expected ("
                  + b
                  + ", "
                  + d
                  + ")");
        }
        float[] m = mu.toFloatArray();
        float[] l = lv.toFloatArray();
        for (int i = 0; i < b; i++) {
          mean[start + i] = java.util.Arrays.copyOfRange(m, i * d, (i + 1) * d);
          logVar[start + i] = java.util.Arrays.copyOfRange(l, i * d, (i + 1) * d);
        }
      }
    }
    return new Encoding(mean, logVar);
  }

  /** The input shape of a batch of b images; the full batch's shape is made once. */
  private Shape shapeOf(int b) {
    if (b == batchSize) {
      return fullShape;
    }
    ModelCard.Shape s = card.input();
    return new Shape(b, s.channels(), s.height(), s.width());
  }

  @Override
  public float[] decode(float[][] z) {
    return decode(z, true);
  }

  @Override
  public float[] decodeRaw(float[][] z) {
    return decode(z, false);
  }

  /**
   * Decodes, with or without the card's output transform.
   *
   * @param z latent rows
   * @param transform apply the sigmoid when the card says {@code logits}; false returns the
   *     decoder's raw output
   * @return n × C·H·W floats
   */
  float[] decode(float[][] z, boolean transform) {
    int d = card.latentDim();
    int n = z.length;
    int vol = card.input().volume();
    float[] out = new float[n * vol];
    float[] buf = new float[Math.min(batchSize, Math.max(n, 1)) * d];
    for (int start = 0; start < n; start += batchSize) {
      int b = Math.min(batchSize, n - start);
      for (int i = 0; i < b; i++) {
        if (z[start + i].length != d) {
          throw new IllegalArgumentException(
              "latent row "
                  + (start + i)
                  + " has "
                  + z[start + i].length
                  + " values, expected "
                  + d);
        }
        System.arraycopy(z[start + i], 0, buf, i * d, d);
      }
      try (NDManager sub = manager.newSubManager()) {
        NDArray in = input.create(sub, buf, 0, new Shape(b, d));
        NDArray y = decoder.forward(new ParameterStore(sub, false), new NDList(in), false).head();
        if (transform && card.output().equals("logits")) {
          y = Activation.sigmoid(y);
        }
        float[] f = y.toFloatArray();
        if (f.length != b * vol) {
          throw new IllegalStateException(
              "decoder returned " + y.getShape() + ", expected " + b + "x" + card.input());
        }
        System.arraycopy(f, 0, out, start * vol, f.length);
      }
    }
    return out;
  }

  /**
   * Native arrays attached to this model's managers (inference manager and the weights' model
   * managers): constant across calls when every batch frees its arrays.
   *
   * @return the count
   */
  public int attachedArrays() {
    int k = manager.getManagedArrays().size();
    for (Model m : owned) {
      k += m.getNDManager().getManagedArrays().size();
    }
    return k;
  }

  @Override
  public void close() {
    manager.close();
    for (Model m : owned) {
      m.close();
    }
  }
}
