package dev.candela.evaluate;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.data.FactorSpace;
import dev.candela.evaluate.cf.ChunkCsv;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBaselineSpread;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgLatentActivity;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.CgUncertainty;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
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
 * reconstructions once ({@link EvaluationContext#classifier}, {@link
 * EvaluationContext#classifierCheck}); the latent sets Z_I come from the IRS matrix of the code
 * metrics ({@link SelectionPass#of}); CG runs on the seeded subset {@link CgJob#cgPositions} of the
 * encoded samples in groups of {@link CgJob#groupSize} (per-sample terms streamed to the ICE file),
 * and its standard errors are those of means of these terms ({@link CgUncertainty}) with the
 * baseline's own variation ({@link CgBaselineSpread}). Its details, warnings and notes are built by
 * {@link CgDetails}. Without a classifier it only warns. {@code counterfactuals} runs the same
 * steps with chunk files ({@link CounterfactualDriver}).
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
   * One CG pass's fixed inputs: the samples, the selection factors' dataset indices, the engine's
   * decoder and classifier, the options and the group size, and the factors it scores.
   */
  private record Pass(
      float[][] z,
      long[] pos,
      int[][] codes,
      int[] datasetIndex,
      LatentDecoder decoder,
      FactorProbabilities probs,
      CgOptions co,
      int chunk,
      List<String> scored) {

    /** CG on some rows of the encoded samples (positions into {@code z}). */
    CgBatch batch(CgAccumulator acc, int[] rows) {
      return CgJob.process(acc, rows, z, codes, datasetIndex);
    }
  }

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
            .withActivity(
                CgLatentActivity.measure(
                    c.decoder(),
                    e.z(),
                    stats,
                    s.baseline(),
                    CgLatentActivity.DEFAULT_SAMPLES,
                    Math.max(1, s.batchSize())));
    CgClassifier clf = c.classifier();
    ModelFitness.ClassifierCheck clfCheck = c.classifierCheck();
    int[] datasetIndex = sel.datasetIndex(space);
    CgOptions co =
        CgJob.options(
            sel,
            null,
            s.baseline(),
            s.readout(),
            CgJob.neighbourhoods(space, datasetIndex, e.codes()),
            s.batchSize());
    // The factors CG scores: the selection's, less the excluded ones.
    List<String> scored = new ArrayList<>();
    for (int f : co.factors()) {
      scored.add(codeScores.factorNames().get(f));
    }
    Pass pass =
        new Pass(
            e.z(),
            CgJob.cgPositions(e.n(), s.cgSamples(), s.seed()),
            e.codes(),
            datasetIndex,
            c.decoder(),
            clf.probabilities(c.vae().card().input()),
            co,
            CgJob.groupSize(co),
            scored);
    CgAccumulator acc = new CgAccumulator(pass.decoder(), pass.probs(), co, sel.stats());
    double[][] terms = scoreToIce(pass, acc, e.idx(), c);
    CgSummary sum = acc.summary();
    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put("cg", sum.score());
    for (CgSummary.FactorScore fs : sum.factors()) {
      scores.put("cg." + fs.name(), fs.cg());
    }
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    if (s.options().replicates() > 0 && pass.pos().length >= 2) {
      uncertainty.putAll(baselineAware(pass, terms, c));
    }
    CgDetails.Built b =
        CgDetails.build(
            c, new CgDetails.Run(sum, pass.pos().length, sel, scored, clfCheck, acc.imageChecks()));
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
   * CG on every CG sample in groups, the per-sample terms streamed to {@link Evaluation#ICE_CSV}
   * (written atomically) and kept, per scored factor, for the interval.
   */
  private static double[][] scoreToIce(Pass p, CgAccumulator acc, long[] idx, EvaluationContext c)
      throws CandelaException {
    Path ice = c.out().resolve(Evaluation.ICE_CSV);
    int nc = p.pos().length;
    Path iceTmp;
    try {
      iceTmp = AtomicFiles.newTemp(ice);
    } catch (IOException x) {
      throw new CandelaException(ice + ": cannot write (" + x.getMessage() + ")", x);
    }
    List<List<double[]>> termParts = new ArrayList<>();
    for (int k = 0; k < p.scored().size(); k++) {
      termParts.add(new ArrayList<>());
    }
    try (CodeScorer.Progress.Task pb = c.listener().task("cg", nc);
        ChunkCsv.Writer iceOut = ChunkCsv.open(iceTmp)) {
      for (int a = 0; a < nc; a += p.chunk()) {
        int b = Math.min(nc, a + p.chunk());
        int[] rows = new int[b - a];
        long[] sampleIds = new long[b - a];
        for (int r = a; r < b; r++) {
          rows[r - a] = (int) p.pos()[r];
          sampleIds[r - a] = idx[rows[r - a]];
        }
        // Per-sample terms go straight to ice.csv; only the running sums stay in memory.
        CgBatch batch = p.batch(acc, rows);
        iceOut.append(sampleIds, batch);
        for (int k = 0; k < p.scored().size(); k++) {
          termParts.get(k).add(batch.factors().get(k).terms());
        }
        pb.stepTo(b);
      }
    }
    try {
      AtomicFiles.commit(iceTmp, ice);
    } catch (IOException x) {
      throw new CandelaException(ice + ": cannot write (" + x.getMessage() + ")", x);
    }
    double[][] terms = new double[p.scored().size()][];
    for (int k = 0; k < terms.length; k++) {
      terms[k] = termParts.get(k).stream().flatMapToDouble(Arrays::stream).toArray();
    }
    return terms;
  }

  /**
   * CG's uncertainty with the baseline's own variation ({@link CgBaselineSpread}): the baseline
   * statistics are redrawn and groups of the CG samples scored again, one more pass over them in
   * all.
   */
  private static Map<String, Uncertainty> baselineAware(
      Pass p, double[][] terms, EvaluationContext c) throws CandelaException {
    EvaluationSettings s = c.settings();
    List<String> names = p.scored();
    int nc = terms[0].length;
    try (CodeScorer.Progress.Task pb = c.listener().task("cg interval", nc)) {
      long[] done = {0};
      CgBaselineSpread.Terms again =
          (samples, st) -> {
            CgAccumulator acc = new CgAccumulator(p.decoder(), p.probs(), p.co(), st);
            double[][] out = new double[names.size()][samples.length];
            for (int a = 0; a < samples.length; a += p.chunk()) {
              int b = Math.min(samples.length, a + p.chunk());
              int[] rows = new int[b - a];
              for (int r = a; r < b; r++) {
                rows[r - a] = (int) p.pos()[samples[r]];
              }
              CgBatch batch = p.batch(acc, rows);
              for (int k = 0; k < names.size(); k++) {
                System.arraycopy(batch.factors().get(k).terms(), 0, out[k], a, b - a);
              }
            }
            done[0] += samples.length;
            pb.stepTo(done[0]);
            return out;
          };
      return CgBaselineSpread.of(
          names,
          terms,
          c.latentStats(),
          s.baseline(),
          CgBaselineSpread.Spread.of(p.z()),
          again,
          CgBaselineSpread.DEFAULT_REDRAWS,
          s.seed() + 5);
    }
  }
}
