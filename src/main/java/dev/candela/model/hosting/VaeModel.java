package dev.candela.model.hosting;

import dev.candela.model.card.ModelCard;

/**
 * A hosted VAE: batched encoding to latent means and log-variances and decoding of latents to
 * images. Inputs and outputs are plain Java arrays; every internal batch runs in its own DJL
 * sub-manager, so no native memory outlives a call.
 *
 * <p>Images are channel-first float arrays in [0, 1], concatenated ({@code n × C × H × W}) with the
 * shape of {@link ModelCard#input()}, or of {@link ModelCard#sourceImage()} when the card declares
 * one (then they are area-resized first). Decoded images always have the {@code input} shape and
 * are in [0, 1] (the sigmoid is applied when the decoder emits logits).
 */
public interface VaeModel extends AutoCloseable {

  /**
   * The model card.
   *
   * @return the card
   */
  ModelCard card();

  /**
   * The latent size D.
   *
   * @return D
   */
  default int latentDim() {
    return card().latentDim();
  }

  /**
   * Encodes images to the posterior means and log-variances.
   *
   * @param images {@code n × C × H × W} floats in [0, 1]
   * @param n the number of images
   * @return means and log-variances, each [n][D]
   */
  Encoding encode(float[] images, int n);

  /**
   * Encodes images to the posterior means (the representation the metrics use).
   *
   * @param images {@code n × C × H × W} floats in [0, 1]
   * @param n the number of images
   * @return means [n][D]
   */
  default float[][] encodeMeans(float[] images, int n) {
    return encode(images, n).mean();
  }

  /**
   * Decodes latents to images in [0, 1].
   *
   * @param z latents [n][D]
   * @return {@code n × C × H × W} floats with the card's input shape
   */
  float[] decode(float[][] z);

  /**
   * Decodes latents to the decoder's raw output: logits when the card's {@code output} is {@code
   * logits} (before the sigmoid {@link #decode} applies), else probabilities. By default {@link
   * #decode}, right for a decoder that emits probabilities.
   *
   * @param z latents [n][D]
   * @return {@code n × C × H × W} floats with the card's input shape
   */
  default float[] decodeRaw(float[][] z) {
    return decode(z);
  }

  /** Releases the native resources. */
  @Override
  void close();

  /**
   * The posterior parameters of a batch.
   *
   * @param mean means [n][D]
   * @param logVar log-variances [n][D]
   */
  record Encoding(float[][] mean, float[][] logVar) {
    /** Validates equal shapes. */
    public Encoding {
      if (mean.length != logVar.length) {
        throw new IllegalArgumentException(
            "mean has " + mean.length + " rows but logVar " + logVar.length);
      }
    }
  }
}
