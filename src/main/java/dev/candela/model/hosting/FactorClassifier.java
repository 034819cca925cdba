package dev.candela.model.hosting;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.ParameterStore;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.model.arch.Architectures;
import dev.candela.model.card.ModelCard;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A factor classifier ({@value Architectures#CLASSIFIER} or {@value
 * Architectures#CLASSIFIER_CANDLE}): per-factor value probabilities of image batches. Head {@code
 * softmax}: one softmax per factor over its values (rows sum to 1). Head {@code sigmoid} (the
 * CANDLE authors' classifier): one independent sigmoid per factor value over all Σ sizes outputs,
 * returned per factor unnormalised, as the authors' code reads them.
 */
public final class FactorClassifier implements AutoCloseable {
  /** Parameter file prefix ({@code classifier-0000.params}). */
  public static final String PREFIX = "classifier";

  private final ModelCard card;
  private final Block block;
  private final Model model;
  private final NDManager manager;
  private final int batchSize;
  private final InputBuffer input = new InputBuffer();
  private final Shape fullShape;

  public FactorClassifier(ModelCard card, Block block, Model model, Device device, int batchSize) {
    SettingChecks.positive(batchSize, Setting.BATCH_SIZE);
    this.card = card;
    this.block = block;
    this.model = model;
    this.manager = VaeModels.newManager(device);
    this.batchSize = batchSize;
    ModelCard.Shape s = card.input();
    this.fullShape = new Shape(batchSize, s.channels(), s.height(), s.width());
  }

  /**
   * Loads a classifier directory ({@code model.json} + {@code classifier-0000.params}).
   *
   * @param dir the directory
   * @param device the device
   * @return the classifier; close it
   * @throws CandelaException when the card or weights cannot be read
   */
  public static FactorClassifier load(Path dir, ComputeDevice device) throws CandelaException {
    return load(dir, device, VaeModels.DEFAULT_BATCH);
  }

  /**
   * Loads a classifier directory with a given inference batch size.
   *
   * @param dir the directory
   * @param device the device
   * @param batchSize images per internal batch
   * @return the classifier; close it
   * @throws CandelaException when the card or weights cannot be read
   */
  public static FactorClassifier load(Path dir, ComputeDevice device, int batchSize)
      throws CandelaException {
    Device djl = device.djl();
    ModelCard card = ModelCard.read(dir, "classifier");
    if (!card.format().equals("djl")) {
      throw new BadInputException(
          dir.resolve(ModelCard.FILE)
              + ": classifiers are loaded from DJL format only, got "
              + card.format());
    }
    card.verifyWeights(dir);
    Block block;
    try {
      Architectures.check(card.architecture(), card.input());
      block = Architectures.classifier(card.architecture(), card.totalFactorValues());
    } catch (IllegalArgumentException e) {
      throw new BadInputException(dir.resolve(ModelCard.FILE) + ": " + e.getMessage(), e);
    }
    Model m = VaeModels.loadDjl(dir, PREFIX, block, djl);
    return new FactorClassifier(card, block, m, djl, batchSize);
  }

  /**
   * The card.
   *
   * @return the card
   */
  public ModelCard card() {
    return card;
  }

  /**
   * The factors, in output order.
   *
   * @return name and size per factor
   */
  public List<ModelCard.FactorInfo> factors() {
    return card.factors();
  }

  /**
   * Class probabilities.
   *
   * @param images {@code n × C × H × W} floats in [0, 1] (input or source shape of the card)
   * @param n the number of images
   * @return [factor][sample][value]
   */
  public float[][][] probabilities(float[] images, int n) {
    return run(Inputs.toNetworkInput(card, images, n), n);
  }

  /**
   * Class probabilities of images of a stated shape, resized to the network input when it differs
   * (a VAE's reconstructions, which have the VAE's input shape, not necessarily the classifier's).
   *
   * @param images {@code n × C × H × W} floats in [0, 1]
   * @param n the number of images
   * @param shape C × H × W of the images (same channels as the card's input)
   * @return [factor][sample][value]
   */
  public float[][][] probabilities(float[] images, int n, ModelCard.Shape shape) {
    return run(Inputs.toNetworkInput(card, images, n, shape), n);
  }

  /**
   * The most probable value of each factor for images of a stated shape.
   *
   * @param images {@code n × C × H × W} floats in [0, 1]
   * @param n the number of images
   * @param shape C × H × W of the images
   * @return [sample][factor] codes
   */
  public int[][] predict(float[] images, int n, ModelCard.Shape shape) {
    return argmax(probabilities(images, n, shape), n);
  }

  private float[][][] run(float[] x, int n) {
    List<ModelCard.FactorInfo> fs = card.factors();
    int total = card.totalFactorValues();
    float[][][] p = new float[fs.size()][n][];
    int vol = card.input().volume();
    ModelCard.Shape s = card.input();
    boolean softmax = card.output().equals("softmax");
    for (int start = 0; start < n; start += batchSize) {
      int b = Math.min(batchSize, n - start);
      try (NDManager sub = manager.newSubManager()) {
        NDArray in =
            input.create(
                sub,
                x,
                start * vol,
                b == batchSize ? fullShape : new Shape(b, s.channels(), s.height(), s.width()));
        NDArray logits =
            block.forward(new ParameterStore(sub, false), new NDList(in), false).head();
        // the heads on the engine, one array back: per factor its own softmax (or the sigmoid of
        // all outputs), concatenated along the value axis in factor order
        NDArray probs;
        if (softmax) {
          NDList heads = new NDList(fs.size());
          int off = 0;
          for (int f = 0; f < fs.size(); f++) {
            int k = fs.get(f).size();
            heads.add(logits.get(new NDIndex().addAllDim().addSliceDim(off, off + k)).softmax(1));
            off += k;
          }
          probs = NDArrays.concat(heads, 1);
        } else {
          probs = ai.djl.nn.Activation.sigmoid(logits);
        }
        float[] v = probs.toFloatArray();
        if (v.length != b * total) {
          throw new IllegalStateException(
              "head width " + v.length / Math.max(b, 1) + " != " + total);
        }
        int off = 0;
        for (int f = 0; f < fs.size(); f++) {
          int k = fs.get(f).size();
          for (int i = 0; i < b; i++) {
            p[f][start + i] = Arrays.copyOfRange(v, i * total + off, i * total + off + k);
          }
          off += k;
        }
      }
    }
    return p;
  }

  /**
   * The most probable value of each factor.
   *
   * @param images {@code n × C × H × W} floats in [0, 1]
   * @param n the number of images
   * @return [sample][factor] codes
   */
  public int[][] predict(float[] images, int n) {
    return argmax(probabilities(images, n), n);
  }

  private static int[][] argmax(float[][][] p, int n) {
    int[][] codes = new int[n][p.length];
    for (int f = 0; f < p.length; f++) {
      for (int i = 0; i < n; i++) {
        int best = 0;
        for (int v = 1; v < p[f][i].length; v++) {
          if (p[f][i][v] > p[f][i][best]) {
            best = v;
          }
        }
        codes[i][f] = best;
      }
    }
    return codes;
  }

  /**
   * The manager whose sub-managers hold each batch (for memory checks).
   *
   * @return the manager
   */
  public NDManager manager() {
    return manager;
  }

  /**
   * Native arrays attached to the inference manager and the weights' manager.
   *
   * @return the count
   */
  public int attachedArrays() {
    return manager.getManagedArrays().size()
        + (model == null ? 0 : model.getNDManager().getManagedArrays().size());
  }

  @Override
  public void close() {
    manager.close();
    if (model != null) {
      model.close();
    }
  }
}
