package dev.candela.causal.distance;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.query.Counterfactuals;
import dev.candela.causal.query.DiscreteJoint;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.LinearGaussian;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.MultivariateNormalDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * The interventional total variation of Garant &amp; Jensen ("Evaluating causal models by comparing
 * interventional distributions"): {@code TV(P1(O | do(T=t)), P2(O | do(T=t))) = sup_A |P1(A) −
 * P2(A)|} for a treatment assignment and a set of outcome variables taken jointly.
 *
 * <ul>
 *   <li>Discrete models: exact, {@code ½ Σ_o |P1(o) − P2(o)|} over the enumerated marginals.
 *   <li>Linear-Gaussian models, one outcome: exact closed form for two normals. Equal variances:
 *       {@code 2Φ(|δ| / 2σ) − 1}. Unequal: the densities cross at the two roots {@code r1 < r2} of
 *       {@code ln p1 = ln p2}, and {@code TV = |(F1(r2) − F1(r1)) − (F2(r2) − F2(r1))|}.
 *   <li>Linear-Gaussian models, several outcomes with the same covariance {@code Σ} in both models
 *       (for example a mean shift): exact, {@code TV = 2Φ(Δ/2) − 1} with the Mahalanobis distance
 *       {@code Δ² = (μ1 − μ2)ᵀ Σ⁻¹ (μ1 − μ2)} (the densities cross on a hyperplane; projecting on
 *       {@code Σ⁻¹(μ1 − μ2)} reduces it to the one-outcome equal-variance case).
 *   <li>Linear-Gaussian models, several outcomes, different (or singular) covariances: no closed
 *       form; Monte Carlo on exact densities, {@code TV = E_{x~P1}[max(0, 1 − p2(x)/p1(x))]}, with
 *       its standard error (seeded).
 *   <li>Any other pair (nonlinear additive-noise, mixed, discrete beyond {@link
 *       DiscreteJoint#MAX_STATES}, or a discrete model against a continuous one), or with {@link
 *       TvOptions#forceNumerical()}: the numerical estimator {@link NumericalTv}, {@code TV = E_{o
 *       ~ ½(P1+P2)}[|p1(o) − p2(o)| / (p1(o) + p2(o))]} with likelihood-weighting densities,
 *       reported with its standard error, {@code n} and {@code M}.
 * </ul>
 *
 * <p>The DAG summary sums the TV over all ordered pairs (T, O) of distinct observed variables, each
 * averaged over treatment values: all values (uniform) for a discrete T, the given list (default
 * −1, 0, 1) for a continuous one.
 */
public final class InterventionalTv {
  /** The default continuous treatment values of the summary. */
  public static final double[] DEFAULT_VALUES = {-1, 0, 1};

  private static final NormalDistribution STD = new NormalDistribution(0, 1);

  private InterventionalTv() {}

  /**
   * The TV between the two models' interventional distributions of some outcomes.
   *
   * @param truth the first (true) model
   * @param model the second model
   * @param treatment {@code NAME=value,...} (labels for discrete variables)
   * @param outcomes outcome variable names, jointly
   * @param mcSamples the Monte Carlo size for several Gaussian outcomes
   * @param seed the Monte Carlo seed
   * @return the result
   */
  public static TvResult tv(
      CausalModel truth,
      CausalModel model,
      String treatment,
      List<String> outcomes,
      int mcSamples,
      long seed) {
    return tv(
        truth, model, treatment, outcomes, TvOptions.defaults().withMcSamples(mcSamples), seed);
  }

