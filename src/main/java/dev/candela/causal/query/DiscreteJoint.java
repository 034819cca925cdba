package dev.candela.causal.query;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;

/**
 * Exact joint distributions of discrete causal Bayesian networks by enumeration. A joint over
 * columns {@code c_1..c_k} is a flat array indexed in mixed radix with {@code c_1} most significant
 * (numpy C order). Enumeration is limited to {@link #MAX_STATES} joint states; beyond, use {@link
 * Sampler}.
 */
public final class DiscreteJoint {
  /** The largest joint state space enumerated exactly: 2²² = 4,194,304 states. */
  public static final long MAX_STATES = 1L << 22;

  private DiscreteJoint() {}

  /**
   * The number of joint states of a discrete model.
   *
   * @param m the model
   * @return the product of all cardinalities (saturating at {@code Long.MAX_VALUE})
   */
  public static long stateCount(CausalModel m) {
    long s = 1;
    for (int i = 0; i < m.size(); i++) {
      s = Math.multiplyHigh(s, m.cardinality(i)) != 0 ? Long.MAX_VALUE : s * m.cardinality(i);
    }
    return s;
  }

  /**
   * Checks that the model is discrete and small enough to enumerate.
   *
   * @param m the model
   * @throws IllegalArgumentException otherwise, naming the size
   */
  public static void checkEnumerable(CausalModel m) {
    if (!m.isDiscrete()) {
      throw new IllegalArgumentException("exact enumeration needs a discrete model (all CPTs)");
    }
    long s = stateCount(m);
    if (s > MAX_STATES) {
      throw new IllegalArgumentException(
          "joint has " + s + " states, above the exact-enumeration limit " + MAX_STATES);
    }
  }

  /**
   * The joint distribution over all variables under an intervention.
   *
   * @param m a discrete model
   * @param iv the intervention
   * @return probabilities indexed in mixed radix over all columns
   */
  public static double[] joint(CausalModel m, Intervention iv) {
    checkEnumerable(m);
    Sampler.checkIntervention(m, iv);
    int d = m.size();
    double[] out = new double[(int) stateCount(m)];
    int[] order = m.topologicalOrder();
    double[] row = new double[d];
    boolean[] forced = iv.mask(d);
    long[] stride = strides(m, allColumns(d));
    enumerate(m, order, 0, row, 1.0, forced, iv, out, stride);
    return out;
  }

  private static void enumerate(
      CausalModel m,
      int[] order,
      int depth,
      double[] row,
      double p,
      boolean[] forced,
      Intervention iv,
      double[] out,
      long[] stride) {
    if (depth == order.length) {
      out[(int) flatIndex(row, stride)] += p;
      return;
    }
    int i = order[depth];
    if (forced[i]) {
      row[i] = iv.valueOf(i);
      enumerate(m, order, depth + 1, row, p, forced, iv, out, stride);
      return;
    }
    Cpt c = (Cpt) m.variable(i).mechanism();
    int r = m.cptRow(i, row);
    for (int x = 0; x < c.cardinality(); x++) {
      double q = c.p(r, x);
      if (q > 0) {
        row[i] = x;
        enumerate(m, order, depth + 1, row, p * q, forced, iv, out, stride);
      }
    }
  }

  /**
   * The joint over the observed (not hidden) variables under an intervention.
   *
   * @param m a discrete model
   * @param iv the intervention
   * @return probabilities in mixed radix over {@link CausalModel#observed()}
   */
  public static double[] observedJoint(CausalModel m, Intervention iv) {
    return marginal(m, joint(m, iv), m.observed());
  }

  /**
   * Marginalises a full joint onto some columns.
   *
   * @param m the model (for the cardinalities)
   * @param joint a joint over all columns
   * @param keep the columns to keep, in the order of the result's radix
   * @return the marginal
   */
  public static double[] marginal(CausalModel m, double[] joint, int[] keep) {
    int d = m.size();
    int[] card = new int[d];
    for (int i = 0; i < d; i++) {
      card[i] = m.cardinality(i);
    }
    long size = 1;
    for (int k : keep) {
      size *= card[k];
    }
    long[] keepStride = new long[d];
    long s = 1;
    for (int j = keep.length - 1; j >= 0; j--) {
      keepStride[keep[j]] = s;
      s *= card[keep[j]];
    }
    double[] out = new double[(int) size];
    int[] digits = new int[d];
    for (int idx = 0; idx < joint.length; idx++) {
      if (joint[idx] != 0) {
        long o = 0;
        for (int i = 0; i < d; i++) {
          o += digits[i] * keepStride[i];
        }
        out[(int) o] += joint[idx];
      }
      for (int i = d - 1; i >= 0; i--) {
        if (++digits[i] < card[i]) {
          break;
        }
        digits[i] = 0;
      }
    }
    return out;
  }

  /**
   * Mixed-radix strides of a column list (first column most significant), by column index.
   *
   * @param m the model
   * @param cols the columns
   * @return {@code stride[c]} for each column {@code c} in {@code cols}, 0 elsewhere
   */
  static long[] strides(CausalModel m, int[] cols) {
    long[] stride = new long[m.size()];
    long s = 1;
    for (int j = cols.length - 1; j >= 0; j--) {
      stride[cols[j]] = s;
      s *= m.cardinality(cols[j]);
    }
    return stride;
  }

  /**
   * The flat index of a state under mixed-radix strides.
   *
   * @param state the value of each variable (whole numbers)
   * @param stride the stride of each variable, as {@link #strides} gives them
   * @return {@code Σ state[i] · stride[i]}
   */
  static long flatIndex(double[] state, long[] stride) {
    long idx = 0;
    for (int i = 0; i < state.length; i++) {
      idx += (long) state[i] * stride[i];
    }
    return idx;
  }

  static int[] allColumns(int d) {
    int[] a = new int[d];
    for (int i = 0; i < d; i++) {
      a[i] = i;
    }
    return a;
  }
}
