package dev.candela.synth;

import dev.candela.AtomicFiles;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.MixedRadix;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.data.DSpritesDrawing;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpyWriter;
import dev.candela.data.npy.NpzWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * Generates dSprites-format data on the exact dSprites factor grid: color 1, shape 3 (square,
 * ellipse, heart), scale 6 (0.5..1), orientation 40 (0..2π inclusive), posX 32 and posY 32 (0..1),
 * 64×64 binary images drawn by a {@link DSpritesDrawing} (by default {@link
 * DSpritesDrawing#DEEPMIND}, fitted to DeepMind's real pixels). The output npz is a drop-in for
 * DeepMind's file: {@code imgs} (N, 64, 64) u1 with values 0/1, {@code latents_values} (N, 6) f8
 * (color 1, shape 1/2/3, scale, orientation, posX, posY) and {@code latents_classes} (N, 6) i8, in
 * increasing flat index = classes · [737280, 245760, 40960, 1024, 32, 1]; plus {@code drawing}, the
 * drawing's identifier as ASCII bytes (u1), which DeepMind's loaders ignore. All arrays are
 * streamed; memory use does not depend on N.
 */
public final class DSpritesGenerator {
  /** Images in the full grid. */
  public static final long FULL = 737_280L;

  /** Flat-index strides of the six factors. */
  public static final long[] STRIDES = MixedRadix.strides(new int[] {1, 3, 6, 40, 32, 32});

  /** Factor sizes: color, shape, scale, orientation, posX, posY. */
  public static final int[] SIZES = DSpritesDrawing.SIZES;

  /** Image side in pixels. */
  public static final int SIDE = DSpritesDrawing.SIDE;

  private DSpritesGenerator() {}

  /**
   * The latent value of a factor code, as in dSprites' {@code latents_values}: the built-in
   * specification's vocabulary value, except shape, whose value is 1, 2 or 3.
   *
   * @param factor 0..5
   * @param code the code
   * @return the value
   */
  public static double value(int factor, int code) {
    return DSpritesDrawing.value(factor, code);
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
   * Renders the image of a flat index with the default drawing ({@link DSpritesDrawing#DEEPMIND}).
   *
   * @param index the flat index
   * @param out 64·64 bytes
   */
  public static void render(long index, byte[] out) {
    DSpritesDrawing.DEEPMIND.render(codes(index), out);
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
      throw new SettingException(
          Setting.COUNT,
          count,
          "must be in 1.."
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
    int[] drawn = SeededSubset.draw(perm, (int) count, new SplittableRandom(seed));
    return Arrays.stream(drawn).asLongStream().toArray();
  }

  /**
   * Writes a dSprites-format npz with the default drawing ({@link DSpritesDrawing#DEEPMIND}).
   *
   * @param out the output file
   * @param indices sorted flat indices, or {@code null} for the full grid
   * @param progress called with the number of images written so far (may be a no-op)
   * @throws BadInputException when the file cannot be written
   */
  public static void write(Path out, long[] indices, LongConsumer progress)
      throws BadInputException {
    write(out, indices, DSpritesDrawing.DEEPMIND, progress);
  }

  /**
   * Writes a dSprites-format npz, streamed, recording the drawing in its {@code drawing} entry.
   *
   * @param out the output file
   * @param indices sorted flat indices, or {@code null} for the full grid
   * @param drawing how the images are drawn
   * @param progress called with the number of images written so far (may be a no-op)
   * @throws BadInputException when the file cannot be written
   */
  public static void write(Path out, long[] indices, DSpritesDrawing drawing, LongConsumer progress)
      throws BadInputException {
    long n = indices == null ? FULL : indices.length;
    for (int i = 1; indices != null && i < indices.length; i++) {
      if (indices[i] <= indices[i - 1]) {
        throw new IllegalArgumentException(
            "indices must be strictly increasing, got " + indices[i - 1] + " then " + indices[i]);
      }
    }
    try {
      AtomicFiles.write(out, tmp -> writeTo(tmp, n, indices, drawing, progress));
    } catch (BadInputException e) {
      throw e;
    } catch (CandelaException | IOException e) {
      throw new BadInputException(out + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  private static void writeTo(
      Path out, long n, long[] indices, DSpritesDrawing drawing, LongConsumer progress)
      throws BadInputException {
    try (NpzWriter z = NpzWriter.create(out)) {
      byte[] img = new byte[SIDE * SIDE];
      try (NpyWriter w = z.add("imgs", NpyDType.U1, new long[] {n, SIDE, SIDE}, false)) {
        for (long i = 0; i < n; i++) {
          drawing.render(codes(indices == null ? i : indices[(int) i]), img);
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
      byte[] id = drawing.id().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      try (NpyWriter w =
          z.add(DSpritesDrawing.NPZ_KEY, NpyDType.U1, new long[] {id.length}, false)) {
        w.writeBytes(id, 0, id.length);
      }
    }
  }
}
