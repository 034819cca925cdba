package dev.candela.causal.distance;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.LikelihoodWeighting;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The numerical interventional TV (Garant &amp; Jensen) for models without a closed form (nonlinear
 * additive-noise, mixed discrete/continuous, large discrete). With {@code P_k = P_k(O | do(T=t))}
 * the two models' interventional laws of the outcome set {@code O} and {@code p_k} their densities
 * (with respect to Lebesgue measure for continuous outcomes and counting measure for discrete
 * ones),
 *
 * <pre>{@code
 * TV = ½ ∫ |p1 − p2| = E_{o ~ ½(P1 + P2)} [ |p1(o) − p2(o)| / (p1(o) + p2(o)) ].
 * }</pre>
 *
 * <p>The density at a point is the likelihood-weighting identity {@code p_k(o) = E[Π_{i∈O} p_i(o_i
 * | pa_i)]}, the expectation over the other variables sampled forward under {@code do(T=t)} with
 * {@code O} clamped to {@code o}; it is estimated by the mean weight of {@code M} particles ({@link
 * LikelihoodWeighting#logMeanWeight}) over the ancestral closure of {@code O} only. When every
 * ancestor of {@code O} is intervened or in {@code O}, the weight is the exact density and {@code M
 * = 1}.
 *
 * <p>The outer expectation is stratified: {@code n/2} points from {@code P1} and {@code n/2} from
 * {@code P2}, {@code TV̂ = ½(ḡ1 + ḡ2)} with {@code g = |p̂1 − p̂2| / (p̂1 + p̂2) = tanh(|ln p̂1 −
 * ln p̂2| / 2)} ({@code g = 0} when both estimates are 0), standard error {@code ½ √(s1²/(n/2) +
 * s2²/(n/2))}. The standard error covers the outer sampling; the inner estimate makes {@code g}
 * biased by {@code O(1/M)} (none when {@code M = 1} is exact). Common random numbers: point {@code
 * j} of both halves is drawn with the same seed and every density estimate at a point of index
 * {@code j} uses the same inner seed in both models, so identical models give exactly 0 and
 * swapping the models gives exactly the same estimate.
 */
public final class NumericalTv {
  /** The method name reported in {@link TvResult#method()}. */
  public static final String METHOD = "numerical-likelihood-weighting";

  private NumericalTv() {}

  /**
   * Estimates the TV.
   *
   * @param truth the first model
   * @param model the second model
   * @param i1 the intervention in the first model's columns
   * @param i2 the same intervention in the second model's columns
   * @param o1 the outcome columns in the first model
   * @param o2 the same outcomes in the second model
   * @param treatment the treatment text (for the result)
   * @param outcomes the outcome names
   * @param opts {@code n} and {@code M}
   * @param seed the seed
   * @return the estimate with its standard error, {@code n} and {@code M}
   * @throws IllegalArgumentException when an outcome has zero noise (no density), naming it
   */
  public static TvResult estimate(
      CausalModel truth,
      CausalModel model,
      Intervention i1,
      Intervention i2,
      int[] o1,
      int[] o2,
      String treatment,
      List<String> outcomes,
      TvOptions opts,
      long seed) {
    checkNoise(truth, o1, "the truth");
    checkNoise(model, o2, "the model");
    LikelihoodWeighting f1 = LikelihoodWeighting.ancestral(truth, new int[0], i1, o1);
    LikelihoodWeighting f2 = LikelihoodWeighting.ancestral(model, new int[0], i2, o2);
    LikelihoodWeighting w1 = LikelihoodWeighting.ancestral(truth, o1, i1, o1);
    LikelihoodWeighting w2 = LikelihoodWeighting.ancestral(model, o2, i2, o2);
    int m1 = w1.deterministic() ? 1 : opts.particles();
    int m2 = w2.deterministic() ? 1 : opts.particles();
    int half = opts.points() / 2;
    SplittableRandom root = new SplittableRandom(seed);
    double s1 = 0;
    double ss1 = 0;
    double s2 = 0;
    double ss2 = 0;
    double[] o = new double[o1.length];
    boolean indep = opts.independentSides();
    for (int j = 0; j < half; j++) {
      long pointSeed = root.nextLong();
      long innerSeed = root.nextLong();
      long pointSeed2 = indep ? root.nextLong() : pointSeed;
      long innerSeed2 = indep ? root.nextLong() : innerSeed;
      double[] r1 = f1.draw(new SplittableRandom(pointSeed));
      for (int a = 0; a < o.length; a++) {
        o[a] = r1[o1[a]];
      }
      double g1 = g(w1, w2, o, m1, m2, innerSeed, innerSeed2);
      double[] r2 = f2.draw(new SplittableRandom(pointSeed2));
      for (int a = 0; a < o.length; a++) {
        o[a] = r2[o2[a]];
      }
      double g2 = g(w1, w2, o, m1, m2, innerSeed, innerSeed2);
      s1 += g1;
      ss1 += g1 * g1;
      s2 += g2;
      ss2 += g2 * g2;
    }
    double mean1 = s1 / half;
    double mean2 = s2 / half;
    double var1 = half > 1 ? Math.max(0, ss1 / half - mean1 * mean1) * half / (half - 1) : 0;
    double var2 = half > 1 ? Math.max(0, ss2 / half - mean2 * mean2) * half / (half - 1) : 0;
    double est = 0.5 * (mean1 + mean2);
    double se = 0.5 * Math.sqrt((var1 + var2) / half);
    return new TvResult(
        Math.min(1, Math.max(0, est)), treatment, outcomes, METHOD, se, 2 * half, Math.max(m1, m2));
  }

  private static double g(
      LikelihoodWeighting w1,
      LikelihoodWeighting w2,
      double[] o,
      int m1,
      int m2,
      long innerSeed,
      long innerSeed2) {
    double l1 = w1.logMeanWeight(o, m1, new SplittableRandom(innerSeed));
    double l2 = w2.logMeanWeight(o, m2, new SplittableRandom(innerSeed2));
    if (l1 == Double.NEGATIVE_INFINITY && l2 == Double.NEGATIVE_INFINITY) {
      return 0;
    }
    if (l1 == Double.NEGATIVE_INFINITY || l2 == Double.NEGATIVE_INFINITY) {
      return 1;
    }
    return Math.tanh(0.5 * Math.abs(l1 - l2));
  }

  private static void checkNoise(CausalModel m, int[] outcomes, String which) {
    for (int c : outcomes) {
      if (m.variable(c).mechanism() instanceof AdditiveNoise a && a.noise().scale() == 0) {
        throw new IllegalArgumentException(
            "outcome '"
                + m.variable(c).name()
                + "' has zero noise in "
                + which
                + ": its interventional law has no density, so the numerical TV needs noise on"
                + " every outcome");
      }
    }
  }
}
