package dev.candela.data;

import dev.candela.BadInputException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** Helpers shared by the loaders: index checks, pixel layout conversion and fingerprints. */
final class DatasetSupport {
  private DatasetSupport() {}

  /**
   * Checks a sample index.
   *
   * @param index the index
   * @param n the number of samples
   * @throws IllegalArgumentException when the index is outside {@code 0..n-1}
   */
  static void checkIndex(long index, long n) {
    if (index < 0 || index >= n) {
      throw new IllegalArgumentException("sample index " + index + " outside 0.." + (n - 1));
    }
  }

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
