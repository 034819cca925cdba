package dev.candela.metrics.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Subsampling without replacement with an estimated rate of convergence, for statistics whose
 * spread does not shrink like 1/√N (Politis &amp; Romano, "Large sample confidence regions based on
 * subsamples under minimal assumptions", Ann. Statist. 1994; Bertail, Politis &amp; Romano, "On
 * subsampling estimators with unknown rate of convergence", JASA 1999). IRS and UC are such
 * statistics: IRS divides 0.99-quantiles of small groups by each latent's largest deviation, both
 * extreme order statistics.
 *
 * <p>Each of S splits shuffles the N rows and cuts them into two disjoint halves and four disjoint
 * quarters; the statistic is computed on all six. With v₂ and v₄ the variances of the half and
 * quarter values (ddof 1, pooled over the splits) and the model v_m = σ²_N · (N/m)^{2β} · (1 − m/N)
 * (rate N^{−β}, finite-population factor 1 − m/N):
 *
 * <pre>2^{2β} = (2/3)·v₄/v₂   (clamped to [1, 4]: β in [0, 1]),   SE² = σ²_N = 2·v₂ / 2^{2β}.</pre>
 *
 * For a √N-regular statistic (β = ½) this is the half-sampling variance v₂. SE² is itself noisy
 * (the rate is estimated from the same splits), so the interval is score ± t_{0.975, ν}·SE with
 * Satterthwaite's ν = 2·SE⁴/Var(SE²), Var(SE²) the delete-one-split jackknife over the S splits
 * (the coverage study: with 1.96, IRS's interval covered 0.91 at N = 10⁴ although its SE was right
 * on average); {@code bias} = mean of the half values − score (the first-order bias at N when it
 * shrinks like 1/N). Every split costs two evaluations of the statistic on all rows' worth of data;
 * the splits run in parallel (seeded per split, so results do not depend on the thread count).
 */
public final class Subsampling {
  private Subsampling() {}

  /** Values of the statistic per split: 2 halves and 4 quarters. */
  public static final int VALUES_PER_SPLIT = 6;

  /** Largest 2^{2β} accepted (β = 1: variance falling like 1/N²). */
  static final double MAX_RATE_FACTOR = 4;

  /** Smallest 2^{2β} accepted (β = 0: variance not falling with N). */
  static final double MIN_RATE_FACTOR = 1;

  /**
   * Runs the splits.
   *
   * @param scores the statistic on all rows, by id (the intervals' centres)
   * @param n N (≥ 8)
   * @param splits S (≥ 1)
   * @param seed the seed
   * @param statistic maps sorted row indices to named values; a subset on which it throws {@link
   *     IllegalArgumentException} is skipped
   * @param progress called once per finished split (from any thread)
   * @return score id to uncertainty (method {@link Uncertainty#SUBSAMPLING}), for ids with ≥ 2 half
   *     and ≥ 2 quarter values
   */
  public static Map<String, Uncertainty> run(
      Map<String, Double> scores,
      int n,
      int splits,
      long seed,
      Function<int[], Map<String, Double>> statistic,
      Runnable progress) {
    if (n < 8 || splits < 1) {
      throw new IllegalArgumentException(
          "subsampling needs N ≥ 8 and S ≥ 1, got N = " + n + " and S = " + splits);
    }
    SplittableRandom root = new SplittableRandom(seed);
    long[] seeds = new long[splits];
    for (int s = 0; s < splits; s++) {
      seeds[s] = root.nextLong();
    }
    AtomicReferenceArray<List<Map<String, Double>>> halves = new AtomicReferenceArray<>(splits);
    AtomicReferenceArray<List<Map<String, Double>>> quarters = new AtomicReferenceArray<>(splits);
    IntStream.range(0, splits)
        .parallel()
        .forEach(
            s -> {
              int[] perm = Arrays2.shuffled(n, new SplittableRandom(seeds[s]));
              halves.set(s, evaluate(perm, 2, statistic));
              quarters.set(s, evaluate(perm, 4, statistic));
              progress.run();
            });
    Map<String, List<Double>> h = collect(halves);
    Map<String, List<Double>> q = collect(quarters);
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    for (Map.Entry<String, Double> e : scores.entrySet()) {
      List<Double> hv = h.get(e.getKey());
      List<Double> qv = q.get(e.getKey());
      if (hv == null || qv == null || hv.size() < 2 || qv.size() < 2) {
        continue;
      }
      Uncertainty u = summarise(e.getValue(), toArray(hv), toArray(qv), splits, n);
      if (u != null) {
        out.put(e.getKey(), u);
      }
    }
    return out;
  }

  /**
   * Whether a subset that {@link #run} handed its statistic is one of a split's halves rather than
   * a quarter: the parts of N rows cut into p have ⌊N/p⌋ or ⌈N/p⌉ rows, so halves have at least
   * ⌊N/2⌋ and quarters at most ⌈N/4⌉, fewer for N ≥ 8.
   *
   * @param rows the subset's rows
   * @param n N (≥ 8)
   * @return true for a half
   */
  public static boolean isHalf(int rows, int n) {
    return rows >= n / 2;
  }

  /**
   * The interval of a lattice-valued statistic (UC) whose half and quarter values all equal the
   * score: a zero spread, but not certainty, since the estimator's mean lies between the lattice
   * points it takes. With none of the {@code values} subsample values moving, the probability that
   * one moves is below p = 3/values with 95% confidence (the rule of three, Hanley &amp;
   * Lippman-Hand 1983), and a move of one lattice step δ then has SE = δ·√(p(1 − p)); the interval
   * is score ± 1.96·SE (method and the other fields as {@code u}'s).
   *
   * @param u the zero-spread uncertainty
   * @param score the score
   * @param step the lattice step δ
   * @param values the subsample values that agreed (2S halves and 4S quarters)
   * @return the floored uncertainty
   */
  public static Uncertainty zeroSpreadFloor(Uncertainty u, double score, double step, int values) {
    double p = Math.min(1, 3.0 / values);
    double se = step * Math.sqrt(p * (1 - p));
    return Uncertainty.symmetric(
        score, se, Double.POSITIVE_INFINITY, u.method(), u.replicates(), u.bias(), u.n());
  }

  /**
   * The rate-corrected standard error from half and quarter values (see the class comment).
   *
   * @param score the statistic on all rows
   * @param halfValues the statistic on disjoint halves
   * @param quarterValues the statistic on disjoint quarters
   * @param splits S, recorded as {@code replicates}
   * @param n N, recorded
   * @return the uncertainty, or {@code null} when a value is not finite
   */
  public static Uncertainty summarise(
      double score, double[] halfValues, double[] quarterValues, int splits, int n) {
    if (!allFinite(halfValues) || !allFinite(quarterValues) || !Double.isFinite(score)) {
      return null;
    }
    double var = variance(halfValues, quarterValues);
    double se = Math.sqrt(var);
    double bias = StatUtils.mean(halfValues) - score;
    return Uncertainty.symmetric(
        score,
        se,
        degreesOfFreedom(var, halfValues, quarterValues, splits),
        Uncertainty.SUBSAMPLING,
        splits,
        bias,
        n);
  }

  /** SE² = 2·v₂/2^{2β} (see the class comment). */
  private static double variance(double[] halfValues, double[] quarterValues) {
    double v2 = StatUtils.variance(halfValues);
    double v4 = StatUtils.variance(quarterValues);
    double factor =
        v2 > 0
            ? Math.min(MAX_RATE_FACTOR, Math.max(MIN_RATE_FACTOR, (2.0 / 3.0) * v4 / v2))
            : MIN_RATE_FACTOR;
    return 2 * v2 / factor;
  }

  /**
   * The degrees of freedom of SE² (Satterthwaite, ν = 2·SE⁴/Var(SE²)), with Var(SE²) the
   * delete-one-split jackknife over the S splits (each split's 2 halves and 4 quarters left out
   * together); ∞ when the values are not 2 and 4 per split (a subset was skipped), S &lt; 3 or SE²
   * does not vary.
   */
  static double degreesOfFreedom(
      double var, double[] halfValues, double[] quarterValues, int splits) {
    if (splits < 3 || halfValues.length != 2 * splits || quarterValues.length != 4 * splits) {
      return Double.POSITIVE_INFINITY;
    }
    double[] leaveOut = new double[splits];
    for (int s = 0; s < splits; s++) {
      leaveOut[s] = variance(without(halfValues, 2 * s, 2), without(quarterValues, 4 * s, 4));
    }
    // (S−1)/S Σ (θ₍s₎ − θ̄)², written with the sample variance (ddof 1)
    double jack = (splits - 1.0) * (splits - 1.0) / splits * StatUtils.variance(leaveOut);
    return jack > 0 ? Math.max(1, 2 * var * var / jack) : Double.POSITIVE_INFINITY;
  }

  private static double[] without(double[] v, int from, int count) {
    double[] out = new double[v.length - count];
    System.arraycopy(v, 0, out, 0, from);
    System.arraycopy(v, from + count, out, from, v.length - from - count);
    return out;
  }

  private static List<Map<String, Double>> evaluate(
      int[] perm, int parts, Function<int[], Map<String, Double>> statistic) {
    List<Map<String, Double>> out = new ArrayList<>();
    int n = perm.length;
    for (int p = 0; p < parts; p++) {
      int from = (int) ((long) n * p / parts);
      int to = (int) ((long) n * (p + 1) / parts);
      int[] rows = Arrays.copyOfRange(perm, from, to);
      Arrays.sort(rows);
      try {
        out.add(statistic.apply(rows));
      } catch (IllegalArgumentException e) {
        // a subset on which the statistic is undefined (e.g. every factor constant) is skipped
      }
    }
    return out;
  }

  private static Map<String, List<Double>> collect(
      AtomicReferenceArray<List<Map<String, Double>>> perSplit) {
    Map<String, List<Double>> out = new LinkedHashMap<>();
    for (int s = 0; s < perSplit.length(); s++) {
      for (Map<String, Double> m : perSplit.get(s)) {
        m.forEach((k, v) -> out.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
      }
    }
    return out;
  }

  private static double[] toArray(List<Double> l) {
    return l.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static boolean allFinite(double[] v) {
    for (double x : v) {
      if (!Double.isFinite(x)) {
        return false;
      }
    }
    return true;
  }
}
