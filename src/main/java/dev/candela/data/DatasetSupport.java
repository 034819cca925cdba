package dev.candela.data;

import dev.candela.BadInputException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Helpers shared by the loaders: pixel layout conversion, flat grid indices, fingerprints. */
final class DatasetSupport {
  private DatasetSupport() {}

  /**
   * Converts one HWC uint8 image to CHW floats.
   *
   * @param src bytes, {@code h·w·c}, channel fastest
   * @param dst destination
   * @param off offset in dst
   * @param shape the image shape
   * @param scale the factor applied to each value (1/255 for 0..255 data)
   */
  static void hwcToChw(
      byte[] src, float[] dst, int off, FactorDataset.ImageShape shape, float scale) {
    int c = shape.channels();
    int hw = shape.height() * shape.width();
    for (int p = 0; p < hw; p++) {
      for (int k = 0; k < c; k++) {
        dst[off + k * hw + p] = (src[p * c + k] & 0xFF) * scale;
      }
    }
  }

  /**
   * Decodes a flat row-major index over a grid (first factor most significant).
   *
   * @param index the flat index
   * @param sizes the grid sizes
   * @return the codes
   */
  static int[] decode(long index, int[] sizes) {
    int[] codes = new int[sizes.length];
    long rem = index;
    for (int k = sizes.length - 1; k >= 0; k--) {
      codes[k] = (int) (rem % sizes[k]);
      rem /= sizes[k];
    }
    if (rem != 0 || index < 0) {
      throw new IllegalArgumentException("flat index " + index + " outside the grid");
    }
    return codes;
  }

  /**
   * Encodes codes as a flat row-major index.
   *
   * @param codes the codes
   * @param sizes the grid sizes
   * @return the index
   */
  static long encode(int[] codes, int[] sizes) {
    long idx = 0;
    for (int k = 0; k < sizes.length; k++) {
      if (codes[k] < 0 || codes[k] >= sizes[k]) {
        throw new IllegalArgumentException(
            "code " + codes[k] + " of factor " + k + " outside 0.." + (sizes[k] - 1));
      }
      idx = idx * sizes[k] + codes[k];
    }
    return idx;
  }

  /**
   * The product of the sizes.
   *
   * @param sizes sizes
   * @return the product
   */
  static long product(int[] sizes) {
    long n = 1;
    for (int s : sizes) {
      n = Math.multiplyExact(n, s);
    }
    return n;
  }

  /**
   * A fingerprint: SHA-256 over the name, size, factor sizes and the images and codes of 16 evenly
   * spaced samples; first 16 hex digits.
   *
   * @param ds the dataset
   * @return {@code <name>:<n>:<hex16>}
   * @throws dev.candela.CandelaException when samples cannot be read
   */
  static String fingerprint(FactorDataset ds) throws dev.candela.CandelaException {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(ds.space().name().getBytes(StandardCharsets.UTF_8));
      md.update(Long.toString(ds.size()).getBytes(StandardCharsets.UTF_8));
      for (int s : ds.space().sizes()) {
        md.update(Integer.toString(s).getBytes(StandardCharsets.UTF_8));
      }
      int k = (int) Math.min(16, ds.size());
      long[] idx = new long[k];
      for (int i = 0; i < k; i++) {
        idx[i] = k == 1 ? 0 : i * (ds.size() - 1) / (k - 1);
      }
      float[] imgs = ds.images(idx);
      for (float f : imgs) {
        int bits = Float.floatToIntBits(f);
        md.update(
            new byte[] {(byte) bits, (byte) (bits >> 8), (byte) (bits >> 16), (byte) (bits >> 24)});
      }
      for (long i : idx) {
        for (int c : ds.codes(i)) {
          md.update((byte) c);
          md.update((byte) (c >> 8));
        }
      }
      return ds.space().name()
          + ":"
          + ds.size()
          + ":"
          + HexFormat.of().formatHex(md.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }

  static BadInputException shapeError(String where, String what, long[] got) {
    return new BadInputException(
        where + ": expected " + what + ", got shape " + java.util.Arrays.toString(got));
  }
}
