package dev.candela.report;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * Tiles of CHW float images in [0, 1] into one picture, and PNG encoding (the report's figures).
 */
public final class Images {
  /** Pixels between tiles. */
  static final int GAP = 2;

  private Images() {}

  /**
   * Tiles images row by row.
   *
   * @param data {@code count × C × H × W} floats
   * @param count the number of images
   * @param cols tiles per row
   * @param shape {C, H, W} with C = 1 or 3
   * @return the picture, white between tiles
   */
  static BufferedImage grid(float[] data, int count, int cols, int[] shape) {
    int ch = shape[0];
    int h = shape[1];
    int w = shape[2];
    int rows = (count + cols - 1) / cols;
    BufferedImage img =
        new BufferedImage(
            cols * w + (cols - 1) * GAP, rows * h + (rows - 1) * GAP, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        img.setRGB(x, y, 0xFFFFFF);
      }
    }
    int vol = ch * h * w;
    for (int k = 0; k < count; k++) {
      tile(img, data, k * vol, ch, h, w, (k % cols) * (w + GAP), (k / cols) * (h + GAP));
    }
    return img;
  }

  /**
   * Draws one CHW float image in [0, 1] (NaN as 0, clamped) into a picture.
   *
   * @param img the picture
   * @param data the images
   * @param off where the image starts in {@code data}
   * @param ch channels, 1 (grey) or 3 (RGB planes)
   * @param h height
   * @param w width
   * @param x0 the picture column of the image's left edge
   * @param y0 the picture row of the image's top edge
   */
  public static void tile(
      BufferedImage img, float[] data, int off, int ch, int h, int w, int x0, int y0) {
    int plane = h * w;
    for (int y = 0; y < h; y++) {
      for (int x = 0; x < w; x++) {
        int p = y * w + x;
        int r = level(data[off + p]);
        int g = ch == 3 ? level(data[off + plane + p]) : r;
        int b = ch == 3 ? level(data[off + 2 * plane + p]) : r;
        img.setRGB(x0 + x, y0 + y, (r << 16) | (g << 8) | b);
      }
    }
  }

  static byte[] png(BufferedImage img) throws CandelaException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      if (!ImageIO.write(img, "png", out)) {
        throw new CandelaException("no PNG writer available");
      }
    } catch (IOException e) {
      throw new CandelaException("cannot encode PNG: " + e.getMessage(), e);
    }
    return out.toByteArray();
  }

  static void write(Path file, byte[] png) throws CandelaException {
    try {
      AtomicFiles.writeBytes(file, png);
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  private static int level(float v) {
    float c = Float.isNaN(v) ? 0f : Math.max(0f, Math.min(1f, v));
    return Math.round(c * 255f);
  }
}
