package dev.candela.causal.query;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.Noise;
import java.util.SplittableRandom;

/**
 * Likelihood weighting (self-normalised importance sampling with the prior as proposal) over a
 * {@link CausalModel}: ancestral sampling in topological order where a set of <em>clamped</em>
 * variables is fixed to given values, intervened variables are set to their forced values, and
 * every other variable is drawn from its mechanism. Particle {@code j} gets the log-weight
 *
 * <pre>{@code
 * ln w_j = Σ_{i clamped} ln p_i(x_i | pa_i^{(j)})
 * }</pre>
 *
 * where {@code p_i} is the density of the noise implied at {@code i}: for an additive-noise
 * mechanism the noise density at the residual {@code x_i − b_i − f_i(w_i·pa_i)} (Gaussian {@code
 * N(0, σ²)}, or {@code 1/(2a)} on {@code [−a, a]} for uniform noise), for a CPT {@code P(x_i |
 * pa_i)}. Intervened variables are set and contribute no weight. A clamped additive variable with
 * zero noise scale is a point mass: its factor is 1 when the residual is within {@link
 * #ZERO_NOISE_TOLERANCE}{@code ·max(1, |x_i|)} of 0 and 0 otherwise (every particle shares the same
 * point-mass factors, so they cancel in the normalised weights).
 *
 * <p>Each particle also carries the exogenous noise of every variable (the abducted noise, in
 * Pearl's abduction–action–prediction): for an additive variable the residual {@code x_i −
 * mean_i(pa_i)} (the drawn noise when not clamped); for a CPT variable a {@code U_i} of the
 * canonical inverse-CDF SCM {@code X_i = min{x : U_i < F(x | pa_i)}} used by {@link
 * Counterfactuals}: the uniform draw itself when not clamped, else a draw uniform on {@code [F(x_i
 * − 1 | pa_i), F(x_i | pa_i))}. Intervened variables have noise {@code NaN}.
 *
 * <p>With the weights normalised, the particles approximate the posterior of the noise given the
 * clamped values (abduction); the mean weight {@code (1/M) Σ_j w_j} is an unbiased estimate of the
 * joint density of the clamped values under the intervention (used by the numerical interventional
 * TV). Deterministic for a seeded {@link SplittableRandom}: particle {@code j} consumes the stream
 * in a fixed order.
 */
public final class LikelihoodWeighting {
  /** The relative tolerance on the residual of a clamped variable with zero noise. */
  public static final double ZERO_NOISE_TOLERANCE = 1e-9;

  private static final double LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

  private final CausalModel m;
  private final int d;
  private final int[] order;
  private final int[][] parents;
  private final int[] clampCols;
  private final int[] clampPos;
  private final boolean[] forced;
  private final Intervention iv;
  private final boolean deterministic;

  private LikelihoodWeighting(
      CausalModel m, int[] clampCols, Intervention iv, boolean[] active, boolean allActive) {
    Sampler.checkIntervention(m, iv);
    this.m = m;
    this.d = m.size();
    this.iv = iv;
    this.forced = iv.mask(d);
    this.clampCols = clampCols.clone();
    this.clampPos = new int[d];
    java.util.Arrays.fill(clampPos, -1);
    for (int k = 0; k < clampCols.length; k++) {
      int c = clampCols[k];
      if (c < 0 || c >= d) {
        throw new IllegalArgumentException("clamped column " + c + " out of range");
      }
      if (clampPos[c] >= 0) {
        throw new IllegalArgumentException(
            "variable '" + m.variable(c).name() + "' is clamped twice");
      }
      if (forced[c]) {
        throw new IllegalArgumentException(
            "variable '" + m.variable(c).name() + "' is both clamped and intervened");
      }
      clampPos[c] = k;
    }
    this.parents = new int[d][];
    for (int i = 0; i < d; i++) {
      parents[i] = m.parents(i);
    }
    int[] topo = m.topologicalOrder();
    int count = 0;
    for (int i : topo) {
      if (allActive || active[i]) {
        count++;
      }
    }
    this.order = new int[count];
    int k = 0;
    boolean det = true;
    for (int i : topo) {
      if (allActive || active[i]) {
        order[k++] = i;
        det &= forced[i] || clampPos[i] >= 0;
      }
    }
    this.deterministic = det;
  }

