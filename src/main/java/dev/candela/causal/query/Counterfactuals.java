package dev.candela.causal.query;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.util.SplittableRandom;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

/**
 * Counterfactuals by abduction (posterior of the exogenous noise given evidence), action (hard
 * intervention) and prediction.
 *
 * <ul>
 *   <li>Additive-noise models with every variable observed: exact, {@code u_i = x_i − b_i −
 *       f_i(w_i·pa_i)}; the counterfactual is a single point.
 *   <li>Linear-Gaussian models with partial evidence: exact Gaussian ({@link
 *       LinearGaussian#counterfactual}).
 *   <li>Discrete models: the CPTs are read as the canonical inverse-CDF SCM {@code X_i = min{x :
 *       U_i < F(x | pa_i)}} with independent {@code U_i ~ Uniform[0, 1)}. Given a full world {@code
 *       w}, each {@code U_i} is uniform on {@code [F(w_i − 1 | pa_i(w)), F(w_i | pa_i(w)))} and the
 *       counterfactual probability of value {@code x'} under new parents {@code pa'} is the overlap
 *       of that interval with {@code [F(x' − 1 | pa'), F(x' | pa'))} divided by its length. Partial
 *       evidence mixes the full worlds consistent with it, weighted by their probability. Exact by
 *       enumeration (this choice of exogenous model depends on the order of the values; CPTs alone
 *       do not identify counterfactuals).
 * </ul>
 */
public final class Counterfactuals {
  private Counterfactuals() {}

  /**
   * Exact counterfactual of an additive-noise model given a full row of evidence.
   *
   * @param m a model whose mechanisms are all additive-noise
   * @param evidence values of all columns (hidden included)
   * @param iv the intervention
   * @return the counterfactual row over all columns
   */
  public static double[] additive(CausalModel m, double[] evidence, Intervention iv) {
    Sampler.checkIntervention(m, iv);
    int d = m.size();
    if (evidence.length != d) {
      throw new IllegalArgumentException(
          "evidence has " + evidence.length + " values for " + d + " variables");
    }
    double[] noise = new double[d];
    double[] pv = new double[d];
    for (int i = 0; i < d; i++) {
      if (!(m.variable(i).mechanism() instanceof AdditiveNoise a)) {
        throw new IllegalArgumentException(
            "variable '" + m.variable(i).name() + "' is not additive-noise");
      }
      int[] ps = m.parents(i);
      for (int j = 0; j < ps.length; j++) {
        pv[j] = evidence[ps[j]];
      }
      noise[i] = evidence[i] - a.mean(pv);
    }
    boolean[] forced = iv.mask(d);
    double[] out = new double[d];
    for (int i : m.topologicalOrder()) {
      if (forced[i]) {
        out[i] = iv.valueOf(i);
        continue;
      }
      AdditiveNoise a = (AdditiveNoise) m.variable(i).mechanism();
      int[] ps = m.parents(i);
      for (int j = 0; j < ps.length; j++) {
        pv[j] = out[ps[j]];
      }
      out[i] = a.mean(pv) + noise[i];
    }
    return out;
  }

