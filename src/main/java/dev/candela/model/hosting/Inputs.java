package dev.candela.model.hosting;

import dev.candela.model.card.ModelCard;

/** Checks image batches against a card and resizes them to the network input when declared. */
final class Inputs {
  private Inputs() {}

  /**
   * The network input for a batch: the images themselves when they have the card's input shape,
   * area-resized when they have its {@code sourceImage} shape.
   *
   * @param card the card
   * @param images n × C × H × W floats
   * @param n n
   * @return n × input volume floats
   */
  static float[] toNetworkInput(ModelCard card, float[] images, int n) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0, got " + n);
    }
    ModelCard.Shape in = card.input();
    if ((long) n * in.volume() == images.length) {
      return images;
    }
    ModelCard.Shape src = card.sourceImage();
    if (src != null && (long) n * src.volume() == images.length) {
      return ImageResize.area(images, n, src, in);
    }
    throw new IllegalArgumentException(
        "expected "
            + n
            + " images of "
            + in
            + (src == null ? "" : " or " + src)
            + " floats each, got "
            + images.length
            + " floats");
  }

  /**
   * The network input for a batch of images of a stated shape: the images themselves when the shape
   * is the card's input, else area-resized to it (enlarged pixels repeat the nearest covering
   * pixel). A VAE's 64 × 64 reconstructions reach a 120 × 160 classifier this way.
   *
   * @param card the card
   * @param images n × C × H × W floats
   * @param n n
   * @param shape C × H × W of the given images
   * @return n × input volume floats
   */
  static float[] toNetworkInput(ModelCard card, float[] images, int n, ModelCard.Shape shape) {
    ModelCard.Shape in = card.input();
    if (!shape.equals(in)) {
      return ImageResize.area(images, n, shape, in); // checks the channels and the length
    }
    if ((long) n * in.volume() != images.length) {
      throw new IllegalArgumentException(
          "expected " + n + " images of " + in + " floats each, got " + images.length);
    }
    return images;
  }
}
