package dev.candela.metrics.cg;

import dev.candela.CandelaException;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.stats.Uncertainty;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.special.Gamma;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.util.MathArrays;

/**
 * CG's standard error with the baseline's own variation (Reddy, Godfrey &amp; Balasubramanian, AAAI
 * 2022; method {@value #METHOD}). CG averages per-sample terms t_i(b) that all depend on one
 * baseline b computed from the evaluation set: its per-latent minimum and maximum ({@link
 * CgBaseline#MAX_DEVIATION}) or mean ({@link CgBaseline#MEAN}). Over evaluation sets,
 *
 * <pre>
 *   Var(CG) = E[Var(CG | b)] + Var(E[CG | b]) ≈ s²/n + V_b,
 * </pre>
 *
 * and the per-sample interval ({@link CgUncertainty}) sees only s²/n. V_b is estimated by R redraws
 * of the baseline from its sampling distribution around the observed one:
 *
 * <ul>
 *   <li>a latent's maximum: the k = min(200, 2⌈√n⌉) largest values' exceedances over the (k+1)-th
 *       largest are fitted by a generalized Pareto distribution (probability-weighted moments,
 *       Hosking &amp; Wallis 1987; peaks over threshold, de Haan &amp; Ferreira, <i>Extreme Value
 *       Theory</i>, 2006), the sample maximum being the largest of k such exceedances; a redraw is
 *       the observed maximum plus a draw of that largest exceedance minus its mean. Likewise the
 *       minimum. The shape ξ lets the fit follow the thinning of light (Gaussian-like) tails, which
 *       a plain exponential (Gumbel) fit at this threshold overstates by about 1.4× in SD;
 *   <li>a mean is redrawn as mean + (s_j/√n)·Z, Z standard normal.
 * </ul>
 *
 * The CG samples are cut into R = min(100, ⌊n/10⌋) disjoint random groups; group r is scored again
 * under redraw r (one extra pass over the samples in all, so the interval costs what CG costs),
 * giving Δ_r, the group's mean of t_i(b_r) − t_i(b): V_b = max(0, mean Δ_r² − mean var_r(t(b_r) −
 * t(b))/m_r), the subtracted term being the noise of a group mean of m_r paired differences. SE² =
 * s²/n + V_b, the interval CG ± t_{0.975, ν}·SE with the Welch–Satterthwaite ν = SE⁴ /
 * (s⁴/(n²(n−1)) + V_b²/R). The redraw model is an approximation: the coverage study
 * (docs/evaluate.md) checks it.
 */
public final class CgBaselineSpread {
  private CgBaselineSpread() {}

  /** The method name in reports. */
  public static final String METHOD = "mean+baseline";

  /** Baseline redraws by default (fewer when the samples are fewer than 10 per redraw). */
  public static final int DEFAULT_REDRAWS = 100;

  /** The fewest CG samples a redraw's group may have. */
  static final int MIN_GROUP = 10;

  /**
   * The per-sample terms of some CG samples under other baseline statistics.
   *
   * @see #of
   */
  @FunctionalInterface
  public interface Terms {
    /**
     * Scores samples again.
     *
     * @param samples positions among the CG samples (in the order of {@code terms})
     * @param stats the latent statistics the baseline is computed from
     * @return {@code terms[factor][k]} of {@code samples[k]}
     * @throws CandelaException when decoding or classifying fails
     */
    double[][] of(int[] samples, LatentStats stats) throws CandelaException;
  }

  /**
   * The tail of one side of one latent: the k largest exceedances over the (k+1)-th most extreme
   * value, fitted by a generalized Pareto distribution (scale σ, shape ξ) with probability-weighted
   * moments (Hosking &amp; Wallis, Technometrics 29, 1987).
   *
   * @param scale σ (0 when the exceedances are all 0)
   * @param shape ξ, clamped to [−0.5, 0.5]
   * @param k the number of exceedances
   */
  public record Tail(double scale, double shape, int k) {
    private static final double MAX_SHAPE = 0.5;
    private static final double TINY_SHAPE = 1e-6;

