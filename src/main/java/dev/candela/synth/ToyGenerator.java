package dev.candela.synth;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.MixedRadix;
import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.data.OpenCvImages;
import dev.candela.data.candle.FactorFolderDataset;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfPoint;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

/**
 * The fully confounded toy set: 128 × 128 RGB images of one filled shape on a dark background,
 * factors shape (square, circle, triangle), color (red, green, blue), scale (0.5, 0.75, 1.0), pos_x
 * and pos_y (8 positions each). Shape and colour are tied: {@code color code = shape code} (squares
 * are red, circles green, triangles blue), so the two factors are fully confounded and a correct
 * unconfoundedness score must come out 0 on them. The grid is shape × scale × pos_x × pos_y (3 · 3
 * · 8 · 8 = 576 samples); sample i is the i-th combination in that product order.
 *
 * <p>Written as a factor folder ({@link FactorFolderDataset}): {@code spec.json} (a copy of the
 * built-in {@code datasets/specs/toy.json}), {@code {i}.png} and {@code {i}.json}.
 */
public final class ToyGenerator {
  /** Class-path resource of the toy factor specification. */
  public static final String SPEC_RESOURCE = "datasets/specs/toy.json";

  /** Number of samples in the grid. */
  public static final int GRID = 3 * 3 * 8 * 8;

  private static final int[] SIZES = {3, 3, 8, 8};
  private static final String[] SHAPES = {"square", "circle", "triangle"};
  private static final String[] COLORS = {"red", "green", "blue"};
  private static final double[] SCALES = {0.5, 0.75, 1.0};
  private static final Scalar[] BGR = {
    new Scalar(40, 40, 220), new Scalar(40, 200, 40), new Scalar(220, 60, 40)
  };
  private static final int S = 128;

  private final long seed;

  /**
   * A generator.
   *
   * @param seed selects the subset when fewer than all samples are asked for
   */
  public ToyGenerator(long seed) {
    this.seed = seed;
    OpenCvImages.ensureLoaded();
  }

  /**
   * The factor values of grid sample i, in spec order (shape, color, scale, pos_x, pos_y).
   *
   * @param i the sample index in {@code 0..575}
   * @return factor name to value
   */
  public static Map<String, Object> factors(int i) {
    int[] c = MixedRadix.decode(i, SIZES);
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("shape", SHAPES[c[0]]);
    f.put("color", COLORS[c[0]]);
    f.put("scale", SCALES[c[1]]);
    f.put("pos_x", c[2]);
    f.put("pos_y", c[3]);
    return f;
  }

  /**
   * Draws grid sample i.
   *
   * @param i the sample index
   * @return PNG bytes
   */
  public static byte[] render(int i) {
    OpenCvImages.ensureLoaded();
    int[] c = MixedRadix.decode(i, SIZES);
    Mat img = new Mat(S, S, CvType.CV_8UC3, new Scalar(30, 30, 30));
    double half = 24 * SCALES[c[1]];
    double cx = 28 + c[2] * 72 / 7.0;
    double cy = 28 + c[3] * 72 / 7.0;
    Scalar col = BGR[c[0]];
    switch (c[0]) {
      case 0 ->
          Imgproc.rectangle(
              img, new Point(cx - half, cy - half), new Point(cx + half, cy + half), col, -1);
      case 1 -> Imgproc.circle(img, new Point(cx, cy), (int) Math.round(half), col, -1);
      default -> {
        MatOfPoint tri = new MatOfPoint();
        tri.fromList(
            List.of(
                new Point(Math.round(cx), Math.round(cy - half)),
                new Point(Math.round(cx - half), Math.round(cy + half)),
                new Point(Math.round(cx + half), Math.round(cy + half))));
        Imgproc.fillPoly(img, List.of(tri), col);
        tri.release();
      }
    }
    byte[] png = OpenCvImages.encodePng(img);
    img.release();
    return png;
  }

  /**
   * The indices to write: all 576, or a seeded subset of {@code count} in increasing order.
   *
   * @param count how many, or {@code null} for all
   * @return indices
   */
  public int[] select(Integer count) {
    int[] all = new int[GRID];
    Arrays.setAll(all, k -> k);
    if (count == null || count >= GRID) {
      return all;
    }
    SettingChecks.notNegative(count, Setting.COUNT);
    return SeededSubset.draw(all, count, new SplittableRandom(seed));
  }

  /**
   * Writes the toy folder; existing complete samples are skipped.
   *
   * @param out the folder (created when absent)
   * @param indices the grid indices to write
   * @return the number of samples written
   * @throws CandelaException when a file cannot be written
   */
  public int generate(Path out, int[] indices) throws CandelaException {
    try {
      Files.createDirectories(out);
      try (InputStream in =
          ToyGenerator.class.getClassLoader().getResourceAsStream(SPEC_RESOURCE)) {
        if (in == null) {
          throw new CandelaException("classpath:" + SPEC_RESOURCE + ": missing");
        }
        AtomicFiles.writeBytes(out.resolve(FactorFolderDataset.SPEC_FILE), in.readAllBytes());
      }
    } catch (IOException e) {
      throw new BadInputException(out + ": cannot write (" + e.getMessage() + ")", e);
    }
    int written = 0;
    for (int i : indices) {
      if (i < 0 || i >= GRID) {
        throw new IllegalArgumentException("toy index " + i + " out of range [0, " + GRID + ")");
      }
      Path png = out.resolve(i + ".png");
      Path json = out.resolve(i + ".json");
      if (Files.isRegularFile(png) && Files.isRegularFile(json)) {
        continue;
      }
      write(png, render(i));
      write(
          json,
          FactorFolderDataset.sampleJson(factors(i), Map.of("generator", "candela-toy"))
              .getBytes(StandardCharsets.UTF_8));
      written++;
    }
    return written;
  }

  private static void write(Path target, byte[] bytes) throws CandelaException {
    try {
      AtomicFiles.writeBytes(target, bytes);
    } catch (IOException e) {
      throw new CandelaException(target + ": cannot write (" + e.getMessage() + ")", e);
    }
  }
}
