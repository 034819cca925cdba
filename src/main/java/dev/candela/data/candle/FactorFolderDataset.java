package dev.candela.data.candle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.BoundedFiles;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSpecs;
import dev.candela.data.FixedLayoutDataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A generic CANDLE-like folder: {@code spec.json} (a factor specification: {@code {"name",
 * "factors": [{"name", "values"}], "image": {"channels", "height", "width"}}}) plus {@code {i}.png}
 * and {@code {i}.json} per sample, where the JSON is {@code {"factors": {"<factor>": <value>, ...},
 * "extras": {...}}} with one value per factor of the spec. Samples are the indices with both files,
 * increasing; images are decoded lazily to float CHW RGB in [0, 1]. The toy set ({@code candela
 * dataset generate toy}) is written in this form.
 */
public final class FactorFolderDataset extends FixedLayoutDataset {
  /** The spec file name inside the folder. */
  public static final String SPEC_FILE = "spec.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path folder;
  private final long[] ids;
  private final int[][] codes;

  private FactorFolderDataset(Path folder, FactorSpecs spec, long[] ids) {
    super(spec.space(), spec.image(), ids.length);
    this.folder = folder;
    this.ids = ids;
    this.codes = new int[ids.length][];
  }

  /**
   * Opens a folder.
   *
   * @param folder the folder holding {@code spec.json}
   * @return the dataset
   * @throws BadInputException when the spec is missing or invalid, or the folder cannot be listed
   */
  public static FactorFolderDataset open(Path folder) throws BadInputException {
    Path spec = folder.resolve(SPEC_FILE);
    if (!Files.isRegularFile(spec)) {
      throw new BadInputException(folder + ": no " + SPEC_FILE + " (not a factor folder)");
    }
    FactorSpecs s = FactorSpecs.load(spec);
    long[] ids =
        SampleFolder.pairedIds(
            folder,
            stem ->
                stem.length() > 18 || !stem.chars().allMatch(Character::isDigit)
                    ? -1
                    : Long.parseLong(stem),
            "{index}.png");
    return new FactorFolderDataset(folder, s, ids);
  }

  /**
   * Whether a folder looks like a factor folder (has {@code spec.json}).
   *
   * @param folder a folder
   * @return true when {@code spec.json} exists
   */
  public static boolean isFactorFolder(Path folder) {
    return Files.isRegularFile(folder.resolve(SPEC_FILE));
  }

  /**
   * The file index of sample i.
   *
   * @param index sample index
   * @return the number in the file name
   */
  public long id(long index) {
    return ids[check(index)];
  }

  @Override
  public int[] codes(long index) throws CandelaException {
    int i = check(index);
    if (codes[i] == null) {
      Path file = folder.resolve(ids[i] + ".json");
      JsonNode root;
      try {
        root = JSON.readTree(file.toFile());
      } catch (IOException e) {
        throw new BadInputException(file + ": not valid JSON", e);
      }
      JsonNode f = root == null ? null : root.get("factors");
      if (f == null || !f.isObject()) {
        throw new BadInputException(file + ": missing \"factors\" object");
      }
      int[] c = new int[space.numFactors()];
      for (int k = 0; k < c.length; k++) {
        FactorSpace.Factor factor = space.factors().get(k);
        JsonNode v = f.get(factor.name());
        if (v == null) {
          throw new BadInputException(file + ": missing factor '" + factor.name() + "'");
        }
        Object value = v.isNumber() ? (Object) v.numberValue() : v.asText();
        try {
          c[k] = factor.codeOf(value);
        } catch (IllegalArgumentException e) {
          throw new BadInputException(file + ": " + e.getMessage(), e);
        }
      }
      codes[i] = c;
    }
    return codes[i].clone();
  }

  @Override
  public float[] images(long[] indices) throws CandelaException {
    if (shape.channels() != 3) {
      throw new BadInputException(
          folder + ": only 3-channel folders are supported, spec says " + shape.channels());
    }
    return SampleFolder.images(indices, shape, index -> folder.resolve(id(index) + ".png"));
  }

  /**
   * {@inheritDoc}
   *
   * <p>SHA-256 over the spec bytes, the sorted indices and up to 16 evenly spaced JSON files; the
   * first 16 hex digits.
   */
  @Override
  public String fingerprint() throws CandelaException {
    return SampleFolder.fingerprint(
        BoundedFiles.read(folder.resolve(SPEC_FILE), BoundedFiles.JSON_LIMIT, "JSON"),
        java.util.Arrays.toString(ids),
        ids.length,
        i -> BoundedFiles.read(folder.resolve(ids[i] + ".json"), BoundedFiles.JSON_LIMIT, "JSON"));
  }

  @Override
  public void close() {}

  /**
   * Writes the metadata JSON of one sample: {@code {"factors": {...}, "extras": {...}}}.
   *
   * @param factors factor name to value, in spec order
   * @param extras extra details (may be empty)
   * @return the JSON text
   */
  public static String sampleJson(Map<String, Object> factors, Map<String, Object> extras) {
    var root = JSON.createObjectNode();
    root.set("factors", JSON.valueToTree(factors));
    if (!extras.isEmpty()) {
      root.set("extras", JSON.valueToTree(extras));
    }
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private int check(long index) {
    return SampleFolder.checkIndex(index, ids.length);
  }
}
