package dev.candela.data;

import dev.candela.BadInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The values of a factor that a reading of a sample's true value {@code y} tolerates: the
 * neighbourhood {@code N(y)} of the tolerant CG read-out, {@code p_tol(y | x) = min(1, Σ_{v ∈ N(y)}
 * p(v | x))}, and of the tolerant classifier accuracy (a prediction counts as right when it lies in
 * {@code N(y)}). It respects each factor's geometry, with a tolerance of {@value #TOLERANCE_STEPS}
 * grid step:
 *
 * <ul>
 *   <li><b>categorical</b> (text values, or declared {@code "ordinal": false} in the factor
 *       specification, {@link FactorSpecs#categorical()}): {@code N(y) = {y}};
 *   <li><b>ordinal</b> (numeric values, no symmetry): {@code N(y) = {v : |i_v − i_y| ≤ 1}} by value
 *       index;
 *   <li><b>symmetric</b> (a {@link FactorSymmetries} rule, e.g. dSprites orientation by shape,
 *       CANDLE rotation by object): {@code v ∈ N(y)} when {@code min_k |a_v − a_y − k·P(s)| ≤ (1 +
 *       1/2)·step + 1e-9}, the form of {@link FactorSymmetries#equivalent} widened by one step,
 *       with {@code a} the values, {@code step} the smallest gap between two of them and {@code s}
 *       the sample's own value of the rule's {@code periodBy} factor; {@code P(s) = 0} (invisible)
 *       puts every value in {@code N(y)}, a value of {@code periodBy} without a period uses {@code
 *       k = 0} only.
 * </ul>
 *
 * Codes are the dataset's: factor indices of its {@link FactorSpace}, one true code per factor.
 * Immutable; neighbourhoods of symmetric factors are computed once per {@code (s, y)}.
 */
public final class FactorNeighbourhoods {

  /** The tolerance, in grid steps. */
  public static final int TOLERANCE_STEPS = 1;

  /** What decides a factor's neighbourhoods. */
  public enum Kind {
    /** {@code N(y) = {y}}. */
    CATEGORICAL,
    /** Value indices within one step. */
    ORDINAL,
    /** Values within one step of a symmetric copy. */
    SYMMETRIC
  }

  private final FactorSpace space;
  private final Kind[] kinds;

  /** Per factor: the periodBy factor's index, or -1. */
  private final int[] periodBy;

  /** Per symmetric factor: [periodBy code][y] → N(y). */
  private final int[][][][] symmetric;

  private FactorNeighbourhoods(
      FactorSpace space, Kind[] kinds, int[] periodBy, int[][][][] symmetric) {
    this.space = space;
    this.kinds = kinds;
    this.periodBy = periodBy;
    this.symmetric = symmetric;
  }

  /**
   * The neighbourhoods of a factor space.
   *
   * @param space the factors
   * @param symmetries their symmetries ({@link FactorSymmetries#NONE} for none)
   * @param categorical factors whose numeric values are categories ({@code "ordinal": false})
   * @return the neighbourhoods
   * @throws IllegalArgumentException when a name is not a factor of the space, or a symmetric
   *     factor's values are not numbers
   */
  public static FactorNeighbourhoods of(
      FactorSpace space, FactorSymmetries symmetries, Set<String> categorical) {
    Objects.requireNonNull(space, "space");
    Objects.requireNonNull(symmetries, "symmetries");
    for (String c : categorical) {
      if (!space.names().contains(c)) {
        throw new IllegalArgumentException(
            "categorical factor '" + c + "' is not among " + space.names());
      }
    }
    int nf = space.numFactors();
    Kind[] kinds = new Kind[nf];
    int[] by = new int[nf];
    int[][][][] sym = new int[nf][][][];
    Arrays.fill(by, -1);
    for (int f = 0; f < nf; f++) {
      FactorSpace.Factor factor = space.factors().get(f);
      FactorSymmetries.Rule rule = symmetries.ruleOf(factor.name());
      boolean numeric = factor.values().stream().allMatch(v -> v instanceof Number);
      if (rule != null) {
        int b = space.names().indexOf(rule.periodBy());
        if (b < 0) {
          throw new IllegalArgumentException(
              "symmetry of '"
                  + factor.name()
                  + "': periodBy '"
                  + rule.periodBy()
                  + "' is not among "
                  + space.names());
        }
        kinds[f] = Kind.SYMMETRIC;
        by[f] = b;
        sym[f] = symmetricTable(factor, rule, space.factors().get(b));
      } else if (!numeric || categorical.contains(factor.name())) {
        kinds[f] = Kind.CATEGORICAL;
      } else {
        kinds[f] = Kind.ORDINAL;
      }
    }
    return new FactorNeighbourhoods(space, kinds, by, sym);
  }

  /**
   * The neighbourhoods of a dataset's factor space, with the symmetries and categorical factors its
   * built-in specification declares ({@link FactorSymmetries#forDataset}, {@link
   * FactorSpecs#categoricalFactors}) for the factors this space has; none for a dataset without
   * one.
   *
   * @param space the factors
   * @return the neighbourhoods
   * @throws BadInputException when the built-in specification is malformed or names other factors
   */
  public static FactorNeighbourhoods forSpace(FactorSpace space) throws BadInputException {
    List<FactorSymmetries.Rule> rules = new ArrayList<>();
    for (FactorSymmetries.Rule r : FactorSymmetries.forDataset(space.name()).rules()) {
      if (space.names().contains(r.factor()) && space.names().contains(r.periodBy())) {
        rules.add(r);
      }
    }
    Set<String> cat = new java.util.HashSet<>(FactorSpecs.categoricalFactors(space.name()));
    cat.retainAll(space.names());
    try {
      return of(space, new FactorSymmetries(rules), cat);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          "factor specification of '" + space.name() + "': " + e.getMessage(), e);
    }
  }

  /**
   * The factor space.
   *
   * @return the space
   */
  public FactorSpace space() {
    return space;
  }

  /**
   * How a factor's neighbourhoods are decided.
   *
   * @param factor the factor's index
   * @return its kind
   */
  public Kind kind(int factor) {
    return kinds[factor];
  }

  /**
   * The neighbourhood of a sample's true value of one factor.
   *
   * @param factor the factor's index in the space
   * @param trueCodes the sample's true codes, one per factor of the space
   * @return the codes in {@code N(trueCodes[factor])}, increasing, the true code among them
   * @throws IllegalArgumentException when a code is outside its factor's values
   */
  public int[] of(int factor, int[] trueCodes) {
    int k = space.factors().get(factor).size();
    int y = code(factor, trueCodes);
    return switch (kinds[factor]) {
      case CATEGORICAL -> new int[] {y};
      case ORDINAL -> {
        int lo = Math.max(0, y - TOLERANCE_STEPS);
        int hi = Math.min(k - 1, y + TOLERANCE_STEPS);
        int[] out = new int[hi - lo + 1];
        for (int v = lo; v <= hi; v++) {
          out[v - lo] = v;
        }
        yield out;
      }
      case SYMMETRIC -> symmetric[factor][code(periodBy[factor], trueCodes)][y].clone();
    };
  }

  /**
   * Whether a predicted code lies in the neighbourhood of the true one.
   *
   * @param factor the factor's index in the space
   * @param trueCodes the sample's true codes, one per factor of the space
   * @param predicted the predicted code of {@code factor}
   * @return true when {@code predicted ∈ N(trueCodes[factor])}
   */
  public boolean tolerates(int factor, int[] trueCodes, int predicted) {
    for (int v : of(factor, trueCodes)) {
      if (v == predicted) {
        return true;
      }
    }
    return false;
  }

  private int code(int factor, int[] trueCodes) {
    if (trueCodes.length != space.numFactors()) {
      throw new IllegalArgumentException(
          trueCodes.length
              + " true codes for the "
              + space.numFactors()
              + " factors "
              + space.names());
    }
    int c = trueCodes[factor];
    int k = space.factors().get(factor).size();
    if (c < 0 || c >= k) {
      throw new IllegalArgumentException(
          "code "
              + c
              + " of factor '"
              + space.factors().get(factor).name()
              + "' is outside 0.."
              + (k - 1));
    }
    return c;
  }

  /** [periodBy code][y] → the values within (1 + 1/2) steps of a symmetric copy of y. */
  private static int[][][] symmetricTable(
      FactorSpace.Factor factor, FactorSymmetries.Rule rule, FactorSpace.Factor by) {
    List<Object> vals = factor.values();
    double[] a = new double[vals.size()];
    for (int i = 0; i < a.length; i++) {
      if (!(vals.get(i) instanceof Number n)) {
        throw new IllegalArgumentException(
            "symmetric factor '"
                + factor.name()
                + "' has a value that is not a number: "
                + vals.get(i));
      }
      a[i] = n.doubleValue();
    }
    double[] sorted = a.clone();
    Arrays.sort(sorted);
    double step = Double.POSITIVE_INFINITY;
    for (int i = 1; i < sorted.length; i++) {
      step = Math.min(step, sorted[i] - sorted[i - 1]);
    }
    if (Double.isInfinite(step)) {
      step = 0;
    }
    double reach = (TOLERANCE_STEPS + 0.5) * step + 1e-9;
    int[][][] table = new int[by.size()][a.length][];
    for (int s = 0; s < by.size(); s++) {
      Double period = rule.periods().get(String.valueOf(by.values().get(s)));
      for (int y = 0; y < a.length; y++) {
        List<Integer> near = new ArrayList<>();
        for (int v = 0; v < a.length; v++) {
          double d;
          if (period == null) {
            d = Math.abs(a[v] - a[y]);
          } else if (period == 0) {
            d = 0;
          } else {
            d = Math.abs(a[v] - a[y]) % period;
            d = Math.min(d, period - d);
          }
          if (v == y || d <= reach) {
            near.add(v);
          }
        }
        table[s][y] = near.stream().mapToInt(Integer::intValue).toArray();
      }
    }
    return table;
  }
}