  /**
   * The TV between the two models' interventional distributions of some outcomes, with explicit
   * estimation settings.
   *
   * @param truth the first (true) model
   * @param model the second model
   * @param treatment {@code NAME=value,...} (labels for discrete variables)
   * @param outcomes outcome variable names, jointly
   * @param opts the Monte Carlo and numerical-estimator settings
   * @param seed the Monte Carlo seed
   * @return the result, naming the method
   * @throws IllegalArgumentException for unknown variables, an intervened outcome, or (numerical
   *     estimator) an outcome with zero noise; the message names it
   */
  public static TvResult tv(
      CausalModel truth,
      CausalModel model,
      String treatment,
      List<String> outcomes,
      TvOptions opts,
      long seed) {
    int mcSamples = opts.mcSamples();
    Alignment.of(truth, model);
    if (outcomes.isEmpty()) {
      throw new IllegalArgumentException("at least one outcome is needed");
    }
    Intervention i1 = Intervention.parse(truth, treatment);
    Intervention i2 = Intervention.parse(model, treatment);
    int[] o1 = columns(truth, outcomes);
    int[] o2 = columns(model, outcomes);
    for (int c : o1) {
      if (i1.mask(truth.size())[c]) {
        throw new IllegalArgumentException(
            "outcome '" + truth.variable(c).name() + "' is also intervened");
      }
    }
    boolean numeric = opts.forceNumerical();
    if (!numeric && enumerable(truth) && enumerable(model)) {
      double v =
          DiscreteDivergence.tv(
              DiscreteJoint.marginal(truth, DiscreteJoint.joint(truth, i1), o1),
              DiscreteJoint.marginal(model, DiscreteJoint.joint(model, i2), o2));
      return new TvResult(v, treatment, outcomes, "exact-enumeration", 0, 0);
    }
    if (!numeric && truth.isLinearGaussian() && model.isLinearGaussian()) {
      LinearGaussian.Gaussian g1 = LinearGaussian.distribution(truth, i1).marginal(o1);
      LinearGaussian.Gaussian g2 = LinearGaussian.distribution(model, i2).marginal(o2);
      if (o1.length == 1) {
        double v =
            normal(
                g1.mean()[0], Math.sqrt(g1.cov()[0][0]), g2.mean()[0], Math.sqrt(g2.cov()[0][0]));
        return new TvResult(v, treatment, outcomes, "closed-form-normal", 0, 0);
      }
      double shared = sharedCovariance(g1, g2);
      if (!Double.isNaN(shared)) {
        return new TvResult(
            shared, treatment, outcomes, "closed-form-normal-shared-covariance", 0, 0);
      }
      double[] est = monteCarlo(g1, g2, mcSamples, seed);
      return new TvResult(
          Math.min(1, Math.max(0, est[0])),
          treatment,
          outcomes,
          "monte-carlo-density-ratio",
          est[1],
          mcSamples);
    }
    return NumericalTv.estimate(truth, model, i1, i2, o1, o2, treatment, outcomes, opts, seed);
  }

  private static boolean enumerable(CausalModel m) {
    return m.isDiscrete() && DiscreteJoint.stateCount(m) <= DiscreteJoint.MAX_STATES;
  }

  /**
   * The exact TV between {@code N(m1, s1²)} and {@code N(m2, s2²)}; a zero standard deviation is a
   * point mass.
   *
   * @param m1 first mean
   * @param s1 first standard deviation
   * @param m2 second mean
   * @param s2 second standard deviation
   * @return the total variation distance
   */
  public static double normal(double m1, double s1, double m2, double s2) {
    if (s1 == 0 || s2 == 0) {
      return s1 == 0 && s2 == 0 && m1 == m2 ? 0 : 1;
    }
    if (s1 == s2) {
      return 2 * STD.cumulativeProbability(Math.abs(m1 - m2) / (2 * s1)) - 1;
    }
    double a = 1 / (2 * s2 * s2) - 1 / (2 * s1 * s1);
    double b = m1 / (s1 * s1) - m2 / (s2 * s2);
    double c = m2 * m2 / (2 * s2 * s2) - m1 * m1 / (2 * s1 * s1) + Math.log(s2 / s1);
    double disc = Math.sqrt(b * b - 4 * a * c);
    double q = -0.5 * (b + Math.copySign(disc, b));
    double r1 = q / a;
    double r2 = c / q;
    double lo = Math.min(r1, r2);
    double hi = Math.max(r1, r2);
    double p1 =
        STD.cumulativeProbability((hi - m1) / s1) - STD.cumulativeProbability((lo - m1) / s1);
    double p2 =
        STD.cumulativeProbability((hi - m2) / s2) - STD.cumulativeProbability((lo - m2) / s2);
    return Math.abs(p1 - p2);
  }

  /** Relative tolerance under which two covariance matrices count as the same. */
  static final double SAME_COVARIANCE = 1e-10;

  /**
   * {@code 2Φ(Δ/2) − 1} when both Gaussians have the same positive-definite covariance, else NaN.
   */
  static double sharedCovariance(LinearGaussian.Gaussian g1, LinearGaussian.Gaussian g2) {
    double[][] c1 = g1.cov();
    double[][] c2 = g2.cov();
    int d = c1.length;
    double scale = 0;
    for (int i = 0; i < d; i++) {
      scale = Math.max(scale, Math.abs(c1[i][i]));
    }
    for (int i = 0; i < d; i++) {
      for (int j = 0; j < d; j++) {
        if (Math.abs(c1[i][j] - c2[i][j]) > SAME_COVARIANCE * scale) {
          return Double.NaN;
        }
      }
    }
    double[] diff = new double[d];
    for (int i = 0; i < d; i++) {
      diff[i] = g1.mean()[i] - g2.mean()[i];
    }
    try {
      var chol =
          new org.apache.commons.math3.linear.CholeskyDecomposition(
              new org.apache.commons.math3.linear.Array2DRowRealMatrix(c1));
      double[] y =
          chol.getSolver()
              .solve(new org.apache.commons.math3.linear.ArrayRealVector(diff))
              .toArray();
      double m2 = 0;
      for (int i = 0; i < d; i++) {
        m2 += diff[i] * y[i];
      }
      return 2 * STD.cumulativeProbability(Math.sqrt(Math.max(0, m2)) / 2) - 1;
    } catch (org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException
        | org.apache.commons.math3.linear.NonSymmetricMatrixException e) {
      return Double.NaN;
    }
  }