  /**
   * The exact counterfactual joint of a discrete model over all columns.
   *
   * @param m a discrete model within {@link DiscreteJoint#MAX_STATES}
   * @param evCols evidence columns
   * @param evVals evidence value indices
   * @param iv the intervention
   * @return the counterfactual joint in mixed radix over all columns
   * @throws IllegalArgumentException when the evidence has probability 0; the message names it
   */
  public static double[] discrete(CausalModel m, int[] evCols, int[] evVals, Intervention iv) {
    DiscreteJoint.checkEnumerable(m);
    Sampler.checkIntervention(m, iv);
    int d = m.size();
    double[] prior = DiscreteJoint.joint(m, Intervention.none());
    int[] cards = new int[d];
    for (int i = 0; i < d; i++) {
      cards[i] = m.cardinality(i);
    }
    double[] out = new double[prior.length];
    long[] stride = DiscreteJoint.strides(m, DiscreteJoint.allColumns(d));
    double evidenceMass = 0;
    double[] lo = new double[d];
    double[] hi = new double[d];
    double[] row = new double[d];
    boolean[] forced = iv.mask(d);
    int[] order = m.topologicalOrder();
    for (int w = 0; w < prior.length; w++) {
      if (prior[w] == 0) {
        continue;
      }
      int[] world = DiscreteJoint.decode(w, cards);
      boolean ok = true;
      for (int k = 0; k < evCols.length && ok; k++) {
        ok = world[evCols[k]] == evVals[k];
      }
      if (!ok) {
        continue;
      }
      evidenceMass += prior[w];
      for (int i = 0; i < d; i++) {
        row[i] = world[i];
      }
      for (int i = 0; i < d; i++) {
        Cpt c = (Cpt) m.variable(i).mechanism();
        int r = m.cptRow(i, row);
        double f = 0;
        for (int x = 0; x < world[i]; x++) {
          f += c.p(r, x);
        }
        lo[i] = f;
        hi[i] = f + c.p(r, world[i]);
      }
      double[] cf = new double[d];
      predict(m, order, 0, cf, prior[w], lo, hi, forced, iv, out, stride);
    }
    if (evidenceMass == 0) {
      StringBuilder sb = new StringBuilder();
      for (int k = 0; k < evCols.length; k++) {
        Cpt c = (Cpt) m.variable(evCols[k]).mechanism();
        sb.append(k == 0 ? "" : ", ")
            .append(m.variable(evCols[k]).name())
            .append('=')
            .append(c.values().get(evVals[k]));
      }
      throw new IllegalArgumentException("evidence {" + sb + "} has probability 0");
    }
    for (int s = 0; s < out.length; s++) {
      out[s] /= evidenceMass;
    }
    return out;
  }

  private static void predict(
      CausalModel m,
      int[] order,
      int depth,
      double[] cf,
      double p,
      double[] lo,
      double[] hi,
      boolean[] forced,
      Intervention iv,
      double[] out,
      long[] stride) {
    if (depth == order.length) {
      long idx = 0;
      for (int i = 0; i < cf.length; i++) {
        idx += (long) cf[i] * stride[i];
      }
      out[(int) idx] += p;
      return;
    }
    int i = order[depth];
    if (forced[i]) {
      cf[i] = iv.valueOf(i);
      predict(m, order, depth + 1, cf, p, lo, hi, forced, iv, out, stride);
      return;
    }
    Cpt c = (Cpt) m.variable(i).mechanism();
    int r = m.cptRow(i, cf);
    double width = hi[i] - lo[i];
    double f = 0;
    for (int x = 0; x < c.cardinality(); x++) {
      double g = f + c.p(r, x);
      double overlap = Math.min(g, hi[i]) - Math.max(f, lo[i]);
      f = g;
      if (overlap > 0) {
        cf[i] = x;
        predict(m, order, depth + 1, cf, p * overlap / width, lo, hi, forced, iv, out, stride);
      }
    }
  }

