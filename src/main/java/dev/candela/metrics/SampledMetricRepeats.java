package dev.candela.metrics;

import dev.candela.CandelaException;
import dev.candela.data.FactorSampler;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Uncertainty;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The interval of BetaVAE and FactorVAE (Higgins et al., ICLR 2017; Kim and Mnih, ICML 2018), whose
 * score varies with the votes drawn, the classifier trained on them, and the N rows the votes are
 * drawn from. Two kinds of extra runs measure the two parts:
 *
 * <ul>
 *   <li><b>repeats</b>: R − 1 more runs on all rows with other seeds (fresh votes and classifier);
 *       their sample variance s²_R (with the score, R values, ddof 1) estimates the vote part V;
 *   <li><b>half-samples</b>: P pairs of runs on two disjoint random halves of the rows, each with
 *       its own seed; a pair's difference has variance 2·(2A/N + V) when the score's variance is
 *       A/N + V (rows part A/N, vote part V at fixed vote counts), so D = mean (a − b)² estimates
 *       4A/N + 2V.
 * </ul>
 *
 * <p>SE² = D/4 + s²_R/2 (an unbiased estimate of A/N + V), interval score ± t₀.₉₇₅,ν·SE with ν from
 * Welch–Satterthwaite over the two parts (D with P, s²_R with R − 1 degrees of freedom); an earlier
 * max(s²_R, D/4 + s²_R/2) was biased upwards where the rows part is small (coverage 0.995–1.0 at N
 * = 10⁴ in the coverage study), method {@link Uncertainty#REPEATS}, bias = mean of the R scores −
 * score. When the votes are drawn from the whole dataset (no rows to halve) only the repeats are
 * used. When all runs agree (no spread) the interval is the Wilson interval of the pooled votes
 * instead of a zero width. R = P = 10: with 5 and 5 the Welch–Satterthwaite ν was about 6 (mean t
 * multiplier 2.33), conservative at N = 10⁴ (coverage 0.990 and 0.995) while 1.96 was too narrow at
 * N = 1,000.
 *
 * <p>The binomial interval over the evaluation points, used before, saw only the evaluation votes:
 * the coverage study measured its SE at 0.6–0.75 of the spread over data sets (coverage 0.79 and
 * 0.88 at N = 1,000); repeats alone still gave 0.65–0.68, the rows supplying the rest.
 */
public final class SampledMetricRepeats {
  private SampledMetricRepeats() {}

  /** Runs on all rows (the first is the reported score). */
  public static final int REPEATS = 10;

  /** Pairs of runs on disjoint halves of the rows. */
  public static final int HALF_PAIRS = 10;

  /** Seed offset of the half-sample splits and runs. */
  static final long HALVES_SEED = 0x5eed_4a1fL;

  /** One run of a sampled metric on a sampler with the given options (their seed varies). */
  @FunctionalInterface
  public interface Run {
    /**
     * The score of one run.
     *
     * @param sampler draws the votes' samples
     * @param options the options of this run
     * @return its score
     * @throws CandelaException when the representation cannot be computed
     */
    double score(FactorSampler sampler, SampledMetricOptions options) throws CandelaException;
  }

  /**
   * The uncertainty of a score computed by {@code run} on {@code sampler} with {@code options}.
   *
   * @param score the reported score (the run with {@code options}' seed)
   * @param run one run
   * @param sampler the sampler of the score
   * @param indices the rows' sample indices when the sampler draws from rows (then {@code rowCodes}
   *     holds their factor codes, {@code [row][factor]}); {@code null} for a sampler over the whole
   *     dataset
   * @param rowCodes the rows' factor codes, or {@code null}
   * @param options the options of the score
   * @return the uncertainty, clipped to [0, 1]
   * @throws CandelaException when a run fails
   */
  public static Uncertainty of(
      double score,
      Run run,
      FactorSampler sampler,
      long[] indices,
      int[][] rowCodes,
      SampledMetricOptions options)
      throws CandelaException {
    double[] all = new double[REPEATS];
    all[0] = score;
    for (int r = 1; r < REPEATS; r++) {
      all[r] = run.score(sampler, options.withSeed(options.seed() + r));
    }
    double mean = Arrays.stream(all).average().orElseThrow();
    double s2r = variance(all, mean);
    double var = s2r;
    double df = REPEATS - 1;
    long n = sampler.size();
    if (indices != null && indices.length >= 4) {
      n = indices.length;
      SplittableRandom rng = new SplittableRandom(options.seed() + HALVES_SEED);
      double d = 0;
      for (int p = 0; p < HALF_PAIRS; p++) {
        FactorSampler[] h = halves(sampler, indices, rowCodes, rng);
        long s = options.seed() + HALVES_SEED + 2L * p + 1;
        double a = run.score(h[0], options.withSeed(s));
        double b = run.score(h[1], options.withSeed(s + 1));
        d += (a - b) * (a - b);
      }
      d /= HALF_PAIRS;
      double rows = d / 4;
      double votes = s2r / 2;
      var = rows + votes;
      if (var > 0) {
        df = var * var / (rows * rows / HALF_PAIRS + votes * votes / (REPEATS - 1));
      }
    }
    if (var == 0 && score >= 0 && score <= 1) {
      return agreeingRuns(score, mean, options, indices, n);
    }
    Uncertainty u =
        Uncertainty.symmetric(
            score,
            Math.sqrt(var),
            df,
            Uncertainty.REPEATS,
            REPEATS + (indices == null ? 0 : 2 * HALF_PAIRS),
            mean - score,
            (int) Math.min(Integer.MAX_VALUE, n));
    return u == null ? null : u.clipped(Math.min(0, score), Math.max(1, score));
  }

  /**
   * All runs gave the same score (e.g. BetaVAE 1.0 on well-separated codes): no spread to measure,
   * yet not certainty. The interval is then the Wilson interval of the R runs' pooled evaluation
   * votes (R · numEval points, all scored alike), SE its half-width / 1.96.
   */
  private static Uncertainty agreeingRuns(
      double score, double mean, SampledMetricOptions options, long[] indices, long n) {
    Uncertainty w = Uncertainty.binomial(score, REPEATS * options.numEval());
    double se = (w.ci95().get(1) - w.ci95().get(0)) / (2 * Uncertainty.Z95);
    return new Uncertainty(
        se,
        w.ci95(),
        Uncertainty.REPEATS,
        REPEATS + (indices == null ? 0 : 2 * HALF_PAIRS),
        mean - score,
        (int) Math.min(Integer.MAX_VALUE, n));
  }

  private static double variance(double[] v, double mean) {
    double ss = 0;
    for (double x : v) {
      ss += (x - mean) * (x - mean);
    }
    return ss / (v.length - 1);
  }

  /** Two samplers over a random split of the rows into disjoint halves. */
  private static FactorSampler[] halves(
      FactorSampler sampler, long[] indices, int[][] rowCodes, SplittableRandom rng) {
    int n = indices.length;
    int[] perm = Arrays2.shuffled(n, rng);
    FactorSampler[] out = new FactorSampler[2];
    for (int h = 0; h < 2; h++) {
      int from = h * (n / 2);
      int to = h == 0 ? n / 2 : n;
      long[] idx = new long[to - from];
      int[][] codes = new int[to - from][];
      for (int i = from; i < to; i++) {
        idx[i - from] = indices[perm[i]];
        codes[i - from] = rowCodes[perm[i]];
      }
      out[h] = FactorSampler.forCodes(sampler.space(), idx, codes);
    }
    return out;
  }
}