  /**
   * A sampler over every variable.
   *
   * @param m the model
   * @param clampCols the clamped columns (distinct, not intervened)
   * @param iv the intervention
   * @return the sampler
   * @throws IllegalArgumentException for an invalid column or intervention, naming it
   */
  public static LikelihoodWeighting of(CausalModel m, int[] clampCols, Intervention iv) {
    return new LikelihoodWeighting(m, clampCols, iv, null, true);
  }

  /**
   * A sampler over the ancestral closure of {@code relevant} in the intervened graph (the variables
   * themselves and, recursively, the parents of every non-intervened one). Only these are
   * simulated; the other columns of a particle are {@code NaN}. The weights and the relevant
   * columns have the same law as with {@link #of}.
   *
   * @param m the model
   * @param clampCols the clamped columns (they should be relevant)
   * @param iv the intervention
   * @param relevant the columns whose law is wanted
   * @return the sampler
   */
  public static LikelihoodWeighting ancestral(
      CausalModel m, int[] clampCols, Intervention iv, int[] relevant) {
    int d = m.size();
    boolean[] forced = iv.mask(d);
    boolean[] active = new boolean[d];
    java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
    for (int[] set : new int[][] {relevant, clampCols}) {
      for (int c : set) {
        if (c >= 0 && c < d && !active[c]) {
          active[c] = true;
          stack.push(c);
        }
      }
    }
    while (!stack.isEmpty()) {
      int i = stack.pop();
      if (forced[i]) {
        continue;
      }
      for (int p : m.parents(i)) {
        if (!active[p]) {
          active[p] = true;
          stack.push(p);
        }
      }
    }
    return new LikelihoodWeighting(m, clampCols, iv, active, false);
  }

  /**
   * Whether every simulated variable is clamped or intervened, so that every particle is the same
   * and one particle gives the exact weight.
   *
   * @return true when nothing is drawn at random
   */
  public boolean deterministic() {
    return deterministic;
  }

  /**
   * Particles with their values, abducted noise and log-weights.
   *
   * @param values {@code n × d} values of all columns ({@code NaN} for columns not simulated)
   * @param noise {@code n × d} exogenous noise ({@code NaN} for intervened or unsimulated columns)
   * @param logWeights {@code n} natural-log weights ({@code −∞} for weight 0)
   * @param ess the effective sample size {@code (Σ w)² / Σ w²} (0 when every weight is 0)
   */
  public record Particles(double[][] values, double[][] noise, double[] logWeights, double ess) {
    /** Validates the shapes. */
    public Particles {
      if (values.length != noise.length || values.length != logWeights.length) {
        throw new IllegalArgumentException(
            values.length
                + " value rows, "
                + noise.length
                + " noise rows and "
                + logWeights.length
                + " weights");
      }
    }

    /**
     * The number of particles.
     *
     * @return the count
     */
    public int size() {
      return logWeights.length;
    }

    /**
     * The normalised weights {@code w_j / Σ w}.
     *
     * @return the weights (all 0 when every weight is 0)
     */
    public double[] normalisedWeights() {
      return normalise(logWeights);
    }
  }

