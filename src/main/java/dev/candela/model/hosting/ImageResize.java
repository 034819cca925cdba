package dev.candela.model.hosting;

import dev.candela.model.card.ModelCard;

/**
 * Area resizing of channel-first float image batches (each output pixel is the overlap-weighted
 * mean of the input pixels it covers, as OpenCV's {@code INTER_AREA} when shrinking). Used to feed
 * 320 × 240 CANDLE images to 64 × 64 networks.
 */
public final class ImageResize {
  private ImageResize() {}

  /**
   * Resizes N images.
   *
   * @param images N·C·H·W floats
   * @param n N
   * @param from input shape
   * @param to output shape (same channels)
   * @return N·C·H'·W' floats
   */
  public static float[] area(float[] images, int n, ModelCard.Shape from, ModelCard.Shape to) {
    if (from.channels() != to.channels()) {
      throw new IllegalArgumentException(
          "cannot resize " + from + " to " + to + ": channels differ");
    }
    if ((long) n * from.volume() != images.length) {
      throw new IllegalArgumentException(
          "expected "
              + n
              + "x"
              + from
              + " = "
              + (long) n * from.volume()
              + " floats, got "
              + images.length);
    }
    if (from.equals(to)) {
      return images.clone();
    }
    float[][] wy = weights(from.height(), to.height());
    int[] y0 = starts(from.height(), to.height());
    float[][] wx = weights(from.width(), to.width());
    int[] x0 = starts(from.width(), to.width());
    int c = from.channels();
    int h = from.height();
    int w = from.width();
    int oh = to.height();
    int ow = to.width();
    float[] out = new float[n * to.volume()];
    float[] rows = new float[oh * w];
    for (int p = 0; p < n * c; p++) {
      int in = p * h * w;
      java.util.Arrays.fill(rows, 0f);
      for (int oy = 0; oy < oh; oy++) {
        for (int k = 0; k < wy[oy].length; k++) {
          float wt = wy[oy][k];
          int src = in + (y0[oy] + k) * w;
          for (int x = 0; x < w; x++) {
            rows[oy * w + x] += wt * images[src + x];
          }
        }
      }
      int o = p * oh * ow;
      for (int oy = 0; oy < oh; oy++) {
        for (int ox = 0; ox < ow; ox++) {
          float s = 0f;
          for (int k = 0; k < wx[ox].length; k++) {
            s += wx[ox][k] * rows[oy * w + x0[ox] + k];
          }
          out[o + oy * ow + ox] = s;
        }
      }
    }
    return out;
  }

  private static int[] starts(int in, int out) {
    int[] s = new int[out];
    double scale = (double) in / out;
    for (int o = 0; o < out; o++) {
      s[o] = (int) Math.floor(o * scale);
    }
    return s;
  }

  private static float[][] weights(int in, int out) {
    double scale = (double) in / out;
    float[][] w = new float[out][];
    for (int o = 0; o < out; o++) {
      double a = o * scale;
      double b = (o + 1) * scale;
      int first = (int) Math.floor(a);
      int last = Math.min(in - 1, (int) Math.ceil(b) - 1);
      if (scale < 1) { // enlarging: nearest covering pixel
        w[o] = new float[] {1f};
        continue;
      }
      w[o] = new float[last - first + 1];
      for (int i = first; i <= last; i++) {
        double overlap = Math.min(b, i + 1) - Math.max(a, i);
        w[o][i - first] = (float) (overlap / scale);
      }
    }
    return w;
  }
}
