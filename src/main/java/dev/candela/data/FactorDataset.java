package dev.candela.data;

import dev.candela.CandelaException;

/**
 * A dataset of images with ground-truth factor codes. Implementations read lazily: no
 * implementation holds the whole dataset in memory, and images are returned one batch at a time.
 *
 * <p>Images are returned as float arrays in [0, 1], channel-first ({@code N × C × H × W},
 * row-major), the layout of the model contract.
 */
public interface FactorDataset extends AutoCloseable {

  /**
   * The factors of this dataset.
   *
   * @return the factor space
   */
  FactorSpace space();

  /**
   * The number of samples.
   *
   * @return N
   */
  long size();

  /**
   * The image shape of one sample.
   *
   * @return channels, height, width
   */
  ImageShape imageShape();

  /**
   * The factor codes of sample i, one per factor in {@link #space()} order.
   *
   * @param index the sample index in {@code 0..size()-1}
   * @return the codes
   * @throws CandelaException when the sample cannot be read
   */
  int[] codes(long index) throws CandelaException;

  /**
   * The images of some samples, float CHW in [0, 1], concatenated in the order given.
   *
   * @param indices sample indices
   * @return {@code indices.length × C × H × W} floats
   * @throws CandelaException when a sample cannot be read
   */
  float[] images(long[] indices) throws CandelaException;

  /**
   * A short stable fingerprint of the dataset (for provenance), e.g. a hash of its size, space and
   * a sample of its bytes.
   *
   * <p>By default: SHA-256 over the name, size, factor sizes and the images and codes of 16 evenly
   * spaced samples, as {@code <name>:<n>:<hex16>}.
   *
   * @return the fingerprint
   * @throws CandelaException when the data cannot be read
   */
  default String fingerprint() throws CandelaException {
    return DatasetSupport.fingerprint(this);
  }

  /**
   * How the data was made, for the provenance of models trained on it: for a CANDLE folder the
   * generator details its samples share (for Blender renders the renderer, engine, Blender version,
   * samples, background and rules variant); empty when the format records nothing.
   *
   * @return generator details (JSON-compatible values), possibly empty
   * @throws CandelaException when the data cannot be read
   */
  default java.util.Map<String, Object> source() throws CandelaException {
    return java.util.Map.of();
  }

  @Override
  void close() throws CandelaException;

  /**
   * The shape of one image.
   *
   * @param channels C
   * @param height H
   * @param width W
   */
  record ImageShape(int channels, int height, int width) {
    /** Validates positive dimensions. */
    public ImageShape {
      if (channels <= 0 || height <= 0 || width <= 0) {
        throw new IllegalArgumentException(
            "image shape must be positive, got " + channels + "x" + height + "x" + width);
      }
    }

    /**
     * Floats per image.
     *
     * @return C·H·W
     */
    public int volume() {
      return channels * height * width;
    }
  }
}