  /**
   * Draws {@code n} weighted particles.
   *
   * @param clampValues the values of the clamped columns, in the order given at construction (value
   *     indices for discrete variables)
   * @param n the number of particles, {@code >= 1}
   * @param rng the seeded generator
   * @return the particles
   */
  public Particles run(double[] clampValues, int n, SplittableRandom rng) {
    checkValues(clampValues);
    if (n < 1) {
      throw new IllegalArgumentException("likelihood weighting needs >= 1 particle, got " + n);
    }
    double[][] values = new double[n][d];
    double[][] noise = new double[n][d];
    double[] lw = new double[n];
    double[] pv = new double[d];
    for (int j = 0; j < n; j++) {
      java.util.Arrays.fill(values[j], Double.NaN);
      java.util.Arrays.fill(noise[j], Double.NaN);
      lw[j] = particle(clampValues, values[j], noise[j], pv, rng);
    }
    return new Particles(values, noise, lw, ess(lw));
  }

  /**
   * The natural log of the likelihood-weighting estimate {@code (1/n) Σ_j w_j} of the density of
   * the clamped values under the intervention, without keeping the particles.
   *
   * @param clampValues the clamped values
   * @param n the number of particles
   * @param rng the generator
   * @return {@code ln((1/n) Σ_j w_j)}, {@code −∞} when every weight is 0
   */
  public double logMeanWeight(double[] clampValues, int n, SplittableRandom rng) {
    checkValues(clampValues);
    if (n < 1) {
      throw new IllegalArgumentException("likelihood weighting needs >= 1 particle, got " + n);
    }
    double[] row = new double[d];
    double[] noise = new double[d];
    double[] pv = new double[d];
    double[] lw = new double[n];
    for (int j = 0; j < n; j++) {
      lw[j] = particle(clampValues, row, noise, pv, rng);
    }
    return logSumExp(lw) - Math.log(n);
  }

  /**
   * One forward draw of the simulated columns (no clamped values allowed).
   *
   * @param rng the generator
   * @return a row over all columns ({@code NaN} for columns not simulated)
   */
  public double[] draw(SplittableRandom rng) {
    if (clampCols.length > 0) {
      throw new IllegalArgumentException("draw() needs a sampler without clamped variables");
    }
    double[] row = new double[d];
    java.util.Arrays.fill(row, Double.NaN);
    particle(new double[0], row, new double[d], new double[d], rng);
    return row;
  }

  private void checkValues(double[] clampValues) {
    if (clampValues.length != clampCols.length) {
      throw new IllegalArgumentException(
          clampValues.length + " clamped values for " + clampCols.length + " clamped columns");
    }
    for (int k = 0; k < clampCols.length; k++) {
      int card = m.cardinality(clampCols[k]);
      double v = clampValues[k];
      if (!Double.isFinite(v) || (card > 0 && (v != Math.rint(v) || v < 0 || v >= card))) {
        throw new IllegalArgumentException(
            "value " + v + " of '" + m.variable(clampCols[k]).name() + "' is invalid");
      }
    }
  }

  private double particle(
      double[] clampValues, double[] row, double[] noise, double[] pv, SplittableRandom rng) {
    double lw = 0;
    for (int i : order) {
      if (forced[i]) {
        row[i] = iv.valueOf(i);
        noise[i] = Double.NaN;
        continue;
      }
      int k = clampPos[i];
      if (m.variable(i).mechanism() instanceof AdditiveNoise a) {
        int[] ps = parents[i];
        for (int j = 0; j < ps.length; j++) {
          pv[j] = row[ps[j]];
        }
        double mean = a.mean(pv);
        if (k >= 0) {
          double x = clampValues[k];
          row[i] = x;
          noise[i] = x - mean;
          lw += logNoiseDensity(a.noise(), x - mean, x);
        } else {
          double u = a.noise().sample(rng);
          noise[i] = u;
          row[i] = mean + u;
        }
      } else {
        Cpt c = (Cpt) m.variable(i).mechanism();
        int r = m.cptRow(i, row);
        if (k >= 0) {
          int x = (int) clampValues[k];
          double lo = 0;
          for (int v = 0; v < x; v++) {
            lo += c.p(r, v);
          }
          double p = c.p(r, x);
          double hi = lo + p;
          row[i] = x;
          double u = lo + p * rng.nextDouble();
          noise[i] = p > 0 ? Math.min(u, Math.nextDown(hi)) : Double.NaN;
          lw += Math.log(p);
        } else {
          double u = rng.nextDouble();
          noise[i] = u;
          row[i] = Sampler.drawCategorical(c, r, u);
        }
      }
    }
    return lw;
  }

