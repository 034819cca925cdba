package dev.candela.evaluate;

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
 * CodeScorer}) on the encoded samples, with the intervals of {@link CodeScorer#uncertainty} unless
 * turned off. IRS runs whenever CG or {@code scm} needs its matrix, and is reported only when asked
 * for.
 */
final class CodeStage {
  private CodeStage() {}

  /**
   * What the stage produced.
   *
   * @param added what it adds to the report
   * @param scores the code metrics' full result (IRS matrix, UC sets, factor names) for the later
   *     stages and the page, or {@code null} when no code metric ran
   */
  record Result(StageResult added, CodeScorer.Scores scores) {}

  /**
   * Runs the stage.
   *
   * @param s the settings
   * @param e the encoded samples
   * @param needsIrs whether a later stage (CG, scm) reads the IRS matrix
   * @param replicates the subsampling splits (IRS, UC; 0 = no interval), see {@link
   *     CodeScorer.IntervalOptions#of}
   * @param refits the refits of the learned metrics (0 = no interval)
   * @param listener progress and messages
   * @return the result
   */
  static Result run(
      EvaluationSettings s,
      EncodedSamples e,
      boolean needsIrs,
      int replicates,
      int refits,
      ProgressListener listener) {
    Set<Metric> metrics = Metric.of(s.metrics(), Metric.Kind.CODES);
    if (needsIrs) {
      metrics.add(Metric.IRS);
    }
    if (metrics.isEmpty()) {
      return new Result(StageResult.NONE, null);
    }
    long t = System.nanoTime();
    CodeScorer.Options opts =
        new CodeScorer.Options(
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
    LatentCodes lc = e.latentCodes();
    CodeContext context = new CodeContext(lc, e.vocabularies(), opts);
    CodeScorer.Scores codeScores = CodeScorer.score(context, true);
    Map<String, Double> scores = new LinkedHashMap<>();
    for (Map.Entry<String, Double> x : codeScores.scores().entrySet()) {
      if (!x.getKey().equals("irs") || s.metrics().contains(Metric.IRS)) {
        scores.put(x.getKey(), x.getValue());
      }
    }
    List<String> warnings = new ArrayList<>(codeScores.warnings());
    listener.message(String.format(Locale.ROOT, "code metrics in %.1f s", Evaluation.secs(t)));
    Map<String, Object> details = new LinkedHashMap<>(codeScores.details());
    Map<String, Uncertainty> uncertainty =
        intervals(
            context,
            codeScores,
            scores.keySet(),
            replicates,
            refits,
            "IRS, UC, MIG, Modularity and CG",
            warnings,
            details,
            listener);
    return new Result(
        new StageResult(scores, uncertainty, details, warnings, Map.of()), codeScores);
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
      ProgressListener listener) {
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
      CodeScorer.Intervals found =
          CodeScorer.intervals(context, scored.scores(), io, ProgressListener.scorer(listener));
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
