package dev.candela.data.candle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.candela.BadInputException;
import dev.candela.data.FactorSpace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The metadata of one CANDLE sample, the {@code {id}.json} beside {@code {id}.png}:
 *
 * <pre>{@code
 * { "scene": "bridge", "lights": "left",
 *   "objects": { "Sphere_0": { "object_type": "sphere", "color": "red", "size": 2,
 *                              "rotation": 60, "bounds": [[95,29],[154,87]] } },
 *   "extras": { ... optional ... } }
 * }</pre>
 *
 * <p>Exactly one object. {@code size} is a number (2 may be written as an integer), {@code
 * rotation} an integral number of degrees, {@code bounds} {@code [[xmin,ymin],[xmax,ymax]]} in
 * pixels with the origin at the bottom-left (y up: image row = height − y), not clamped to the
 * image. An optional top-level {@code extras} object carries generator details; other unknown keys
 * are tolerated.
 *
 * @param scene the scene name
 * @param lights the light position name
 * @param objectKey the key of the object in {@code objects} (e.g. {@code "Sphere_0"})
 * @param objectType the object type
 * @param color the colour name
 * @param size the size
 * @param rotation the rotation in degrees
 * @param bounds the bounding box, y up
 * @param extras the extras (empty when absent); values are JSON-compatible
 */
