package dev.candela.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Symmetries of a dataset's angle factors: values of one factor that draw the same image, given the
 * value of another factor. Declared in a factor specification under the optional key {@code
 * symmetries}:
 *
 * <pre>{@code
 * "symmetries": [ {"factor": "orientation", "periodBy": "shape",
 *                  "periods": {"square": 1.5707963267948966, "ellipse": 3.141592653589793,
 *                              "heart": 6.283185307179586}} ]
 * }</pre>
 *
 * For a sample whose {@code periodBy} factor has value {@code s}, two values {@code a} and {@code
 * b} of {@code factor} are equivalent when {@code min_k |a − b − k·P(s)| ≤ step/2 + 1e-9}, where
 * {@code step} is the smallest gap between two of the factor's values: the predicted angle, turned
 * by a whole number of periods, is the grid angle nearest to the true one, so nothing in the image
 * tells them apart better than the grid does. {@code P(s) = 0} declares the factor invisible for
 * {@code s} (a sphere's rotation): every value is equivalent. A value without a declared period (or
 * a factor without a symmetry) is equivalent only to itself. Used for symmetry-aware classifier
 * accuracy (dSprites orientation: square π/2, ellipse π, heart 2π; CANDLE rotation: cube 90°, torus
 * 180°, sphere/cylinder/cone invisible).
 *
 * @param rules one rule per symmetric factor
 */
public record FactorSymmetries(List<Rule> rules) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** No symmetries. */
  public static final FactorSymmetries NONE = new FactorSymmetries(List.of());

  /**
   * One symmetric factor.
   *
   * @param factor the factor whose values repeat (numeric values: angles in any unit)
   * @param periodBy the factor whose value sets the period
   * @param periods period per value (by its text form) of {@code periodBy}; 0 = invisible
   */
  public record Rule(String factor, String periodBy, Map<String, Double> periods) {
    /** Validates and copies. */
    public Rule {
      Objects.requireNonNull(factor, "factor");
      Objects.requireNonNull(periodBy, "periodBy");
      periods = Map.copyOf(periods);
      for (Map.Entry<String, Double> e : periods.entrySet()) {
        if (!(e.getValue() >= 0) || e.getValue().isInfinite()) {
          throw new IllegalArgumentException(
              "symmetry of '" + factor + "': period of '" + e.getKey() + "' is " + e.getValue());
        }
      }
    }
  }

  /** Copies the list. */
  public FactorSymmetries {
    rules = List.copyOf(rules);
  }

  /**
   * The rule of a factor, or null.
   *
   * @param factor the factor name
   * @return the rule or null
   */
  public Rule ruleOf(String factor) {
    for (Rule r : rules) {
      if (r.factor().equals(factor)) {
        return r;
      }
    }
    return null;
  }

  /**
   * Whether a prediction of factor {@code f} is right up to the declared symmetry.
   *
   * @param space the factor space (values of both factors)
   * @param f the predicted factor's index
   * @param trueCodes the sample's true codes, one per factor of {@code space}
   * @param predicted the predicted code of factor {@code f}
   * @return true when equal, or equivalent under the rule of {@code f}
   */
  public boolean equivalent(FactorSpace space, int f, int[] trueCodes, int predicted) {
    int truth = trueCodes[f];
    if (truth == predicted) {
      return true;
    }
    FactorSpace.Factor factor = space.factors().get(f);
    Rule r = ruleOf(factor.name());
    if (r == null) {
      return false;
    }
    int by = space.names().indexOf(r.periodBy());
    Double period =
        r.periods().get(String.valueOf(space.factors().get(by).values().get(trueCodes[by])));
    if (period == null) {
      return false;
    }
    if (period == 0) {
      return true;
    }
    double a = number(factor.values().get(truth));
    double b = number(factor.values().get(predicted));
    double d = Math.abs(a - b) % period;
    d = Math.min(d, period - d);
    return d <= minGap(factor) / 2 + 1e-9;
  }

  private static double minGap(FactorSpace.Factor f) {
    double[] v = f.values().stream().mapToDouble(FactorSymmetries::number).sorted().toArray();
    double g = Double.POSITIVE_INFINITY;
    for (int i = 1; i < v.length; i++) {
      g = Math.min(g, v[i] - v[i - 1]);
    }
    return Double.isInfinite(g) ? 0 : g;
  }

  private static double number(Object v) {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    throw new IllegalArgumentException("symmetric factor value is not a number: " + v);
  }

  /**
   * The symmetries of a built-in dataset (the {@code symmetries} key of its class-path factor
   * specification), or {@link #NONE} when there is no such specification or key.
   *
   * @param dataset the dataset name
   * @return the symmetries
   * @throws BadInputException when the declaration is malformed or names unknown factors
   */
  public static FactorSymmetries forDataset(String dataset) throws BadInputException {
    String res = FactorSpecs.RESOURCE_DIR + dataset + ".json";
    try (InputStream in = FactorSymmetries.class.getClassLoader().getResourceAsStream(res)) {
      if (in == null) {
        return NONE;
      }
      JsonNode root = JSON.readTree(in);
      FactorSpace space = FactorSpecs.fromResource(dataset).space();
      return parse(root.get("symmetries"), space, "classpath:" + res);
    } catch (IOException e) {
      throw new BadInputException("classpath:" + res + ": cannot read (" + e.getMessage() + ")", e);
    }
  }

  /**
   * Parses a {@code symmetries} array against a factor space.
   *
   * @param node the array, or null for none
   * @param space the factors it refers to
   * @param source the file name for messages
   * @return the symmetries
   * @throws BadInputException naming the file and the offending entry
   */
  public static FactorSymmetries parse(JsonNode node, FactorSpace space, String source)
      throws BadInputException {
    if (node == null || node.isNull()) {
      return NONE;
    }
    if (!node.isArray()) {
      throw new BadInputException(source + ": \"symmetries\" must be an array, got " + node);
    }
    List<Rule> rules = new ArrayList<>();
    for (JsonNode r : node) {
      String factor = r.path("factor").asText(null);
      String by = r.path("periodBy").asText(null);
      JsonNode periods = r.get("periods");
      if (factor == null
          || by == null
          || !space.names().contains(factor)
          || !space.names().contains(by)
          || periods == null
          || !periods.isObject()) {
        throw new BadInputException(
            source
                + ": symmetry "
                + r
                + " needs known \"factor\" and \"periodBy\" among "
                + space.names()
                + " and a \"periods\" object");
      }
      Map<String, Double> p = new LinkedHashMap<>();
      var it = periods.properties().iterator();
      while (it.hasNext()) {
        var e = it.next();
        if (!e.getValue().isNumber()) {
          throw new BadInputException(
              source + ": symmetry of '" + factor + "': period " + e + " is not a number");
        }
        p.put(e.getKey(), e.getValue().doubleValue());
      }
      try {
        rules.add(new Rule(factor, by, p));
        for (Object v : space.factor(factor).values()) {
          number(v);
        }
      } catch (IllegalArgumentException e) {
        throw new BadInputException(source + ": " + e.getMessage(), e);
      }
    }
    return new FactorSymmetries(rules);
  }
}
