package dev.candela.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Observed confounding as data: a list of exclusion rules over factor values. A sample is
 * <em>excluded</em> when it matches ANY rule; a rule matches when ALL of its conditions hold; a
 * condition constrains one factor.
 *
 * <p>Rules files are plain JSON (readable from Python as well) and may hold several variants:
 *
 * <pre>{@code
 * { "dataset": "candle", "description": "...", "default": "published",
 *   "variants": {
 *     "published": { "description": "...",
 *       "exclude": [
 *         { "name": "large-not-torus", "description": "...",
 *           "when": { "size": [2.5], "object_type": {"not": ["torus"]} } } ] },
 *     "paper": { ... } } }
 * }</pre>
 *
 * <p>A condition is one of: a JSON array of values (the factor's value is one of them); {@code
 * {"not": [values]}} (the value is none of them); {@code {"min": a, "max": b}} (a numeric value in
 * the closed range; either bound may be omitted). Values are compared with the vocabulary of the
 * {@link FactorSpace} the rules are {@linkplain #bind bound} to; numbers compare numerically, so
 * {@code 2} and {@code 2.0} are the same value.
 *
 * <p>Lookup ({@link #forDataset}): an argument naming an existing file is read from disk; otherwise
 * the built-in file {@code datasets/rules/<dataset>.json} is read from the class path (the copy of
 * the repository's {@code datasets/rules/} folder that ships inside the jar).
 *
 * @param dataset the dataset name the rules were written for
 * @param variant the chosen variant name
 * @param description the variant's description
 * @param rules the exclusion rules
 */
public record ConfoundingRules(
    String dataset, String variant, String description, List<Rule> rules) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Validates and copies. */
  public ConfoundingRules {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(variant, "variant");
    description = description == null ? "" : description;
    rules = List.copyOf(rules);
  }

  /**
   * Rules that exclude nothing.
   *
   * @param dataset the dataset name
   * @return empty rules with variant {@code "none"}
   */
  public static ConfoundingRules none(String dataset) {
    return new ConfoundingRules(dataset, "none", "no confounding rules", List.of());
  }

  /**
   * One exclusion rule: excludes a sample when every condition holds.
   *
   * @param name a short identifier, used in violation reports
   * @param description a human-readable statement
   * @param when factor name to condition; at least one
   */
  public record Rule(String name, String description, Map<String, Condition> when) {
    /** Validates a non-empty conjunction. */
    public Rule {
      Objects.requireNonNull(name, "name");
      description = description == null ? "" : description;
      when = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(when));
      if (when.isEmpty()) {
        throw new IllegalArgumentException("rule '" + name + "' has no conditions");
      }
    }
  }

  /**
   * A condition on one factor's value.
   *
   * @param in the value must be one of these (ignored when {@code null})
   * @param notIn the value must be none of these (ignored when {@code null})
   * @param min inclusive numeric lower bound (ignored when {@code null})
   * @param max inclusive numeric upper bound (ignored when {@code null})
   */
  public record Condition(List<Object> in, List<Object> notIn, Double min, Double max) {
    /** Validates that the condition constrains something. */
    public Condition {
      in = in == null ? null : List.copyOf(in);
      notIn = notIn == null ? null : List.copyOf(notIn);
      if (in == null && notIn == null && min == null && max == null) {
        throw new IllegalArgumentException("empty condition");
      }
    }

    /**
     * Whether a vocabulary value satisfies this condition.
     *
     * @param value the value (String or Number)
     * @return true when it satisfies every part
     */
    public boolean test(Object value) {
      if (in != null && in.stream().noneMatch(v -> sameValue(v, value))) {
        return false;
      }
      if (notIn != null && notIn.stream().anyMatch(v -> sameValue(v, value))) {
        return false;
      }
      if (min != null || max != null) {
        if (!(value instanceof Number n)) {
          return false;
        }
        double d = n.doubleValue();
        if (min != null && d < min) {
          return false;
        }
        if (max != null && d > max) {
          return false;
        }
      }
      return true;
    }
  }

  static boolean sameValue(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return x.doubleValue() == y.doubleValue();
    }
    return Objects.equals(a, b);
  }

  /**
   * Rules bound to a factor space: each condition pre-evaluated on every code of its factor, so
   * that testing a sample is a few array look-ups.
   */
  public static final class Bound {
    private final ConfoundingRules rules;
    private final FactorSpace space;
    private final int[][] factorIdx;
    private final boolean[][][] ok;

    private Bound(ConfoundingRules rules, FactorSpace space, int[][] factorIdx, boolean[][][] ok) {
      this.rules = rules;
      this.space = space;
      this.factorIdx = factorIdx;
      this.ok = ok;
    }

    /**
     * The rules.
     *
     * @return the unbound rules
     */
    public ConfoundingRules rules() {
      return rules;
    }

    /**
     * The factor space.
     *
     * @return the space the rules are bound to
     */
    public FactorSpace space() {
      return space;
    }

    /**
     * Whether sample codes match rule r.
     *
     * @param r the rule index
     * @param codes factor codes in space order
     * @return true when every condition of the rule holds
     */
    public boolean matches(int r, int[] codes) {
      if (codes.length != space.numFactors()) {
        throw new IllegalArgumentException(
            "expected " + space.numFactors() + " codes, got " + codes.length);
      }
      for (int c = 0; c < factorIdx[r].length; c++) {
        int code = codes[factorIdx[r][c]];
        boolean[] table = ok[r][c];
        if (code < 0 || code >= table.length) {
          throw new IllegalArgumentException(
              "code " + code + " out of range for factor " + space.names().get(factorIdx[r][c]));
        }
        if (!table[code]) {
          return false;
        }
      }
      return true;
    }

    /**
     * Whether a sample is excluded by any rule.
     *
     * @param codes factor codes in space order
     * @return true when some rule matches
     */
    public boolean excludes(int[] codes) {
      for (int r = 0; r < factorIdx.length; r++) {
        if (matches(r, codes)) {
          return true;
        }
      }
      return false;
    }

    /**
     * Whether a sample is allowed (matches no rule).
     *
     * @param codes factor codes in space order
     * @return the negation of {@link #excludes}
     */
    public boolean allows(int[] codes) {
      return !excludes(codes);
    }

    /**
     * The rules a sample violates (matches).
     *
     * @param codes factor codes in space order
     * @return the matching rules, in file order; empty when the sample is allowed
     */
    public List<Rule> violated(int[] codes) {
      List<Rule> out = new ArrayList<>();
      for (int r = 0; r < factorIdx.length; r++) {
        if (matches(r, codes)) {
          out.add(rules.rules().get(r));
        }
      }
      return out;
    }
  }

  /**
   * Binds the rules to a factor space, checking every factor name and every listed value against
   * the space's vocabularies.
   *
   * @param space the factor space
   * @return the bound rules
   * @throws IllegalArgumentException naming the rule and the unknown factor or value
   */
  public Bound bind(FactorSpace space) {
    int[][] idx = new int[rules.size()][];
    boolean[][][] ok = new boolean[rules.size()][][];
    List<String> names = space.names();
    for (int r = 0; r < rules.size(); r++) {
      Rule rule = rules.get(r);
      idx[r] = new int[rule.when().size()];
      ok[r] = new boolean[rule.when().size()][];
      int c = 0;
      for (Map.Entry<String, Condition> e : rule.when().entrySet()) {
        int f = names.indexOf(e.getKey());
        if (f < 0) {
          throw new IllegalArgumentException(
              "rule '"
                  + rule.name()
                  + "': unknown factor '"
                  + e.getKey()
                  + "' (factors of "
                  + space.name()
                  + ": "
                  + names
                  + ")");
        }
        FactorSpace.Factor factor = space.factors().get(f);
        Condition cond = e.getValue();
        for (List<Object> listed : java.util.Arrays.asList(cond.in(), cond.notIn())) {
          if (listed != null) {
            for (Object v : listed) {
              try {
                factor.codeOf(v);
              } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(
                    "rule '" + rule.name() + "': " + ex.getMessage(), ex);
              }
            }
          }
        }
        idx[r][c] = f;
        ok[r][c] = new boolean[factor.size()];
        for (int k = 0; k < factor.size(); k++) {
          ok[r][c][k] = cond.test(factor.values().get(k));
        }
        c++;
      }
    }
    return new Bound(this, space, idx, ok);
  }

  /**
   * The variant names of a rules file.
   *
   * @param file the rules file
   * @return variant names in file order
   * @throws BadInputException when the file cannot be read or parsed
   */
  public static List<String> variants(Path file) throws BadInputException {
    JsonNode root = readTree(file);
    JsonNode variants = root.path("variants");
    List<String> out = new ArrayList<>();
    variants.fieldNames().forEachRemaining(out::add);
    return out;
  }

  /**
   * Reads one variant of a rules file.
   *
   * @param file the rules file
   * @param variant the variant name, or {@code null} for the file's {@code "default"}
   * @return the rules
   * @throws BadInputException naming the file and the offending value
   */
  public static ConfoundingRules load(Path file, String variant) throws BadInputException {
    return parse(readTree(file), variant, file.toString());
  }

  /**
   * Reads one variant of a rules file from a stream.
   *
   * @param in the JSON stream (not closed)
   * @param variant the variant name, or {@code null} for the default
   * @param source a name for messages
   * @return the rules
   * @throws BadInputException naming the source and the offending value
   */
  public static ConfoundingRules load(InputStream in, String variant, String source)
      throws BadInputException {
    JsonNode root;
    try {
      root = JSON.readTree(in);
    } catch (IOException e) {
      throw new BadInputException(source + ": not valid JSON (" + oneLine(e) + ")", e);
    }
    return parse(root, variant, source);
  }

  /**
   * Finds rules by the documented lookup: {@code fileOrDataset} naming an existing file is read
   * from disk; otherwise it is taken as a dataset name and the built-in class-path resource {@code
   * datasets/rules/<name>.json} is read.
   *
   * @param fileOrDataset a rules file path or a dataset name such as {@code "candle"}
   * @param variant the variant, or {@code null} for the default
   * @return the rules
   * @throws BadInputException when neither exists, or the file or variant is invalid
   */
  public static ConfoundingRules forDataset(String fileOrDataset, String variant)
      throws BadInputException {
    Path p = Path.of(fileOrDataset);
    if (Files.isRegularFile(p)) {
      return load(p, variant);
    }
    String resource = "datasets/rules/" + fileOrDataset + ".json";
    try (InputStream in = ConfoundingRules.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new BadInputException(
            fileOrDataset + ": no such rules file and no built-in rules " + resource);
      }
      return load(in, variant, "classpath:" + resource);
    } catch (IOException e) {
      throw new BadInputException(resource + ": cannot read (" + oneLine(e) + ")", e);
    }
  }

  private static JsonNode readTree(Path file) throws BadInputException {
    try {
      return JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read rules JSON (" + oneLine(e) + ")", e);
    }
  }

  private static String oneLine(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private static ConfoundingRules parse(JsonNode root, String variant, String source)
      throws BadInputException {
    if (root == null || !root.isObject()) {
      throw new BadInputException(source + ": rules file must be a JSON object");
    }
    String dataset = root.path("dataset").asText("");
    JsonNode variants = root.get("variants");
    if (variants == null || !variants.isObject() || variants.isEmpty()) {
      throw new BadInputException(source + ": missing or empty \"variants\" object");
    }
    String chosen = variant;
    if (chosen == null) {
      chosen =
          root.hasNonNull("default") ? root.get("default").asText() : variants.fieldNames().next();
    }
    JsonNode v = variants.get(chosen);
    if (v == null) {
      List<String> names = new ArrayList<>();
      variants.fieldNames().forEachRemaining(names::add);
      throw new BadInputException(
          source + ": unknown rules variant '" + chosen + "' (variants: " + names + ")");
    }
    JsonNode exclude = v.get("exclude");
    if (exclude == null || !exclude.isArray()) {
      throw new BadInputException(source + ": variant '" + chosen + "' needs an \"exclude\" array");
    }
    List<Rule> rules = new ArrayList<>();
    for (int i = 0; i < exclude.size(); i++) {
      JsonNode r = exclude.get(i);
      String where = source + ": variant '" + chosen + "' rule " + i;
      JsonNode when = r.get("when");
      if (when == null || !when.isObject() || when.isEmpty()) {
        throw new BadInputException(where + ": needs a non-empty \"when\" object");
      }
      Map<String, Condition> conds = new LinkedHashMap<>();
      Iterator<Map.Entry<String, JsonNode>> it = when.properties().iterator();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        conds.put(e.getKey(), condition(e.getValue(), where + " factor '" + e.getKey() + "'"));
      }
      String name = r.path("name").asText("rule-" + i);
      rules.add(new Rule(name, r.path("description").asText(""), conds));
    }
    return new ConfoundingRules(dataset, chosen, v.path("description").asText(""), rules);
  }

  private static Condition condition(JsonNode node, String where) throws BadInputException {
    if (node.isArray()) {
      return new Condition(values(node, where), null, null, null);
    }
    if (node.isObject()) {
      List<Object> notIn = null;
      Double min = null;
      Double max = null;
      Iterator<String> keys = node.fieldNames();
      while (keys.hasNext()) {
        String k = keys.next();
        JsonNode x = node.get(k);
        switch (k) {
          case "not" -> {
            if (!x.isArray()) {
              throw new BadInputException(where + ": \"not\" must be an array, got " + x);
            }
            notIn = values(x, where);
          }
          case "min", "max" -> {
            if (!x.isNumber()) {
              throw new BadInputException(where + ": \"" + k + "\" must be a number, got " + x);
            }
            if (k.equals("min")) {
              min = x.doubleValue();
            } else {
              max = x.doubleValue();
            }
          }
          default ->
              throw new BadInputException(
                  where + ": unknown condition key '" + k + "' (use not, min, max)");
        }
      }
      if (notIn == null && min == null && max == null) {
        throw new BadInputException(where + ": empty condition " + node);
      }
      return new Condition(null, notIn, min, max);
    }
    throw new BadInputException(where + ": condition must be an array or an object, got " + node);
  }

  private static List<Object> values(JsonNode array, String where) throws BadInputException {
    List<Object> out = new ArrayList<>();
    for (JsonNode x : array) {
      if (x.isTextual()) {
        out.add(x.asText());
      } else if (x.isIntegralNumber()) {
        out.add(x.longValue());
      } else if (x.isNumber()) {
        out.add(x.doubleValue());
      } else if (x.isBoolean()) {
        out.add(x.booleanValue());
      } else {
        throw new BadInputException(where + ": values must be strings or numbers, got " + x);
      }
    }
    if (out.isEmpty()) {
      throw new BadInputException(where + ": empty value list");
    }
    return out;
  }
}
