package dev.candela.evaluate;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.evaluate.cf.ChunkCsv;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBaselineSpread;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.CgUncertainty;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ClassifierQuality;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
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
 * evaluation already has. The classifier is loaded, matched and checked on the VAE's
 * reconstructions ({@link CgJob.Classifier}), the latent sets Z_I come from the IRS matrix of the
 * code metrics ({@link SelectionPass#of}), CG runs on the seeded subset {@link CgJob#cgPositions}
 * of the encoded samples in groups of {@link CgJob#groupSize} (per-sample terms streamed to the ICE
 * file), and its standard errors are those of means of these terms ({@link CgUncertainty}). {@code
 * counterfactuals} runs the same steps with chunk files ({@link CounterfactualDriver}).
 */
final class CgStage {
  private CgStage() {}

  /**
   * What the stage adds to the report.
   *
   * @param summary the CG summary
   * @param scores {@code cg} and {@code cg.<factor>}
   * @param uncertainty their standard errors, when intervals are on
   * @param notes per score key, the classifier's accuracy on the factor
   * @param details the {@code cg} details
   * @param warnings the classifier check's warnings
   * @param classifierCard the classifier's card, for the provenance
   */
  record Result(
      CgSummary summary,
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, String> notes,
      Map<String, Object> details,
      List<String> warnings,
      ModelCard classifierCard) {}

  static Result run(
      EvaluationSettings s,
      ComputeDevice device,
      FactorDataset dataset,
      VaeModel vae,
      LatentDecoder decoder,
      CodeScorer.Scores codeScores,
      float[][] z,
      long[] idx,
      int[][] codes,
      LatentStats stats,
      boolean intervals,
      Path ice,
      ProgressListener listener)
      throws CandelaException {
    FactorSpace space = dataset.space();
    int n = idx.length;
    List<String> names = codeScores.factorNames();
    int rho = s.rhos().get(0);
    SelectionPass sel = SelectionPass.of(codeScores.irs(), names, rho, s.ucSelection(), stats);
    try (CgJob.Classifier clf =
        CgJob.Classifier.load(s.classifier(), device, s.batchSize(), names, space)) {
      ModelFitness.ClassifierCheck clfCheck =
          clf.check(dataset, idx, vae, s.batchSize(), s.readout());
      int[] datasetIndex = sel.datasetIndex(space);
      CgOptions co =
          CgJob.options(
              sel,
              null,
              s.baseline(),
              s.readout(),
              CgJob.neighbourhoods(space, datasetIndex, codes),
              s.batchSize());
      FactorProbabilities probs = clf.probabilities(vae.card().input());
      CgAccumulator acc = new CgAccumulator(decoder, probs, co, sel.stats());
      int chunk = CgJob.groupSize(co);
      long[] pos = CgJob.cgPositions(n, s.cgSamples(), s.seed());
      int nc = pos.length;
      Path iceTmp;
      try {
        iceTmp = AtomicFiles.newTemp(ice);
      } catch (IOException e) {
        throw new CandelaException(ice + ": cannot write (" + e.getMessage() + ")", e);
      }
      List<List<double[]>> termParts = new ArrayList<>();
      for (int k = 0; k < names.size(); k++) {
        termParts.add(new ArrayList<>());
      }
      try (CodeScorer.Progress.Task pb = listener.task("cg", nc);
          ChunkCsv.Writer iceOut = ChunkCsv.open(iceTmp)) {
        for (int a = 0; a < nc; a += chunk) {
          int b = Math.min(nc, a + chunk);
          int[] rows = new int[b - a];
          long[] sampleIds = new long[b - a];
          for (int r = a; r < b; r++) {
            rows[r - a] = (int) pos[r];
            sampleIds[r - a] = idx[rows[r - a]];
          }
          // Per-sample terms go straight to ice.csv; only the running sums stay in memory.
          CgBatch batch = CgJob.process(acc, rows, z, codes, datasetIndex);
          iceOut.append(sampleIds, batch);
          for (int k = 0; k < names.size(); k++) {
            termParts.get(k).add(batch.factors().get(k).terms());
          }
          pb.stepTo(b);
        }
      }
      try {
        AtomicFiles.commit(iceTmp, ice);
      } catch (IOException e) {
        throw new CandelaException(ice + ": cannot write (" + e.getMessage() + ")", e);
      }
      CgSummary sum = acc.summary();
      Map<String, Double> scores = new LinkedHashMap<>();
      scores.put("cg", sum.score());
      for (CgSummary.FactorScore fs : sum.factors()) {
        scores.put("cg." + fs.name(), fs.cg());
      }
      Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
      if (intervals) {
        double[][] terms = new double[names.size()][];
        for (int k = 0; k < names.size(); k++) {
          terms[k] = termParts.get(k).stream().flatMapToDouble(Arrays::stream).toArray();
        }
        if (nc >= 2) {
          uncertainty.putAll(
              baselineAware(
                  s,
                  names,
                  terms,
                  z,
                  pos,
                  codes,
                  datasetIndex,
                  decoder,
                  probs,
                  co,
                  stats,
                  chunk,
                  listener));
        }
      }
      Map<String, Object> cgDetails = new LinkedHashMap<>();
      cgDetails.put("rho", rho);
      cgDetails.put("samples", nc);
      cgDetails.put("ucSelection", s.ucSelection().name().toLowerCase(Locale.ROOT));
      cgDetails.put("readout", s.readout().id());
      cgDetails.put("summary", sum);
      cgDetails.put("iceFile", Evaluation.ICE_CSV);
      cgDetails.put("latentStats", stats);
      cgDetails.put("classifierAccuracy", clfCheck.accuracy());
      cgDetails.put("unreliableFactors", clfCheck.unreliable());
      return new Result(
          sum,
          scores,
          uncertainty,
          notes(names, clfCheck),
          cgDetails,
          clfCheck.warnings(),
          clf.card());
    }
  }

  /**
   * CG's uncertainty with the baseline's own variation ({@link CgBaselineSpread}): the baseline
   * statistics are redrawn and groups of the CG samples scored again, one more pass over them in
   * all.
   */
  private static Map<String, Uncertainty> baselineAware(
      EvaluationSettings s,
      List<String> names,
      double[][] terms,
      float[][] z,
      long[] pos,
      int[][] codes,
      int[] datasetIndex,
      LatentDecoder decoder,
      FactorProbabilities probs,
      CgOptions co,
      LatentStats stats,
      int chunk,
      ProgressListener listener)
      throws CandelaException {
    int nc = terms[0].length;
    try (CodeScorer.Progress.Task pb = listener.task("cg interval", nc)) {
      long[] done = {0};
      CgBaselineSpread.Terms again =
          (samples, st) -> {
            CgAccumulator acc = new CgAccumulator(decoder, probs, co, st);
            double[][] out = new double[names.size()][samples.length];
            for (int a = 0; a < samples.length; a += chunk) {
              int b = Math.min(samples.length, a + chunk);
              int[] rows = new int[b - a];
              for (int r = a; r < b; r++) {
                rows[r - a] = (int) pos[samples[r]];
              }
              CgBatch batch = CgJob.process(acc, rows, z, codes, datasetIndex);
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
          stats,
          s.baseline(),
          CgBaselineSpread.Spread.of(z),
          again,
          CgBaselineSpread.DEFAULT_REDRAWS,
          s.seed() + 5);
    }
  }

  /**
   * The card's held-out accuracy (symmetry-aware where recorded) and, measured here, on the VAE's
   * reconstructions: the numbers that decide whether {@code cg.<factor>} is reliable.
   */
  private static Map<String, String> notes(
      List<String> names, ModelFitness.ClassifierCheck clfCheck) {
    Map<String, String> notes = new LinkedHashMap<>();
    for (String f : names) {
      Map<String, Object> a = clfCheck.accuracy().get(f);
      if (a != null) {
        notes.put(
            "cg." + f,
            String.format(
                Locale.ROOT,
                "classifier accuracy: held-out %s, on reconstructions %.3f (%s read-out%s)",
                a.get("card") instanceof Number c
                    ? String.format(Locale.ROOT, "%.3f", c.doubleValue())
                    : "n/a",
                ((ClassifierQuality.Accuracy) a.get("reconstructions")).value(),
                a.get("readout"),
                Boolean.TRUE.equals(a.get("symmetryAware")) ? ", symmetry-aware" : ""));
      }
    }
    return notes;
  }
}
