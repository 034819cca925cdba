package dev.candela.causal.fit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.candela.BadInputException;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.ModelJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a latent causal model was fitted ({@code causal fit-latent}), stored as the {@code "latent"}
 * block of its model JSON (the model reader ignores it) and read back by {@code causal distance}.
 *
 * @param dag {@code "given"} (the DAG came from a file: graph metrics against a truth it was copied
 *     from measure nothing) or {@code "learned"} ({@link GaussianBicSearch} on the group values)
 * @param dagSource the DAG file, or the learning method
 * @param grouping {@code "one-to-one"} ({@link LatentGroups#oneToOne}) or {@code "uc-topk"} /
 *     {@code "uc-fork"} (the UC selection, groups may overlap)
 * @param sharedLatents the shared latents the user allowed ({@code --allow-shared}); empty when the
 *     groups are disjoint
 * @param groups per factor, the latent column names of its group
 * @param levels per factor, per value label, the mean group value on the rows with that value
 *     ({@link LatentGroups#levels}): the latent model's stand-in for that value
 * @param alignment per factor, the correlation ratio η² of its group and the factor on the encoded
 *     rows ({@link LatentGroups#correlationRatio})
 * @param chance per factor, the η² expected of a group independent of it
 */
public record LatentFitInfo(
    String dag,
    String dagSource,
    String grouping,
    List<String> sharedLatents,
    Map<String, List<String>> groups,
    Map<String, Map<String, Double>> levels,
    Map<String, Double> alignment,
    Map<String, Double> chance) {

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Copies. */
  public LatentFitInfo {
    sharedLatents = List.copyOf(sharedLatents);
    groups = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    levels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    alignment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(alignment));
    chance = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(chance));
  }

  /**
   * Whether the DAG was given rather than learned.
   *
   * @return true for a given DAG
   */
  public boolean dagGiven() {
    return "given".equals(dag);
  }

  /**
   * Writes a model with this block, to a temporary file renamed over {@code file}.
   *
   * @param model the fitted model
   * @param file the model JSON
   * @throws BadInputException when the file cannot be written
   */
  public void write(CausalModel model, Path file) throws BadInputException {
    Path abs = file.toAbsolutePath();
    try {
      Path tmp = dev.candela.AtomicFiles.newTemp(abs);
      ModelJson.write(model, tmp);
      ObjectNode root = (ObjectNode) MAPPER.readTree(tmp.toFile());
      root.set("latent", MAPPER.valueToTree(this));
      Files.writeString(tmp, MAPPER.writeValueAsString(root) + "\n");
      dev.candela.AtomicFiles.commit(tmp, abs);
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Reads the {@code "latent"} block of a model file.
   *
   * @param file the model JSON
   * @return the block, or empty when the file has none
   * @throws BadInputException when the file cannot be read or the block is malformed
   */
  public static Optional<LatentFitInfo> read(Path file) throws BadInputException {
    try {
      JsonNode node = MAPPER.readTree(file.toFile()).get("latent");
      if (node == null || node.isNull()) {
        return Optional.empty();
      }
      return Optional.of(MAPPER.treeToValue(node, LatentFitInfo.class));
    } catch (IOException e) {
      throw new BadInputException(
          file + ": malformed \"latent\" block (" + e.getMessage().replace('\n', ' ') + ")", e);
    }
  }

  /**
   * The levels in the order of a truth's value labels, for {@code LadderOptions.withLevels}. Labels
   * match as strings, or as numbers when both parse as numbers ({@code "2"} and {@code "2.0"}).
   *
   * @param factor the factor name
   * @param truthValues the truth's value labels of that factor
   * @return the level of each truth value
   * @throws IllegalArgumentException when a truth value has no level; the message names both
   */
  public double[] levelsFor(String factor, List<String> truthValues) {
    Map<String, Double> lv = levels.get(factor);
    if (lv == null) {
      throw new IllegalArgumentException("no levels for factor '" + factor + "'");
    }
    double[] out = new double[truthValues.size()];
    for (int x = 0; x < out.length; x++) {
      String t = truthValues.get(x);
      Double v = lv.get(t);
      if (v == null) {
        for (Map.Entry<String, Double> e : lv.entrySet()) {
          if (sameNumber(t, e.getKey())) {
            v = e.getValue();
          }
        }
      }
      if (v == null || v.isNaN()) {
        throw new IllegalArgumentException(
            "factor '"
                + factor
                + "': the truth's value '"
                + t
                + "' has no level in the latent model (levels for "
                + lv.keySet()
                + ")");
      }
      out[x] = v;
    }
    return out;
  }

  private static boolean sameNumber(String a, String b) {
    try {
      return Double.parseDouble(a) == Double.parseDouble(b);
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
