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
import dev.candela.metrics.cg.CgImageChecks;
import dev.candela.metrics.cg.CgLatentActivity;
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
import dev.candela.report.EvaluationPage;
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
      ModelFitness.VaeCheck vaeCheck,
      boolean intervals,
      Path ice,
      ProgressListener listener)
      throws CandelaException {
    FactorSpace space = dataset.space();
    int n = idx.length;
    List<String> names = codeScores.factorNames();
    int rho = s.rhos().get(0);
    SelectionPass sel =
        SelectionPass.of(codeScores.irs(), names, rho, s.ucSelection(), stats)
            .withActivity(
                CgLatentActivity.measure(
                    decoder,
                    z,
                    stats,
                    s.baseline(),
                    CgLatentActivity.DEFAULT_SAMPLES,
                    Math.max(1, s.batchSize())));
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
      // The factors CG scores: the selection's, less the excluded ones.
      List<String> scored = new ArrayList<>();
      for (int f : co.factors()) {
        scored.add(names.get(f));
      }
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
      for (int k = 0; k < scored.size(); k++) {
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
          for (int k = 0; k < scored.size(); k++) {
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
        double[][] terms = new double[scored.size()][];
        for (int k = 0; k < scored.size(); k++) {
          terms[k] = termParts.get(k).stream().flatMapToDouble(Arrays::stream).toArray();
        }
        if (nc >= 2) {
          uncertainty.putAll(
              baselineAware(
                  s,
                  scored,
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
      List<String> unreliable = new ArrayList<>(clfCheck.unreliable());
      unreliable.retainAll(scored);
      cgDetails.put("unreliableFactors", unreliable);
      cgDetails.put("sets", setsOf(names, sel.sets()));
      cgDetails.put("ucSets", setsOf(names, sel.uc().sets()));
      cgDetails.put("activity", activity(sel.activity(), vaeCheck));
      cgDetails.put("excluded", excludedOf(sel));
      List<String> warnings = new ArrayList<>(sel.warnings());
      warnings.addAll(clfCheck.warnings());
      CgImageChecks images = acc.imageChecks();
      List<String> imageFlagged = new ArrayList<>();
      if (images != null) {
        Map<String, Object> ic = new LinkedHashMap<>();
        ic.put(
            "real",
            Map.of(
                "images",
                vaeCheck.images(),
                "meanPixelMass",
                vaeCheck.pixelMassMean(),
                "sdPixelMass",
                vaeCheck.pixelMassSd()));
        ic.put(
            "rule",
            String.format(
                Locale.ROOT,
                "warn when the mean confidence on x_I or x_\\I is below %.2f, or a role's mean"
                    + " pixel mass lies outside the real images' mean ± %.2f sd",
                CgImageChecks.MIN_CONFIDENCE,
                CgImageChecks.MASS_SHIFT_SD));
        ic.put("samples", images.samples());
        ic.put("factors", images.factors());
        cgDetails.put("imageChecks", ic);
        List<String> iw = images.warnings(vaeCheck.pixelMassMean(), vaeCheck.pixelMassSd());
        for (String f : scored) {
          if (iw.stream().anyMatch(w -> w.startsWith("cg." + f + ":"))) {
            imageFlagged.add(f);
          }
        }
        warnings.addAll(iw);
      }
      Map<String, Object> aggregate =
          aggregate(scored, unreliable, imageFlagged, sel.excluded().keySet());
      cgDetails.put("aggregate", aggregate);
      Map<String, String> notes = notes(names, clfCheck);
      if (!Boolean.TRUE.equals(aggregate.get("reliable"))) {
        String line = (String) aggregate.get("warning");
        warnings.add(line);
        notes.put("cg", "⚠ " + line);
      }
      return new Result(sum, scores, uncertainty, notes, cgDetails, warnings, clf.card());
    }
  }

  /**
   * What the page's CG section shows, from the stage's result.
   *
   * @param r the result
   * @param s the settings
   * @return the view
   */
  @SuppressWarnings("unchecked")
  static EvaluationPage.CgView view(Result r, EvaluationSettings s) {
    List<String> names = new ArrayList<>();
    Map<String, int[]> sets = new LinkedHashMap<>();
    for (CgSummary.FactorScore fs : r.summary().factors()) {
      names.add(fs.name());
      sets.put(fs.name(), fs.set());
    }
    Map<String, Object> agg = (Map<String, Object>) r.details().get("aggregate");
    Object readout = r.details().get("readout");
    return new EvaluationPage.CgView(
        names,
        r.summary().perFactor(),
        s.rhos().get(0),
        s.baseline().id(),
        readout == null
            ? "the classifier's probability of the sample's true value"
            : readout.toString(),
        sets,
        new java.util.LinkedHashSet<>((List<String>) agg.get("flagged")),
        (Map<String, List<String>>) r.details().get("excluded"));
  }

  /**
   * Whether the mean {@code cg} rests on reliable parts: {@code reliable}, the flagged parts
   * ({@code unreliable}: the classifier check; {@code imageChecks}: the counterfactual images) and
   * the {@code excluded} factors, and the {@code warning} line when any is non-empty.
   *
   * @param scored the factors averaged
   * @param unreliable the classifier check's unreliable factors among them
   * @param imageFlagged the factors with an image-check warning
   * @param excluded the excluded factors
   * @return the aggregate's record
   */
  static Map<String, Object> aggregate(
      List<String> scored,
      List<String> unreliable,
      List<String> imageFlagged,
      java.util.Collection<String> excluded) {
    java.util.Set<String> flagged = new java.util.LinkedHashSet<>(unreliable);
    flagged.addAll(imageFlagged);
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("reliable", flagged.isEmpty() && excluded.isEmpty());
    a.put("factors", List.copyOf(scored));
    a.put("flagged", List.copyOf(flagged));
    a.put("unreliable", List.copyOf(unreliable));
    a.put("imageChecks", List.copyOf(imageFlagged));
    a.put("excluded", List.copyOf(excluded));
    if (!flagged.isEmpty() || !excluded.isEmpty()) {
      List<String> parts = new ArrayList<>();
      if (!flagged.isEmpty()) {
        parts.add(
            flagged.size()
                + " of its "
                + scored.size()
                + " parts are flagged ("
                + String.join(", ", flagged)
                + (unreliable.isEmpty() ? "" : "; classifier unreliable: " + unreliable)
                + (imageFlagged.isEmpty() ? "" : "; image checks: " + imageFlagged)
                + ")");
      }
      if (!excluded.isEmpty()) {
        parts.add(
            "factors "
                + excluded
                + " are excluded (carried only by latents the decoder does not use)");
      }
      a.put(
          "warning",
          "cg is not reliable as a whole: "
              + String.join("; ", parts)
              + (flagged.size() == scored.size() ? "; every part it averages is flagged" : ""));
    }
    return a;
  }

  /** Factor name to its latent set. */
  private static Map<String, int[]> setsOf(List<String> names, int[][] sets) {
    Map<String, int[]> out = new LinkedHashMap<>();
    for (int k = 0; k < names.size(); k++) {
      out.put(names.get(k), sets[k]);
    }
    return out;
  }

  /** {@code details.cg.activity}: the rule and per latent s_j, active, and the KL when known. */
  private static Map<String, Object> activity(CgLatentActivity act, ModelFitness.VaeCheck vae) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(
        "rule",
        String.format(
            Locale.ROOT,
            "latent j is inert when its decoder sensitivity s_j (mean absolute pixel change when"
                + " z_j is set to CG's baseline, over %d samples) < %s x the largest",
            act.samples(),
            CgLatentActivity.INERT_SHARE));
    out.put("threshold", act.threshold());
    List<Map<String, Object>> latents = new ArrayList<>();
    double[] s = act.sensitivity();
    double[] kl = vae == null ? null : vae.klPerLatent();
    for (int j = 0; j < s.length; j++) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("latent", "z" + j);
      m.put("sensitivity", s[j]);
      m.put("active", act.isActive(j));
      if (kl != null && j < kl.length) {
        m.put("kl", kl[j]);
      }
      latents.add(m);
    }
    out.put("latents", latents);
    return out;
  }

  /** {@code details.cg.excluded}: factor to the inert latents that carry it. */
  private static Map<String, List<String>> excludedOf(SelectionPass sel) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    sel.excluded().forEach((f, l) -> out.put(f, Arrays.stream(l).mapToObj(j -> "z" + j).toList()));
    return out;
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
