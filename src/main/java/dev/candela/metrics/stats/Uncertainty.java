package dev.candela.metrics.stats;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * How sure a score is: a standard error and a 95% interval, with the method that produced them.
 *
 * <ul>
 *   <li>{@code bootstrap}: the score recomputed on {@code replicates} resamples (with replacement)
 *       of the evaluation samples (Efron &amp; Tibshirani, <i>An Introduction to the Bootstrap</i>,
 *       1993); SE = standard deviation of the replicate scores (ddof = 1); the interval is the
 *       normal bootstrap interval score ± 1.96·SE. (Percentile intervals are not used: with few
 *       replicates they are unstable, and for estimators biased by sample size, such as plug-in
 *       mutual information or a learner refitted on a resample with repeated rows, they can exclude
 *       the score itself.) {@code bias} = mean of the replicates − score.
 *   <li>{@code binomial}: an accuracy p over n independent evaluation points; SE = √(p(1−p)/n) and
 *       the Wilson score interval; {@code replicates} holds n.
 *   <li>{@code seeds}: the spread of the score over several seeds; SE = standard deviation over the
 *       seeds (ddof = 1), interval = [min, max]; {@code replicates} holds the number of seeds.
 * </ul>
 *
 * @param se the standard error (≥ 0, finite)
 * @param ci95 the 95% interval {@code [lo, hi]}, {@code lo <= hi}
 * @param method {@code bootstrap}, {@code binomial} or {@code seeds}
 * @param replicates bootstrap replicates used, evaluation points, or seeds
 * @param bias mean of the replicates minus the score (bootstrap, seeds), else 0
 */
public record Uncertainty(
    double se, List<Double> ci95, String method, int replicates, double bias) {

  /** Bootstrap over evaluation samples. */
  public static final String BOOTSTRAP = "bootstrap";

  /** Binomial accuracy over evaluation points. */
  public static final String BINOMIAL = "binomial";

  /** Spread over seeds. */
  public static final String SEEDS = "seeds";

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
      throw new IllegalArgumentException("replicates must be ≥ 1, got " + replicates);
    }
    if (!Double.isFinite(bias)) {
      throw new IllegalArgumentException("bias must be finite, got " + bias);
    }
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
    return new Uncertainty(se, List.of(a, b), method, replicates, bias);
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
        Math.sqrt(accuracy * (1 - accuracy) / n), List.of(lo, Math.max(lo, hi)), BINOMIAL, n, 0);
  }
}
