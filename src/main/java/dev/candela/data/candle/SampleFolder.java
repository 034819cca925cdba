package dev.candela.data.candle;

import dev.candela.BadInputException;
import dev.candela.data.FactorDataset.ImageShape;
import dev.candela.data.OpenCvImages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.TreeSet;
import java.util.function.LongFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * The flat folder of {@code <id>.png} + {@code <id>.json} samples that the CANDLE and the factor
 * folder loaders share: listing, index checks, image decoding and the fingerprint.
 */
final class SampleFolder {
  private SampleFolder() {}

  /**
   * The ids with both a {@code .png} and a {@code .json}, increasing.
   *
   * @param folder the folder
   * @param idOf a file stem's id, or −1 when the stem is not one (the file is skipped)
   * @param pattern the sample file pattern named when there is none, e.g. {@code {id}.png}
   * @return the ids
   * @throws BadInputException when the folder cannot be listed or holds no sample
   */
  static long[] pairedIds(Path folder, ToLongFunction<String> idOf, String pattern)
      throws BadInputException {
    TreeSet<Long> png = new TreeSet<>();
    TreeSet<Long> json = new TreeSet<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        String name = p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        if (dot <= 0) {
          continue;
        }
        long id = idOf.applyAsLong(name.substring(0, dot));
        if (id < 0) {
          continue;
        }
        String ext = name.substring(dot + 1);
        if (ext.equals("png")) {
          png.add(id);
        } else if (ext.equals("json")) {
          json.add(id);
        }
      }
    } catch (IOException e) {
      throw new BadInputException(folder + ": cannot list (" + e.getMessage() + ")", e);
    }
    int pngs = png.size();
    int jsons = json.size();
    png.retainAll(json);
    if (png.isEmpty()) {
      throw CandleDataset.noSamples(folder, pattern, pngs, jsons);
    }
    return png.stream().mapToLong(Long::longValue).toArray();
  }

  /**
   * Checks a sample index.
   *
   * @param index the index
   * @param n the number of samples
   * @return the index as an int
   * @throws IllegalArgumentException when the index is outside {@code [0, n)}
   */
  static int checkIndex(long index, int n) {
    if (index < 0 || index >= n) {
      throw new IllegalArgumentException("sample index " + index + " out of range [0, " + n + ")");
    }
    return (int) index;
  }

  /**
   * Decodes samples' images to CHW RGB floats in [0, 1], one after the other.
   *
   * @param indices the samples
   * @param shape the image shape
   * @param pngOf a sample's image file
   * @return {@code indices.length} images
   * @throws BadInputException when an image cannot be read
   */
  static float[] images(long[] indices, ImageShape shape, LongFunction<Path> pngOf)
      throws BadInputException {
    float[] out = new float[Math.multiplyExact(indices.length, shape.volume())];
    for (int k = 0; k < indices.length; k++) {
      Path file = pngOf.apply(indices[k]);
      OpenCvImages.readChwRgb(file, shape, out, k * shape.volume());
    }
    return out;
  }

  /**
   * The bytes of one sample's JSON.
   *
   * @param <E> what reading throws
   */
  interface JsonBytes<E extends Exception> {
    /**
     * Reads.
     *
     * @param i the sample
     * @return the file's bytes
     * @throws E when it cannot be read
     */
    byte[] of(int i) throws E;
  }

  /**
   * SHA-256 over a head, the ids' text and the JSON bytes of up to 16 evenly spaced samples; the
   * first 16 hex digits.
   *
   * @param <E> what reading a JSON throws
   * @param head the first bytes digested
   * @param ids the ids as {@code Arrays.toString} writes them
   * @param n the number of samples
   * @param json a sample's JSON bytes
   * @return 16 hex digits
   * @throws E when a JSON cannot be read
   */
  static <E extends Exception> String fingerprint(byte[] head, String ids, int n, JsonBytes<E> json)
      throws E {
    MessageDigest md;
    try {
      md = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    md.update(head);
    md.update(ids.getBytes(StandardCharsets.UTF_8));
    int step = Math.max(1, n / 16);
    for (int i = 0; i < n; i += step) {
      md.update(json.of(i));
    }
    return HexFormat.of().formatHex(md.digest()).substring(0, 16);
  }
}
