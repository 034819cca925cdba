package dev.candela.metrics;

import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.MiJackknife;
import dev.candela.metrics.stats.Subsampling;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scores a representation with a chosen set of metrics and collects the flat score map, the details
 * and the warnings: the one loop of {@code score-codes}, {@code evaluate} and {@code sweep}. It
 * builds the shared {@link CodeContext} once and runs the {@link CodeMetric} functions registered
 * on the requested {@link Metric} families ({@link #registered}); {@link #uncertainty} gives each
 * score the interval of its metric's kind, the replicates of a kind shared by its metrics.
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
   * @param irsQuantile IRS's quantile of the within-group deviations, in (0, 1] (0.99 as
   *     disentanglement_lib; 1.0 is the paper's maximum, Suter et al. 2019)
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
      DciLearner dciLearner,
      double irsQuantile) {

    /** The IRS quantile when none is given: disentanglement_lib's 0.99. */
    public static final double DEFAULT_IRS_QUANTILE = IrsOptions.DEFAULTS.diffQuantile();

    /**
     * The same options with another IRS quantile.
     *
     * @param quantile the quantile, in (0, 1]
     * @return a copy
     */
    public Options withIrsQuantile(double quantile) {
      return with(rhos, ucModes, dciLearner, quantile);
    }

    /**
     * Options with the default DCI learner ({@link DciLearner#DEFAULT}) and IRS quantile ({@link
     * #DEFAULT_IRS_QUANTILE}).
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
          DciLearner.DEFAULT,
          DEFAULT_IRS_QUANTILE);
    }

    /**
     * The same options with another DCI learner.
     *
     * @param learner the learner
     * @return a copy
     */
    public Options withDciLearner(DciLearner learner) {
      return with(rhos, ucModes, learner, irsQuantile);
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
      Metric.requireCodes(metrics);
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
        throw new SettingException(
            Setting.TRAIN_FRACTION, trainFraction, "must be in (0, 1), got " + trainFraction);
      }
      if (maxTrain < 2 || maxTest < 1) {
        throw new IllegalArgumentException(
            "max train must be ≥ 2 and max test ≥ 1, got " + maxTrain + " and " + maxTest);
      }
      checkIrsQuantile(irsQuantile);
    }

    /**
     * Defaults for all metrics: ρ = 1, top-k selection, 20 factor bins, seed 0.
     *
     * @return the options
     */
    public static Options defaults() {
      return defaults(Metric.codeDefaults(), 0);
    }

    /**
     * The defaults of {@link #defaults()} for some metrics and a seed.
     *
     * @param metrics the metric families
     * @param seed the seed for the split and the learners
     * @return the options
     */
    public static Options defaults(Set<Metric> metrics, long seed) {
      return new Options(
          metrics,
          List.of(1),
          EnumSet.of(UcSelection.TOPK),
          HistogramDiscretizer.DEFAULT_BINS,
          DEFAULT_TRAIN_FRACTION,
          DEFAULT_MAX_TRAIN,
          DEFAULT_MAX_TEST,
          seed);
    }

    /**
     * The same options with other UC sizes and selection modes.
     *
     * @param rhos the UC sizes ρ
     * @param modes the UC selection modes
     * @return a copy
     */
    public Options withUc(List<Integer> rhos, Set<UcSelection> modes) {
      return with(rhos, modes, dciLearner, irsQuantile);
    }

    /** A copy with the settings that the {@code with} methods change. */
    private Options with(
        List<Integer> rhos, Set<UcSelection> modes, DciLearner learner, double quantile) {
      return new Options(
          metrics,
          rhos,
          modes,
          factorBins,
          trainFraction,
          maxTrain,
          maxTest,
          seed,
          learner,
          quantile);
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
      m.put("irsQuantile", irsQuantile);
      return m;
    }

    /**
     * Refuses an IRS quantile outside (0, 1].
     *
     * @param q the quantile
     * @return q
     * @throws IllegalArgumentException naming the value
     */
    public static double checkIrsQuantile(double q) {
      if (!(q > 0 && q <= 1)) {
        throw new SettingException(
            Setting.IRS_QUANTILE,
            q,
            "must be in (0, 1] (0.99 as disentanglement_lib, 1 as the paper), got " + q);
      }
      return q;
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
        throw new SettingException(
            SettingText.of(
                Setting.REPLICATES,
                " must be ≥ 0 and ",
                Setting.REFITS,
                " even and ≥ 0, got " + replicates + " and " + refits),
            java.util.List.of(replicates, refits));
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
    return uncertainty(new CodeContext(codes, vocabularies, options), scores, intervals, progress);
  }

  /**
   * The uncertainty of every score on a context ({@link #uncertainty(LatentCodes, List, Options,
   * Map, IntervalOptions, Progress)}): each registered metric's interval by its kind, the work of
   * each kind shared by its metrics (one subsampling pass, one jackknife of the MI matrix, one set
   * of refits).
   *
   * @param context the shared statistics of all rows
   * @param scores the scores of {@link #score(CodeContext, boolean)} (the intervals' centres)
   * @param intervals the replicate counts
   * @param progress progress of the replicates
   * @return score id to uncertainty, keyed like {@link Scores#scores()}
   */
  public static Map<String, Uncertainty> uncertainty(
      CodeContext context,
      Map<String, Double> scores,
      IntervalOptions intervals,
      Progress progress) {
    return uncertainty(
        context, registered(context.options().metrics()), scores, intervals, progress);
  }

  /**
   * The uncertainty of the scores of some code metrics, registered or not (a library user's own
   * {@link CodeMetric} gets the interval of its kind): see {@link #uncertainty(CodeContext, Map,
   * IntervalOptions, Progress)}.
   *
   * @param context the shared statistics of all rows
   * @param metrics the metrics behind the scores
   * @param scores the scores of {@link #score(CodeContext, List, boolean)} (the intervals' centres)
   * @param intervals the replicate counts
   * @param progress progress of the replicates
   * @return score id to uncertainty, keyed like the scores
   */
  public static Map<String, Uncertainty> uncertainty(
      CodeContext context,
      List<CodeMetric> metrics,
      Map<String, Double> scores,
      IntervalOptions intervals,
      Progress progress) {
    return CodeIntervals.of(context, metrics, scores, intervals, progress).uncertainty();
  }

  /**
   * The intervals of the registered metrics' scores on a context ({@link #uncertainty(CodeContext,
   * Map, IntervalOptions, Progress)}) with the details drawn from their replicates (UC's {@code
   * ucStability}: how often each factor's latent set held across the half samples).
   *
   * @param context the shared statistics of all rows
   * @param scores the scores of {@link #score(CodeContext, boolean)} (the intervals' centres)
   * @param intervals the replicate counts
   * @param progress progress of the replicates
   * @return the uncertainties and the details
   */
  public static Intervals intervals(
      CodeContext context,
      Map<String, Double> scores,
      IntervalOptions intervals,
      Progress progress) {
    return CodeIntervals.of(
        context, registered(context.options().metrics()), scores, intervals, progress);
  }

  /**
   * The intervals of a set of scores and the details their replicates give.
   *
   * @param uncertainty score id to uncertainty, keyed like the scores
   * @param details detail id to a JSON-serialisable object ({@link
   *     CodeMetric.Subsampled#halfSampleDetails})
   */
  public record Intervals(Map<String, Uncertainty> uncertainty, Map<String, Object> details) {
    /** Freezes the maps, their order kept. */
    public Intervals {
      uncertainty = Collections.unmodifiableMap(new LinkedHashMap<>(uncertainty));
      details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }
  }

  /**
   * The registered functions of some families ({@link Metric#codeMetrics()}), in the order they
   * run: the statistics of all rows first (subsampled, then jackknifed), then the batched ones
   * (FoS), the learned ones (refitted, then BetaVAE and FactorVAE on the table) last, each group in
   * the families' declaration order.
   *
   * @param families the requested families
   * @return the functions
   */
  public static List<CodeMetric> registered(Set<Metric> families) {
    List<CodeMetric> out = new ArrayList<>();
    for (Class<? extends CodeMetric> kind :
        List.of(
            CodeMetric.Subsampled.class,
            CodeMetric.Jackknifed.class,
            CodeMetric.Batched.class,
            CodeMetric.Refitted.class,
            CodeMetric.Repeated.class)) {
      for (Metric family : Metric.values()) {
        if (families.contains(family)) {
          out.addAll(of(family.codeMetrics(), kind));
        }
      }
    }
    return out;
  }

  static <T extends CodeMetric> List<T> of(List<CodeMetric> metrics, Class<T> kind) {
    return metrics.stream().filter(kind::isInstance).map(kind::cast).toList();
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
    return score(new CodeContext(codes, vocabularies, options), learned);
  }

  /**
   * Runs the registered functions of the requested families ({@link #registered}) on a context: the
   * loop of {@code score-codes}, {@code evaluate} and {@code sweep}.
   *
   * @param context the shared statistics
   * @param learned whether the refitted metrics (DCI, SAP, explicitness) are computed
   * @return scores, details and warnings
   * @throws IllegalArgumentException when a metric's contract is violated
   */
  public static Scores score(CodeContext context, boolean learned) {
    return score(context, registered(context.options().metrics()), learned);
  }

  /**
   * Runs some code metrics, registered or not (a library user's own {@link CodeMetric}), on a
   * context, in the order given.
   *
   * @param context the shared statistics
   * @param metrics the metrics
   * @param learned whether the refitted metrics are computed
   * @return scores, details and warnings
   * @throws IllegalArgumentException when a metric's contract is violated
   */
  public static Scores score(CodeContext context, List<CodeMetric> metrics, boolean learned) {
    return score(context, metrics, learned, Timings.NONE);
  }

  /** Receives the time each metric took. */
  public interface Timings {
    /** No timing. */
    Timings NONE = (keys, seconds) -> {};

    /**
     * One metric is done.
     *
     * @param keys its report keys
     * @param seconds its wall time, including the shared statistics it computed first ({@link
     *     CodeContext}: the first of MIG and Modularity pays for the mutual information)
     */
    void metric(List<String> keys, double seconds);
  }

  /**
   * Runs some code metrics on a context, in the order given, timing each ({@link
   * #score(CodeContext, List, boolean)}).
   *
   * @param context the shared statistics
   * @param metrics the metrics
   * @param learned whether the refitted metrics are computed
   * @param timings receives each metric's time
   * @return scores, details and warnings
   * @throws IllegalArgumentException when a metric's contract is violated
   */
  public static Scores score(
      CodeContext context, List<CodeMetric> metrics, boolean learned, Timings timings) {
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Object> details = new LinkedHashMap<>();
    for (CodeMetric m : metrics) {
      if (learned || !(m instanceof CodeMetric.Refitted)) {
        long t0 = System.nanoTime();
        CodeMetric.Scored s = m.score(context);
        timings.metric(List.copyOf(s.scores().keySet()), (System.nanoTime() - t0) / 1e9);
        scores.putAll(s.scores());
        details.putAll(s.details());
      }
    }
    return new Scores(
        scores, details, context.warnings(), context.scoredFactorNames(), context.irsIfComputed());
  }
}