public record CandleMetadata(
    String scene,
    String lights,
    String objectKey,
    String objectType,
    String color,
    double size,
    int rotation,
    Bounds bounds,
    Map<String, Object> extras) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Validates non-null fields and copies extras. */
  public CandleMetadata {
    Objects.requireNonNull(scene, "scene");
    Objects.requireNonNull(lights, "lights");
    Objects.requireNonNull(objectKey, "objectKey");
    Objects.requireNonNull(objectType, "objectType");
    Objects.requireNonNull(color, "color");
    Objects.requireNonNull(bounds, "bounds");
    extras =
        extras == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(extras));
  }

  /**
   * A bounding box in pixels, y up (origin at the image's bottom-left).
   *
   * @param xmin left
   * @param ymin bottom
   * @param xmax right
   * @param ymax top
   */
  public record Bounds(double xmin, double ymin, double xmax, double ymax) {
    /** Validates ordered, finite corners. */
    public Bounds {
      if (!(Double.isFinite(xmin)
          && Double.isFinite(ymin)
          && Double.isFinite(xmax)
          && Double.isFinite(ymax))) {
        throw new IllegalArgumentException(
            "bounds must be finite: " + xmin + "," + ymin + "," + xmax + "," + ymax);
      }
      if (xmin > xmax || ymin > ymax) {
        throw new IllegalArgumentException(
            "bounds min must not exceed max: [["
                + xmin
                + ","
                + ymin
                + "],["
                + xmax
                + ","
                + ymax
                + "]]");
      }
    }
  }

  /**
   * The factor codes of this sample in a space with factors scene, lights, object_type, color,
   * size, rotation.
   *
   * @param space the CANDLE factor space
   * @return six codes
   * @throws IllegalArgumentException naming the factor and the unknown value
   */
  public int[] codes(FactorSpace space) {
    Object[] values = {scene, lights, objectType, color, size, rotation};
    String[] names = {"scene", "lights", "object_type", "color", "size", "rotation"};
    int[] out = new int[names.length];
    for (int k = 0; k < names.length; k++) {
      out[k] = space.factor(names[k]).codeOf(values[k]);
    }
    return out;
  }

  /**
   * Reads and checks a metadata file.
   *
   * @param file the JSON file
   * @return the metadata
   * @throws BadInputException one line naming the file and the offending key or value
   */
  public static CandleMetadata read(Path file) throws BadInputException {
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (IOException e) {
      String m = String.valueOf(e.getMessage());
      int nl = m.indexOf('\n');
      throw new BadInputException(
          file + ": not valid JSON (" + (nl < 0 ? m : m.substring(0, nl)) + ")", e);
    }
    return parse(root, file.toString());
  }

  /**
   * Checks and converts a parsed metadata tree.
   *
   * @param root the JSON tree
   * @param source a name for messages (the file)
   * @return the metadata
   * @throws BadInputException one line naming the source and the offending key or value
   */
  public static CandleMetadata parse(JsonNode root, String source) throws BadInputException {
    if (root == null || !root.isObject()) {
      throw new BadInputException(source + ": top level must be a JSON object");
    }
    String scene = text(root, "scene", source);
    String lights = text(root, "lights", source);
    JsonNode objects = root.get("objects");
    if (objects == null || !objects.isObject()) {
      throw new BadInputException(source + ": missing \"objects\" object");
    }
    if (objects.size() != 1) {
      throw new BadInputException(
          source + ": \"objects\" must hold exactly one object, found " + objects.size());
    }
    Map.Entry<String, JsonNode> e = objects.properties().iterator().next();
    String where = source + ": objects." + e.getKey();
    JsonNode o = e.getValue();
    if (!o.isObject()) {
      throw new BadInputException(where + " must be an object, got " + o);
    }
    String type = text(o, "object_type", where);
    String color = text(o, "color", where);
    double size = number(o, "size", where);
    double rot = number(o, "rotation", where);
    if (rot != Math.rint(rot)) {
      throw new BadInputException(where + ": rotation must be integral degrees, got " + rot);
    }
    JsonNode b = o.get("bounds");
    if (b == null || !b.isArray() || b.size() != 2 || !pair(b.get(0)) || !pair(b.get(1))) {
      throw new BadInputException(
          where + ": bounds must be [[xmin,ymin],[xmax,ymax]] numbers, got " + b);
    }
    Bounds bounds;
    try {
      bounds =
          new Bounds(
              b.get(0).get(0).doubleValue(),
              b.get(0).get(1).doubleValue(),
              b.get(1).get(0).doubleValue(),
              b.get(1).get(1).doubleValue());
    } catch (IllegalArgumentException ex) {
      throw new BadInputException(where + ": " + ex.getMessage(), ex);
    }
    Map<String, Object> extras = new LinkedHashMap<>();
    JsonNode x = root.get("extras");
    if (x != null) {
      if (!x.isObject()) {
        throw new BadInputException(source + ": \"extras\" must be an object, got " + x);
      }
      Iterator<Map.Entry<String, JsonNode>> it = x.properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> f = it.next();
        extras.put(f.getKey(), JSON.convertValue(f.getValue(), Object.class));
      }
    }
    return new CandleMetadata(
        scene, lights, e.getKey(), type, color, size, (int) rot, bounds, extras);
  }

  private static boolean pair(JsonNode n) {
    return n != null && n.isArray() && n.size() == 2 && n.get(0).isNumber() && n.get(1).isNumber();
  }

  private static String text(JsonNode n, String key, String where) throws BadInputException {
    return field(n, key, where, JsonNode::isTextual, "a string").asText();
  }

  private static double number(JsonNode n, String key, String where) throws BadInputException {
    return field(n, key, where, JsonNode::isNumber, "a number").doubleValue();
  }

  /** The entry {@code key} of an object, which must be present and of the kind {@code is} tests. */
  private static JsonNode field(
      JsonNode n, String key, String where, Predicate<JsonNode> is, String kind)
      throws BadInputException {
    JsonNode v = n.get(key);
    if (v == null) {
      throw new BadInputException(where + ": missing \"" + key + "\"");
    }
    if (!is.test(v)) {
      throw new BadInputException(where + ": \"" + key + "\" must be " + kind + ", got " + v);
    }
    return v;
  }

  /**
   * The JSON tree of this metadata; integral sizes and bounds are written as integers.
   *
   * @return the tree
   */
  public ObjectNode toJson() {
    ObjectNode root = JSON.createObjectNode();
    root.put("scene", scene);
    root.put("lights", lights);
    ObjectNode obj = root.putObject("objects").putObject(objectKey);
    obj.put("object_type", objectType);
    obj.put("color", color);
    putNumber(obj, "size", size);
    obj.put("rotation", rotation);
    ArrayNode b = obj.putArray("bounds");
    ArrayNode lo = b.addArray();
    ArrayNode hi = b.addArray();
    addNumber(lo, bounds.xmin());
    addNumber(lo, bounds.ymin());
    addNumber(hi, bounds.xmax());
    addNumber(hi, bounds.ymax());
    if (!extras.isEmpty()) {
      root.set("extras", JSON.valueToTree(extras));
    }
    return root;
  }

  /**
   * The JSON text of this metadata, pretty-printed.
   *
   * @return the text
   */
  public String toJsonString() {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(toJson()) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void putNumber(ObjectNode o, String key, double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      o.put(key, (long) v);
    } else {
      o.put(key, v);
    }
  }

  private static void addNumber(ArrayNode a, double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      a.add((long) v);
    } else {
      a.add(v);
    }
  }
}
