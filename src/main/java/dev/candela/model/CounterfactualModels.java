package dev.candela.model;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import dev.candela.CandelaException;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.model.arch.Architectures;
import dev.candela.model.arch.Flops;
import dev.candela.model.arch.VaeBlock;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.FactorClassifier;
import dev.candela.model.hosting.HostedVae;
import dev.candela.model.hosting.MatmulRate;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A hosted VAE and a factor classifier packaged for the counterfactual metric: the VAE's decoder as
 * a {@link LatentDecoder}, the classifier as {@link FactorProbabilities}, and the VAE's encoder for
 * the chunk source. Every call batches internally in DJL sub-managers (see {@link VaeModel} and
 * {@link FactorClassifier}); only Java arrays leave. Not thread-safe.
 */
public final class CounterfactualModels implements AutoCloseable {
  private final VaeModel vae;
  private final FactorClassifier classifier;
  private final LatentDecoder decoder;
  private final ComputeDevice device;
  private final boolean owner;

  private CounterfactualModels(
      VaeModel vae, FactorClassifier classifier, ComputeDevice device, boolean owner) {
    this.vae = vae;
    this.owner = owner;
    this.device = device;
    this.classifier = classifier;
    ModelCard.Shape s = vae.card().input();
    this.decoder = LatentDecoder.of(new int[] {s.channels(), s.height(), s.width()}, vae::decode);
  }

  /**
   * Loads a VAE directory and a classifier directory on a device.
   *
   * @param vaeDir the VAE model directory
   * @param classifierDir the classifier model directory
   * @param device the device
   * @param batchSize images (or latents) per internal engine call
   * @return the models; close them
   * @throws CandelaException when a card or weights cannot be read
   */
  public static CounterfactualModels load(
      Path vaeDir, Path classifierDir, ComputeDevice device, int batchSize)
      throws CandelaException {
    VaeModel v = VaeModels.load(vaeDir, device, batchSize);
    try {
      FactorClassifier c = FactorClassifier.load(classifierDir, device, batchSize);
      return new CounterfactualModels(v, c, device, true);
    } catch (CandelaException | RuntimeException e) {
      v.close();
      throw e;
    }
  }

  /**
   * A view of a VAE and a classifier loaded elsewhere (for example by the counterfactual job, which
   * loads them as {@code evaluate} does): the counts and rates below for benchmarks. The caller
   * keeps ownership; {@link #close} of the view closes nothing.
   *
   * @param vae the VAE
   * @param classifier the classifier
   * @param device the device they run on
   * @return the view
   */
  public static CounterfactualModels over(
      VaeModel vae, FactorClassifier classifier, ComputeDevice device) {
    return new CounterfactualModels(vae, classifier, device, false);
  }

  /**
   * The factor classifier.
   *
   * @return the classifier (owned by this object)
   */
  public FactorClassifier classifier() {
    return classifier;
  }

  /**
   * The VAE.
   *
   * @return the VAE (owned by this object)
   */
  public VaeModel vae() {
    return vae;
  }

  /**
   * The VAE card.
   *
   * @return the card
   */
  public ModelCard vaeCard() {
    return vae.card();
  }

  /**
   * The classifier card.
   *
   * @return the card
   */
  public ModelCard classifierCard() {
    return classifier.card();
  }

  /**
   * The classifier's factors in output order.
   *
   * @return name and size per factor
   */
  public List<ModelCard.FactorInfo> classifierFactors() {
    return classifier.factors();
  }

  /**
   * The VAE decoder as the metric's generator g (images in [0, 1], the card's input shape).
   *
   * @return the decoder
   */
  public LatentDecoder decoder() {
    return decoder;
  }

  /**
   * The classifier as the metric's probability source ([factor][sample][value]).
   *
   * @return the classifier
   */
  public FactorProbabilities probabilities() {
    ModelCard.Shape s = vae.card().input();
    return (images, n) -> classifier.probabilities(images, n, s);
  }

  /**
   * Encodes images to latent means.
   *
   * @param images {@code n × C × H × W} floats in [0, 1] (the VAE's input or source shape)
   * @param n the number of images
   * @return means [n][D]
   */
  public float[][] encodeMeans(float[] images, int n) {
    return vae.encodeMeans(images, n);
  }

  /**
   * Native arrays attached to the models' managers (inference managers and weights). Every batch
   * runs in a sub-manager that is closed at the end of the call, so this count stays constant over
   * any number of calls; a growing count is a leak.
   *
   * @return the count
   */
  public int attachedArrays() {
    int k = classifier.attachedArrays();
    if (vae instanceof HostedVae h) {
      k += h.attachedArrays();
    }
    return k;
  }

  /**
   * Arrays attached directly to the two inference managers (not to the weights): 0 between calls.
   *
   * @return the count
   */
  public int inferenceArrays() {
    int k = classifier.manager().getManagedArrays().size();
    if (vae instanceof HostedVae h) {
      k += h.manager().getManagedArrays().size();
    }
    return k;
  }

  /**
   * The engine's float32 matrix-multiply rate on the models' device ({@link MatmulRate#gflops}),
   * the ceiling the counterfactual throughput is compared with.
   *
   * @param n the matrix side
   * @param seconds time budget
   * @return GFLOP/s
   */
  public double matmulGflops(int n, double seconds) {
    return MatmulRate.gflops(device, n, seconds);
  }

