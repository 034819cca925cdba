package dev.candela.model;

import ai.djl.Device;
import dev.candela.CandelaException;
import dev.candela.metrics.FactorProbabilities;
import dev.candela.metrics.LatentDecoder;
import java.nio.file.Path;
import java.util.List;

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
  private final Device device;

  private CounterfactualModels(VaeModel vae, FactorClassifier classifier, Device device) {
    this.vae = vae;
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
      Path vaeDir, Path classifierDir, Device device, int batchSize) throws CandelaException {
    VaeModel v = VaeModels.load(vaeDir, device, batchSize);
    try {
      FactorClassifier c = FactorClassifier.load(classifierDir, device, batchSize);
      return new CounterfactualModels(v, c, device);
    } catch (CandelaException | RuntimeException e) {
      v.close();
      throw e;
    }
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
    return classifier::probabilities;
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
   * The engine's float32 matrix-multiply rate on the models' device ({@link
   * ModelBench#matmulGflops}), the ceiling the counterfactual throughput is compared with.
   *
   * @param n the matrix side
   * @param seconds time budget
   * @return GFLOP/s
   */
  public double matmulGflops(int n, double seconds) {
    return ModelBench.matmulGflops(device, n, seconds);
  }

  /**
   * Floating-point operations per counterfactual image: one decoder pass plus one classifier pass
   * ({@link ModelBench#decoderFlops}, {@link ModelBench#classifierFlops}).
   *
   * @return FLOPs per image
   */
  public double flopsPerImage() {
    ModelCard.Shape s = vae.card().input();
    return ModelBench.decoderFlops(vae.card().architecture(), s.channels(), vae.latentDim())
        + ModelBench.classifierFlops(s.channels(), classifier.card().totalFactorValues());
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
    try {
      classifier.close();
    } finally {
      vae.close();
    }
  }
}
