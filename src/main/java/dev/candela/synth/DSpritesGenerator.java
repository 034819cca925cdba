package dev.candela.synth;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.MixedRadix;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSpecs;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.data.npy.NpzWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * Draws dSprites-format data procedurally on the exact dSprites factor grid: color 1, shape 3
 * (square, ellipse, heart), scale 6 (0.5..1), orientation 40 (0..2π inclusive), posX 32 and posY 32
 * (0..1), 64×64 binary images. The output npz has {@code imgs} (N, 64, 64) u1 with values 0/1,
 * {@code latents_values} (N, 6) f8 (color 1, shape 1/2/3, scale, orientation, posX, posY) and
 * {@code latents_classes} (N, 6) i8, in increasing flat index = classes · [737280, 245760, 40960,
 * 1024, 32, 1]. All three arrays are streamed; memory use does not depend on N.
 *
 * <p>Drawing (plain scan-line polygon filling, no native code): a pixel is 1 when its centre lies
 * inside the shape's polygon (even-odd rule). At scale s the square has side {@code 2·R·s}, the
 * ellipse semi-axes {@code R·s} and {@code R·s/2}, and the heart (a 96-point sampling of the
 * classic parametric heart curve) fits a circle of radius {@code R·s}, with {@code R = }{@value
 * #BASE_RADIUS} px. The shape is rotated by the orientation angle about its centre (counter-
 * clockwise as seen on screen, y pointing down) and centred at column {@code M + posX·(64 − 2M)},
 * row {@code M + posY·(64 − 2M)}, {@code M = }{@value #MARGIN} px; parts outside the image are
 * clipped. The look approximates the published dSprites; images are not pixel-identical to it.
 */
public final class DSpritesGenerator {
  /** Images in the full grid. */
  public static final long FULL = 737_280L;

  /** Flat-index strides of the six factors. */
  public static final long[] STRIDES = MixedRadix.strides(new int[] {1, 3, 6, 40, 32, 32});

  /** Factor sizes: color, shape, scale, orientation, posX, posY. */
  public static final int[] SIZES = {1, 3, 6, 40, 32, 32};

  /** Image side in pixels. */
  public static final int SIDE = 64;

  /** Half-size of a shape at scale 1, in pixels. */
  public static final double BASE_RADIUS = 10.0;

  /** Distance of the extreme centre positions from the border, in pixels. */
  public static final double MARGIN = 12.0;

  private static final int CURVE_POINTS = 96;
  private static final double[][][] UNIT_SHAPES = {square(), ellipse(), heart()};

  private static final double[][] VALUES = loadValues();

  private DSpritesGenerator() {}

  /** The numeric vocabularies of the built-in dSprites specification (shape stays by name). */
  private static double[][] loadValues() {
    try {
      FactorSpace space = FactorSpecs.fromResource("dsprites").space();
      if (!Arrays.equals(space.sizes(), SIZES)) {
        throw new IllegalStateException("dsprites spec sizes " + Arrays.toString(space.sizes()));
      }
      double[][] v = new double[6][];
      for (int k = 0; k < 6; k++) {
        if (k == 1) {
          continue;
        }
        v[k] =
            space.factors().get(k).values().stream()
                .mapToDouble(o -> ((Number) o).doubleValue())
                .toArray();
      }
      return v;
    } catch (BadInputException e) {
      throw new IllegalStateException(
          "built-in dsprites specification unreadable: " + e.getMessage(), e);
    }
  }

  private static double[][] square() {
    return new double[][] {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  }

  private static double[][] ellipse() {
    double[][] p = new double[CURVE_POINTS][];
    for (int i = 0; i < CURVE_POINTS; i++) {
      double t = 2 * Math.PI * i / CURVE_POINTS;
      p[i] = new double[] {Math.cos(t), 0.5 * Math.sin(t)};
    }
    return p;
  }

  private static double[][] heart() {
    double[][] p = new double[CURVE_POINTS][];
    double maxR = 0;
    double cy = 0;
    double[] xs = new double[CURVE_POINTS];
    double[] ys = new double[CURVE_POINTS];
    for (int i = 0; i < CURVE_POINTS; i++) {
      double t = 2 * Math.PI * i / CURVE_POINTS;
      double s = Math.sin(t);
      xs[i] = 16 * s * s * s;
      // screen y points down: negate so the heart's point is at the bottom
      ys[i] = -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t));
      cy += ys[i] / CURVE_POINTS;
    }
    for (int i = 0; i < CURVE_POINTS; i++) {
      maxR = Math.max(maxR, Math.hypot(xs[i], ys[i] - cy));
    }
    for (int i = 0; i < CURVE_POINTS; i++) {
      p[i] = new double[] {xs[i] / maxR, (ys[i] - cy) / maxR};
    }
    return p;
  }

  /**
   * The latent value of a factor code, as in dSprites' {@code latents_values}: the built-in
   * specification's vocabulary value, except shape, whose value is 1, 2 or 3.
   *
   * @param factor 0..5
   * @param code the code
   * @return the value
   */
  public static double value(int factor, int code) {
    if (factor < 0 || factor > 5) {
      throw new IllegalArgumentException("factor " + factor + " outside 0..5");
    }
    if (code < 0 || code >= SIZES[factor]) {
      throw new IllegalArgumentException(
          "code " + code + " of factor " + factor + " outside 0.." + (SIZES[factor] - 1));
    }
    return factor == 1 ? code + 1.0 : VALUES[factor][code];
  }

  /**
   * The codes of a flat index.
   *
   * @param index in {@code 0..FULL-1}
   * @return six codes
   */
  public static int[] codes(long index) {
    if (index < 0 || index >= FULL) {
      throw new IllegalArgumentException("flat index " + index + " outside 0.." + (FULL - 1));
    }
    return MixedRadix.digits(index, SIZES);
  }

  /**
   * Renders one image.
   *
   * @param shape 0 square, 1 ellipse, 2 heart
   * @param scale the scale (0.5..1)
   * @param orientation the angle in radians
   * @param posX horizontal position in [0, 1]
   * @param posY vertical position in [0, 1]
   * @param out 64·64 bytes receiving 0/1, row-major
   */
  public static void render(
      int shape, double scale, double orientation, double posX, double posY, byte[] out) {
    double[][] unit = UNIT_SHAPES[shape];
    int n = unit.length;
    double[] px = new double[n];
    double[] py = new double[n];
    double cos = Math.cos(orientation);
    double sin = Math.sin(orientation);
    double r = BASE_RADIUS * scale;
    double cx = MARGIN + posX * (SIDE - 2 * MARGIN);
    double cy = MARGIN + posY * (SIDE - 2 * MARGIN);
    double minY = Double.POSITIVE_INFINITY;
    double maxY = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      double x = unit[i][0] * r;
      double y = unit[i][1] * r;
      // counter-clockwise on screen (y down)
      px[i] = cx + x * cos + y * sin;
      py[i] = cy - x * sin + y * cos;
      minY = Math.min(minY, py[i]);
      maxY = Math.max(maxY, py[i]);
    }
    Arrays.fill(out, (byte) 0);
    int row0 = Math.max(0, (int) Math.floor(minY - 0.5));
    int row1 = Math.min(SIDE - 1, (int) Math.ceil(maxY + 0.5));
    double[] xs = new double[n];
    for (int row = row0; row <= row1; row++) {
      double y = row + 0.5;
      int k = 0;
      for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((py[i] > y) != (py[j] > y)) {
          xs[k++] = px[j] + (y - py[j]) * (px[i] - px[j]) / (py[i] - py[j]);
        }
      }
      Arrays.sort(xs, 0, k);
      for (int s = 0; s + 1 < k; s += 2) {
        // pixel columns whose centre c + 0.5 lies in [xs[s], xs[s+1])
        int c0 = Math.max(0, (int) Math.ceil(xs[s] - 0.5));
        int c1 = Math.min(SIDE - 1, (int) Math.ceil(xs[s + 1] - 0.5) - 1);
        for (int c = c0; c <= c1; c++) {
          out[row * SIDE + c] = 1;
        }
      }
    }
  }

  /**
   * Renders the image of a flat index.
   *
   * @param index the flat index
   * @param out 64·64 bytes
   */
  public static void render(long index, byte[] out) {
    int[] c = codes(index);
    render(c[1], value(2, c[2]), value(3, c[3]), value(4, c[4]), value(5, c[5]), out);
  }

  /**
   * A seeded subset of distinct flat indices, sorted.
   *
   * @param count how many (1..FULL)
   * @param seed the seed
   * @return sorted indices
   */
  public static long[] chooseIndices(long count, long seed) {
    return chooseIndicesExcluding(count, seed, new long[0]);
  }

  /**
   * A seeded subset of distinct flat indices outside {@code excluded}, sorted: the same partial
   * Fisher-Yates shuffle as {@link #chooseIndices}, over the allowed indices in increasing order
   * (with nothing excluded it is {@link #chooseIndices}). Used to draw images a model was not
   * trained on.
   *
   * @param count how many (1..FULL − excluded)
   * @param seed the seed
   * @param excluded flat indices that must not be drawn (any order; repeats allowed)
   * @return sorted indices, none of them in {@code excluded}
   */
  public static long[] chooseIndicesExcluding(long count, long seed, long[] excluded) {
    boolean[] skip = new boolean[(int) FULL];
    int skipped = 0;
    for (long e : excluded) {
      if (e < 0 || e >= FULL) {
        throw new IllegalArgumentException("excluded index " + e + " is outside 0.." + (FULL - 1));
      }
      if (!skip[(int) e]) {
        skip[(int) e] = true;
        skipped++;
      }
    }
    int n = (int) FULL - skipped;
    if (count < 1 || count > n) {
      throw new IllegalArgumentException(
          "count must be in 1.."
              + n
              + (skipped == 0 ? "" : " (" + skipped + " of " + FULL + " excluded)")
              + ", got "
              + count);
    }
    int[] perm = new int[n];
    for (int i = 0, k = 0; i < FULL; i++) {
      if (!skip[i]) {
        perm[k++] = i;
      }
    }
    SplittableRandom rng = new SplittableRandom(seed);
    for (int i = 0; i < count; i++) {
      int j = i + rng.nextInt(n - i);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    long[] out = new long[(int) count];
    for (int i = 0; i < count; i++) {
      out[i] = perm[i];
    }
    Arrays.sort(out);
    return out;
  }

  /**
   * Writes a dSprites-format npz, streamed.
   *
   * @param out the output file
   * @param indices sorted flat indices, or {@code null} for the full grid
   * @param progress called with the number of images written so far (may be a no-op)
   * @throws BadInputException when the file cannot be written
   */
  public static void write(Path out, long[] indices, LongConsumer progress)
      throws BadInputException {
    long n = indices == null ? FULL : indices.length;
    for (int i = 1; indices != null && i < indices.length; i++) {
      if (indices[i] <= indices[i - 1]) {
        throw new IllegalArgumentException(
            "indices must be strictly increasing, got " + indices[i - 1] + " then " + indices[i]);
      }
    }
    try {
      AtomicFiles.write(out, tmp -> writeTo(tmp, n, indices, progress));
    } catch (BadInputException e) {
      throw e;
    } catch (CandelaException | IOException e) {
      throw new BadInputException(out + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  private static void writeTo(Path out, long n, long[] indices, LongConsumer progress)
      throws BadInputException {
    try (NpzWriter z = NpzWriter.create(out)) {
      byte[] img = new byte[SIDE * SIDE];
      try (NpyWriter w = z.add("imgs", NpyDType.U1, new long[] {n, SIDE, SIDE}, false)) {
        for (long i = 0; i < n; i++) {
          render(indices == null ? i : indices[(int) i], img);
          w.writeBytes(img, 0, img.length);
          if ((i + 1) % 1024 == 0 || i + 1 == n) {
            progress.accept(i + 1);
          }
        }
      }
      double[] vals = new double[6];
      try (NpyWriter w = z.add("latents_values", NpyDType.F8, new long[] {n, 6}, false)) {
        for (long i = 0; i < n; i++) {
          int[] c = codes(indices == null ? i : indices[(int) i]);
          for (int k = 0; k < 6; k++) {
            vals[k] = value(k, c[k]);
          }
          w.writeDoubles(vals, 0, 6);
        }
      }
      try (NpyWriter w = z.add("latents_classes", NpyDType.I8, new long[] {n, 6}, false)) {
        for (long i = 0; i < n; i++) {
          w.writeInts(codes(indices == null ? i : indices[(int) i]), 0, 6);
        }
      }
    }
  }
}
