package dev.candela.data;

import java.util.List;
import java.util.Objects;

/**
 * The ground-truth factors of a dataset: their names, value vocabularies and order. Factor codes
 * are the indices into each vocabulary.
 *
 * @param name the dataset name (e.g. {@code "dsprites"})
 * @param factors the factors, in dataset order
 */
public record FactorSpace(String name, List<Factor> factors) {

  /** Validates that the space is non-empty with unique factor names. */
  public FactorSpace {
    factors = nonEmptyCopy("factor space", name, factors, "factors");
    long distinct = factors.stream().map(Factor::name).distinct().count();
    if (distinct != factors.size()) {
      throw new IllegalArgumentException(
          "factor space '" + name + "' has duplicate factor names: " + factors);
    }
  }

  /**
   * An immutable copy of a named thing's items, refusing a missing name and no items: {@code WHAT
   * 'NAME' has no ITEMS}.
   */
  private static <T> List<T> nonEmptyCopy(String what, String name, List<T> items, String plural) {
    Objects.requireNonNull(name, "name");
    List<T> copy = List.copyOf(items);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException(what + " '" + name + "' has no " + plural);
    }
    return copy;
  }

  /**
   * One factor of variation.
   *
   * @param name the factor name
   * @param values the vocabulary; the code of a value is its index. Numbers are kept as numbers
   *     (Double or Integer), categories as strings.
   */
  public record Factor(String name, List<Object> values) {
    /** Validates a non-empty vocabulary. */
    public Factor {
      values = nonEmptyCopy("factor", name, values, "values");
    }

    /**
     * The number of values.
     *
     * @return vocabulary size
     */
    public int size() {
      return values.size();
    }

    /**
     * The code of a value.
     *
     * @param value a value of the vocabulary
     * @return its index
     * @throws IllegalArgumentException when the value is not in the vocabulary
     */
    public int codeOf(Object value) {
      int i = values.indexOf(value);
      if (i < 0 && value instanceof Number n) {
        for (int k = 0; k < values.size(); k++) {
          if (values.get(k) instanceof Number m && m.doubleValue() == n.doubleValue()) {
            return k;
          }
        }
      }
      if (i < 0) {
        throw new IllegalArgumentException(
            "factor '" + name + "': unknown value " + value + " (expected one of " + values + ")");
      }
      return i;
    }
  }

  /**
   * The number of factors.
   *
   * @return the count
   */
  public int numFactors() {
    return factors.size();
  }

  /**
   * The vocabulary sizes in factor order.
   *
   * @return sizes
   */
  public int[] sizes() {
    return factors.stream().mapToInt(Factor::size).toArray();
  }

  /**
   * The factor names in order.
   *
   * @return names
   */
  public List<String> names() {
    return factors.stream().map(Factor::name).toList();
  }

  /**
   * The factor with a name.
   *
   * @param factorName the name
   * @return the factor
   * @throws IllegalArgumentException when absent
   */
  public Factor factor(String factorName) {
    return factors.stream()
        .filter(f -> f.name().equals(factorName))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "no factor '" + factorName + "' in " + name + " (factors: " + names() + ")"));
  }
}
