package dev.candela.model.hosting;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.model.card.ModelCard;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How well a VAE reconstructs some images: the mean squared error per pixel of the decoded encoder
 * means against the images (in the decoder's image shape), beside the error of the images' own mean
 * image (what a model that ignores its input achieves). The same measure is recorded on held-out
 * images in a VAE's card when training ends ({@code results.heldOut}) and measured again on the
 * evaluation images, so the two can be compared: a VAE that reconstructs the evaluation images much
 * worse than its own held-out images is scored off its training distribution.
 *
 * @param images images measured
 * @param mse mean squared error of the reconstructions, per pixel
 * @param meanImageMse mean squared error of the images' mean image, per pixel
 * @param encoding the encoder's posterior parameters of the images
 */
public record Reconstruction(
    int images, double mse, double meanImageMse, VaeModel.Encoding encoding) {

  /** Key of the held-out measure in a VAE card's {@code results}. */
  public static final String CARD_KEY = "heldOut";

  /** Held-out images measured when training ends. */
  public static final int HELD_OUT_IMAGES = 256;

  /**
   * Measures a VAE on images.
   *
   * @param vae the VAE
   * @param images {@code n} images in the encoder's input shape (or the card's source shape)
   * @param n the number of images
   * @param targets the same images in the decoder's output shape
   * @return the measure
   */
  public static Reconstruction of(VaeModel vae, float[] images, int n, float[] targets) {
    VaeModel.Encoding enc = vae.encode(images, n);
    float[] rec = vae.decode(enc.mean());
    if (rec.length != targets.length) {
      throw new IllegalArgumentException(
          "reconstructions have " + rec.length + " values but the targets " + targets.length);
    }
    int vol = rec.length / n;
    double[] mean = new double[vol];
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < vol; p++) {
        mean[p] += targets[i * vol + p];
      }
    }
    for (int p = 0; p < vol; p++) {
      mean[p] /= n;
    }
    double se = 0;
    double sm = 0;
    for (int i = 0; i < n; i++) {
      for (int p = 0; p < vol; p++) {
        double v = targets[i * vol + p];
        se += (rec[i * vol + p] - v) * (rec[i * vol + p] - v);
        sm += (mean[p] - v) * (mean[p] - v);
      }
    }
    return new Reconstruction(n, se / ((double) n * vol), sm / ((double) n * vol), enc);
  }

  /**
   * Dataset images in a VAE's decoder shape (its card's {@code input}): unchanged when the shapes
   * agree, else area-resized.
   *
   * @param card the VAE card
   * @param from the dataset's image shape
   * @param images {@code n} dataset images
   * @param n the number of images
   * @return the images in the decoder's shape
   */
  public static float[] inDecoderShape(
      ModelCard card, FactorDataset.ImageShape from, float[] images, int n) {
    ModelCard.Shape to = card.input();
    if (from.channels() == to.channels()
        && from.height() == to.height()
        && from.width() == to.width()) {
      return images;
    }
    return ImageResize.area(
        images, n, new ModelCard.Shape(from.channels(), from.height(), from.width()), to);
  }

  /**
   * Measures a saved VAE on images of a dataset and returns the card entry {@code results.heldOut}:
   * {@code images}, {@code reconstructionMse}, {@code meanImageMse}.
   *
   * @param vae the VAE
   * @param ds the dataset
   * @param indices the images (held out of training)
   * @return the card entry
   * @throws CandelaException when the dataset cannot be read
   */
  public static Map<String, Object> cardEntry(VaeModel vae, FactorDataset ds, long[] indices)
      throws CandelaException {
    float[] images = ds.images(indices);
    int n = indices.length;
    Reconstruction r = of(vae, images, n, inDecoderShape(vae.card(), ds.imageShape(), images, n));
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("images", n);
    m.put("reconstructionMse", r.mse());
    m.put("meanImageMse", r.meanImageMse());
    return m;
  }

  /**
   * The held-out reconstruction error a VAE card records ({@code
   * results.heldOut.reconstructionMse}).
   *
   * @param card the VAE card
   * @return the error, or null when the card records none (models trained before it was recorded,
   *     imported TorchScript models)
   */
  public static Double cardHeldOutMse(ModelCard card) {
    if (card.results().get(CARD_KEY) instanceof Map<?, ?> m
        && m.get("reconstructionMse") instanceof Number v) {
      return v.doubleValue();
    }
    return null;
  }
}
