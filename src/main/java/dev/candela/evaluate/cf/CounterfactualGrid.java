package dev.candela.evaluate.cf;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.SafeFileNames;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.report.Images;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * A picture of the counterfactuals of one factor, like figures 11 and 12 of Reddy et al. (AAAI
 * 2022): one row per sample, columns x (the original, when given), x̂ = g(z), x_I = g(z with the
 * factor's latents at the baseline) and x_\I = g(z with the other latents at the baseline), tiles
 * separated by a {@value #GAP}-pixel white gap. One decoder call renders all rows. Images are 1
 * (grey) or 3 (RGB) channels of floats in [0, 1] (clamped).
 */
public final class CounterfactualGrid {

  /** Pixels between tiles. */
  public static final int GAP = 2;

  private CounterfactualGrid() {}

  /**
   * Renders the grid.
   *
   * @param z {@code z[sample][latent]} of the samples to show
   * @param originals their original images in the decoder's shape, or {@code null} to omit the x
   *     column
   * @param decoder the generator
   * @param set the factor's latents {@code Z_I}
   * @param stats the evaluation set's latent statistics
   * @param baseline the baseline
   * @return the picture
   */
  public static BufferedImage render(
      float[][] z,
      float[] originals,
      LatentDecoder decoder,
      int[] set,
      LatentStats stats,
      CgBaseline baseline) {
    int[] shape = decoder.imageShape();
    int ch = shape[0];
    int h = shape[1];
    int w = shape[2];
    if (ch != 1 && ch != 3) {
      throw new IllegalArgumentException(
          "grid images need 1 or 3 channels, decoder shape is " + Arrays.toString(shape));
    }
    int n = z.length;
    if (n == 0) {
      throw new IllegalArgumentException("no samples for the grid");
    }
    int vol = ch * h * w;
    if (originals != null && originals.length != (long) n * vol) {
      throw new IllegalArgumentException(
          "originals have "
              + originals.length
              + " floats, expected "
              + n
              + " images of shape "
              + Arrays.toString(shape));
    }
    int d = stats.numLatents();
    boolean[] mask = new boolean[d];
    for (int j : set) {
      if (j < 0 || j >= d) {
        throw new IllegalArgumentException(
            "set references latent " + j + ", but there are only " + d + " latents");
      }
      mask[j] = true;
    }
    float[][] rows = new float[3 * n][];
    for (int s = 0; s < n; s++) {
      if (z[s].length != d) {
        throw new IllegalArgumentException(
            "latent row " + s + " has " + z[s].length + " values, expected " + d);
      }
      float[] a = z[s].clone();
      float[] c = z[s].clone();
      for (int j = 0; j < d; j++) {
        float b = (float) baseline.value(z[s][j], stats, j);
        if (mask[j]) {
          a[j] = b;
        } else {
          c[j] = b;
        }
      }
      rows[3 * s] = z[s].clone();
      rows[3 * s + 1] = a;
      rows[3 * s + 2] = c;
    }
    float[] decoded = decoder.decode(rows);
    if (decoded.length != (long) 3 * n * vol) {
      throw new IllegalArgumentException(
          "decoder returned "
              + decoded.length
              + " floats for "
              + 3 * n
              + " rows, expected "
              + (long) 3 * n * vol);
    }
    int cols = originals == null ? 3 : 4;
    BufferedImage img =
        new BufferedImage(
            cols * w + (cols - 1) * GAP, n * h + (n - 1) * GAP, BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        img.setRGB(x, y, 0xFFFFFF);
      }
    }
    for (int s = 0; s < n; s++) {
      int col = 0;
      if (originals != null) {
        tile(img, originals, s * vol, ch, h, w, col++, s);
      }
      for (int k = 0; k < 3; k++) {
        tile(img, decoded, (3 * s + k) * vol, ch, h, w, col++, s);
      }
    }
    return img;
  }

  /**
   * Renders the grid and writes it as PNG atomically.
   *
   * @param file the destination
   * @param z latents of the samples to show
   * @param originals their original images, or {@code null}
   * @param decoder the generator
   * @param set the factor's latents
   * @param stats the latent statistics
   * @param baseline the baseline
   * @throws CandelaException when the file cannot be written
   */
  public static void write(
      Path file,
      float[][] z,
      float[] originals,
      LatentDecoder decoder,
      int[] set,
      LatentStats stats,
      CgBaseline baseline)
      throws CandelaException {
    BufferedImage img = render(z, originals, decoder, set, stats, baseline);
    try {
      AtomicFiles.write(
          file,
          tmp -> {
            if (!ImageIO.write(img, "png", tmp.toFile())) {
              throw new CandelaException(file + ": no PNG writer available");
            }
          });
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write PNG (" + e.getMessage() + ")", e);
    }
  }

  /**
   * A factor's grid in a job's grid folder, {@code <factor>.png}, the name made safe ({@link
   * SafeFileNames}).
   */
  private static Path file(Path dir, String factor) {
    return SafeFileNames.file(dir, "", factor, ".png");
  }

  /** Whether the grid of any of the factors is missing from the grid folder. */
  static boolean missing(Path dir, List<String> names) {
    for (String n : names) {
      if (!Files.isRegularFile(file(dir, n))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Writes the grids missing from the grid folder, of the first {@code samples} samples of a chunk
   * (with their images as originals when the chunk has them).
   */
  static void writeMissing(
      Path dir,
      CfChunk chunk,
      int samples,
      LatentDecoder decoder,
      LatentStats stats,
      CgBaseline baseline,
      List<String> names,
      int[][] sets)
      throws CandelaException {
    int m = Math.min(samples, chunk.size());
    float[][] z = Arrays.copyOf(chunk.latents(), m);
    float[] originals = null;
    if (chunk.images() != null) {
      int vol = decoder.imageVolume();
      originals = Arrays.copyOf(chunk.images(), m * vol);
    }
    for (int k = 0; k < names.size(); k++) {
      Path f = file(dir, names.get(k));
      if (!Files.isRegularFile(f)) {
        write(f, z, originals, decoder, sets[k], stats, baseline);
      }
    }
  }

  private static void tile(
      BufferedImage img, float[] data, int off, int ch, int h, int w, int col, int row) {
    Images.tile(img, data, off, ch, h, w, col * (w + GAP), row * (h + GAP));
  }
}
