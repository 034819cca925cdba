package dev.candela.causal.query;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.util.SplittableRandom;

/**
 * Ancestral sampling of a causal model, observationally or under a hard intervention (the
 * intervened variables are set, their mechanisms ignored, everything else follows its mechanism in
 * topological order). Deterministic given the seed of the {@link SplittableRandom}.
 *
 * <p>The noise of each variable comes from its own stream, seeded from one number drawn from the
 * caller's generator and the variable's <em>name</em> ({@link #streamSeed}): two models sampled
 * from generators with the same seed (common random numbers) give the same noise to variables of
 * the same name, whatever the order in which their files list the variables and whatever their
 * graphs (a variable's noise never depends on which variables were sampled before it).
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
    long base = rng.nextLong();
    SplittableRandom[] streams = new SplittableRandom[d];
    for (int i = 0; i < d; i++) {
      streams[i] = new SplittableRandom(streamSeed(base, m.variable(i).name()));
    }
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
          row[i] = a.mean(pv) + a.noise().sample(streams[i]);
        } else {
          Cpt c = (Cpt) m.variable(i).mechanism();
          row[i] = drawCategorical(c, m.cptRow(i, row), streams[i].nextDouble());
        }
      }
    }
    return out;
  }

  /**
   * The seed of a variable's noise stream: a 64-bit FNV-1a hash of its name (UTF-16 code units)
   * mixed with {@code base} by the MurmurHash3 finaliser, so that streams of different names are
   * unrelated and the same name always gets the same stream for the same {@code base}.
   *
   * @param base a number drawn from the caller's generator
   * @param name the variable's name
   * @return the seed
   */
  public static long streamSeed(long base, String name) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < name.length(); i++) {
      h ^= name.charAt(i);
      h *= 0x100000001b3L;
    }
    return mix64(base ^ mix64(h));
  }

  private static long mix64(long z) {
    z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
    z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
    return z ^ (z >>> 33);
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
