package dev.candela.causal.query;

import dev.candela.MixedRadix;
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
 *   <li>Everything else (nonlinear additive-noise or mixed discrete/continuous models with partial
 *       evidence, for example with hidden variables; discrete models too large to enumerate): a
 *       documented sampler, {@link LikelihoodWeighting} abduction with systematic resampling (see
 *       {@link #query}).
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
    double[] out = new double[(int) DiscreteJoint.stateCount(m)];
    long[] stride = DiscreteJoint.strides(m, DiscreteJoint.allColumns(d));
    int[] fixed = new int[d];
    java.util.Arrays.fill(fixed, -1);
    boolean possible = true;
    for (int k = 0; k < evCols.length; k++) {
      possible &= fixed[evCols[k]] < 0 || fixed[evCols[k]] == evVals[k];
      possible &= evVals[k] >= 0 && evVals[k] < m.cardinality(evCols[k]);
      fixed[evCols[k]] = evVals[k];
    }
    int[] order = m.topologicalOrder();
    // Only the full worlds consistent with the evidence, each with its prior mass (the product of
    // its CPT entries, as DiscreteJoint.joint computes it), taken in flat-index order: the same
    // sums as over the whole joint, without enumerating the states the evidence rules out.
    java.util.List<World> worlds = new java.util.ArrayList<>();
    if (possible) {
      consistent(m, order, 0, new double[d], 1.0, fixed, stride, worlds);
    }
    worlds.sort(java.util.Comparator.comparingLong(World::index));
    double evidenceMass = 0;
    double[] lo = new double[d];
    double[] hi = new double[d];
    boolean[] forced = iv.mask(d);
    for (World w : worlds) {
      double prior = w.mass();
      if (prior == 0) {
        continue;
      }
      double[] row = w.row();
      evidenceMass += prior;
      for (int i = 0; i < d; i++) {
        Cpt c = (Cpt) m.variable(i).mechanism();
        int r = m.cptRow(i, row);
        int wi = (int) row[i];
        double f = 0;
        for (int x = 0; x < wi; x++) {
          f += c.p(r, x);
        }
        lo[i] = f;
        hi[i] = f + c.p(r, wi);
      }
      double[] cf = new double[d];
      predict(m, order, 0, cf, prior, lo, hi, forced, iv, out, stride);
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

  /** A full world of {@link #discrete}: its flat index, prior mass and values. */
  private record World(long index, double mass, double[] row) {}

  /**
   * Enumerates, in topological order, the worlds whose evidence columns ({@code fixed[i] >= 0})
   * take their evidence values, multiplying the CPT entries as {@link DiscreteJoint#joint} does.
   */
  private static void consistent(
      CausalModel m,
      int[] order,
      int depth,
      double[] row,
      double p,
      int[] fixed,
      long[] stride,
      java.util.List<World> out) {
    if (depth == order.length) {
      out.add(new World(DiscreteJoint.flatIndex(row, stride), p, row.clone()));
      return;
    }
    int i = order[depth];
    Cpt c = (Cpt) m.variable(i).mechanism();
    int r = m.cptRow(i, row);
    int from = fixed[i] >= 0 ? fixed[i] : 0;
    int to = fixed[i] >= 0 ? fixed[i] + 1 : c.cardinality();
    for (int x = from; x < to; x++) {
      double q = c.p(r, x);
      if (q > 0) {
        row[i] = x;
        consistent(m, order, depth + 1, row, p * q, fixed, stride, out);
      }
    }
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
      out[(int) DiscreteJoint.flatIndex(cf, stride)] += p;
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

  /** The default number of likelihood-weighting particles for abduction. */
  public static final int DEFAULT_PARTICLES = 10_000;

  /**
   * The floor on the effective sample size of the abduction particles: below it the sampler refuses
   * to answer ({@link LikelihoodWeighting.DegenerateWeightsException}).
   */
  public static final double MIN_ESS = 10;

  /** Below this effective sample size callers should warn that the answer is noisy. */
  public static final double WARN_ESS = 100;

  /** How counterfactual rows are produced. */
  public enum Method {
    /** The exact path when one exists, else likelihood weighting. */
    AUTO,
    /** Always likelihood weighting (for checks against the exact paths). */
    LIKELIHOOD_WEIGHTING
  }

  /**
   * Counterfactual rows with the method that produced them.
   *
   * @param rows {@code k × m.size()} rows
   * @param method {@code sampling} (no evidence: the interventional distribution), {@code
   *     exact-enumeration} (discrete), {@code exact-additive-noise} (every variable observed),
   *     {@code exact-gaussian} (linear-Gaussian) or {@code likelihood-weighting}
   * @param ess the effective sample size of the abduction particles, 0 for the other methods
   * @param particles the number of abduction particles, 0 for the other methods
   */
  public record Result(double[][] rows, String method, double ess, int particles) {}

  /**
   * Draws counterfactual rows over all columns ({@link Method#AUTO}, {@link #DEFAULT_PARTICLES}).
   *
   * @param m the model
   * @param evCols evidence columns (empty for the interventional distribution)
   * @param evVals evidence values (value indices for discrete variables)
   * @param iv the intervention
   * @param k the number of rows
   * @param rng the seeded generator
   * @return {@code k × m.size()} rows
   * @throws IllegalArgumentException when the evidence is impossible under the model or the
   *     abduction's effective sample size is below {@link #MIN_ESS}; the message names it
   */
  public static double[][] sample(
      CausalModel m, int[] evCols, double[] evVals, Intervention iv, int k, SplittableRandom rng) {
    return query(m, evCols, evVals, iv, k, DEFAULT_PARTICLES, Method.AUTO, rng).rows();
  }

  /**
   * Draws counterfactual rows over all columns by abduction, action and prediction (Pearl).
   *
   * <ul>
   *   <li>No evidence: the interventional distribution ({@link Sampler}).
   *   <li>Discrete models within {@link DiscreteJoint#MAX_STATES}: the exact joint ({@link
   *       #discrete}), then sampled.
   *   <li>Additive-noise models with evidence on every column: the exact point ({@link #additive}),
   *       repeated.
   *   <li>Linear-Gaussian models: the exact Gaussian ({@link LinearGaussian#counterfactual}),
   *       sampled.
   *   <li>Otherwise (nonlinear additive-noise or mixed models with partial evidence, large discrete
   *       models), or with {@link Method#LIKELIHOOD_WEIGHTING}: abduction by {@link
   *       LikelihoodWeighting} with the evidence clamped in the observational model ({@code
   *       particles} weighted particles carrying the implied noise of every variable), systematic
   *       resampling of {@code k} particles ({@link LikelihoodWeighting#systematicResample}), then
   *       action (the intervention) and prediction: in topological order each non-intervened
   *       variable is recomputed from its new parents and the particle's noise, {@code x_i =
   *       mean_i(pa_i') + u_i} for additive noise and {@code x_i = min{x : U_i < F(x | pa_i')}} for
   *       a CPT. The rows are draws from a consistent estimate of the counterfactual distribution
   *       (the error shrinks as the ESS grows).
   * </ul>
   *
   * @param m the model
   * @param evCols evidence columns
   * @param evVals evidence values
   * @param iv the intervention
   * @param k the number of rows
   * @param particles the abduction particles for likelihood weighting
   * @param method {@link Method#AUTO} or force the sampler
   * @param rng the seeded generator
   * @return the rows, the method, and the ESS
   * @throws LikelihoodWeighting.DegenerateWeightsException when every particle has weight 0 (the
   *     message names the evidence variable and value) or the ESS is below {@link #MIN_ESS}
   */
  public static Result query(
      CausalModel m,
      int[] evCols,
      double[] evVals,
      Intervention iv,
      int k,
      int particles,
      Method method,
      SplittableRandom rng) {
    int d = m.size();
    if (evCols.length != evVals.length) {
      throw new IllegalArgumentException(
          evCols.length + " evidence columns but " + evVals.length + " values");
    }
    if (k < 0) {
      throw new IllegalArgumentException("sample size must be >= 0, got " + k);
    }
    if (evCols.length == 0) {
      return new Result(Sampler.sample(m, iv, k, rng), "sampling", 0, 0);
    }
    if (method == Method.AUTO) {
      if (m.isDiscrete() && DiscreteJoint.stateCount(m) <= DiscreteJoint.MAX_STATES) {
        int[] ev = new int[evVals.length];
        for (int j = 0; j < ev.length; j++) {
          ev[j] = (int) evVals[j];
        }
        double[] joint = discrete(m, evCols, ev, iv);
        return new Result(drawFromJoint(m, joint, k, rng), "exact-enumeration", 0, 0);
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
        return new Result(out, "exact-additive-noise", 0, 0);
      }
      if (m.isLinearGaussian()) {
        return new Result(
            drawGaussian(LinearGaussian.counterfactual(m, evCols, evVals, iv), k, rng),
            "exact-gaussian",
            0,
            0);
      }
    }
    return likelihoodWeighting(m, evCols, evVals, iv, k, particles, rng);
  }

  private static Result likelihoodWeighting(
      CausalModel m,
      int[] evCols,
      double[] evVals,
      Intervention iv,
      int k,
      int particles,
      SplittableRandom rng) {
    Sampler.checkIntervention(m, iv);
    LikelihoodWeighting lw = LikelihoodWeighting.of(m, evCols, Intervention.none());
    LikelihoodWeighting.Particles p = lw.run(evVals, particles, rng);
    lw.requireUsable(p, Math.min(MIN_ESS, particles));
    int[] pick = LikelihoodWeighting.systematicResample(p.logWeights(), k, rng);
    double[][] noise = p.noise();
    double[][] out = new double[k][];
    for (int r = 0; r < k; r++) {
      out[r] = predictWithNoise(m, noise[pick[r]], iv);
    }
    return new Result(out, "likelihood-weighting", p.ess(), particles);
  }

  /**
   * Action and prediction with given exogenous noise: intervened columns take their forced value,
   * every other column is recomputed in topological order from its parents and its noise ({@code
   * mean_i(pa_i) + u_i} for additive noise, the inverse CDF at {@code U_i} for a CPT).
   *
   * @param m the model
   * @param noise the noise of every column
   * @param iv the intervention
   * @return the row over all columns
   */
  public static double[] predictWithNoise(CausalModel m, double[] noise, Intervention iv) {
    int d = m.size();
    boolean[] forced = iv.mask(d);
    double[] out = new double[d];
    double[] pv = new double[d];
    for (int i : m.topologicalOrder()) {
      if (forced[i]) {
        out[i] = iv.valueOf(i);
        continue;
      }
      if (m.variable(i).mechanism() instanceof AdditiveNoise a) {
        int[] ps = m.parents(i);
        for (int j = 0; j < ps.length; j++) {
          pv[j] = out[ps[j]];
        }
        out[i] = a.mean(pv) + noise[i];
      } else {
        Cpt c = (Cpt) m.variable(i).mechanism();
        out[i] = Sampler.drawCategorical(c, m.cptRow(i, out), noise[i]);
      }
    }
    return out;
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
      int[] dig = MixedRadix.digits(j, cards);
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
