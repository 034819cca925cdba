package dev.candela.evaluate;

import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.metrics.CodeContext;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The code-metric stage of an {@link Evaluation}: the loop of {@code score-codes} ({@link
 * CodeScorer}) on the encoded samples, as the context scores it once ({@link
 * EvaluationContext#codeRun}, with IRS when a later stage reads it), with the intervals of {@link
 * CodeScorer#uncertainty} unless turned off. It reports the code metrics asked for.
 */
final class CodeStage implements EvaluationStage {

  @Override
  public boolean applies(EvaluationSettings s) {
    return !Metric.of(s.metrics(), Metric.Kind.CODES).isEmpty() || EvaluationStages.irsRead(s);
  }

  @Override
  public StageResult run(EvaluationContext c) {
    EvaluationSettings s = c.settings();
    long t = System.nanoTime();
    EvaluationContext.CodeRun run = c.codeRun();
    CodeScorer.Scores codeScores = run.scores();
    Map<String, Double> scores = new LinkedHashMap<>();
    for (Map.Entry<String, Double> x : codeScores.scores().entrySet()) {
      if (!x.getKey().equals("irs") || s.metrics().contains(Metric.IRS)) {
        scores.put(x.getKey(), x.getValue());
      }
    }
    List<String> warnings = new ArrayList<>(codeScores.warnings());
    c.listener().message(String.format(Locale.ROOT, "code metrics in %.1f s", Evaluation.secs(t)));
    Map<String, Object> details = new LinkedHashMap<>(codeScores.details());
    Map<String, Uncertainty> uncertainty =
        intervals(
            run.context(),
            codeScores,
            scores.keySet(),
            s.options().replicates(),
            s.options().refits(),
            "IRS, UC, MIG, Modularity and CG",
            warnings,
            details,
            c.listener());
    return new StageResult(
        scores,
        uncertainty,
        details,
        warnings,
        Map.of(),
        List.of(new CodeSection(codeScores, c.samples().latentCodes())));
  }

  /**
   * The code scoring's options from the evaluation's settings.
   *
   * @param s the settings
   * @param metrics the families to score ({@link EvaluationContext#codeMetrics})
   * @return the options
   */
  static CodeScorer.Options options(EvaluationSettings s, Set<Metric> metrics) {
    return new CodeScorer.Options(
        metrics,
        s.rhos(),
        EnumSet.of(s.ucSelection()),
        HistogramDiscretizer.DEFAULT_BINS,
        CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
        s.maxTrain(),
        s.maxTest(),
        s.seed(),
        s.dciLearner(),
        s.irsQuantile());
  }

  /**
   * The intervals of the code metrics ({@link CodeScorer#uncertainty}) as {@code evaluate} and
   * {@code score-codes} give them, with the warnings about the ones missing: turned off, or no
   * subsampling split within the work budget.
   *
   * @param context the scoring's context
   * @param scored what the loop scored on it
   * @param reported the score keys the report shows
   * @param replicates subsampling splits (0 = off)
   * @param refits refits of the learned metrics (0 = off)
   * @param withoutReplicates the metrics that have no interval without replicates, for the warning
   * @param warnings receives the warnings
   * @param details receives the details drawn from the replicates (UC's {@code ucStability})
   * @param listener progress and messages
   * @return key to uncertainty, for reported keys only
   */
  static Map<String, Uncertainty> intervals(
      CodeContext context,
      CodeScorer.Scores scored,
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
      if (m.codeMetrics().stream()
          .anyMatch(c -> c instanceof dev.candela.metrics.CodeMetric.Subsampled)) {
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
      CodeScorer.Intervals found = CodeScorer.intervals(context, scored.scores(), io, listener);
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