  /**
   * Draws counterfactual rows over all columns.
   *
   * @param m the model: discrete (exact joint, then sampled), additive-noise with evidence on every
   *     column (a point, repeated), or linear-Gaussian (exact Gaussian, sampled)
   * @param evCols evidence columns (empty for the interventional distribution)
   * @param evVals evidence values (value indices for discrete variables)
   * @param iv the intervention
   * @param k the number of rows
   * @param rng the seeded generator
   * @return {@code k × m.size()} rows
   * @throws IllegalArgumentException for a model and evidence combination not covered above
   */
  public static double[][] sample(
      CausalModel m, int[] evCols, double[] evVals, Intervention iv, int k, SplittableRandom rng) {
    int d = m.size();
    if (evCols.length == 0) {
      return Sampler.sample(m, iv, k, rng);
    }
    if (m.isDiscrete()) {
      int[] ev = new int[evVals.length];
      for (int j = 0; j < ev.length; j++) {
        ev[j] = (int) evVals[j];
      }
      double[] joint = discrete(m, evCols, ev, iv);
      return drawFromJoint(m, joint, k, rng);
    }
    if (evCols.length == d && allAdditive(m)) {
      double[] full = new double[d];
      for (int j = 0; j < d; j++) {
        full[evCols[j]] = evVals[j];
      }
      double[] point = additive(m, full, iv);
      double[][] out = new double[k][];
      for (int r = 0; r < k; r++) {
        out[r] = point.clone();
      }
      return out;
    }
    if (m.isLinearGaussian()) {
      return drawGaussian(LinearGaussian.counterfactual(m, evCols, evVals, iv), k, rng);
    }
    throw new IllegalArgumentException(
        "counterfactuals with partial evidence need a discrete or linear-Gaussian model; "
            + "observe every variable for other additive-noise models");
  }

  private static boolean allAdditive(CausalModel m) {
    for (int i = 0; i < m.size(); i++) {
      if (!(m.variable(i).mechanism() instanceof AdditiveNoise)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Draws rows from an exact joint over all columns by inverse CDF.
   *
   * @param m the model (for the cardinalities)
   * @param joint the joint over all columns
   * @param k the number of rows
   * @param rng the generator
   * @return the rows (value indices)
   */
  public static double[][] drawFromJoint(
      CausalModel m, double[] joint, int k, SplittableRandom rng) {
    int d = m.size();
    int[] cards = new int[d];
    for (int i = 0; i < d; i++) {
      cards[i] = m.cardinality(i);
    }
    double[] cdf = new double[joint.length];
    double s = 0;
    for (int j = 0; j < joint.length; j++) {
      s += joint[j];
      cdf[j] = s;
    }
    double[][] out = new double[k][d];
    for (int r = 0; r < k; r++) {
      double u = rng.nextDouble() * s;
      int j = java.util.Arrays.binarySearch(cdf, u);
      j = j >= 0 ? j + 1 : -j - 1;
      j = Math.min(j, joint.length - 1);
      while (joint[j] == 0 && j > 0) {
        j--;
      }
      int[] dig = DiscreteJoint.decode(j, cards);
      for (int i = 0; i < d; i++) {
        out[r][i] = dig[i];
      }
    }
    return out;
  }

  /**
   * Draws rows from a (possibly singular) Gaussian through its symmetric eigen-decomposition.
   *
   * @param g the Gaussian
   * @param k the number of rows
   * @param rng the generator
   * @return the rows
   */
  public static double[][] drawGaussian(LinearGaussian.Gaussian g, int k, SplittableRandom rng) {
    int d = g.mean().length;
    double[][] cov = g.cov();
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < i; j++) {
        double a = 0.5 * (cov[i][j] + cov[j][i]);
        cov[i][j] = a;
        cov[j][i] = a;
      }
    }
    EigenDecomposition eig = new EigenDecomposition(new Array2DRowRealMatrix(cov));
    RealMatrix v = eig.getV();
    double[] ev = eig.getRealEigenvalues();
    double[][] l = new double[d][d];
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < d; j++) {
        l[i][j] = v.getEntry(i, j) * Math.sqrt(Math.max(0, ev[j]));
      }
    }
    double[] mean = g.mean();
    double[][] out = new double[k][d];
    double[] z = new double[d];
    for (int r = 0; r < k; r++) {
      for (int j = 0; j < d; j++) {
        z[j] = rng.nextGaussian();
      }
      for (int i = 0; i < d; i++) {
        double s = mean[i];
        for (int j = 0; j < d; j++) {
          s += l[i][j] * z[j];
        }
        out[r][i] = s;
      }
    }
    return out;
  }
}
