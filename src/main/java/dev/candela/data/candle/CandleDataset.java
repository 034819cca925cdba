package dev.candela.data.candle;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.BoundedFiles;
import dev.candela.data.FixedLayoutDataset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The CANDLE loader: a flat folder of {@code {id}.png} + {@code {id}.json} (see {@link
 * CandleMetadata} and {@link CandleIds}). Samples are the ids with both files, in increasing id
 * order; ids with only one of the two files, and files whose stem is not an id, are skipped (the
 * validator reports them). Metadata is parsed lazily and cached as codes; images are decoded on
 * demand with OpenCV to float CHW RGB in [0, 1].
 */
public final class CandleDataset extends FixedLayoutDataset {
  private final Path folder;
  private final int[] ids;
  private final int[][] codes;

  private CandleDataset(Path folder, int[] ids) {
    super(CandleIds.space(), CandleIds.imageShape(), ids.length);
    this.folder = folder;
    this.ids = ids;
    this.codes = new int[ids.length][];
  }

  /**
   * Opens a CANDLE folder.
   *
   * @param folder the folder
   * @return the dataset
   * @throws BadInputException when the folder cannot be listed
   */
  public static CandleDataset open(Path folder) throws BadInputException {
    if (!Files.isDirectory(folder)) {
      throw new BadInputException(folder + ": not a directory");
    }
    long[] ids = SampleFolder.pairedIds(folder, CandleDataset::parseId, "{id}.png");
    return new CandleDataset(folder, Arrays.stream(ids).mapToInt(Math::toIntExact).toArray());
  }

  /**
   * The error for a dataset folder without a single sample.
   *
   * @param folder the folder
   * @param pattern the sample file pattern, for example {@code {id}.png}
   * @param pngs image files seen
   * @param jsons metadata files seen
   * @return the exception
   */
  public static BadInputException noSamples(Path folder, String pattern, int pngs, int jsons) {
    return new BadInputException(
        folder
            + ": the folder holds no samples (no "
            + pattern
            + " with its .json beside it; found "
            + pngs
            + " .png and "
            + jsons
            + " .json files)");
  }

  /**
   * The id encoded by a file stem, or −1 when the stem is not a decimal id in the CANDLE grid.
   *
   * @param stem a file name without extension
   * @return the id or −1
   */
  public static int parseId(String stem) {
    if (stem.isEmpty() || stem.length() > 9 || !stem.chars().allMatch(Character::isDigit)) {
      return -1;
    }
    if (stem.length() > 1 && stem.charAt(0) == '0') {
      return -1;
    }
    int id = Integer.parseInt(stem);
    return id < CandleIds.GRID ? id : -1;
  }

  /**
   * The folder.
   *
   * @return the dataset folder
   */
  public Path folder() {
    return folder;
  }

  /**
   * The id of sample i.
   *
   * @param index sample index
   * @return the CANDLE id
   */
  public int id(long index) {
    return ids[checkIndex(index)];
  }

  /**
   * All ids, increasing.
   *
   * @return a copy of the ids
   */
  public int[] ids() {
    return ids.clone();
  }

  /**
   * The image file of an id.
   *
   * @param folder the folder
   * @param id the id
   * @return {@code folder/{id}.png}
   */
  public static Path pngOf(Path folder, int id) {
    return folder.resolve(id + ".png");
  }

  /**
   * The metadata file of an id.
   *
   * @param folder the folder
   * @param id the id
   * @return {@code folder/{id}.json}
   */
  public static Path jsonOf(Path folder, int id) {
    return folder.resolve(id + ".json");
  }

  /**
   * The parsed metadata of sample i.
   *
   * @param index sample index
   * @return the metadata
   * @throws BadInputException when the JSON is invalid
   */
  public CandleMetadata metadata(long index) throws BadInputException {
    return CandleMetadata.read(jsonOf(folder, id(index)));
  }

  /**
   * {@inheritDoc}
   *
   * <p>The {@code extras} entries that the first and the last sample share (per-image entries such
   * as placement and camera jitter differ and are left out): for Candela's Blender renders the
   * renderer, Blender version, engine, samples, background, seed and rules variant.
   */
  @Override
  public Map<String, Object> source() throws BadInputException {
    if (ids.length == 0) {
      return Map.of();
    }
    Map<String, Object> last = metadata(ids.length - 1L).extras();
    Map<String, Object> out = new LinkedHashMap<>();
    metadata(0)
        .extras()
        .forEach(
            (k, v) -> {
              if (Objects.equals(v, last.get(k))) {
                out.put(k, v);
              }
            });
    return out;
  }

  /**
   * {@inheritDoc}
   *
   * <p>The codes come from the sample's JSON and must agree with its id.
   */
  @Override
  public int[] codes(long index) throws CandelaException {
    int i = checkIndex(index);
    int[] c = codes[i];
    if (c == null) {
      Path file = jsonOf(folder, ids[i]);
      CandleMetadata m = CandleMetadata.read(file);
      try {
        c = m.codes(space);
      } catch (IllegalArgumentException e) {
        throw new BadInputException(file + ": " + e.getMessage(), e);
      }
      if (CandleIds.id(c) != ids[i]) {
        throw new BadInputException(
            file
                + ": factors "
                + Arrays.toString(c)
                + " give id "
                + CandleIds.id(c)
                + ", not the file's id "
                + ids[i]);
      }
      codes[i] = c;
    }
    return c.clone();
  }

  @Override
  public float[] images(long[] indices) throws CandelaException {
    return SampleFolder.images(indices, shape, index -> pngOf(folder, id(index)));
  }

  /**
   * {@inheritDoc}
   *
   * <p>SHA-256 over the space name, the sorted ids and the JSON bytes of up to 16 evenly spaced
   * samples; the first 16 hex digits.
   */
  @Override
  public String fingerprint() throws CandelaException {
    return SampleFolder.fingerprint(
        space.name().getBytes(StandardCharsets.UTF_8),
        Arrays.toString(ids),
        ids.length,
        i -> {
          return BoundedFiles.read(jsonOf(folder, ids[i]), BoundedFiles.JSON_LIMIT, "JSON");
        });
  }

  @Override
  public void close() {}

  private int checkIndex(long index) {
    return SampleFolder.checkIndex(index, ids.length);
  }
}
