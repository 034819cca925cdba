package dev.candela.metrics;

import dev.candela.metrics.stats.Uncertainty;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A metric computed from latent and factor codes: a function of the shared {@link CodeContext}
 * returning its scores by key, registered on its {@link Metric} family ({@link
 * Metric#codeMetrics()}). {@link CodeScorer} runs the registered functions of the requested
 * families, the same loop for {@code score-codes}, {@code evaluate} and {@code sweep}.
 *
 * <p>What kind of estimator a metric is decides how its interval is computed, so every metric is
 * one of three kinds (docs/evaluate.md):
 *
 * <ul>
 *   <li>{@link Subsampled}: a statistic of all rows built from extreme order statistics (IRS, UC),
 *       whose spread shrinks slower than 1/√N: subsampling with the rate estimated ({@link
 *       dev.candela.metrics.stats.Subsampling});
 *   <li>{@link Jackknifed}: a function of the mutual-information matrix (MIG, Modularity): the
 *       delete-a-group jackknife of the matrix ({@link dev.candela.metrics.stats.MiJackknife});
 *   <li>{@link Refitted}: a learner fitted on the train rows of the split and tested on its test
 *       rows (DCI, SAP, explicitness): pairs of refits on disjoint sets;
 *   <li>{@link Batched}: a mean of one statistic over batches of rows the metric draws itself (FoS,
 *       randFoS): the standard error of that mean;
 *   <li>{@link Repeated}: a metric that draws its own training and evaluation points from the rows
 *       (BetaVAE, FactorVAE on a code table): its own extra runs ({@link SampledMetricRepeats}).
 * </ul>
 *
 * Adding a metric is one class implementing one of these and one registration in {@link Metric}.
 */
public sealed interface CodeMetric
    permits CodeMetric.Subsampled,
        CodeMetric.Jackknifed,
        CodeMetric.Refitted,
        CodeMetric.Batched,
        CodeMetric.Repeated {

  /**
   * Scores on a context.
   *
   * @param context the shared statistics
   * @return the scores by report key and the details
   * @throws IllegalArgumentException when the metric's contract is violated
   */
  Scored score(CodeContext context);

  /**
   * The report keys it scores under some options (in the order {@link #score} returns them). A
   * metric whose keys also depend on the rows (the downstream task's training sizes that fit into
   * N) declares every key it can score and scores those the rows allow, in the same order.
   *
   * @param options the options
   * @return the keys
   */
  List<String> keys(CodeScorer.Options options);

  /**
   * The largest value one of its scores can take, to which its interval is clipped (the lower end
   * is 0): 1 for the scores in [0, 1], the default.
   *
   * @param key the report key
   * @return the upper end of the score's range
   */
  default double upperBound(String key) {
    return 1;
  }

  /**
   * What a metric returns.
   *
   * @param scores report key to score, in a stable order
   * @param details report key to the result record behind the scores
   */
  record Scored(Map<String, Double> scores, Map<String, Object> details) {
    /** Freezes the maps (their order kept). */
    public Scored {
      scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
      details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    /**
     * One score with its result record under the same key.
     *
     * @param key the report key
     * @param score the score
     * @param result the result record
     * @return the scores
     */
    public static Scored of(String key, double score, Object result) {
      return new Scored(Map.of(key, score), Map.of(key, result));
    }
  }

  /** A statistic of all rows whose interval comes from subsampling (IRS, UC). */
  non-sealed interface Subsampled extends CodeMetric {
    /**
     * The interval of one of its scores after subsampling: by default as subsampling found it.
     *
     * @param key the report key
     * @param u the subsampling uncertainty
     * @param score the score
     * @param context the context of all rows
     * @param splits S, the subsampling splits
     * @return the uncertainty to report
     */
    default Uncertainty adjust(
        String key, Uncertainty u, double score, CodeContext context, int splits) {
      return u;
    }

    /**
     * Details drawn from its results on the half samples of the subsampling (e.g. how often each of
     * UC's latent sets held), added to the report's details beside the score's own; by default
     * none.
     *
     * @param halves its results on the 2S half samples, in no particular order
     * @param context the context of all rows
     * @return detail id to a JSON-serialisable object
     */
    default Map<String, Object> halfSampleDetails(List<Scored> halves, CodeContext context) {
      return Map.of();
    }
  }

  /**
   * A function of the latent × factor mutual-information matrix (MIG, Modularity), whose interval
   * is the delete-a-group jackknife of the matrix.
   */
  non-sealed interface Jackknifed extends CodeMetric {
    /**
     * Scores from a mutual-information matrix.
     *
     * @param mutualInformation {@code [latent][factor]} in nats
     * @param factorEntropy per factor, in nats
     * @param bins the latents' bins
     * @return the scores and details
     */
    Scored fromMutualInformation(double[][] mutualInformation, double[] factorEntropy, int bins);

    /**
     * Whether the jackknife takes the Efron–Stein correction of the second-order terms
     * (leave-two-groups-out): right for a degenerate statistic (near-zero MI terms, Modularity),
     * too small an SE for MIG in the coverage study.
     *
     * @return true for the corrected jackknife
     */
    boolean secondOrder();

    @Override
    default Scored score(CodeContext context) {
      return fromMutualInformation(
          context.mutualInformation(), context.factorEntropies(), context.bins());
    }
  }

  /**
   * A learner fitted on the split's train rows and scored on its test rows (DCI, SAP,
   * explicitness), whose interval comes from pairs of refits.
   */
  non-sealed interface Refitted extends CodeMetric {
    /**
     * Fits and scores.
     *
     * @param train the training rows
     * @param test the test rows
     * @param options the options (seed, learner)
     * @return the scores and details
     */
    Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options);

    /** Fits on the context's fixed split; the details start with the split's sizes. */
    @Override
    default Scored score(CodeContext context) {
      CodeContext.Split split = context.split();
      Scored fitted = fit(split.train(), split.test(), context.options());
      Map<String, Object> details = new LinkedHashMap<>();
      details.put("split", split.sizes());
      details.putAll(fitted.details());
      return new Scored(fitted.scores(), details);
    }
  }

  /**
   * A mean of one statistic over batches of rows the metric draws itself, a fixed number of rows
   * each (FoS, randFoS): the batches are exchangeable (drawn with replacement, or the consecutive
   * batches of a random permutation), so the interval is the standard error of the mean of the
   * batch statistics, t with batches − 1 degrees of freedom ({@code Uncertainty.ofMean}); no
   * replicate is computed. Its scores are ≥ 0 with no upper bound: the interval is clipped at 0
   * only.
   */
  non-sealed interface Batched extends CodeMetric {
    /**
     * The batch statistics whose mean is each score.
     *
     * @param context the shared statistics
     * @return report key to the per-batch statistics, keyed like {@link #keys}
     */
    Map<String, double[]> batchTerms(CodeContext context);

    /**
     * The share of one batch's variance that the rows themselves add to a score's variance, beyond
     * the draws of its batches: 0 (the default) for batches that partition the rows, B/N for
     * batches of B drawn with replacement from N rows (Hoeffding's bound on the variance of a
     * U-statistic of order B: at most B/N times its kernel's variance). The interval's SE² is then
     * s²/batches + share·s².
     *
     * @param key the report key
     * @param context the shared statistics
     * @return the share, ≥ 0
     */
    default double rowShare(String key, CodeContext context) {
      return 0;
    }
  }

  /**
   * A metric that draws its own training and evaluation points from the rows (BetaVAE and FactorVAE
   * on a code table), whose interval comes from its own extra runs: repeats with other seeds and
   * runs on disjoint halves of the rows ({@link SampledMetricRepeats}, as {@code evaluate} gives
   * these metrics). Computed when intervals are on.
   */
  non-sealed interface Repeated extends CodeMetric {
    /**
     * The intervals of its scores.
     *
     * @param context the shared statistics
     * @param scores the scores on all rows (the intervals' centres)
     * @return report key to uncertainty (a key may be missing when no interval could be formed)
     */
    Map<String, Uncertainty> intervals(CodeContext context, Map<String, Double> scores);
  }
}