  /**
   * Floating-point operations per counterfactual image: one decoder pass plus one classifier pass
   * ({@link Flops#decoderFlops}, {@link Flops#classifierFlops}).
   *
   * @return FLOPs per image
   */
  public double flopsPerImage() {
    ModelCard.Shape s = vae.card().input();
    int d = vae.latentDim();
    int outputs = classifier.card().totalFactorValues();
    int h = Architectures.TINY_HIDDEN;
    double dec =
        Architectures.TINY_DENSE64.equals(vae.card().architecture())
            ? 2.0 * d * h + 2.0 * h * s.volume()
            : Flops.decoderFlops(vae.card().architecture(), s.channels(), d);
    double clf =
        Architectures.TINY_CLASSIFIER.equals(classifier.card().architecture())
            ? 2.0 * s.volume() * h + 2.0 * h * outputs
            : Flops.classifierFlops(s.channels(), outputs);
    return dec + clf;
  }

  /**
   * Writes a randomly initialised {@value Architectures#TINY_DENSE64} VAE and {@value
   * Architectures#TINY_CLASSIFIER} softmax classifier as two model directories with cards and
   * checksums ({@code dir/tiny-vae}, {@code dir/tiny-classifier}), loadable with {@link #load} and
   * by every command that takes {@code --model}/{@code --classifier}. Real DJL networks with the 64
   * × 64 contract of the shipped dSprites models, at about 0.8 MFLOP per counterfactual image
   * instead of 63: for long benchmark runs (memory over 100,000 samples), not for science.
   *
   * @param dir the parent directory (created)
   * @param latentDim D
   * @param channels C
   * @param factors the classifier's factors (name and number of values), also recorded on the VAE
   * @param dataset the dataset name recorded on the cards
   * @param seed the engine seed of the initialisation
   * @return the VAE directory and the classifier directory
   * @throws CandelaException when a directory cannot be written
   */
  public static Path[] writeTinyRandom(
      Path dir,
      int latentDim,
      int channels,
      List<ModelCard.FactorInfo> factors,
      String dataset,
      long seed)
      throws CandelaException {
    Path vaeDir = dir.resolve("tiny-vae");
    Path clfDir = dir.resolve("tiny-classifier");
    ModelCard.Shape in = new ModelCard.Shape(channels, Architectures.SIDE, Architectures.SIDE);
    Map<String, Object> training = new LinkedHashMap<>();
    training.put("initialisation", "random");
    training.put("seed", seed);
    training.put("purpose", "benchmark only (bench cg-memory): untrained random weights");
    ai.djl.engine.Engine.getEngine(VaeModels.ENGINE).setRandomSeed((int) seed);
    VaeBlock vb = new VaeBlock(Architectures.TINY_DENSE64, latentDim, channels);
    TinyCards cards = new TinyCards(in, dataset, factors, training);
    cards.save(vb, vaeDir, VaeModels.DJL_VAE_PREFIX, "vae", Architectures.TINY_DENSE64, latentDim);
    int outputs = factors.stream().mapToInt(ModelCard.FactorInfo::size).sum();
    ai.djl.engine.Engine.getEngine(VaeModels.ENGINE).setRandomSeed((int) (seed + 1));
    cards.save(
        Architectures.classifier(Architectures.TINY_CLASSIFIER, outputs),
        clfDir,
        FactorClassifier.PREFIX,
        "classifier",
        Architectures.TINY_CLASSIFIER,
        0);
    return new Path[] {vaeDir, clfDir};
  }

  /** What the two tiny models' cards share: input, dataset, factors and training notes. */
  private record TinyCards(
      ModelCard.Shape in,
      String dataset,
      List<ModelCard.FactorInfo> factors,
      Map<String, Object> training) {
    /**
     * Saves a randomly initialised block as {@code dir/prefix-0000.params} with its card: the VAE
     * (logits) or the classifier (softmax).
     */
    void save(Block block, Path dir, String prefix, String kind, String architecture, int latentDim)
        throws CandelaException {
      CounterfactualModels.save(block, in, dir, prefix);
      new ModelCard(
              kind,
              "djl",
              architecture,
              in,
              null,
              latentDim,
              dataset,
              factors,
              "vae".equals(kind) ? "logits" : "softmax",
              training,
              Map.of(),
              ModelCard.checksums(dir, List.of(prefix + "-0000.params")),
              null,
              dev.candela.Provenance.nowIso())
          .write(dir);
    }
  }

  private static void save(Block block, ModelCard.Shape in, Path dir, String prefix)
      throws CandelaException {
    try (Model m = Model.newInstance(prefix, Device.cpu(), VaeModels.ENGINE)) {
      m.setBlock(block);
      block.initialize(
          m.getNDManager(), DataType.FLOAT32, new Shape(1, in.channels(), in.height(), in.width()));
      Files.createDirectories(dir);
      m.save(dir, prefix);
    } catch (IOException e) {
      throw new CandelaException(dir + ": cannot write the model (" + e.getMessage() + ")", e);
    }
  }

  /**
   * The device name.
   *
   * @return e.g. {@code cpu()}
   */
  public String deviceName() {
    return device.toString();
  }

  @Override
  public void close() {
    if (!owner) {
      return;
    }
    try {
      classifier.close();
    } finally {
      vae.close();
    }
  }
}
