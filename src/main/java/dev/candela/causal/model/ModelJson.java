package dev.candela.causal.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.candela.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes causal models as JSON (format documented in {@code docs/causal-models.md}).
 *
 * <pre>{@code
 * {"kind": "scm",
 *  "variables": [
 *   {"name": "Rain", "values": ["no", "yes"], "cpt": [[0.8, 0.2]]},
 *   {"name": "Wet", "parents": ["Rain"], "values": ["dry", "wet"],
 *    "cpt": [[0.9, 0.1], [0.2, 0.8]]},
 *   {"name": "X", "mechanism": "linear-gaussian", "intercept": 0, "sd": 1},
 *   {"name": "Y", "parents": ["X"], "mechanism": "additive", "function": "tanh",
 *    "weights": {"X": 2.0}, "intercept": 0.5, "noise": {"type": "uniform", "scale": 1},
 *    "hidden": true}]}
 * }</pre>
 */
public final class ModelJson {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ModelJson() {}

  /**
   * Reads a model file.
   *
   * @param file the JSON file
   * @return the validated model
   * @throws BadInputException when the file cannot be read, is not valid JSON, or describes an
   *     invalid model; the one-line message names the file, the variable and the value
   */
  public static CausalModel read(Path file) throws BadInputException {
    JsonNode root;
    try {
      root = MAPPER.readTree(Files.readString(file));
    } catch (JsonProcessingException e) {
      throw new BadInputException(
          file + ": invalid JSON (" + e.getOriginalMessage().replace('\n', ' ') + ")", e);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
    return parse(root, file.toString());
  }

  /**
   * Parses a model from a JSON string.
   *
   * @param json the text
   * @param source a name for messages
   * @return the model
   * @throws BadInputException on invalid JSON or model; the message names the source
   */
  public static CausalModel parse(String json, String source) throws BadInputException {
    try {
      return parse(MAPPER.readTree(json), source);
    } catch (JsonProcessingException e) {
      throw new BadInputException(
          source + ": invalid JSON (" + e.getOriginalMessage().replace('\n', ' ') + ")", e);
    }
  }

  /**
   * Parses a model from a JSON tree.
   *
   * @param root the tree
   * @param source a name for messages
   * @return the model
   * @throws BadInputException on an invalid model; the message names the source and variable
   */
  public static CausalModel parse(JsonNode root, String source) throws BadInputException {
    JsonNode vars = root == null ? null : root.get("variables");
    if (vars == null || !vars.isArray()) {
      throw new BadInputException(source + ": missing array 'variables'");
    }
    String kind = root.path("kind").asText("scm");
    List<Variable> out = new ArrayList<>();
    for (JsonNode v : vars) {
      String name = v.path("name").asText("");
      try {
        out.add(parseVariable(v, name));
      } catch (IllegalArgumentException e) {
        throw new BadInputException(source + ": " + e.getMessage(), e);
      }
    }
    try {
      CausalModel m = new CausalModel(out);
      if ("bayesnet".equals(kind) && !m.isDiscrete()) {
        throw new IllegalArgumentException("kind 'bayesnet' but some variable has no CPT");
      }
      return m;
    } catch (IllegalArgumentException e) {
      throw new BadInputException(source + ": " + e.getMessage(), e);
    }
  }

  private static Variable parseVariable(JsonNode v, String name) {
    if (name.isEmpty()) {
      throw new IllegalArgumentException("a variable has no 'name'");
    }
    String where = "variable '" + name + "'";
    List<String> parents = new ArrayList<>();
    JsonNode ps = v.get("parents");
    if (ps != null) {
      if (!ps.isArray()) {
        throw new IllegalArgumentException(where + ": 'parents' must be an array of names");
      }
      ps.forEach(p -> parents.add(p.asText()));
    }
    boolean hidden = v.path("hidden").asBoolean(false);
    String mech = v.path("mechanism").asText(v.has("cpt") ? "cpt" : "");
    Mechanism m =
        switch (mech) {
          case "cpt" -> parseCpt(v, where);
          case "linear-gaussian" -> {
            double sd = v.has("sd") ? num(v, "sd", where) : noise(v, where).scale();
            if (v.has("noise") && noise(v, where).kind() != Noise.Kind.GAUSSIAN) {
              throw new IllegalArgumentException(where + ": linear-gaussian needs Gaussian noise");
            }
            yield AdditiveNoise.linearGaussian(
                weights(v, parents, where), optNum(v, "intercept", where), checkSd(sd, where));
          }
          case "additive" -> {
            FunctionForm f;
            try {
              f = FunctionForm.parse(v.path("function").asText("linear"));
            } catch (IllegalArgumentException e) {
              throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
            yield new AdditiveNoise(
                f, weights(v, parents, where), optNum(v, "intercept", where), noise(v, where));
          }
          default ->
              throw new IllegalArgumentException(
                  where
                      + ": unknown mechanism '"
                      + mech
                      + "' (expected cpt, linear-gaussian or additive)");
        };
    return new Variable(name, parents, hidden, m);
  }

  private static double checkSd(double sd, String where) {
    if (!(sd >= 0) || Double.isInfinite(sd)) {
      throw new IllegalArgumentException(where + ": noise sd must be >= 0, got " + sd);
    }
    return sd;
  }

  private static Cpt parseCpt(JsonNode v, String where) {
    JsonNode vals = v.get("values");
    if (vals == null || !vals.isArray() || vals.isEmpty()) {
      throw new IllegalArgumentException(where + ": a CPT needs a non-empty 'values' array");
    }
    List<String> values = new ArrayList<>();
    vals.forEach(x -> values.add(x.asText()));
    JsonNode t = v.get("cpt");
    if (t == null || !t.isArray()) {
      throw new IllegalArgumentException(where + ": 'cpt' must be an array of rows");
    }
    double[][] table = new double[t.size()][];
    for (int r = 0; r < t.size(); r++) {
      JsonNode row = t.get(r);
      if (!row.isArray()) {
        throw new IllegalArgumentException(where + ": CPT row " + r + " is not an array");
      }
      table[r] = new double[row.size()];
      for (int x = 0; x < row.size(); x++) {
        if (!row.get(x).isNumber()) {
          throw new IllegalArgumentException(
              where + ": CPT row " + r + " entry " + x + " is not a number: " + row.get(x));
        }
        table[r][x] = row.get(x).asDouble();
      }
    }
    try {
      return new Cpt(values, table);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static double[] weights(JsonNode v, List<String> parents, String where) {
    JsonNode w = v.get("weights");
    double[] out = new double[parents.size()];
    if (w == null) {
      if (!parents.isEmpty()) {
        throw new IllegalArgumentException(where + ": has parents but no 'weights'");
      }
      return out;
    }
    if (w.isArray()) {
      if (w.size() != parents.size()) {
        throw new IllegalArgumentException(
            where + ": " + w.size() + " weights for " + parents.size() + " parents");
      }
      for (int j = 0; j < out.length; j++) {
        out[j] = w.get(j).asDouble();
      }
      return out;
    }
    if (!w.isObject()) {
      throw new IllegalArgumentException(where + ": 'weights' must be an object or array");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = w.properties().iterator(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      int j = parents.indexOf(e.getKey());
      if (j < 0) {
        throw new IllegalArgumentException(
            where + ": weight for '" + e.getKey() + "' which is not a parent " + parents);
      }
      if (!e.getValue().isNumber()) {
        throw new IllegalArgumentException(
            where + ": weight for '" + e.getKey() + "' is not a number: " + e.getValue());
      }
      out[j] = e.getValue().asDouble();
    }
    for (String p : parents) {
      if (!w.has(p)) {
        throw new IllegalArgumentException(where + ": no weight for parent '" + p + "'");
      }
    }
    return out;
  }

  private static Noise noise(JsonNode v, String where) {
    JsonNode n = v.get("noise");
    if (n == null) {
      if (v.has("sd")) {
        return Noise.gaussian(checkSd(num(v, "sd", where), where));
      }
      throw new IllegalArgumentException(where + ": missing 'noise' (or 'sd')");
    }
    String type = n.path("type").asText("gaussian");
    double scale = n.has("scale") ? num(n, "scale", where) : num(n, "sd", where);
    try {
      return switch (type) {
        case "gaussian" -> Noise.gaussian(scale);
        case "uniform" -> Noise.uniform(scale);
        default ->
            throw new IllegalArgumentException(
                "unknown noise type '" + type + "' (expected gaussian or uniform)");
      };
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static double num(JsonNode v, String field, String where) {
    JsonNode x = v.get(field);
    if (x == null || !x.isNumber()) {
      throw new IllegalArgumentException(where + ": '" + field + "' must be a number, got " + x);
    }
    return x.asDouble();
  }

  private static double optNum(JsonNode v, String field, String where) {
    return v.has(field) ? num(v, field, where) : 0.0;
  }

  /**
   * The JSON tree of a model (round-trips through {@link #parse(JsonNode, String)}).
   *
   * @param m the model
   * @return the tree
   */
  public static ObjectNode toJson(CausalModel m) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("kind", m.isDiscrete() ? "bayesnet" : "scm");
    ArrayNode vars = root.putArray("variables");
    for (Variable v : m.variables()) {
      ObjectNode o = vars.addObject();
      o.put("name", v.name());
      ArrayNode ps = o.putArray("parents");
      v.parents().forEach(ps::add);
      if (v.hidden()) {
        o.put("hidden", true);
      }
      if (v.mechanism() instanceof Cpt c) {
        o.put("mechanism", "cpt");
        ArrayNode vals = o.putArray("values");
        c.values().forEach(vals::add);
        ArrayNode t = o.putArray("cpt");
        for (double[] row : c.table()) {
          ArrayNode r = t.addArray();
          for (double p : row) {
            r.add(p);
          }
        }
      } else if (v.mechanism() instanceof AdditiveNoise a) {
        o.put("mechanism", a.isLinearGaussian() ? "linear-gaussian" : "additive");
        if (!a.isLinearGaussian()) {
          o.put("function", a.form().jsonName());
        }
        ObjectNode w = o.putObject("weights");
        for (int j = 0; j < v.parents().size(); j++) {
          w.put(v.parents().get(j), a.weight(j));
        }
        o.put("intercept", a.intercept());
        ObjectNode n = o.putObject("noise");
        n.put("type", a.noise().kind() == Noise.Kind.GAUSSIAN ? "gaussian" : "uniform");
        n.put("scale", a.noise().scale());
      }
    }
    return root;
  }

  /**
   * Writes a model file.
   *
   * @param m the model
   * @param file the destination
   * @throws BadInputException when the file cannot be written
   */
  public static void write(CausalModel m, Path file) throws BadInputException {
    try {
      dev.candela.AtomicFiles.writeString(file, MAPPER.writeValueAsString(toJson(m)) + "\n");
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }
}
