package dev.candela.causal.query;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.util.SplittableRandom;

/**
 * Ancestral sampling of a causal model, observationally or under a hard intervention (the
 * intervened variables are set, their mechanisms ignored, everything else follows its mechanism in
 * topological order). Deterministic given the seed of the {@link SplittableRandom}.
 */
public final class Sampler {
  private Sampler() {}

  /**
   * Draws {@code n} rows over all variables (hidden ones included, in column order).
   *
   * @param m the model
   * @param iv the intervention ({@link Intervention#none()} for observational)
   * @param n the number of rows, {@code >= 0}
   * @param rng the seeded generator
   * @return {@code n × m.size()} values (discrete variables as value indices)
   */
  public static double[][] sample(CausalModel m, Intervention iv, int n, SplittableRandom rng) {
    if (n < 0) {
      throw new IllegalArgumentException("sample size must be >= 0, got " + n);
    }
    checkIntervention(m, iv);
    int d = m.size();
    int[] order = m.topologicalOrder();
    boolean[] forced = iv.mask(d);
    double[][] out = new double[n][d];
    int[][] parents = new int[d][];
    for (int i = 0; i < d; i++) {
      parents[i] = m.parents(i);
    }
    double[] pv = new double[d];
    for (int r = 0; r < n; r++) {
      double[] row = out[r];
      for (int i : order) {
        if (forced[i]) {
          row[i] = iv.valueOf(i);
          continue;
        }
        if (m.variable(i).mechanism() instanceof AdditiveNoise a) {
          int[] ps = parents[i];
          for (int j = 0; j < ps.length; j++) {
            pv[j] = row[ps[j]];
          }
          row[i] = a.mean(pv) + a.noise().sample(rng);
        } else {
          Cpt c = (Cpt) m.variable(i).mechanism();
          row[i] = drawCategorical(c, m.cptRow(i, row), rng.nextDouble());
        }
      }
    }
    return out;
  }

  /**
   * The value index whose CDF interval {@code [F(x−1), F(x))} of CPT row {@code row} contains
   * {@code u}.
   *
   * @param c the CPT
   * @param row the parent configuration
   * @param u a number in [0, 1)
   * @return the value index
   */
  static int drawCategorical(Cpt c, int row, double u) {
    double acc = 0;
    int last = c.cardinality() - 1;
    for (int x = 0; x < last; x++) {
      acc += c.p(row, x);
      if (u < acc) {
        return x;
      }
    }
    return last;
  }

  /**
   * Checks that discrete intervention values are valid value indices.
   *
   * @param m the model
   * @param iv the intervention
   * @throws IllegalArgumentException for a target out of range or an invalid value; the message
   *     names the variable
   */
  public static void checkIntervention(CausalModel m, Intervention iv) {
    int[] t = iv.targets();
    double[] v = iv.values();
    for (int k = 0; k < t.length; k++) {
      if (t[k] < 0 || t[k] >= m.size()) {
        throw new IllegalArgumentException("intervention target " + t[k] + " out of range");
      }
      int card = m.cardinality(t[k]);
      if (card > 0 && (v[k] != Math.rint(v[k]) || v[k] < 0 || v[k] >= card)) {
        throw new IllegalArgumentException(
            "do(" + m.variable(t[k]).name() + "=" + v[k] + "): not a value index below " + card);
      }
      if (!Double.isFinite(v[k])) {
        throw new IllegalArgumentException(
            "do(" + m.variable(t[k]).name() + "=" + v[k] + "): value must be finite");
      }
    }
  }

  /**
   * The columns {@code cols} of {@code rows}.
   *
   * @param rows the rows
   * @param cols the columns to keep
   * @return a new matrix
   */
  public static double[][] select(double[][] rows, int[] cols) {
    double[][] out = new double[rows.length][cols.length];
    for (int r = 0; r < rows.length; r++) {
      for (int j = 0; j < cols.length; j++) {
        out[r][j] = rows[r][cols[j]];
      }
    }
    return out;
  }
}
