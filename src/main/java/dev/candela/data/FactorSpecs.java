package dev.candela.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A factor specification: a dataset's factor space and image shape, read from JSON of the form
 *
 * <pre>{@code
 * { "name": "dsprites",
 *   "factors": [ {"name": "shape", "values": ["square", "ellipse", "heart"]},
 *                {"name": "scale", "values": [0.5, 0.6, 0.7, 0.8, 0.9, 1.0]}, ... ],
 *   "image": {"channels": 1, "height": 64, "width": 64} }
 * }</pre>
 *
 * Factor order is the dataset's factor order; a value's code is its position in {@code values}. A
 * factor may declare {@code "ordinal": false}: its values are numbers that name categories
 * (3dshapes' {@code shape}), so no value is near another (the tolerant CG read-out, {@link
 * FactorNeighbourhoods}); {@code "ordinal": true} is the default for numbers, and text values are
 * always categories. JSON integers become {@link Integer}, other numbers {@link Double}, strings
 * stay strings. The built-in specifications live on the class path at {@code
 * datasets/specs/<name>.json} (source of truth: {@code src/main/resources/datasets/specs/}; the
 * repository folder {@code datasets/specs/} holds copies that a test keeps equal).
 *
 * @param space the factor space
 * @param image the image shape
 * @param categorical the factors declared {@code "ordinal": false}
 */
public record FactorSpecs(
    FactorSpace space, FactorDataset.ImageShape image, java.util.Set<String> categorical) {

  /** The class-path folder of the built-in specifications. */
  public static final String RESOURCE_DIR = "datasets/specs/";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Validates non-null fields. */
  public FactorSpecs {
    Objects.requireNonNull(space, "space");
    Objects.requireNonNull(image, "image");
    categorical = java.util.Set.copyOf(categorical);
  }

  /**
   * A specification without factors declared categorical.
   *
   * @param space the factor space
   * @param image the image shape
   */
  public FactorSpecs(FactorSpace space, FactorDataset.ImageShape image) {
    this(space, image, java.util.Set.of());
  }

  /**
   * The factors of a built-in dataset declared {@code "ordinal": false}, or none when there is no
   * such specification.
   *
   * @param dataset the dataset name
   * @return the factor names
   * @throws BadInputException when the built-in specification is malformed
   */
  public static java.util.Set<String> categoricalFactors(String dataset) throws BadInputException {
    if (FactorSpecs.class.getClassLoader().getResource(RESOURCE_DIR + dataset + ".json") == null) {
      return java.util.Set.of();
    }
    return fromResource(dataset).categorical();
  }

  /**
   * Reads a specification file.
   *
   * @param file the JSON file
   * @return the specification
   * @throws BadInputException when the file is missing or malformed (the message names the file and
   *     the offending field)
   */
  public static FactorSpecs load(Path file) throws BadInputException {
    try (InputStream in = Files.newInputStream(file)) {
      return parse(in, file.toString());
    } catch (NoSuchFileException e) {
      throw new BadInputException(file + ": no such file", e);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Reads a built-in specification from the class path ({@code datasets/specs/<name>.json}).
   *
   * @param name the dataset name, e.g. {@code dsprites}, {@code mpi3d}, {@code 3dshapes}
   * @return the specification
   * @throws BadInputException when there is no such built-in specification
   */
  public static FactorSpecs fromResource(String name) throws BadInputException {
    String res = RESOURCE_DIR + name + ".json";
    try (InputStream in = FactorSpecs.class.getClassLoader().getResourceAsStream(res)) {
      if (in == null) {
        throw new BadInputException(
            "classpath:" + res + ": no built-in factor specification '" + name + "'");
      }
      return parse(in, "classpath:" + res);
    } catch (IOException e) {
      throw new BadInputException("classpath:" + res + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Parses a specification.
   *
   * @param in the JSON
   * @param source the file name for messages
   * @return the specification
   * @throws BadInputException when malformed
   */
  public static FactorSpecs parse(InputStream in, String source) throws BadInputException {
    JsonNode root;
    try {
      root = JSON.readTree(in);
    } catch (JsonProcessingException e) {
      throw new BadInputException(
          source + ": bad JSON (" + e.getOriginalMessage().replace('\n', ' ') + ")", e);
    } catch (IOException e) {
      throw new BadInputException(source + ": cannot read (" + e.getMessage() + ")", e);
    }
    if (root == null || !root.isObject()) {
      throw new BadInputException(source + ": a factor specification must be a JSON object");
    }
    JsonNode name = root.get("name");
    if (name == null || !name.isTextual()) {
      throw new BadInputException(source + ": missing or non-text \"name\": " + name);
    }
    JsonNode factors = root.get("factors");
    if (factors == null || !factors.isArray() || factors.isEmpty()) {
      throw new BadInputException(
          source + ": \"factors\" must be a non-empty array, got " + factors);
    }
    List<FactorSpace.Factor> list = new ArrayList<>();
    java.util.Set<String> categorical = new java.util.LinkedHashSet<>();
    for (JsonNode f : factors) {
      JsonNode fn = f.get("name");
      JsonNode vals = f.get("values");
      if (fn == null || !fn.isTextual()) {
        throw new BadInputException(source + ": factor without a text \"name\": " + f);
      }
      if (vals == null || !vals.isArray() || vals.isEmpty()) {
        throw new BadInputException(
            source
                + ": factor '"
                + fn.asText()
                + "' needs a non-empty \"values\" array, got "
                + vals);
      }
      List<Object> values = new ArrayList<>();
      for (JsonNode v : vals) {
        if (v.isIntegralNumber() && v.canConvertToInt()) {
          values.add(v.intValue());
        } else if (v.isNumber()) {
          values.add(v.doubleValue());
        } else if (v.isTextual()) {
          values.add(v.asText());
        } else {
          throw new BadInputException(
              source
                  + ": factor '"
                  + fn.asText()
                  + "' has a value that is neither number nor text: "
                  + v);
        }
      }
      if (values.stream().distinct().count() != values.size()) {
        throw new BadInputException(
            source + ": factor '" + fn.asText() + "' has duplicate values " + vals);
      }
      JsonNode ordinal = f.get("ordinal");
      if (ordinal != null && !ordinal.isBoolean()) {
        throw new BadInputException(
            source
                + ": factor '"
                + fn.asText()
                + "': \"ordinal\" must be true or false, got "
                + ordinal);
      }
      if (ordinal != null && !ordinal.booleanValue()) {
        categorical.add(fn.asText());
      }
      list.add(new FactorSpace.Factor(fn.asText(), values));
    }
    JsonNode img = root.get("image");
    if (img == null || !img.isObject()) {
      throw new BadInputException(source + ": missing \"image\" object {channels, height, width}");
    }
    int[] dims = new int[3];
    String[] keys = {"channels", "height", "width"};
    for (int i = 0; i < 3; i++) {
      JsonNode d = img.get(keys[i]);
      if (d == null || !d.canConvertToInt() || !d.isIntegralNumber() || d.intValue() <= 0) {
        throw new BadInputException(
            source + ": image." + keys[i] + " must be a positive integer, got " + d);
      }
      dims[i] = d.intValue();
    }
    try {
      return new FactorSpecs(
          new FactorSpace(name.asText(), list),
          new FactorDataset.ImageShape(dims[0], dims[1], dims[2]),
          categorical);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(source + ": " + e.getMessage(), e);
    }
  }
}
