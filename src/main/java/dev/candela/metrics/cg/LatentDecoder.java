package dev.candela.metrics.cg;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;

/**
 * A generator {@code g}: latent codes to images. The counterfactual metric ({@link Cg}) calls it
 * with large batches of latent rows (reconstructions and interventions of many samples together).
 *
 * <p>Implementations (for example the DJL-hosted VAE decoder in {@code dev.candela.model}) batch on
 * their device internally and return plain Java arrays; nothing engine-specific leaves them. They
 * must be deterministic: the same row gives the same image whatever else is in the batch.
 */
public interface LatentDecoder {

  /**
   * Decodes a batch of latent codes.
   *
   * @param z {@code z[row][latent]}, every row of the same length (the latent dimension)
   * @return the images, {@code z.length × C × H × W} floats in row-major order (image {@code r}
   *     starts at {@code r · C · H · W}), values in [0, 1]
   */
  float[] decode(float[][] z);

  /**
   * Decodes a batch and checks that the decoder returned one image per row.
   *
   * @param z {@code z[row][latent]}
   * @return the images, {@code z.length × C × H × W} floats
   * @throws IllegalArgumentException naming the rows, the shape and the floats returned
   */
  default float[] decodeChecked(float[][] z) {
    float[] images = decode(z);
    long want = (long) z.length * imageVolume();
    if (images == null || images.length != want) {
      throw new IllegalArgumentException(
          "decoder returned "
              + (images == null ? "null" : images.length + " floats")
              + " for "
              + z.length
              + " rows of image shape "
              + Arrays.toString(imageShape())
              + ", expected "
              + want);
    }
    return images;
  }

  /**
   * The shape of one decoded image.
   *
   * @return {@code {C, H, W}}
   */
  int[] imageShape();

  /**
   * The number of floats in one image, {@code C · H · W}.
   *
   * @return the volume
   */
  default int imageVolume() {
    int[] s = imageShape();
    int v = 1;
    for (int d : s) {
      v = Math.multiplyExact(v, d);
    }
    return v;
  }

  /**
   * A decoder from a function, for tests and adapters.
   *
   * @param shape {@code {C, H, W}}
   * @param decode the batch decoding function
   * @return the decoder
   */
  static LatentDecoder of(int[] shape, Function<float[][], float[]> decode) {
    Objects.requireNonNull(decode, "decode");
    if (shape.length != 3 || shape[0] < 1 || shape[1] < 1 || shape[2] < 1) {
      throw new IllegalArgumentException(
          "image shape must be {C, H, W} with positive sizes, got " + Arrays.toString(shape));
    }
    int[] s = shape.clone();
    return new LatentDecoder() {
      @Override
      public float[] decode(float[][] z) {
        return decode.apply(z);
      }

      @Override
      public int[] imageShape() {
        return s.clone();
      }
    };
  }
}
