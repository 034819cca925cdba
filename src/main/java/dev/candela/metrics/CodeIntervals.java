package dev.candela.metrics;

import dev.candela.Progress;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.MiJackknife;
import dev.candela.metrics.stats.Subsampling;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The intervals of the code metrics ({@link CodeScorer#uncertainty}), one method per kind of {@link
 * CodeMetric}, the replicates of a kind computed once for all its metrics (docs/evaluate.md,
 * measured by {@code bench coverage}):
 *
 * <ul>
 *   <li>{@link CodeMetric.Subsampled} (IRS, UC): {@link Subsampling} (halves and quarters of S
 *       random splits, rate estimated): both are built from extreme order statistics, whose spread
 *       shrinks slower than 1/√N.
 *   <li>{@link CodeMetric.Jackknifed} (MIG, Modularity): the delete-a-group jackknife of the
 *       mutual-information matrix ({@link MiJackknife}, G groups, counts subtracted, so it costs
 *       about one pass over the rows). The jackknife never duplicates rows, which the bootstrap
 *       does and which biases plug-in MI.
 *   <li>{@link CodeMetric.Refitted} (DCI, SAP, explicitness): refits/2 pairs of refits with the
 *       learners' seed unchanged: on two disjoint train and test sets of the split's own sizes when
 *       the caps leave rows for them ({@link Uncertainty#FULL_SIZE_PAIRS}; rate-free), else on
 *       complementary halves of the split's training and test rows ({@link
 *       Uncertainty#HALF_SAMPLES}).
 * </ul>
 */
public final class CodeIntervals {
  private CodeIntervals() {}

  /** Added to the scoring seed to seed the replicates. */
  static final long REPLICATE_SEED_OFFSET = 0x5EED_B007L;

  /**
   * The uncertainty of some metrics' scores (see {@link CodeScorer#uncertainty(CodeContext, List,
   * Map, CodeScorer.IntervalOptions, Progress)}).
   */
  static CodeScorer.Intervals of(
      CodeContext context,
      List<CodeMetric> metrics,
      Map<String, Double> scores,
      CodeScorer.IntervalOptions intervals,
      Progress steps) {
    // replicates and refits step their tasks from several threads
    Progress progress = Progress.threadSafe(steps);
    CodeScorer.Options options = context.options();
    long seed = options.seed() + REPLICATE_SEED_OFFSET;
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    Map<String, Object> details = new LinkedHashMap<>();
    out.putAll(
        subsampling(
            context,
            CodeScorer.of(metrics, CodeMetric.Subsampled.class),
            scores,
            intervals,
            seed,
            progress,
            details));
    out.putAll(
        jackknife(
            context, CodeScorer.of(metrics, CodeMetric.Jackknifed.class), scores, intervals, seed));
    List<CodeMetric.Refitted> refitted = CodeScorer.of(metrics, CodeMetric.Refitted.class);
    if (!refitted.isEmpty() && intervals.refits() > 0) {
      out.putAll(refits(context, refitted, scores, intervals.refits() / 2, seed, progress));
    }
    if (intervals.splits() > 0 || intervals.groups() > 0) {
      for (CodeMetric.Repeated m : CodeScorer.of(metrics, CodeMetric.Repeated.class)) {
        out.putAll(m.intervals(context, scores));
      }
    }
    out.keySet().retainAll(scores.keySet());
    // every score lies in [0, its metric's upper bound]: an interval never claims values it cannot
    // take
    Map<String, Double> upper = new java.util.HashMap<>();
    metrics.forEach(m -> m.keys(options).forEach(k -> upper.put(k, m.upperBound(k))));
    out.replaceAll(
        (k, u) ->
            u.clipped(
                Math.min(0, scores.get(k)), Math.max(upper.getOrDefault(k, 1.0), scores.get(k))));
    out.putAll(
        batched(context, CodeScorer.of(metrics, CodeMetric.Batched.class), scores, intervals));
    return new CodeScorer.Intervals(out, details);
  }

  /**
   * IRS and UC: {@link Subsampling} of all subsampled metrics at once (each split scores them on a
   * context of its rows), then each metric's {@link CodeMetric.Subsampled#adjust}; each metric's
   * {@link CodeMetric.Subsampled#halfSampleDetails} from its results on the halves go to {@code
   * details}.
   */
  private static Map<String, Uncertainty> subsampling(
      CodeContext context,
      List<CodeMetric.Subsampled> metrics,
      Map<String, Double> scores,
      CodeScorer.IntervalOptions intervals,
      long seed,
      Progress progress,
      Map<String, Object> details) {
    int n = context.numSamples();
    LatentCodes scored = context.scored();
    int splits = intervals.effectiveSplits(n, scored.numLatents(), scored.numFactors());
    if (metrics.isEmpty() || splits <= 0 || n < 8) {
      return Map.of();
    }
    Map<String, Uncertainty> out;
    // per metric, its results on the halves
    List<List<CodeMetric.Scored>> halves = new ArrayList<>();
    metrics.forEach(m -> halves.add(java.util.Collections.synchronizedList(new ArrayList<>())));
    try (Progress.Task task =
        progress.task(keysOf(metrics, context.options()) + " intervals", splits)) {
      out =
          Subsampling.run(
              scores,
              n,
              splits,
              seed,
              rows -> {
                CodeContext sub = context.onRows(rows);
                Map<String, Double> s = new LinkedHashMap<>();
                for (int i = 0; i < metrics.size(); i++) {
                  CodeMetric.Scored part = metrics.get(i).score(sub);
                  s.putAll(part.scores());
                  if (Subsampling.isHalf(rows.length, n)) {
                    halves.get(i).add(part);
                  }
                }
                return s;
              },
              task::step);
    }
    for (int i = 0; i < metrics.size(); i++) {
      details.putAll(metrics.get(i).halfSampleDetails(List.copyOf(halves.get(i)), context));
    }
    for (CodeMetric.Subsampled m : metrics) {
      for (String key : m.keys(context.options())) {
        Uncertainty u = out.get(key);
        if (u != null) {
          out.put(key, m.adjust(key, u, scores.get(key), context, splits));
        }
      }
    }
    return out;
  }

  /** The metrics' names for a progress bar: the first key of each up to its first '@' or '.'. */
  private static String keysOf(List<? extends CodeMetric> metrics, CodeScorer.Options options) {
    return String.join(
        "/", metrics.stream().map(m -> m.keys(options).get(0).replaceAll("[@.].*", "")).toList());
  }

  /**
   * MIG and Modularity: the delete-a-group jackknife of the mutual-information matrix ({@link
   * MiJackknife}, G groups, counts subtracted, about one pass over the rows), with the
   * leave-two-groups-out matrices when a metric takes the second-order correction.
   */
  private static Map<String, Uncertainty> jackknife(
      CodeContext context,
      List<CodeMetric.Jackknifed> metrics,
      Map<String, Double> scores,
      CodeScorer.IntervalOptions intervals,
      long seed) {
    int n = context.numSamples();
    int groups = Math.min(intervals.groups(), n / 2);
    if (metrics.isEmpty() || groups < 2) {
      return Map.of();
    }
    LatentCodes scored = context.scored();
    int bins = context.bins();
    int[] group = MiJackknife.randomGroups(n, groups, seed + 2);
    MiJackknife.Replicates one;
    MiJackknife.Replicates two = null;
    if (metrics.stream().anyMatch(CodeMetric.Jackknifed::secondOrder)) {
      MiJackknife.OneAndTwo both =
          MiJackknife.leaveOneAndTwoGroupsOut(
              scored.latents(), scored.factors(), bins, group, groups);
      one = both.one();
      two = both.two();
    } else {
      one = MiJackknife.leaveGroupOut(scored.latents(), scored.factors(), bins, group, groups);
    }
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    for (CodeMetric.Jackknifed m : metrics) {
      List<Map<String, Double>> leaveOne = replicates(m, one, bins);
      List<Map<String, Double>> leaveTwo = m.secondOrder() ? replicates(m, two, bins) : null;
      for (String key : m.keys(context.options())) {
        Double score = scores.get(key);
        if (score == null) {
          continue;
        }
        Uncertainty u =
            leaveTwo == null
                ? MiJackknife.summarise(score, values(leaveOne, key), n)
                : MiJackknife.summarise(score, values(leaveOne, key), values(leaveTwo, key), n);
        if (u != null) {
          out.put(key, u);
        }
      }
    }
    return out;
  }

  /** A jackknifed metric's scores on every replicate of the matrix (in parallel). */
  private static List<Map<String, Double>> replicates(
      CodeMetric.Jackknifed m, MiJackknife.Replicates r, int bins) {
    return java.util.stream.IntStream.range(0, r.mutualInformation().length)
        .parallel()
        .mapToObj(
            g ->
                m.fromMutualInformation(r.mutualInformation()[g], r.factorEntropy()[g], bins)
                    .scores())
        .toList();
  }

  private static double[] values(List<Map<String, Double>> replicates, String key) {
    return replicates.stream().mapToDouble(s -> s.get(key)).toArray();
  }

  /**
   * DCI, SAP, explicitness: pairs of refits of all refitted metrics, on two disjoint sets of the
   * split's own sizes when the caps leave rows for them, else on complementary halves of the
   * split's rows.
   */
  private static Map<String, Uncertainty> refits(
      CodeContext context,
      List<CodeMetric.Refitted> metrics,
      Map<String, Double> scores,
      int pairs,
      long seed,
      Progress progress) {
    CodeContext.Split split = context.split();
    int nTrain = split.train().numSamples();
    int nTest = split.test().numSamples();
    if (nTrain < 4 || nTest < 2) {
      return Map.of();
    }
    SplittableRandom root = new SplittableRandom(seed + 1);
    long[] seeds = new long[pairs];
    for (int p = 0; p < pairs; p++) {
      seeds[p] = root.nextLong();
    }
    java.util.concurrent.atomic.AtomicReferenceArray<Map<String, Double>> results =
        new java.util.concurrent.atomic.AtomicReferenceArray<>(2 * pairs);
    try (Progress.Task task =
        progress.task(keysOf(metrics, context.options()) + " refits", 2L * pairs)) {
      refit(context, split, metrics, seeds, results, task);
    }
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    for (CodeMetric.Refitted m : metrics) {
      for (String key : m.keys(context.options())) {
        Double score = scores.get(key);
        if (score == null) {
          continue;
        }
        List<double[]> done = new ArrayList<>();
        for (int p = 0; p < pairs; p++) {
          Map<String, Double> a = results.get(2 * p);
          Map<String, Double> b = results.get(2 * p + 1);
          if (a != null && b != null && a.get(key) != null && b.get(key) != null) {
            done.add(new double[] {a.get(key), b.get(key)});
          }
        }
        Uncertainty u = Uncertainty.ofPairs(score, done, nTrain + nTest, split.poolsHoldTwo());
        if (u != null) {
          out.put(key, u);
        }
      }
    }
    return out;
  }

  private static void refit(
      CodeContext context,
      CodeContext.Split split,
      List<CodeMetric.Refitted> metrics,
      long[] seeds,
      java.util.concurrent.atomic.AtomicReferenceArray<Map<String, Double>> results,
      Progress.Task task) {
    LatentCodes scored = context.scored();
    boolean fullSize = split.poolsHoldTwo();
    java.util.stream.IntStream.range(0, results.length())
        .parallel()
        .forEach(
            r -> {
              SplittableRandom rng = new SplittableRandom(seeds[r / 2]);
              int side = r % 2;
              LatentCodes train;
              LatentCodes test;
              if (fullSize) {
                int nTrain = split.train().numSamples();
                int nTest = split.test().numSamples();
                int[] tr = Arrays2.shuffled(split.cut(), rng);
                int[] te = Arrays2.shuffled(split.perm().length - split.cut(), rng);
                train = scored.rows(poolRows(split.perm(), 0, tr, side * nTrain, nTrain));
                test = scored.rows(poolRows(split.perm(), split.cut(), te, side * nTest, nTest));
              } else {
                int[] tr = Arrays2.shuffled(split.train().numSamples(), rng);
                int[] te = Arrays2.shuffled(split.test().numSamples(), rng);
                train = split.train().rows(half(tr, side));
                test = split.test().rows(half(te, side));
              }
              Map<String, Double> s = new LinkedHashMap<>();
              try {
                for (CodeMetric.Refitted m : metrics) {
                  s.putAll(m.fit(train, test, context.options()).scores());
                }
              } catch (IllegalArgumentException e) {
                s = null;
              }
              results.set(r, s);
              task.step();
            });
  }

  /** Rows {@code perm[offset + order[from..from+count)]}, sorted. */
  private static int[] poolRows(int[] perm, int offset, int[] order, int from, int count) {
    int[] rows = new int[count];
    for (int i = 0; i < count; i++) {
      rows[i] = perm[offset + order[from + i]];
    }
    java.util.Arrays.sort(rows);
    return rows;
  }

  private static int[] half(int[] perm, int side) {
    int cut = perm.length / 2;
    int[] h =
        side == 0
            ? java.util.Arrays.copyOfRange(perm, 0, cut)
            : java.util.Arrays.copyOfRange(perm, cut, 2 * cut);
    java.util.Arrays.sort(h);
    return h;
  }

  /**
   * The uncertainty from pairs of scores on complementary halves: SE² = Σ (a − b)²/(4P), interval
   * score ± t_{0.975, P}·SE, bias = mean of the half-size scores − score.
   *
   * @param score the score on all rows
   * @param pairs the (a, b) pairs
   * @param n rows behind the score
   * @return the uncertainty ({@link Uncertainty#HALF_SAMPLES}), or {@code null} without a pair
   */
  public static Uncertainty halfSamples(double score, List<double[]> pairs, int n) {
    return Uncertainty.ofPairs(score, pairs, n, false);
  }

  /**
   * The uncertainty from pairs of scores on disjoint train and test sets of the score's own sizes
   * (drawn from the rows the caps leave): a pair's scores are two independent draws of the
   * estimator, so SE² = Σ (a − b)²/(2P) whatever its rate; interval score ± t_{0.975, P}·SE, no
   * bias estimate (0: the pairs are at the score's own size).
   *
   * @param score the score on the fixed split
   * @param pairs the (a, b) pairs
   * @param n rows behind the score
   * @return the uncertainty ({@link Uncertainty#FULL_SIZE_PAIRS}), or {@code null} without a pair
   */
  public static Uncertainty fullSizePairs(double score, List<double[]> pairs, int n) {
    return Uncertainty.ofPairs(score, pairs, n, true);
  }

  /**
   * FoS, randFoS: the standard error of the mean of each score's batch statistics, with the rows'
   * share of the variance added for batches drawn with replacement ({@link
   * CodeMetric.Batched#rowShare}), when intervals are asked for (splits or groups above 0); the
   * interval clipped at 0 (no upper bound).
   */
  private static Map<String, Uncertainty> batched(
      CodeContext context,
      List<CodeMetric.Batched> metrics,
      Map<String, Double> scores,
      CodeScorer.IntervalOptions intervals) {
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    if (intervals.splits() == 0 && intervals.groups() == 0) {
      return out;
    }
    for (CodeMetric.Batched m : metrics) {
      m.batchTerms(context)
          .forEach(
              (key, terms) -> {
                if (scores.containsKey(key) && terms.length >= 2) {
                  Uncertainty u = Uncertainty.ofMean(terms);
                  double share = m.rowShare(key, context);
                  if (u != null && share > 0) {
                    double se = u.se() * Math.sqrt(1 + share * terms.length);
                    double mean = org.apache.commons.math3.stat.StatUtils.mean(terms);
                    u =
                        Uncertainty.symmetric(
                            mean, se, terms.length - 1, Uncertainty.MEAN, terms.length, 0, 0);
                  }
                  if (u != null) {
                    out.put(
                        key, u.clipped(0, Double.POSITIVE_INFINITY).withN(context.numSamples()));
                  }
                }
              });
    }
    return out;
  }
}
