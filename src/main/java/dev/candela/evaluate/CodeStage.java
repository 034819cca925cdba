package dev.candela.evaluate;

import dev.candela.metrics.CodeScorer;
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
    CodeRun run = c.codeRun();
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
        run.intervals(
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
}