    /**
     * Fits the exceedances.
     *
     * @param y the k exceedances (≥ 0), any order
     * @return the fitted tail
     */
    static Tail fit(double[] y) {
      double[] e = y.clone();
      Arrays.sort(e);
      int k = e.length;
      double a0 = 0;
      double a1 = 0;
      for (int i = 0; i < k; i++) {
        double p = (i + 1 - 0.35) / k;
        a0 += e[i] / k;
        a1 += e[i] * (1 - p) / k;
      }
      double d = a0 - 2 * a1;
      if (!(a0 > 0) || !(d > 0)) {
        return new Tail(Math.max(a0, 0), 0, k);
      }
      double shape = -(a0 / d - 2);
      shape = Math.max(-MAX_SHAPE, Math.min(MAX_SHAPE, shape));
      return new Tail(2 * a0 * a1 / d, shape, k);
    }

    /**
     * The max of k draws of the fitted distribution at uniform v, minus its mean: a redraw of the
     * extreme around the observed one.
     */
    double centredDraw(double v) {
      if (scale == 0) {
        return 0;
      }
      double xi = Math.abs(shape) < TINY_SHAPE ? TINY_SHAPE : shape;
      double q = 1 - Math.pow(v, 1.0 / k); // the max of k uniforms is v^(1/k)
      double draw = scale / xi * (Math.pow(q, -xi) - 1);
      // E[(1 − V^(1/k))^(−ξ)] = k·B(k, 1 − ξ)
      double m =
          Math.exp(
              Math.log(k)
                  + Gamma.logGamma(k)
                  + Gamma.logGamma(1 - xi)
                  - Gamma.logGamma(k + 1 - xi));
      return draw - scale / xi * (m - 1);
    }
  }

  /**
   * The spread of each latent's baseline statistics: per latent its lower and upper tail and the
   * standard error of its mean.
   *
   * @param low the tail below the minimum's neighbours (as exceedances below)
   * @param high the tail of the largest values
   * @param meanSe s_j/√n
   */
  public record Spread(List<Tail> low, List<Tail> high, double[] meanSe) {
    /** Copies. */
    public Spread {
      low = List.copyOf(low);
      high = List.copyOf(high);
      meanSe = meanSe.clone();
    }

    /**
     * Measures the spread from the rows the statistics are computed from: k = min(200, 2⌈√n⌉, n −
     * 1) exceedances per tail.
     *
     * @param rows {@code rows[sample][latent]}, at least 2
     * @return the spread
     */
    public static Spread of(float[][] rows) {
      int n = rows.length;
      if (n < 2) {
        throw new IllegalArgumentException("a baseline spread needs ≥ 2 rows, got " + n);
      }
      int d = rows[0].length;
      int k = Math.min(n - 1, Math.min(100, 2 * (int) Math.ceil(Math.sqrt(n))));
      List<Tail> low = new java.util.ArrayList<>();
      List<Tail> high = new java.util.ArrayList<>();
      double[] se = new double[d];
      double[] v = new double[n];
      double[] hi = new double[k];
      double[] lo = new double[k];
      for (int j = 0; j < d; j++) {
        for (int i = 0; i < n; i++) {
          v[i] = rows[i][j];
        }
        se[j] = Math.sqrt(StatUtils.variance(v) / n);
        Arrays.sort(v);
        for (int i = 0; i < k; i++) {
          hi[i] = v[n - 1 - i] - v[n - 1 - k];
          lo[i] = v[k] - v[i];
        }
        high.add(Tail.fit(hi));
        low.add(Tail.fit(lo));
      }
      return new Spread(low, high, se);
    }

