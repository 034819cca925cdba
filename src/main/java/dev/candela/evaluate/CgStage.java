package dev.candela.evaluate;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorSpace;
import dev.candela.evaluate.cf.CgChunkLoop;
import dev.candela.evaluate.cf.ChunkCsv;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBaselineSpread;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.CgUncertainty;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.stats.Uncertainty;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The CG stage of an {@link Evaluation}: the CG job of {@link CgJob} in memory, on the codes the
 * evaluation already has. The classifier is the context's, loaded, matched and checked on the VAE's
 * reconstructions once ({@link EvaluationContext#models}, as {@code counterfactuals} opens it); the
 * latent sets Z_I come from the IRS matrix of the code metrics ({@link SelectionPass#of}); CG runs
 * on the seeded subset {@link CgJob#cgPositions} of the encoded samples in groups of {@link
 * CgJob#groupSize} through the one chunk loop {@link CgChunkLoop} of both commands (per-sample
 * terms streamed to the ICE file, kept in memory), and its standard errors are those of means of
 * these terms ({@link CgUncertainty}) with the baseline's own variation ({@link CgBaselineSpread}),
 * whose redraws run through the same loop. Its details, warnings and notes are built by {@link
 * CgDetails}. Without a classifier it only warns. {@code counterfactuals} runs the same steps with
 * chunk files ({@link CounterfactualDriver}).
 */
final class CgStage implements EvaluationStage {

  @Override
  public boolean applies(EvaluationSettings s) {
    return s.metrics().contains(Metric.CG);
  }

  @Override
  public boolean readsIrs(EvaluationSettings s) {
    return s.classifier() != null;
  }

  /**
   * One CG pass's fixed inputs: the context, the selection, the CG samples' rows among the encoded
   * samples, the selection factors' dataset indices, the classifier's probabilities, the options
   * and the factors it scores.
   */
  private record Pass(
      EvaluationContext c,
      SelectionPass sel,
      int[] rows,
      int[] datasetIndex,
      FactorProbabilities probs,
      CgOptions co,
      List<String> scored) {

    /**
     * The chunk loop ({@link CgChunkLoop}) over some CG samples, in groups of {@link
     * CgJob#groupSize}, with baseline statistics {@code st}.
     */
    CgChunkLoop loop(LatentStats st, int[] cgRows) {
      CgAccumulator acc = new CgAccumulator(c.decoder(), probs, co, st);
      EncodedSamples e = c.samples();
      return new CgChunkLoop(
          acc, CgJob.source(e.z(), e.codes(), datasetIndex, cgRows), CgJob.groupSize(co));
    }
  }

  /** The first pass's sums and per-sample terms ({@code [scored factor][CG sample]}). */
  private record Scored(CgAccumulator acc, double[][] terms) {}

  @Override
  public StageResult run(EvaluationContext c) throws CandelaException {
    EvaluationSettings s = c.settings();
    if (s.classifier() == null) {
      return StageResult.warning("no classifier: CG is skipped");
    }
    long t = System.nanoTime();
    FactorSpace space = c.dataset().space();
    EncodedSamples e = c.samples();
    CodeScorer.Scores codeScores = c.codeScoresWithIrs();
    LatentStats stats = c.latentStats();
    SelectionPass sel =
        SelectionPass.of(
                codeScores.irs(), codeScores.factorNames(), s.rhos().get(0), s.ucSelection(), stats)
            .withActivityOf(c.decoder(), e.z(), s.baseline(), Math.max(1, s.batchSize()));
    CgClassifier clf = c.models().classifier(codeScores.factorNames());
    ModelFitness.ClassifierCheck clfCheck = c.models().classifierCheck();
    CgJob.Plan plan =
        CgJob.plan(sel, null, space, e.codes(), s.baseline(), s.readout(), s.batchSize());
    int[] datasetIndex = plan.datasetIndex();
    CgOptions co = plan.options();
    // The factors CG scores: the selection's, less the excluded ones.
    List<String> scored = new ArrayList<>();
    for (int f : co.factors()) {
      scored.add(codeScores.factorNames().get(f));
    }
    int[] rows =
        Arrays.stream(CgJob.cgPositions(e.n(), s.cgSamples(), s.seed()))
            .mapToInt(Math::toIntExact)
            .toArray();
    Pass pass =
        new Pass(c, sel, rows, datasetIndex, clf.probabilities(c.vae().card().input()), co, scored);
    Scored first = scoreToIce(pass);
    CgSummary sum = first.acc().summary();
    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put("cg", sum.score());
    for (CgSummary.FactorScore fs : sum.factors()) {
      scores.put("cg." + fs.name(), fs.cg());
    }
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    if (s.options().replicates() > 0 && rows.length >= 2) {
      uncertainty.putAll(baselineAware(pass, first.terms()));
    }
    CgDetails.Built b =
        CgDetails.build(
            c,
            new CgDetails.Run(sum, rows.length, sel, scored, clfCheck, first.acc().imageChecks()));
    c.provenance().model("classifier", s.classifier(), clf.card());
    c.listener().message(String.format(Locale.ROOT, "cg in %.1f s", Evaluation.secs(t)));
    return new StageResult(
        scores,
        uncertainty,
        Map.of("cg", b.details()),
        b.warnings(),
        b.notes(),
        List.of(new CgSection(b.view(), sum)));
  }

  /**
   * CG on every CG sample through the chunk loop, the per-sample terms streamed to {@link
   * Evaluation#ICE_CSV} (written atomically) and kept, per scored factor, for the interval.
   */
  private static Scored scoreToIce(Pass p) throws CandelaException {
    EvaluationContext c = p.c();
    Path ice = c.out().resolve(Evaluation.ICE_CSV);
    int nc = p.rows().length;
    long[] idx = c.samples().idx();
    Path iceTmp;
    try {
      iceTmp = AtomicFiles.newTemp(ice);
    } catch (IOException x) {
      throw new CandelaException(ice + ": cannot write (" + x.getMessage() + ")", x);
    }
    CgChunkLoop.Terms terms = new CgChunkLoop.Terms(p.scored().size(), nc);
    CgAccumulator acc;
    try (Progress.Task pb = c.listener().task("cg", nc);
        ChunkCsv.Writer iceOut = ChunkCsv.open(iceTmp)) {
      acc =
          p.loop(p.sel().stats(), p.rows())
              .run(
                  0,
                  nc,
                  (chunk, batch, read) -> {
                    terms.done(chunk, batch, read);
                    long[] sampleIds = new long[chunk.size()];
                    for (int r = chunk.from(); r < chunk.to(); r++) {
                      sampleIds[r - chunk.from()] = idx[p.rows()[r]];
                    }
                    iceOut.append(sampleIds, batch);
                    pb.stepTo(chunk.to());
                  });
    }
    try {
      AtomicFiles.commit(iceTmp, ice);
    } catch (IOException x) {
      throw new CandelaException(ice + ": cannot write (" + x.getMessage() + ")", x);
    }
    return new Scored(acc, terms.terms());
  }

  /**
   * CG's uncertainty with the baseline's own variation ({@link CgBaselineSpread}): the baseline
   * statistics are redrawn and groups of the CG samples scored again through the same chunk loop,
   * one more pass over them in all.
   */
  private static Map<String, Uncertainty> baselineAware(Pass p, double[][] terms)
      throws CandelaException {
    EvaluationContext c = p.c();
    EvaluationSettings s = c.settings();
    List<String> names = p.scored();
    int nc = terms[0].length;
    try (Progress.Task pb = c.listener().task("cg interval", nc)) {
      long[] done = {0};
      CgBaselineSpread.Terms again =
          (samples, st) -> {
            int[] rows = new int[samples.length];
            for (int r = 0; r < samples.length; r++) {
              rows[r] = p.rows()[samples[r]];
            }
            CgChunkLoop.Terms out = new CgChunkLoop.Terms(names.size(), samples.length);
            p.loop(st, rows).run(0, samples.length, out);
            done[0] += samples.length;
            pb.stepTo(done[0]);
            return out.terms();
          };
      return CgBaselineSpread.of(
          names,
          terms,
          c.latentStats(),
          s.baseline(),
          CgBaselineSpread.Spread.of(c.samples().z()),
          again,
          CgBaselineSpread.DEFAULT_REDRAWS,
          s.seed() + 5);
    }
  }
}
