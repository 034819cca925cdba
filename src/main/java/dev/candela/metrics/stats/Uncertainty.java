package dev.candela.metrics.stats;

import dev.candela.Setting;
import dev.candela.SettingException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How sure a score is: a standard error and a 95% interval, with the method that produced them and
 * the number of rows the score was computed on. The methods (chosen per estimator by {@code
 * CodeScorer}; their coverage is measured by {@code bench coverage}, docs/evaluate.md):
 *
 * <ul>
 *   <li>{@code jackknife}: the delete-a-group jackknife (Quenouille 1956; Tukey 1958; Efron &amp;
 *       Stein 1981) over G random groups of rows: θ₍g₎ = the score without group g, SE² = (G−1)/G
 *       Σ_g (θ₍g₎ − θ̄)², interval score ± t_{0.975, G−1}·SE, {@code bias} = (G−1)(θ̄ − score), the
 *       jackknife estimate of the estimator's bias at N (first order in 1/N); {@code replicates}
 *       holds G.
 *   <li>{@code subsampling}: subsampling without replacement with an estimated rate (Politis &amp;
 *       Romano 1994; Bertail, Politis &amp; Romano 1999): the score on disjoint halves and quarters
 *       of S random splits of the rows; with v₂, v₄ their variances and the model v_m =
 *       σ²_N·(N/m)^{2β} ·(1 − m/N), 2^{2β} = (2/3)·v₄/v₂ (clamped to [1, 4], i.e. β in [0, 1]) and
 *       SE² = 2·v₂/2^{2β}; for a √N-regular statistic this is the half-sampling variance v₂.
 *       Interval score ± t_{0.975, ν}·SE with Satterthwaite's ν from the delete-one-split jackknife
 *       of SE² ({@link Subsampling}); when no half or quarter value of a lattice-valued score (UC)
 *       moved, SE is floored and the interval is score ± 1.96·SE ({@link
 *       Subsampling#zeroSpreadFloor}). {@code bias} = mean of the half-sample scores − score;
 *       {@code replicates} holds S.
 *   <li>{@code half-samples}: P pairs of refits on complementary halves (of the training rows and
 *       of the test rows): the two scores of a pair are independent draws at half the size, so SE²
 *       = Σ_p (a_p − b_p)²/(4P) (√N rate), interval score ± t_{0.975, P}·SE; {@code bias} = mean of
 *       the half-size scores − score; {@code replicates} holds 2P.
 *   <li>{@code full-size-pairs}: P pairs of refits on two disjoint train sets and two disjoint test
 *       sets of the score's own sizes, drawn from the rows the caps on training and test rows leave
 *       (used instead of {@code half-samples} when each pool holds two such sets): the two scores
 *       are independent draws of the estimator itself, so SE² = Σ_p (a_p − b_p)²/(2P) whatever its
 *       rate, interval score ± t_{0.975, P}·SE; {@code bias} 0 (no size change to estimate it
 *       from); {@code replicates} holds 2P.
 *   <li>{@code mean}: a mean of independent per-sample terms: SE = s/√n (s with ddof 1), interval
 *       score ± t_{0.975, n−1}·SE; {@code replicates} holds n.
 *   <li>{@code binomial}: an accuracy p over n independent evaluation points; SE = √(p(1−p)/n) and
 *       the Wilson score interval; {@code replicates} holds n.
 *   <li>{@code bootstrap}: the score recomputed on {@code replicates} resamples with replacement
 *       (Efron &amp; Tibshirani 1993); SE = standard deviation of the replicates, interval score ±
 *       1.96·SE. Kept for callers that ask for it; no default uses it (resampling with replacement
 *       duplicates rows, which biases plug-in mutual information and refitted learners).
 *   <li>{@code seeds}: the spread of the score over several seeds; SE = standard deviation over the
 *       seeds (ddof = 1), interval = [min, max]; {@code replicates} holds the number of seeds.
 * </ul>
 *
 * @param se the standard error (≥ 0, finite)
 * @param ci95 the 95% interval {@code [lo, hi]}, {@code lo <= hi}
 * @param method one of the methods above
 * @param replicates groups, splits, refits, terms, evaluation points or seeds (see the method)
 * @param bias the method's estimate of the estimator's bias at this N (see the method), else 0
 * @param n the rows the score was computed on (0 when unknown)
 */
public record Uncertainty(
    double se, List<Double> ci95, String method, int replicates, double bias, int n)
    implements java.io.Serializable {

  private static final long serialVersionUID = 1L;

  /** Bootstrap over evaluation samples. */
  public static final String BOOTSTRAP = "bootstrap";

  /** Binomial accuracy over evaluation points. */
  public static final String BINOMIAL = "binomial";

  /** Spread over seeds. */
  public static final String SEEDS = "seeds";

  /** Delete-a-group jackknife. */
  public static final String JACKKNIFE = "jackknife";

  /** Subsampling without replacement with an estimated rate. */
  public static final String SUBSAMPLING = "subsampling";

  /** Refits on complementary halves. */
  public static final String HALF_SAMPLES = "half-samples";

  /** Refits on pairs of disjoint sets of the score's own sizes. */
  public static final String FULL_SIZE_PAIRS = "full-size-pairs";

  /** Mean of independent per-sample terms. */
  public static final String MEAN = "mean";

  /** Mean of independent replicate runs of a sampled estimator (SE of their mean). */
  public static final String REPLICATES = "replicates";

  /**
   * One run of a sampled estimator among R independent runs with other seeds (SE of one run: the
   * spread of the R scores).
   */
  public static final String REPEATS = "repeats";

  /**
   * An uncertainty without a recorded row count ({@code n = 0}).
   *
   * @param se the standard error
   * @param ci95 the interval
   * @param method the method
   * @param replicates the replicates
   * @param bias the bias estimate
   */
  public Uncertainty(double se, List<Double> ci95, String method, int replicates, double bias) {
    this(se, ci95, method, replicates, bias, 0);
  }

  /** Validates the numbers. */
  public Uncertainty {
    Objects.requireNonNull(method, "method");
    ci95 = List.copyOf(ci95);
    if (!(se >= 0) || !Double.isFinite(se)) {
      throw new IllegalArgumentException("standard error must be finite and ≥ 0, got " + se);
    }
    if (ci95.size() != 2 || !(ci95.get(0) <= ci95.get(1))) {
      throw new IllegalArgumentException("95% interval must be [lo, hi] with lo ≤ hi, got " + ci95);
    }
    if (replicates < 1) {
      throw new SettingException(Setting.REPLICATES, replicates, "must be ≥ 1, got " + replicates);
    }
    if (!Double.isFinite(bias)) {
      throw new IllegalArgumentException("bias must be finite, got " + bias);
    }
    if (n < 0) {
      throw new IllegalArgumentException("n must be ≥ 0, got " + n);
    }
  }

  /**
   * The same uncertainty recording the rows its score was computed on.
   *
   * @param rows N
   * @return the uncertainty with {@code n = rows}
   */
  public Uncertainty withN(int rows) {
    return new Uncertainty(se, ci95, method, replicates, bias, rows);
  }

  /**
   * The two-sided 95% quantile of Student's t with {@code df} degrees of freedom (Commons Math);
   * {@link #Z95} for {@code df} = ∞ or above 10⁶.
   *
   * @param df degrees of freedom (&gt; 0)
   * @return t_{0.975, df}
   */
  public static double t95(double df) {
    if (!(df > 0)) {
      throw new IllegalArgumentException("degrees of freedom must be > 0, got " + df);
    }
    if (df > 1e6) {
      return Z95;
    }
    return new org.apache.commons.math3.distribution.TDistribution(null, df)
        .inverseCumulativeProbability(0.975);
  }

  /**
   * A symmetric interval score ± t_{0.975, df}·se.
   *
   * @param score the score (the centre)
   * @param se the standard error
   * @param df degrees of freedom of the SE (∞ for the normal quantile)
   * @param method the method
   * @param replicates the method's replicate count
   * @param bias the method's bias estimate
   * @param n rows behind the score
   * @return the uncertainty, or {@code null} when the score or SE is not finite
   */
  public static Uncertainty symmetric(
      double score, double se, double df, String method, int replicates, double bias, int n) {
    if (!Double.isFinite(score) || !Double.isFinite(se) || !Double.isFinite(bias)) {
      return null;
    }
    double h = t95(df) * se;
    return new Uncertainty(se, List.of(score - h, score + h), method, replicates, bias, n);
  }

  /**
   * The uncertainty of a mean of independent terms (central limit theorem): SE = s/√n with the
   * sample standard deviation s (ddof 1), interval mean ± t_{0.975, n−1}·SE.
   *
   * @param terms the per-sample terms (≥ 2, finite)
   * @return the uncertainty of their mean, method {@link #MEAN}
   */
  public static Uncertainty ofMean(double[] terms) {
    if (terms.length < 2) {
      throw new IllegalArgumentException(
          "a standard error of a mean needs ≥ 2 terms, got " + terms.length);
    }
    double mean = org.apache.commons.math3.stat.StatUtils.mean(terms);
    double var = org.apache.commons.math3.stat.StatUtils.variance(terms, mean);
    return symmetric(
        mean, Math.sqrt(var / terms.length), terms.length - 1, MEAN, terms.length, 0, terms.length);
  }

  /**
   * The uncertainty from pairs of independent refits: SE² = Σ (a − b)²/(2P) for pairs at the
   * score's own size ({@link #FULL_SIZE_PAIRS}), Σ (a − b)²/(4P) for pairs on complementary halves
   * ({@link #HALF_SAMPLES}, whose variance is twice the score's at the √N rate); interval score ±
   * t_{0.975, P}·SE; bias 0 or the mean half-size score − score.
   *
   * @param score the score on all rows
   * @param pairs the (a, b) pairs
   * @param n rows behind the score
   * @param fullSize whether the pairs are at the score's own size
   * @return the uncertainty, or {@code null} without a pair
   */
  public static Uncertainty ofPairs(double score, List<double[]> pairs, int n, boolean fullSize) {
    if (pairs.isEmpty()) {
      return null;
    }
    double ss = 0;
    double sum = 0;
    for (double[] ab : pairs) {
      ss += (ab[0] - ab[1]) * (ab[0] - ab[1]);
      sum += ab[0] + ab[1];
    }
    int p = pairs.size();
    double se = Math.sqrt(ss / ((fullSize ? 2.0 : 4.0) * p));
    String method = fullSize ? FULL_SIZE_PAIRS : HALF_SAMPLES;
    double bias = fullSize ? 0 : sum / (2.0 * p) - score;
    return symmetric(score, se, p, method, 2 * p, bias, n);
  }

  /** z of the two-sided 95% normal interval. */
  public static final double Z95 = 1.959963984540054;

  /**
   * The uncertainty of a score from replicate scores: SE = sample standard deviation of the
   * replicates (ddof = 1; 0 for one replicate); interval = score ± 1.96·SE for {@code bootstrap},
   * [min, max] of the replicates for {@code seeds}. Non-finite replicates are ignored.
   *
   * @param score the score on all the data
   * @param replicateScores the score of each replicate
   * @param method {@link #BOOTSTRAP} or {@link #SEEDS}
   * @return the uncertainty, or {@code null} when no replicate is finite
   */
  public static Uncertainty ofReplicates(double score, double[] replicateScores, String method) {
    double[] v = Arrays.stream(replicateScores).filter(Double::isFinite).toArray();
    if (v.length == 0 || !Double.isFinite(score)) {
      return null;
    }
    double mean = Arrays.stream(v).average().orElse(0);
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    double se = v.length > 1 ? Math.sqrt(ss / (v.length - 1)) : 0;
    double lo;
    double hi;
    if (SEEDS.equals(method)) {
      lo = Math.min(score, Arrays.stream(v).min().orElse(score));
      hi = Math.max(score, Arrays.stream(v).max().orElse(score));
    } else {
      lo = score - Z95 * se;
      hi = score + Z95 * se;
    }
    return new Uncertainty(se, List.of(lo, hi), method, v.length, mean - score);
  }

  /**
   * This uncertainty with its interval clipped to a score's possible range.
   *
   * @param lo the smallest possible value
   * @param hi the largest possible value
   * @return the clipped uncertainty (SE, method, replicates and bias unchanged)
   */
  public Uncertainty clipped(double lo, double hi) {
    double a = Math.min(hi, Math.max(lo, ci95.get(0)));
    double b = Math.max(a, Math.min(hi, Math.max(lo, ci95.get(1))));
    return new Uncertainty(se, List.of(a, b), method, replicates, bias, n);
  }

  /**
   * The binomial uncertainty of an accuracy: SE = √(p(1−p)/n), Wilson score interval with z = 1.96.
   *
   * @param accuracy p in [0, 1]
   * @param n evaluation points, ≥ 1
   * @return the uncertainty
   */
  public static Uncertainty binomial(double accuracy, int n) {
    if (!(accuracy >= 0 && accuracy <= 1) || n < 1) {
      throw new IllegalArgumentException(
          "accuracy must be in [0, 1] and n ≥ 1, got " + accuracy + " and " + n);
    }
    double z = Z95;
    double z2n = z * z / n;
    double centre = (accuracy + z2n / 2) / (1 + z2n);
    double half = z * Math.sqrt(accuracy * (1 - accuracy) / n + z * z / (4.0 * n * n)) / (1 + z2n);
    double lo = Math.max(0, centre - half);
    double hi = Math.min(1, centre + half);
    return new Uncertainty(
        Math.sqrt(accuracy * (1 - accuracy) / n), List.of(lo, Math.max(lo, hi)), BINOMIAL, n, 0, n);
  }
}