    /**
     * One redraw of the statistics the baseline is computed from (see the class comment).
     *
     * @param stats the observed statistics
     * @param baseline which statistic the baseline uses
     * @param rng the random source (Commons Math)
     * @return the redrawn statistics (min ≤ max kept)
     */
    public LatentStats redraw(LatentStats stats, CgBaseline baseline, RandomGenerator rng) {
      double[] min = stats.min();
      double[] max = stats.max();
      double[] mean = stats.mean();
      for (int j = 0; j < min.length; j++) {
        // exhaustive: a new baseline does not compile until its redraw is written
        switch (baseline) {
          case MAX_DEVIATION -> {
            double a = min[j] - low.get(j).centredDraw(rng.nextDouble());
            double b = max[j] + high.get(j).centredDraw(rng.nextDouble());
            min[j] = Math.min(a, b);
            max[j] = Math.max(a, b);
          }
          case MEAN -> mean[j] += meanSe[j] * rng.nextGaussian();
          case ZERO -> {
            // a constant: nothing to redraw
          }
        }
      }
      return new LatentStats(min, max, mean, stats.count());
    }
  }

  /**
   * The uncertainty of {@code cg} and every {@code cg.<factor>} with the baseline's variation,
   * clipped to [0, 1] (the range of CG). R is at most n/10, so every group has at least 10 samples;
   * with the {@link CgBaseline#ZERO} baseline or R &lt; 2 it is {@link CgUncertainty#of} (method
   * {@code mean}).
   *
   * @param factorNames the factor names, in the order of {@code terms}
   * @param terms {@code terms[factor][sample]} under the observed baseline
   * @param stats the observed baseline statistics
   * @param baseline the baseline
   * @param spread the statistics' spread ({@link Spread#of} of the rows behind {@code stats})
   * @param again scores samples under redrawn statistics
   * @param redraws R (at most; see above)
   * @param seed seeds the groups and the redraws
   * @return {@code cg} and {@code cg.<factor>} to uncertainty
   * @throws CandelaException when {@code again} fails
   */
  public static Map<String, Uncertainty> of(
      List<String> factorNames,
      double[][] terms,
      LatentStats stats,
      CgBaseline baseline,
      Spread spread,
      Terms again,
      int redraws,
      long seed)
      throws CandelaException {
    Map<String, Uncertainty> plain = CgUncertainty.of(factorNames, terms);
    int n = terms[0].length;
    redraws = Math.min(redraws, n / MIN_GROUP);
    if (!baseline.varies() || redraws < 2) {
      return plain;
    }
    RandomGenerator rng = new Well19937c(seed);
    int[] order = MathArrays.natural(n);
    MathArrays.shuffle(order, rng);
    int nf = terms.length;
    // per key (0 = cg, 1 + f = cg.<factor>): Σ Δ_r² and Σ noise_r
    double[] sq = new double[nf + 1];
    double[] noise = new double[nf + 1];
    for (int r = 0; r < redraws; r++) {
      int a = (int) ((long) r * n / redraws);
      int b = (int) ((long) (r + 1) * n / redraws);
      int[] group = Arrays.copyOfRange(order, a, b);
      Arrays.sort(group);
      double[][] moved = again.of(group, spread.redraw(stats, baseline, rng));
      int m = group.length;
      double[][] diff = new double[nf + 1][m];
      for (int f = 0; f < nf; f++) {
        for (int k = 0; k < m; k++) {
          double dk = moved[f][k] - terms[f][group[k]];
          diff[1 + f][k] = dk;
          diff[0][k] += dk / nf;
        }
      }
      for (int key = 0; key <= nf; key++) {
        double mean = StatUtils.mean(diff[key]);
        sq[key] += mean * mean;
        noise[key] += StatUtils.variance(diff[key], mean) / m;
      }
    }
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    int key = 0;
    for (Map.Entry<String, Uncertainty> e : plain.entrySet()) {
      Uncertainty u = e.getValue();
      double score =
          StatUtils.mean(key == 0 ? CgUncertainty.perSampleAverage(terms) : terms[key - 1]);
      double vMean = u.se() * u.se();
      double vBase = Math.max(0, (sq[key] - noise[key]) / redraws);
      double v = vMean + vBase;
      double denom = vMean * vMean / (n - 1) + vBase * vBase / redraws;
      double df = denom > 0 ? v * v / denom : n - 1;
      Uncertainty w = Uncertainty.symmetric(score, Math.sqrt(v), df, METHOD, redraws, 0, n);
      out.put(e.getKey(), w == null ? u : w.clipped(Math.min(0, score), Math.max(1, score)));
      key++;
    }
    return out;
  }
}
