package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.DiscreteMutualInfo;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.MiJackknife;
import dev.candela.metrics.stats.Subsampling;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Scores a representation with a chosen set of metrics and collects the flat score map, the details
 * and the warnings. This is the one place that decides which rows and factors each metric sees,
 * shared by {@code score-codes} and checkpoint evaluation.
 *
 * <p>Conventions (documented in the README):
 *
 * <ul>
 *   <li>IRS, UC, MIG and Modularity use all N rows (their cost is linear in N).
 *   <li>DCI, SAP and Explicitness train on {@code min(maxTrain, round(f·N))} shuffled rows and test
 *       on {@code min(maxTest, N − round(f·N))} of the rest (disentanglement_lib defaults: 10,000
 *       and 5,000).
 *   <li>IRS re-bins factor values into equal-width bins like disentanglement_lib (identity for
 *       integer codes with at most bins+1 evenly spaced values); the other metrics use the codes.
 *   <li>A factor with a single value carries no information to capture: it is excluded from every
 *       metric, with a warning; if no factor has two values the run fails.
 *   <li>Constant latents are dropped by IRS (as the reference does), with a warning.
 * </ul>
 */
public final class CodeScorer {

  private CodeScorer() {}

  /**
   * Scoring options.
   *
   * @param metrics the metric families
   * @param rhos the UC sizes ρ
   * @param ucModes the UC selection modes
   * @param factorBins IRS factor re-binning (0 = none)
   * @param trainFraction fraction of rows for training the learned metrics, in (0, 1)
   * @param maxTrain cap on training rows
   * @param maxTest cap on test rows
   * @param seed the seed for the split and the learners
   * @param dciLearner the classifier DCI fits per factor
   */
  public record Options(
      Set<Metric> metrics,
      List<Integer> rhos,
      Set<UcSelection> ucModes,
      int factorBins,
      double trainFraction,
      int maxTrain,
      int maxTest,
      long seed,
      DciLearner dciLearner) {

    /**
     * Options with the default DCI learner ({@link DciLearner#DEFAULT}).
     *
     * @param metrics the metric families
     * @param rhos the UC sizes ρ
     * @param ucModes the UC selection modes
     * @param factorBins IRS factor re-binning (0 = none)
     * @param trainFraction fraction of rows for training the learned metrics, in (0, 1)
     * @param maxTrain cap on training rows
     * @param maxTest cap on test rows
     * @param seed the seed for the split and the learners
     */
    public Options(
        Set<Metric> metrics,
        List<Integer> rhos,
        Set<UcSelection> ucModes,
        int factorBins,
        double trainFraction,
        int maxTrain,
        int maxTest,
        long seed) {
      this(
          metrics,
          rhos,
          ucModes,
          factorBins,
          trainFraction,
          maxTrain,
          maxTest,
          seed,
          DciLearner.DEFAULT);
    }

    /**
     * The same options with another DCI learner.
     *
     * @param learner the learner
     * @return a copy
     */
    public Options withDciLearner(DciLearner learner) {
      return new Options(
          metrics, rhos, ucModes, factorBins, trainFraction, maxTrain, maxTest, seed, learner);
    }

    /** The default fraction of rows used for training (10,000 : 5,000 as the reference). */
    public static final double DEFAULT_TRAIN_FRACTION = 2.0 / 3.0;

    /** disentanglement_lib's num_train. */
    public static final int DEFAULT_MAX_TRAIN = 10_000;

    /** disentanglement_lib's num_test. */
    public static final int DEFAULT_MAX_TEST = 5_000;

    /** Validates ranges. */
    public Options {
      metrics = metrics.isEmpty() ? EnumSet.noneOf(Metric.class) : EnumSet.copyOf(metrics);
      rhos = List.copyOf(rhos);
      java.util.Objects.requireNonNull(dciLearner, "dciLearner");
      ucModes = ucModes.isEmpty() ? EnumSet.noneOf(UcSelection.class) : EnumSet.copyOf(ucModes);
      if (metrics.isEmpty()) {
        throw new IllegalArgumentException("no metric requested");
      }
      for (Metric m : metrics) {
        if (m.kind() != Metric.Kind.CODES) {
          throw new IllegalArgumentException(
              m.id()
                  + " is not computed from codes (code metrics: "
                  + Metric.of(Metric.Kind.CODES)
                  + ")");
        }
      }
      for (int rho : rhos) {
        if (rho < 1) {
          throw new IllegalArgumentException("ρ must be ≥ 1, got " + rho);
        }
      }
      if (metrics.contains(Metric.UC) && (rhos.isEmpty() || ucModes.isEmpty())) {
        throw new IllegalArgumentException("UC needs at least one ρ and one selection mode");
      }
      if (factorBins < 0 || factorBins == 1) {
        throw new IllegalArgumentException(
            "factor bins must be 0 (none) or ≥ 2, got " + factorBins);
      }
      if (!(trainFraction > 0 && trainFraction < 1)) {
        throw new IllegalArgumentException(
            "train fraction must be in (0, 1), got " + trainFraction);
      }
      if (maxTrain < 2 || maxTest < 1) {
        throw new IllegalArgumentException(
            "max train must be ≥ 2 and max test ≥ 1, got " + maxTrain + " and " + maxTest);
      }
    }

    /**
     * Defaults for all metrics: ρ = 1, top-k selection, 20 factor bins, seed 0.
     *
     * @return the options
     */
    public static Options defaults() {
      return new Options(
          Metric.of(Metric.Kind.CODES),
          List.of(1),
          EnumSet.of(UcSelection.TOPK),
          HistogramDiscretizer.DEFAULT_BINS,
          DEFAULT_TRAIN_FRACTION,
          DEFAULT_MAX_TRAIN,
          DEFAULT_MAX_TEST,
          0);
    }

    /**
     * The options as a JSON-friendly map for provenance.
     *
     * @return name to value
     */
    public Map<String, Object> asMap() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put(
          "metrics",
          metrics.stream().map(x -> x.name().toLowerCase(java.util.Locale.ROOT)).toList());
      m.put("rho", rhos);
      m.put(
          "ucSelection",
          ucModes.stream().map(x -> x.name().toLowerCase(java.util.Locale.ROOT)).toList());
      m.put("factorBins", factorBins == 0 ? "none" : factorBins);
      m.put("trainFraction", trainFraction);
      m.put("maxTrain", maxTrain);
      m.put("maxTest", maxTest);
      m.put("seed", seed);
      m.put("dciLearner", dciLearner.id());
      return m;
    }
  }

  /**
   * The outcome of scoring.
   *
   * @param scores flat metric id to score, in a stable order
   * @param details metric id to the result record that produced it
   * @param warnings what was dropped or excluded, and why
   * @param factorNames the factors that were scored
   * @param irs the IRS result when IRS was computed, else {@code null}
   */
  public record Scores(
      Map<String, Double> scores,
      Map<String, Object> details,
      List<String> warnings,
      List<String> factorNames,
      IrsResult irs) {
    /** Freezes the collections. */
    public Scores {
      scores = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scores));
      details = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(details));
      warnings = List.copyOf(warnings);
      factorNames = List.copyOf(factorNames);
    }
  }

  /**
   * Scores codes.
   *
   * @param codes the representation
   * @param vocabularies per factor, the value behind each code (numbers as Double; used for IRS
   *     re-binning), or {@code null} to treat codes as the values
   * @param options what to compute
   * @return scores, details and warnings
   * @throws IllegalArgumentException when no factor has two values, or a metric's contract is
   *     violated (e.g. ρ larger than the number of active latents)
   */
  public static Scores score(LatentCodes codes, List<List<Object>> vocabularies, Options options) {
    return score(codes, vocabularies, options, true);
  }

  /**
   * Reports progress of the uncertainty work (a progress bar on the command line). Steps may be
   * reported from several threads.
   */
  public interface Progress {
    /** No progress reporting. */
    Progress NONE = (name, total) -> Task.NONE;

    /**
     * Starts a task.
     *
     * @param name short name
     * @param total steps
     * @return the task, to step and close
     */
    Task task(String name, long total);

    /** A task under way. */
    interface Task extends AutoCloseable {
      /** A task that reports nothing. */
      Task NONE =
          new Task() {
            @Override
            public void step() {}

            @Override
            public void close() {}
          };

      /** One step done (thread-safe). */
      void step();

      /** The task is over. */
      @Override
      void close();
    }
  }

  /**
   * How the uncertainty of the code metrics is computed (see {@link #uncertainty}).
   *
   * @param splits S, the subsampling splits for IRS and UC (≥ 0; 0 = no interval for them)
   * @param groups G, the jackknife groups for MIG and Modularity (0 = none, else ≥ 2; capped at
   *     N/2)
   * @param refits the half-sample refits of DCI, SAP and explicitness (0 = none, else even ≥ 2:
   *     refits/2 complementary pairs)
   * @param workBudget latent-factor cells the subsampling may visit: S is reduced to fit 2·S·N·D·F
   *     into it (see {@link #effectiveSplits})
   */
  public record IntervalOptions(int splits, int groups, int refits, long workBudget) {
    /** Default S. */
    public static final int DEFAULT_SPLITS = 20;

    /** Default G. */
    public static final int DEFAULT_GROUPS = 100;

    /** Default refits (5 pairs). */
    public static final int DEFAULT_REFITS = 10;

    /**
     * Default work budget of the subsampling: 10⁸ latent-factor cells (2·S·N·D·F), a few seconds on
     * one core; e.g. S = 20 up to N = 10⁴ with 10 latents and 5 factors, and no IRS interval at N =
     * 10⁶ with 64 latents, where one split would cost twice the score itself.
     */
    public static final long DEFAULT_WORK_BUDGET = 100_000_000L;

    /** Validates. */
    public IntervalOptions {
      if (splits < 0 || groups < 0 || groups == 1 || refits < 0 || refits % 2 != 0) {
        throw new IllegalArgumentException(
            "splits must be ≥ 0, groups 0 or ≥ 2, refits even and ≥ 0; got "
                + splits
                + ", "
                + groups
                + " and "
                + refits);
      }
      if (workBudget < 0) {
        throw new IllegalArgumentException("work budget must be ≥ 0, got " + workBudget);
      }
    }

    /**
     * The defaults.
     *
     * @return S = 20, G = 100, 10 refits, the default work budget
     */
    public static IntervalOptions defaults() {
      return new IntervalOptions(
          DEFAULT_SPLITS, DEFAULT_GROUPS, DEFAULT_REFITS, DEFAULT_WORK_BUDGET);
    }

    /**
     * The options of the command line: {@code --replicates R} gives S = R splits and G = 5R groups
     * (R = 20: S = 20, G = 100), {@code --refits} the refits, with the default row budget.
     *
     * @param replicates R (≥ 0; 0 = no subsampling or jackknife)
     * @param refits refits (even, ≥ 0)
     * @return the options
     * @throws IllegalArgumentException for a negative R or an odd refit count
     */
    public static IntervalOptions of(int replicates, int refits) {
      if (replicates < 0 || refits < 0 || refits % 2 != 0) {
        throw new IllegalArgumentException(
            "replicates must be ≥ 0 and refits even and ≥ 0, got " + replicates + " and " + refits);
      }
      return new IntervalOptions(replicates, 5 * replicates, refits, DEFAULT_WORK_BUDGET);
    }

    /**
     * No intervals.
     *
     * @return all zero
     */
    public static IntervalOptions none() {
      return new IntervalOptions(0, 0, 0, 0);
    }

    /**
     * The splits used on N rows of D latents and F factors: S, reduced so that the work of the
     * splits, 2·S·N·D·F (latent-factor cells, each visited once per evaluation of IRS), stays
     * within the work budget; 0 when fewer than {@link #MIN_SPLITS} splits fit (IRS and UC then get
     * no interval, and the report says so).
     *
     * @param n N
     * @param latents D
     * @param factors F
     * @return the effective S
     */
    public int effectiveSplits(int n, int latents, int factors) {
      if (splits == 0) {
        return 0;
      }
      long cells = 2L * Math.max(1, n) * Math.max(1, latents) * Math.max(1, factors);
      long affordable = workBudget / cells;
      if (affordable < Math.min(splits, MIN_SPLITS)) {
        return 0;
      }
      return (int) Math.min(splits, affordable);
    }
  }

  /** The fewest subsampling splits the row budget may leave. */
  public static final int MIN_SPLITS = 4;

  /**
   * The uncertainty of every score, with a method chosen per estimator (docs/evaluate.md, measured
   * by {@code bench coverage}):
   *
   * <ul>
   *   <li>IRS and UC: {@link Subsampling} (halves and quarters of S random splits, rate estimated):
   *       both are built from extreme order statistics, whose spread shrinks slower than 1/√N.
   *   <li>MIG and Modularity: the delete-a-group jackknife of the mutual-information matrix ({@link
   *       MiJackknife}, G groups, counts subtracted, so it costs about one pass over the rows). The
   *       jackknife never duplicates rows, which the bootstrap does and which biases plug-in MI.
   *   <li>DCI, SAP, explicitness: refits/2 pairs of refits with the learners' seed unchanged: on
   *       two disjoint train and test sets of the split's own sizes when the caps leave rows for
   *       them ({@link Uncertainty#FULL_SIZE_PAIRS}; rate-free, measured on DCI whose spread
   *       shrinks slower than 1/√N), else on complementary halves of the split's training and test
   *       rows ({@link Uncertainty#HALF_SAMPLES}).
   * </ul>
   *
   * Every result records the rows its score was computed on ({@link Uncertainty#n()}), and every
   * interval is clipped to [0, 1], the range of all these scores ({@link Uncertainty#clipped}): a
   * normal interval around UC (a few discrete values) or a MIG near 0 would otherwise reach past
   * it.
   *
   * @param codes the representation
   * @param vocabularies as for {@link #score}
   * @param options what to compute (its seed also seeds the replicates)
   * @param scores the scores of {@link #score} on all rows (the intervals' centres)
   * @param intervals the replicate counts
   * @param progress progress of the replicates
   * @return score id to uncertainty, keyed like {@link Scores#scores()}
   */
  public static Map<String, Uncertainty> uncertainty(
      LatentCodes codes,
      List<List<Object>> vocabularies,
      Options options,
      Map<String, Double> scores,
      IntervalOptions intervals,
      Progress progress) {
    long seed = options.seed() + REPLICATE_SEED_OFFSET;
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    Set<Metric> m = options.metrics();
    int n = codes.numSamples();
    LatentCodes scored = codes.selectFactors(variableFactors(codes));
    int splits = intervals.effectiveSplits(n, codes.numLatents(), scored.numFactors());
    if ((m.contains(Metric.IRS) || m.contains(Metric.UC)) && splits > 0 && n >= 8) {
      Set<Metric> sub = EnumSet.noneOf(Metric.class);
      if (m.contains(Metric.IRS)) {
        sub.add(Metric.IRS);
      }
      if (m.contains(Metric.UC)) {
        sub.add(Metric.UC);
      }
      Options o = withMetrics(options, sub);
      try (Progress.Task task = progress.task("irs/uc intervals", splits)) {
        out.putAll(
            Subsampling.run(
                scores,
                n,
                splits,
                seed,
                idx -> score(codes.rows(idx), vocabularies, o, false).scores(),
                task::step));
      }
      for (int rho : options.rhos()) {
        for (UcSelection mode : options.ucModes()) {
          String key = ucKey(rho, mode);
          Uncertainty u = out.get(key);
          if (u != null && u.se() == 0 && scored.numFactors() >= 2) {
            out.put(
                key,
                Subsampling.zeroSpreadFloor(
                    u,
                    scores.get(key),
                    Uc.step(scored.numFactors(), rho),
                    Subsampling.VALUES_PER_SPLIT * splits));
          }
        }
      }
    }
    int groups = Math.min(intervals.groups(), n / 2);
    if ((m.contains(Metric.MIG) || m.contains(Metric.MODULARITY)) && groups >= 2) {
      int bins = HistogramDiscretizer.DEFAULT_BINS;
      int[] group = MiJackknife.randomGroups(n, groups, seed + 2);
      MiJackknife.Replicates one;
      MiJackknife.Replicates two = null; // only Modularity's interval uses the second-order terms
      if (m.contains(Metric.MODULARITY)) {
        MiJackknife.OneAndTwo both =
            MiJackknife.leaveOneAndTwoGroupsOut(
                scored.latents(), scored.factors(), bins, group, groups);
        one = both.one();
        two = both.two();
      } else {
        one = MiJackknife.leaveGroupOut(scored.latents(), scored.factors(), bins, group, groups);
      }
      if (m.contains(Metric.MIG)) {
        // the plain jackknife: honest for MIG in the coverage study (SE/SD 1.18 and 0.98), while
        // the second-order correction took it to 0.84 and 0.81
        putJackknife(
            out,
            scores,
            "mig",
            (mi, h) -> Mig.fromMutualInformation(mi, h, bins).score(),
            one,
            null,
            n);
      }
      if (m.contains(Metric.MODULARITY)) {
        // Modularity's noise latents have near-zero MI, a degenerate statistic the plain
        // jackknife overstates (SE/SD 1.5): the Efron–Stein correction (SE/SD 1.06 and 0.99)
        putJackknife(
            out,
            scores,
            "modularity",
            (mi, h) -> Modularity.fromMutualInformation(mi, bins).score(),
            one,
            two,
            n);
      }
    }
    boolean learned =
        m.contains(Metric.DCI) || m.contains(Metric.SAP) || m.contains(Metric.MODULARITY);
    if (learned && intervals.refits() > 0) {
      out.putAll(halfSampleRefits(scored, options, scores, intervals.refits() / 2, seed, progress));
    }
    out.keySet().retainAll(scores.keySet());
    // every code metric lies in [0, 1]: an interval never claims values the score cannot take
    out.replaceAll((k, u) -> u.clipped(Math.min(0, scores.get(k)), Math.max(1, scores.get(k))));
    return out;
  }

  /** A score as a function of a mutual-information matrix and the factor entropies. */
  private interface MiStatistic {
    double apply(double[][] mutualInformation, double[] factorEntropy);
  }

  private static void putJackknife(
      Map<String, Uncertainty> out,
      Map<String, Double> scores,
      String key,
      MiStatistic statistic,
      MiJackknife.Replicates one,
      MiJackknife.Replicates two, // leave-two-groups-out, or null for the plain jackknife
      int n) {
    Double score = scores.get(key);
    if (score == null) {
      return;
    }
    double[] leaveOne = new double[one.mutualInformation().length];
    for (int g = 0; g < leaveOne.length; g++) {
      leaveOne[g] = statistic.apply(one.mutualInformation()[g], one.factorEntropy()[g]);
    }
    Uncertainty u;
    if (two == null) {
      u = MiJackknife.summarise(score, leaveOne, n);
    } else {
      double[] leaveTwo = new double[two.mutualInformation().length];
      java.util.stream.IntStream.range(0, leaveTwo.length)
          .parallel()
          .forEach(
              p ->
                  leaveTwo[p] =
                      statistic.apply(two.mutualInformation()[p], two.factorEntropy()[p]));
      u = MiJackknife.summarise(score, leaveOne, leaveTwo, n);
    }
    if (u != null) {
      out.put(key, u);
    }
  }

  /** Refits of the learned metrics on complementary halves of the training and test rows. */
  private static Map<String, Uncertainty> halfSampleRefits(
      LatentCodes scored,
      Options options,
      Map<String, Double> scores,
      int pairs,
      long seed,
      Progress progress) {
    Set<Metric> m = options.metrics();
    Split split = split(scored, options);
    int nTrain = split.train.numSamples();
    int nTest = split.test.numSamples();
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
    try (Progress.Task task = progress.task("dci/sap/explicitness refits", 2L * pairs)) {
      refit(scored, split, options, seeds, results, task);
    }
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    for (String key :
        List.of(
            "dci.disentanglement",
            "dci.completeness",
            "dci.informativeness",
            "sap",
            "explicitness")) {
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
      Uncertainty u = fromPairs(score, done, nTrain + nTest, split.poolsHoldTwo());
      if (u != null) {
        out.put(key, u);
      }
    }
    return out;
  }

  private static void refit(
      LatentCodes scored,
      Split split,
      Options options,
      long[] seeds,
      java.util.concurrent.atomic.AtomicReferenceArray<Map<String, Double>> results,
      Progress.Task task) {
    Set<Metric> m = options.metrics();
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
                int nTrain = split.train.numSamples();
                int nTest = split.test.numSamples();
                int[] tr = Arrays2.shuffled(split.cut, rng);
                int[] te = Arrays2.shuffled(split.perm.length - split.cut, rng);
                train = scored.rows(poolRows(split.perm, 0, tr, side * nTrain, nTrain));
                test = scored.rows(poolRows(split.perm, split.cut, te, side * nTest, nTest));
              } else {
                int[] tr = Arrays2.shuffled(split.train.numSamples(), rng);
                int[] te = Arrays2.shuffled(split.test.numSamples(), rng);
                train = split.train.rows(half(tr, side));
                test = split.test.rows(half(te, side));
              }
              Map<String, Double> s = new LinkedHashMap<>();
              try {
                if (m.contains(Metric.DCI)) {
                  DciResult dci = Dci.compute(train, test, options.seed(), options.dciLearner());
                  s.put("dci.disentanglement", dci.disentanglement());
                  s.put("dci.completeness", dci.completeness());
                  s.put("dci.informativeness", dci.informativeness());
                }
                if (m.contains(Metric.SAP)) {
                  s.put("sap", Sap.compute(train, test, options.seed()).sap());
                }
                if (m.contains(Metric.MODULARITY)) {
                  s.put(
                      "explicitness",
                      Explicitness.compute(train, test, options.seed()).explicitness());
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
    return fromPairs(score, pairs, n, false);
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
    return fromPairs(score, pairs, n, true);
  }

  /**
   * SE² = Σ (a − b)²/(2P) for pairs at the score's own size, Σ (a − b)²/(4P) for halves (whose
   * variance is twice the score's at the √N rate); t with P degrees of freedom; bias 0 or the mean
   * half-size score − score.
   */
  private static Uncertainty fromPairs(
      double score, List<double[]> pairs, int n, boolean fullSize) {
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
    String method = fullSize ? Uncertainty.FULL_SIZE_PAIRS : Uncertainty.HALF_SAMPLES;
    double bias = fullSize ? 0 : sum / (2.0 * p) - score;
    return Uncertainty.symmetric(score, se, p, method, 2 * p, bias, n);
  }

  private static String ucKey(int rho, UcSelection mode) {
    return "uc@" + rho + (mode == UcSelection.FORK ? ".fork" : "");
  }

  private static Options withMetrics(Options o, Set<Metric> metrics) {
    return new Options(
        metrics,
        o.rhos(),
        o.ucModes(),
        o.factorBins(),
        o.trainFraction(),
        o.maxTrain(),
        o.maxTest(),
        o.seed(),
        o.dciLearner());
  }

  /** Added to the scoring seed to seed the replicates. */
  static final long REPLICATE_SEED_OFFSET = 0x5EED_B007L;

  private static int[] variableFactors(LatentCodes codes) {
    List<Integer> keep = new ArrayList<>();
    for (int f = 0; f < codes.numFactors(); f++) {
      if (distinctCount(codes.factors()[f]) >= 2) {
        keep.add(f);
      }
    }
    return keep.stream().mapToInt(Integer::intValue).toArray();
  }

  /**
   * Scores codes, optionally without the learned metrics.
   *
   * @param codes the representation
   * @param vocabularies as for {@link #score(LatentCodes, List, Options)}
   * @param options what to compute
   * @param learned whether DCI, SAP and explicitness are computed (false: only the metrics on all
   *     rows)
   * @return scores, details and warnings
   */
  public static Scores score(
      LatentCodes codes, List<List<Object>> vocabularies, Options options, boolean learned) {
    List<String> warnings = new ArrayList<>();
    // 1. Factors with a single value are excluded everywhere.
    List<Integer> keep = new ArrayList<>();
    for (int f = 0; f < codes.numFactors(); f++) {
      if (distinctCount(codes.factors()[f]) < 2) {
        warnings.add(
            "factor '"
                + codes.factorNames().get(f)
                + "' has a single value; it is excluded from every metric");
      } else {
        keep.add(f);
      }
    }
    if (keep.isEmpty()) {
      throw new IllegalArgumentException(
          "no factor has two or more values (factors: " + codes.factorNames() + ")");
    }
    int[] keepIdx = keep.stream().mapToInt(Integer::intValue).toArray();
    LatentCodes scored = keep.size() == codes.numFactors() ? codes : codes.selectFactors(keepIdx);
    List<List<Object>> vocab = null;
    if (vocabularies != null) {
      vocab = new ArrayList<>();
      for (int f : keepIdx) {
        vocab.add(vocabularies.get(f));
      }
    }

    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Object> details = new LinkedHashMap<>();
    Set<Metric> m = options.metrics();
    IrsResult irs = null;

    if (m.contains(Metric.IRS) || m.contains(Metric.UC)) {
      LatentCodes binned = binFactors(scored, vocab, options.factorBins());
      irs = Irs.compute(binned, new IrsOptions(IrsOptions.DEFAULTS.diffQuantile(), 0));
      for (int j : irs.droppedLatents()) {
        warnings.add(
            "latent '"
                + codes.latentNames().get(j)
                + "' is constant; IRS and UC drop it, as the reference does");
      }
      if (m.contains(Metric.IRS)) {
        scores.put("irs", irs.score());
        details.put("irs", irs);
      }
      if (m.contains(Metric.UC)) {
        Map<String, Object> ucDetails = new LinkedHashMap<>();
        for (int rho : options.rhos()) {
          for (UcSelection mode : options.ucModes()) {
            UcResult uc = Uc.compute(irs, rho, mode);
            String key = ucKey(rho, mode);
            scores.put(key, uc.score());
            ucDetails.put(key, uc);
          }
        }
        details.put("uc", ucDetails);
      }
    }
    if (m.contains(Metric.MIG) || m.contains(Metric.MODULARITY)) {
      int bins = HistogramDiscretizer.DEFAULT_BINS;
      double[][] mi =
          DiscreteMutualInfo.latentFactorMatrix(scored.latents(), scored.factors(), bins);
      if (m.contains(Metric.MIG)) {
        MigResult mig =
            Mig.fromMutualInformation(
                mi, DiscreteMutualInfo.factorEntropies(scored.factors()), bins);
        scores.put("mig", mig.score());
        details.put("mig", mig);
      }
      if (m.contains(Metric.MODULARITY)) {
        ModularityResult mod = Modularity.fromMutualInformation(mi, bins);
        scores.put("modularity", mod.score());
        details.put("modularity", mod);
      }
    }
    if (learned
        && (m.contains(Metric.DCI) || m.contains(Metric.SAP) || m.contains(Metric.MODULARITY))) {
      Split split = split(scored, options);
      Map<String, Object> sizes = new LinkedHashMap<>();
      sizes.put("train", split.train.numSamples());
      sizes.put("test", split.test.numSamples());
      details.put("split", sizes);
      if (m.contains(Metric.DCI)) {
        DciResult dci = Dci.compute(split.train, split.test, options.seed(), options.dciLearner());
        scores.put("dci.disentanglement", dci.disentanglement());
        scores.put("dci.completeness", dci.completeness());
        scores.put("dci.informativeness", dci.informativeness());
        details.put("dci", dci);
      }
      if (m.contains(Metric.SAP)) {
        SapResult sap = Sap.compute(split.train, split.test, options.seed());
        scores.put("sap", sap.sap());
        details.put("sap", sap);
      }
      if (m.contains(Metric.MODULARITY)) {
        ExplicitnessResult ex = Explicitness.compute(split.train, split.test, options.seed());
        scores.put("explicitness", ex.explicitness());
        details.put("explicitness", ex);
      }
    }
    return new Scores(scores, details, warnings, scored.factorNames(), irs);
  }

  /**
   * The fixed train/test split: {@code train} the first rows of the train pool {@code
   * perm[0..cut)}, {@code test} the first rows of the test pool {@code perm[cut..n)}.
   */
  private record Split(LatentCodes train, LatentCodes test, int[] perm, int cut) {
    /** Whether each pool holds two disjoint sets of the split's sizes. */
    boolean poolsHoldTwo() {
      int nTrain = train.numSamples();
      int nTest = test.numSamples();
      return 2 * nTrain <= cut && 2 * nTest <= perm.length - cut;
    }
  }

  private static Split split(LatentCodes codes, Options o) {
    int n = codes.numSamples();
    int cut = (int) Math.round(o.trainFraction() * n);
    int nTrain = Math.min(o.maxTrain(), cut);
    int nTest = Math.min(o.maxTest(), n - cut);
    if (nTrain < 2 || nTest < 1) {
      throw new IllegalArgumentException(
          "too few rows for a train/test split: "
              + n
              + " rows with train fraction "
              + o.trainFraction()
              + " give "
              + nTrain
              + " train and "
              + nTest
              + " test rows");
    }
    int[] perm = new int[n];
    for (int i = 0; i < n; i++) {
      perm[i] = i;
    }
    SplittableRandom rng = new SplittableRandom(o.seed());
    for (int i = n - 1; i > 0; i--) {
      int k = rng.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[k];
      perm[k] = t;
    }
    int[] train = java.util.Arrays.copyOfRange(perm, 0, nTrain);
    int[] test = java.util.Arrays.copyOfRange(perm, cut, cut + nTest);
    return new Split(codes.rows(train), codes.rows(test), perm, cut);
  }

  /**
   * Re-bins factors for IRS as disentanglement_lib does: each factor's values are put in {@code
   * bins} equal-width histogram bins over their range (numpy histogram + digitize). Codes of
   * non-numeric factors are used as given.
   */
  static LatentCodes binFactors(LatentCodes codes, List<List<Object>> vocab, int bins) {
    if (bins == 0) {
      return codes;
    }
    int[][] out = new int[codes.numFactors()][];
    for (int f = 0; f < codes.numFactors(); f++) {
      int k = codes.factorSize(f);
      double[] values = new double[k];
      boolean numeric = true;
      for (int c = 0; c < k; c++) {
        if (vocab == null) {
          values[c] = c;
        } else if (vocab.get(f).get(c) instanceof Number num) {
          values[c] = num.doubleValue();
        } else {
          numeric = false;
        }
      }
      if (!numeric) {
        out[f] = codes.factors()[f];
        continue;
      }
      int[] binOfCode = HistogramDiscretizer.discretize(values, bins);
      int[] col = codes.factors()[f];
      int[] binned = new int[col.length];
      for (int i = 0; i < col.length; i++) {
        binned[i] = binOfCode[col[i]];
      }
      out[f] = densify(binned);
    }
    return new LatentCodes(codes.latents(), out, codes.latentNames(), codes.factorNames());
  }

  private static int[] densify(int[] codes) {
    int[] distinct = java.util.Arrays.stream(codes).distinct().sorted().toArray();
    int[] out = new int[codes.length];
    for (int i = 0; i < codes.length; i++) {
      out[i] = java.util.Arrays.binarySearch(distinct, codes[i]);
    }
    return out;
  }

  private static int distinctCount(int[] codes) {
    int first = codes[0];
    for (int c : codes) {
      if (c != first) {
        return 2;
      }
    }
    return 1;
  }
}