  /**
   * The log-density of additive noise at a residual; a zero scale is a point mass counted as factor
   * 1 at residual 0 (within {@link #ZERO_NOISE_TOLERANCE}{@code ·max(1, |x|)}) and 0 elsewhere.
   *
   * @param n the noise
   * @param r the residual
   * @param x the value (for the zero-scale tolerance)
   * @return the log-density, {@code −∞} outside the support
   */
  public static double logNoiseDensity(Noise n, double r, double x) {
    double s = n.scale();
    if (s == 0) {
      return Math.abs(r) <= ZERO_NOISE_TOLERANCE * Math.max(1, Math.abs(x))
          ? 0
          : Double.NEGATIVE_INFINITY;
    }
    return switch (n.kind()) {
      case GAUSSIAN -> -0.5 * (r / s) * (r / s) - Math.log(s) - LOG_SQRT_2PI;
      case UNIFORM -> Math.abs(r) <= s ? -Math.log(2 * s) : Double.NEGATIVE_INFINITY;
    };
  }

  /**
   * The log-weight of a particle recomputed from its values: {@code Σ_{i clamped} ln p_i(x_i |
   * pa_i)}.
   *
   * @param row values of all columns (the clamped ones and their parents must be set)
   * @return the log-weight
   */
  public double logWeight(double[] row) {
    double s = 0;
    for (int c : clampCols) {
      s += logFactor(c, row);
    }
    return s;
  }

  private double logFactor(int i, double[] row) {
    if (m.variable(i).mechanism() instanceof AdditiveNoise a) {
      int[] ps = parents[i];
      double[] pv = new double[ps.length];
      for (int j = 0; j < ps.length; j++) {
        pv[j] = row[ps[j]];
      }
      return logNoiseDensity(a.noise(), row[i] - a.mean(pv), row[i]);
    }
    Cpt c = (Cpt) m.variable(i).mechanism();
    return Math.log(c.p(m.cptRow(i, row), (int) row[i]));
  }

  /**
   * Checks that the particles are usable for abduction: throws when every weight is 0, naming the
   * clamped variable that rules out most particles and its value, or when the effective sample size
   * is below {@code minEss}.
   *
   * @param p particles from {@link #run}
   * @param minEss the floor on the effective sample size
   * @throws DegenerateWeightsException when the weights are degenerate; the message names the
   *     variable and value, or gives the ESS and the floor
   */
  public void requireUsable(Particles p, double minEss) {
    if (p.ess() == 0) {
      int worst = -1;
      int worstCount = -1;
      double[][] vals = p.values();
      for (int c : clampCols) {
        int count = 0;
        for (double[] row : vals) {
          if (logFactor(c, row) == Double.NEGATIVE_INFINITY) {
            count++;
          }
        }
        if (count > worstCount) {
          worstCount = count;
          worst = c;
        }
      }
      String v = m.variable(worst).name() + "=" + label(worst, vals[0][worst]);
      String why;
      if (m.variable(worst).mechanism() instanceof AdditiveNoise a) {
        Noise n = a.noise();
        why =
            n.scale() == 0
                ? "'"
                    + m.variable(worst).name()
                    + "' has zero noise and its value is not reached from its sampled parents"
                : "the value is outside the support of its "
                    + n.kind().name().toLowerCase(java.util.Locale.ROOT)
                    + " noise (scale "
                    + n.scale()
                    + ") given its sampled parents";
      } else {
        why = "it has probability 0 given its sampled parents";
      }
      throw new DegenerateWeightsException(
          "evidence "
              + v
              + " has weight 0 in all "
              + p.size()
              + " particles (ESS 0): "
              + why
              + " in "
              + worstCount
              + " of them",
          0);
    }
    if (p.ess() < minEss) {
      throw new DegenerateWeightsException(
          String.format(
              java.util.Locale.ROOT,
              "likelihood weighting: effective sample size %.3g of %d particles is below the"
                  + " floor %.3g; the evidence is too unlikely under the model (use more"
                  + " particles)",
              p.ess(),
              p.size(),
              minEss),
          p.ess());
    }
  }

