package dev.candela.metrics.cg;

import dev.candela.Ids;
import java.util.Locale;

/**
 * How the counterfactual metric ({@link Cg}) reads the classifier's output for a sample whose true
 * value of factor i is {@code y}.
 *
 * <ul>
 *   <li>{@link #EXACT} (the paper, Reddy et al., AAAI 2022): {@code p(y | x)}, the probability of
 *       the true value itself;
 *   <li>{@link #TOLERANT} (the default): {@code p_tol(y | x) = min(1, Σ_{v ∈ N(y)} p(v | x))}, the
 *       probability of any value in the neighbourhood {@code N(y)} of the true value ({@link
 *       CgNeighbourhoods}: {@code {y}} for a categorical factor, the values within one grid step
 *       for an ordinal one, the values within one step of a symmetric copy of {@code y} for an
 *       angle with a declared symmetry). The sum is clipped because an independent sigmoid head's
 *       outputs need not sum to 1.
 * </ul>
 *
 * With {@code N(y) = {y}} both read the same number, bit for bit. A reconstruction read one bin
 * (one pixel of position) off its true value gets {@code p(y | x) ≈ 0} from the exact read-out, so
 * its CG terms are those of a sample whose factor changed completely; the tolerant read-out counts
 * it as read.
 */
public enum CgReadout {
  /** {@code p(y | x)}: the paper's read-out. */
  EXACT,
  /** {@code min(1, Σ_{v ∈ N(y)} p(v | x))}: near misses and symmetric copies count as read. */
  TOLERANT;

  /** The default read-out. */
  public static final CgReadout DEFAULT = TOLERANT;

  /**
   * The read-out's name as reports and options spell it.
   *
   * @return {@code exact} or {@code tolerant}
   */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The id ({@link #id()}), so that option help and text show it as typed.
   *
   * @return the id
   */
  @Override
  public String toString() {
    return id();
  }

  /**
   * The read-out of an id, any case, surrounding blanks ignored.
   *
   * @param text {@code exact} or {@code tolerant}
   * @return the read-out
   * @throws IllegalArgumentException naming the value and the choices
   */
  public static CgReadout fromId(String text) {
    return Ids.parse(values(), CgReadout::id, text, "unknown CG read-out '%s' (choices: %s)");
  }
}