  private static double[] monteCarlo(
      LinearGaussian.Gaussian g1, LinearGaussian.Gaussian g2, int n, long seed) {
    if (n < 2) {
      throw new IllegalArgumentException("Monte Carlo TV needs >= 2 samples, got " + n);
    }
    MultivariateNormalDistribution d1 = new MultivariateNormalDistribution(g1.mean(), g1.cov());
    MultivariateNormalDistribution d2 = new MultivariateNormalDistribution(g2.mean(), g2.cov());
    double[][] x = Counterfactuals.drawGaussian(g1, n, new SplittableRandom(seed));
    double s = 0;
    double ss = 0;
    for (double[] r : x) {
      double v = Math.max(0, 1 - d2.density(r) / d1.density(r));
      s += v;
      ss += v * v;
    }
    double mean = s / n;
    double var = Math.max(0, ss / n - mean * mean) * n / (n - 1);
    return new double[] {mean, Math.sqrt(var / n)};
  }

  /**
   * The DAG summary with {@link TvOptions#summaryDefaults()} and seed 0: the sum over ordered pairs
   * (T, O) of distinct observed variables of the mean TV over treatment values.
   *
   * @param truth the first model
   * @param model the second model
   * @param continuousValues treatment values for continuous treatments
   * @return pair {@code "T->O"} to its mean TV, plus the key {@code "sum"}
   */
  public static Map<String, Double> summary(
      CausalModel truth, CausalModel model, double[] continuousValues) {
    return summary(truth, model, continuousValues, TvOptions.summaryDefaults(), 0).pairs();
  }

  /**
   * The DAG summary and how it was computed.
   *
   * @param pairs pair {@code "T->O"} to its mean TV over treatment values, plus the key {@code
   *     "sum"}
   * @param sum the sum over pairs
   * @param methods the distinct methods used (see {@link TvResult#method()})
   * @param standardError the Monte Carlo standard error of the sum (independent pair estimates), 0
   *     when every term is exact
   * @param points {@code n} of the numerical estimator (0 if unused)
   * @param particles the largest {@code M} used by the numerical estimator (0 if unused)
   */
  public record Summary(
      Map<String, Double> pairs,
      double sum,
      List<String> methods,
      double standardError,
      int points,
      int particles) {
    /** Copies. */
    public Summary {
      pairs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(pairs));
      methods = List.copyOf(methods);
    }
  }

  /**
   * The DAG summary: the sum over ordered pairs (T, O) of distinct observed variables of the mean
   * TV over treatment values (all values, uniformly, for a discrete T; {@code continuousValues} for
   * a continuous one). Each TV uses its own seed drawn from {@code seed}.
   *
   * @param truth the first model
   * @param model the second model
   * @param continuousValues treatment values for continuous treatments
   * @param opts the estimation settings
   * @param seed the seed
   * @return the summary with its methods and standard error
   */
  public static Summary summary(
      CausalModel truth, CausalModel model, double[] continuousValues, TvOptions opts, long seed) {
    Alignment al = Alignment.of(truth, model);
    Map<String, Double> out = new LinkedHashMap<>();
    java.util.Set<String> methods = new java.util.LinkedHashSet<>();
    SplittableRandom seeds = new SplittableRandom(seed);
    double total = 0;
    double var = 0;
    int points = 0;
    int particles = 0;
    for (int t = 0; t < al.size(); t++) {
      int card = truth.cardinality(al.truthCol(t));
      List<String> values = new ArrayList<>();
      if (card > 0) {
        values.addAll(((Cpt) truth.variable(al.truthCol(t)).mechanism()).values());
      } else {
        for (double v : continuousValues) {
          values.add(Double.toString(v));
        }
      }
      for (int o = 0; o < al.size(); o++) {
        if (o == t) {
          continue;
        }
        double s = 0;
        double v2 = 0;
        for (String v : values) {
          TvResult r =
              tv(
                  truth,
                  model,
                  al.names().get(t) + "=" + v,
                  List.of(al.names().get(o)),
                  opts,
                  seeds.nextLong());
          s += r.value();
          v2 += r.standardError() * r.standardError();
          methods.add(r.method());
          if (NumericalTv.METHOD.equals(r.method())) {
            points = r.samples();
            particles = Math.max(particles, r.particles());
          }
        }
        double mean = s / values.size();
        out.put(al.names().get(t) + "->" + al.names().get(o), mean);
        total += mean;
        var += v2 / ((double) values.size() * values.size());
      }
    }
    out.put("sum", total);
    return new Summary(out, total, new ArrayList<>(methods), Math.sqrt(var), points, particles);
  }

  private static int[] columns(CausalModel m, List<String> names) {
    int[] c = new int[names.size()];
    for (int j = 0; j < c.length; j++) {
      c[j] = m.indexOf(names.get(j));
    }
    return c;
  }
}