  private String label(int i, double v) {
    if (m.variable(i).mechanism() instanceof Cpt c) {
      return c.values().get((int) v);
    }
    return Double.toString(v);
  }

  /** Thrown when the importance weights are all 0 or their effective sample size is too small. */
  public static final class DegenerateWeightsException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The effective sample size. */
    private final double ess;

    /**
     * Creates the exception.
     *
     * @param message the one-line message
     * @param ess the effective sample size
     */
    public DegenerateWeightsException(String message, double ess) {
      super(message);
      this.ess = ess;
    }

    /**
     * The effective sample size of the rejected particles.
     *
     * @return the ESS
     */
    public double ess() {
      return ess;
    }
  }

  /**
   * The effective sample size {@code (Σ w)² / Σ w²} of log-weights (invariant to their order and to
   * a common shift).
   *
   * @param logWeights natural-log weights
   * @return the ESS in [1, n], or 0 when every weight is 0
   */
  public static double ess(double[] logWeights) {
    double max = max(logWeights);
    if (max == Double.NEGATIVE_INFINITY) {
      return 0;
    }
    double s = 0;
    double s2 = 0;
    for (double l : logWeights) {
      double w = Math.exp(l - max);
      s += w;
      s2 += w * w;
    }
    return s * s / s2;
  }

  /**
   * {@code ln Σ_j exp(l_j)}, stable.
   *
   * @param l log values
   * @return the log of the sum, {@code −∞} when every term is {@code −∞}
   */
  public static double logSumExp(double[] l) {
    double max = max(l);
    if (max == Double.NEGATIVE_INFINITY) {
      return max;
    }
    double s = 0;
    for (double v : l) {
      s += Math.exp(v - max);
    }
    return max + Math.log(s);
  }

  static double[] normalise(double[] logWeights) {
    double[] w = new double[logWeights.length];
    double lse = logSumExp(logWeights);
    if (lse == Double.NEGATIVE_INFINITY) {
      return w;
    }
    for (int j = 0; j < w.length; j++) {
      w[j] = Math.exp(logWeights[j] - lse);
    }
    return w;
  }

  private static double max(double[] a) {
    double max = Double.NEGATIVE_INFINITY;
    for (double v : a) {
      if (Double.isNaN(v)) {
        throw new IllegalArgumentException("log-weight is NaN");
      }
      max = Math.max(max, v);
    }
    return max;
  }

  /**
   * Systematic resampling: {@code k} indices whose counts follow the normalised weights, with
   * positions {@code (u + j)/k}, {@code u ~ Uniform[0, 1)}, {@code j = 0..k−1} on the cumulative
   * weights. Lower variance than multinomial resampling; each index appears {@code ⌊k·w_j⌋} or
   * {@code ⌈k·w_j⌉} times.
   *
   * @param logWeights the log-weights (not all {@code −∞})
   * @param k the number of draws
   * @param rng the generator
   * @return {@code k} particle indices, ascending
   */
  public static int[] systematicResample(double[] logWeights, int k, SplittableRandom rng) {
    double[] w = normalise(logWeights);
    int[] out = new int[k];
    double u = rng.nextDouble();
    double cum = w.length == 0 ? 0 : w[0];
    int j = 0;
    for (int r = 0; r < k; r++) {
      double pos = (u + r) / k;
      while (pos >= cum && j < w.length - 1) {
        j++;
        cum += w[j];
      }
      while (w[j] == 0 && j > 0) {
        j--;
      }
      out[r] = j;
    }
    return out;
  }
}
