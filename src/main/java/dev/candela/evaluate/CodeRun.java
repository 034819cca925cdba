package dev.candela.evaluate;

import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.metrics.CodeContext;
import dev.candela.metrics.CodeMetric;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The code metrics' run on a representation, as {@code score-codes} ({@link ScoreCodesJob}, on
 * tables), {@code evaluate} and {@code sweep} ({@link EvaluationContext#codeRun}, on the encoded
 * samples) and {@code counterfactuals} (the IRS of its selection, {@link SelectionPass#compute})
 * build it: the loop of {@link CodeScorer} on one {@link CodeContext}, and the intervals of the
 * scores on that context.
 *
 * @param context the scoring context (the intervals resample it)
 * @param scores what the loop scored: the IRS matrix, UC sets and factor names the later stages
 *     read
 */
record CodeRun(CodeContext context, CodeScorer.Scores scores) {

  /**
   * Scores codes with the registered code metrics of the options' families, the learned ones
   * included.
   *
   * @param codes the representation
   * @param vocabularies the value of each code per factor
   * @param options what to compute
   * @param timings receives each metric's time
   * @return the run
   */
  static CodeRun score(
      LatentCodes codes,
      List<List<Object>> vocabularies,
      CodeScorer.Options options,
      CodeScorer.Timings timings) {
    CodeContext context = new CodeContext(codes, vocabularies, options);
    return new CodeRun(
        context,
        CodeScorer.score(context, CodeScorer.registered(options.metrics()), true, timings));
  }

  /**
   * The intervals of the code metrics ({@link CodeScorer#uncertainty}) as {@code evaluate} and
   * {@code score-codes} give them, with the warnings about the ones missing: turned off, or no
   * subsampling split within the work budget.
   *
   * @param reported the score keys the report shows
   * @param replicates subsampling splits (0 = off)
   * @param refits refits of the learned metrics (0 = off)
   * @param withoutReplicates the metrics that have no interval without replicates, for the warning
   * @param warnings receives the warnings
   * @param details receives the details drawn from the replicates (UC's {@code ucStability})
   * @param listener progress and messages
   * @return key to uncertainty, for reported keys only
   */
  Map<String, Uncertainty> intervals(
      Set<String> reported,
      int replicates,
      int refits,
      String withoutReplicates,
      List<String> warnings,
      Map<String, Object> details,
      Progress listener) {
    CodeScorer.IntervalOptions io = CodeScorer.IntervalOptions.of(replicates, refits);
    LatentCodes lc = context.scored();
    int n = context.numSamples();
    Set<Metric> metrics = context.options().metrics();
    if (replicates == 0) {
      SettingText w =
          SettingText.of(
              "intervals off (",
              Setting.REPLICATES,
              " 0): " + withoutReplicates + " have no standard error");
      listener.warning(w);
      warnings.add(w.plain());
    }
    // the families whose intervals come from subsampling (IRS, UC, the unsupervised scores)
    List<String> subsampled = new ArrayList<>();
    for (Metric m : metrics) {
      if (m.codeMetrics().stream().anyMatch(c -> c instanceof CodeMetric.Subsampled)) {
        subsampled.add(m == Metric.IRS || m == Metric.UC ? m.name() : m.id());
      }
    }
    if (replicates > 0
        && !subsampled.isEmpty()
        && io.effectiveSplits(n, lc.numLatents(), lc.numFactors()) == 0) {
      int last = subsampled.size() - 1;
      String names =
          last == 0
              ? subsampled.get(0)
              : String.join(", ", subsampled.subList(0, last)) + " and " + subsampled.get(last);
      warnings.add(
          String.format(
              Locale.ROOT,
              "%s %s no interval at N = %d with %d latents: %d subsampling splits would"
                  + " exceed the work budget (docs/evaluate.md)",
              names,
              last == 0 ? "has" : "have",
              n,
              lc.numLatents(),
              CodeScorer.MIN_SPLITS));
    }
    if (replicates > 0
        && metrics.contains(Metric.JEMMIG)
        && io.effectiveSplits(n, lc.numLatents(), lc.numFactors()) == 0) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "JEMMIG has no interval at N = %d with %d latents: its subsampling, like IRS's, would"
                  + " exceed the work budget (docs/metrics-mi-family.md)",
              n,
              lc.numLatents()));
    }
    if (refits == 0) {
      SettingText w =
          SettingText.of(Setting.REFITS, " 0: DCI, SAP and explicitness have no standard error");
      listener.warning(w);
      warnings.add(w.plain());
    }
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    if (replicates > 0 || refits > 0) {
      long t = System.nanoTime();
      CodeScorer.Intervals found = CodeScorer.intervals(context, scores.scores(), io, listener);
      uncertainty.putAll(found.uncertainty());
      uncertainty.keySet().retainAll(reported);
      details.putAll(found.details());
      listener.message(
          String.format(
              Locale.ROOT,
              "intervals of the code metrics (S = %d splits, G = %d groups, %d refits) in %.1f s",
              io.effectiveSplits(n, lc.numLatents(), lc.numFactors()),
              Math.min(io.groups(), n / 2),
              refits,
              Evaluation.secs(t)));
    }
    return uncertainty;
  }
}
