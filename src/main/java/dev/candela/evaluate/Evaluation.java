package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import dev.candela.evaluate.cf.ChunkCsv;
import dev.candela.evaluate.cf.CounterfactualGrid;
import dev.candela.metrics.BetaVae;
import dev.candela.metrics.BetaVaeResult;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.FactorVae;
import dev.candela.metrics.FactorVaeResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Representation;
import dev.candela.metrics.SampledMetricOptions;
import dev.candela.metrics.SampledMetricRepeats;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.metrics.stats.BiasNote;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.report.EvaluationPage;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Scores one VAE checkpoint on a dataset end to end: draws the evaluation samples, encodes them
 * (means) in batches, computes the code metrics of {@code score-codes} ({@link CodeScorer}), the
 * BetaVAE and FactorVAE metrics on the dataset's own fixed-factor sampling, and CG with the latent
 * sets chosen from the IRS matrix, then writes {@code report.json} (after every metric family),
 * {@code report.html} and the PNG figures into the output folder.
 */
public final class Evaluation {

  /**
   * The per-sample CG terms file in the output folder: the columns of the counterfactual job's
   * chunk files ({@link ChunkCsv#HEADER}); {@code sample} is the dataset index.
   */
  public static final String ICE_CSV = "ice.csv";

  /**
   * Default {@code --replicates}: 20 subsampling splits for IRS and UC and 100 jackknife groups for
   * MIG and Modularity ({@link CodeScorer.IntervalOptions#of}).
   */
  public static final int DEFAULT_REPLICATES = CodeScorer.IntervalOptions.DEFAULT_SPLITS;

  /** Default {@code --refits}: half-sample refits of DCI, SAP and explicitness (5 pairs). */
  public static final int DEFAULT_REFITS = CodeScorer.IntervalOptions.DEFAULT_REFITS;

  private final EvaluationSettings settings;
  private final ProgressListener listener;
  private int replicates = DEFAULT_REPLICATES;
  private int refits = DEFAULT_REFITS;
  private ScmSettings scm = ScmSettings.defaults();

  /**
   * An evaluation.
   *
   * @param settings what to compute
   * @param listener receives progress and one-line messages
   */
  public Evaluation(EvaluationSettings settings, ProgressListener listener) {
    this.settings = settings;
    this.listener = listener;
  }

  /**
   * Sets the replicates of the intervals (see {@link CodeScorer#uncertainty}); {@code replicates} 0
   * turns off the subsampling, jackknife and CG intervals, {@code refits} 0 those of the learned
   * metrics (the report says so).
   *
   * @param replicates R: S = R subsampling splits (IRS, UC), G = 5R jackknife groups (MIG,
   *     Modularity); any R &gt; 0 also gives CG its interval
   * @param refits half-sample refits of DCI, SAP and explicitness (even, ≥ 0)
   * @return this
   */
  public Evaluation withIntervals(int replicates, int refits) {
    CodeScorer.IntervalOptions.of(replicates, refits); // validates
    this.replicates = replicates;
    this.refits = refits;
    return this;
  }

  /**
   * Sets how the {@code scm} metric (the latent causal model against the dataset's causal truth)
   * runs; the default is {@link ScmSettings#defaults()}.
   *
   * @param settings the settings
   * @return this
   */
  public Evaluation withScm(ScmSettings settings) {
    this.scm = java.util.Objects.requireNonNull(settings, "settings");
    return this;
  }

  /**
   * Evaluates a model and writes its reports.
   *
   * @param dataset the opened dataset (the settings name its path)
   * @param modelDir the VAE folder (with {@code model.json})
   * @param out the output folder (created)
   * @return the report that was written
   * @throws CandelaException on bad input or failed I/O or inference
   */
  public ScoreReport run(FactorDataset dataset, Path modelDir, Path out) throws CandelaException {
    boolean created = !Files.exists(out);
    try {
      return runChecked(dataset, modelDir, out);
    } catch (CandelaException | RuntimeException e) {
      if (created) {
        deleteIfEmpty(out);
      }
      throw e;
    }
  }

  /** Removes a folder this run created when the run failed before writing into it. */
  private static void deleteIfEmpty(Path dir) {
    try (var files = Files.list(dir)) {
      if (files.findAny().isEmpty()) {
        Files.delete(dir);
      }
    } catch (IOException e) {
      // best effort: the error being reported is the run's
    }
  }

  private ScoreReport runChecked(FactorDataset dataset, Path modelDir, Path out)
      throws CandelaException {
    EvaluationSettings s = settings;
    ModelCard.requireFolder(modelDir);
    FactorSpace space = dataset.space();
    ModelCard vaeCard = ModelCard.read(modelDir);
    ModelMatch.checkModelMatchesDataset(vaeCard, modelDir, dataset);
    if (s.metrics().contains(Metric.CG) && s.classifier() != null) {
      // before any work: a classifier for other factors would fail only at the CG stage
      CgJob.checkClassifier(s.classifier(), space);
    }
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new CandelaException(out + ": cannot create (" + e.getMessage() + ")", e);
    }
    long t0 = System.nanoTime();
    ComputeDevice device = ComputeDevice.parse(s.device());
    try (VaeModel vae = VaeModels.load(modelDir, device, s.batchSize())) {
      Run run = new Run(dataset, modelDir, vaeCard, vae, device, out);
      run.codeMetrics();
      run.scmMetric();
      run.classicMetrics();
      ScoreReport report = run.countersAndPictures();
      listener.message(
          String.format(Locale.ROOT, "evaluated %s in %.1f s -> %s", modelDir, secs(t0), out));
      return report;
    }
  }

  /** The state of one evaluation: the encoded samples and the report as it grows. */
  private final class Run {
    private final EvaluationSettings s = settings;
    private final FactorDataset dataset;
    private final FactorSpace space;
    private final VaeModel vae;
    private final Path out;
    private final ComputeDevice device;
    private final int n;
    private final long[] idx;
    private final int[][] codes;
    private final float[][] z;
    private final LatentCodes lc;
    private final List<List<Object>> vocab = new ArrayList<>();
    private final LatentDecoder decoder;
    private final boolean cg;
    private final Map<String, Object> details = new LinkedHashMap<>();
    private final Map<String, Double> scores = new LinkedHashMap<>();
    private final Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final ProvenanceBuilder provenance;
    private final Path json;
    private final String title;
    private CodeScorer.Scores codeScores;
    private Map<String, Object> scmDetails;

    Run(
        FactorDataset dataset,
        Path modelDir,
        ModelCard vaeCard,
        VaeModel vae,
        ComputeDevice device,
        Path out)
        throws CandelaException {
      this.dataset = dataset;
      this.space = dataset.space();
      this.vae = vae;
      this.out = out;
      this.device = device;
      n = (int) Math.min(s.samples(), dataset.size());
      idx = Sampling.shuffled(dataset.size(), n, s.seed());
      codes = new int[space.numFactors()][n];
      for (int i = 0; i < n; i++) {
        int[] c = dataset.codes(idx[i]);
        for (int f = 0; f < c.length; f++) {
          codes[f][i] = c[f];
        }
      }
      z = encode(vae, dataset, idx, "encode");
      provenance =
          new ProvenanceBuilder(s.seed())
              .model("model", modelDir, vaeCard)
              .dataset(s.dataset(), dataset)
              .params(s.asMap())
              .param("samplesUsed", n)
              .param("replicates", replicates)
              .param("refits", refits)
              .param("scm", s.metrics().contains(Metric.SCM) ? scm.asMap() : Map.of())
              .trainingDataset(vaeCard);
      json = out.resolve("report.json");
      title = "evaluate " + modelDir.getFileName() + " on " + s.dataset().getFileName();
      decoder =
          LatentDecoder.of(
              new int[] {
                vaeCard.input().channels(), vaeCard.input().height(), vaeCard.input().width()
              },
              vae::decode);
      ModelFitness.VaeCheck vaeCheck =
          ModelFitness.vae(
              vae,
              modelDir,
              dataset,
              idx,
              (images, m) -> inDecoderShape(dataset, images, m, decoder));
      details.put("vaeCheck", vaeCheck);
      warnings.addAll(vaeCheck.warnings());
      int d = z[0].length;
      double[][] latents = new double[d][n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < d; j++) {
          latents[j][i] = z[i][j];
        }
      }
      lc = new LatentCodes(latents, codes, SelectionPass.latentNames(d), space.names());
      for (FactorSpace.Factor f : space.factors()) {
        vocab.add(f.values());
      }
      cg = s.metrics().contains(Metric.CG) && s.classifier() != null;
    }

    /**
     * BetaVAE's or FactorVAE's interval from {@link SampledMetricRepeats} (the first run is the
     * score already computed; with {@code --replicates 0} no interval, as for the other scores).
     */
    private void putRepeats(
        String key,
        double score,
        SampledMetricRepeats.Run run,
        FactorSampler sampler,
        SampledMetricOptions so)
        throws CandelaException {
      if (replicates == 0) {
        return;
      }
      Uncertainty u =
          s.classicFromDataset()
              ? SampledMetricRepeats.of(score, run, sampler, null, null, so)
              : SampledMetricRepeats.of(score, run, sampler, idx, rowCodes(), so);
      if (u != null) {
        uncertainty.put(key, u);
      }
    }

    /** The evaluation rows' factor codes, {@code [row][factor]}. */
    private int[][] rowCodes() {
      int[][] rows = new int[n][space.numFactors()];
      for (int i = 0; i < n; i++) {
        for (int f = 0; f < rows[i].length; f++) {
          rows[i][f] = codes[f][i];
        }
      }
      return rows;
    }

    /** 1. The code metrics of {@code score-codes} (and IRS whenever CG needs its matrix). */
    void codeMetrics() throws CandelaException {
      Set<Metric> codeMetrics = Metric.of(s.metrics(), Metric.Kind.CODES);
      if (cg || s.metrics().contains(Metric.SCM)) {
        codeMetrics.add(Metric.IRS); // CG needs the IRS matrix for Z_I, scm for the groups
      }
      if (codeMetrics.isEmpty()) {
        return;
      }
      long t = System.nanoTime();
      CodeScorer.Options opts =
          new CodeScorer.Options(
              codeMetrics,
              s.rhos(),
              EnumSet.of(s.ucSelection()),
              HistogramDiscretizer.DEFAULT_BINS,
              CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
              s.maxTrain(),
              s.maxTest(),
              s.seed(),
              s.dciLearner());
      codeScores = CodeScorer.score(lc, vocab, opts);
      for (Map.Entry<String, Double> e : codeScores.scores().entrySet()) {
        if (!e.getKey().equals("irs") || s.metrics().contains(Metric.IRS)) {
          scores.put(e.getKey(), e.getValue());
        }
      }
      details.putAll(codeScores.details());
      warnings.addAll(codeScores.warnings());
      listener.message(String.format(Locale.ROOT, "code metrics in %.1f s", secs(t)));
      CodeScorer.IntervalOptions io = CodeScorer.IntervalOptions.of(replicates, refits);
      if (replicates == 0) {
        warnings.add(
            "intervals off (replicates 0): IRS, UC, MIG, Modularity and CG have no standard"
                + " error");
      }
      if (replicates > 0
          && (opts.metrics().contains(Metric.IRS) || opts.metrics().contains(Metric.UC))
          && io.effectiveSplits(n, lc.numLatents(), lc.numFactors()) == 0) {
        warnings.add(
            String.format(
                Locale.ROOT,
                "IRS and UC have no interval at N = %d with %d latents: %d subsampling splits would"
                    + " exceed the work budget (docs/evaluate.md)",
                n,
                lc.numLatents(),
                CodeScorer.MIN_SPLITS));
      }
      if (refits == 0) {
        warnings.add("refits 0: DCI, SAP and explicitness have no standard error");
      }
      if (replicates > 0 || refits > 0) {
        t = System.nanoTime();
        Map<String, Uncertainty> u =
            CodeScorer.uncertainty(
                lc, vocab, opts, codeScores.scores(), io, ProgressListener.scorer(listener));
        u.keySet().retainAll(scores.keySet());
        uncertainty.putAll(u);
        listener.message(
            String.format(
                Locale.ROOT,
                "intervals of the code metrics (S = %d splits, G = %d groups, %d refits) in %.1f"
                    + " s",
                io.effectiveSplits(n, lc.numLatents(), lc.numFactors()),
                Math.min(io.groups(), n / 2),
                refits,
                secs(t)));
      }
      write();
    }

    /**
     * 1b. The latent causal model against the dataset's causal truth ({@code scm}): skipped with a
     * warning when the dataset has no known truth or the groups cannot be formed.
     */
    void scmMetric() throws CandelaException {
      if (!s.metrics().contains(Metric.SCM)) {
        return;
      }
      ScmStage.Truth truth = ScmStage.truth(space, scm.truth());
      if (truth == null) {
        warnings.add(
            "scm skipped: no causal truth for dataset '"
                + space.name()
                + "' (set SCM truth to MODEL.json)");
        return;
      }
      long t = System.nanoTime();
      try {
        ScmStage.Result r = ScmStage.run(lc, vocab, codeScores, truth, scm, s.seed());
        scores.putAll(r.scores());
        // OD, ID and CD are means over R sampled replicates: their SE gives the interval
        r.scores()
            .forEach(
                (k, v) -> {
                  Double se = r.scores().get(k + ".se");
                  if (se != null) {
                    Uncertainty u =
                        Uncertainty.symmetric(
                            v,
                            se,
                            scm.replicates() - 1,
                            Uncertainty.REPLICATES,
                            scm.replicates(),
                            0,
                            lc.numSamples());
                    if (u != null) {
                      uncertainty.put(k, u);
                    }
                  }
                });
        scmDetails = r.details();
        details.put("scm", scmDetails);
      } catch (BadInputException e) {
        warnings.add("scm skipped: " + e.getMessage());
        return;
      }
      listener.message(String.format(Locale.ROOT, "scm (latent causal model) in %.1f s", secs(t)));
      write();
    }

    /** 2. BetaVAE and FactorVAE on the dataset's fixed-factor sampling. */
    void classicMetrics() throws CandelaException {
      boolean beta = s.metrics().contains(Metric.BETAVAE);
      boolean fvae = s.metrics().contains(Metric.FACTORVAE);
      if (!beta && !fvae) {
        return;
      }
      long t = System.nanoTime();
      FactorSampler sampler;
      if (s.classicFromDataset()) {
        sampler = FactorSampler.of(dataset);
      } else {
        sampler = FactorSampler.forCodes(space, idx, rowCodes());
      }
      CachedRepresentation rep = new CachedRepresentation(vae, dataset, s.batchSize());
      rep.seed(idx, z);
      SampledMetricOptions so =
          SampledMetricOptions.defaults().scaled(s.classicScale()).withSeed(s.seed());
      if (beta) {
        try (ProgressListener.Task pb = listener.task("betavae", so.numTrain() + so.numEval())) {
          BetaVaeResult r = BetaVae.compute(sampler, counting(rep, pb), so);
          scores.put("betavae", r.score());
          putRepeats(
              "betavae", r.score(), (sm, o) -> BetaVae.compute(sm, rep, o).score(), sampler, so);
          details.put("betavae", r);
        }
      }
      if (fvae) {
        try (ProgressListener.Task pb =
            listener.task("factorvae", so.numTrain() + so.numEval() + 1)) {
          FactorVaeResult r = FactorVae.compute(sampler, counting(rep, pb), so);
          scores.put("factorvae", r.score());
          putRepeats(
              "factorvae",
              r.score(),
              (sm, o) -> FactorVae.compute(sm, rep, o).score(),
              sampler,
              so);
          details.put("factorvae", r);
        }
      }
      listener.message(
          String.format(
              Locale.ROOT,
              "betavae/factorvae in %.1f s (%d images encoded)",
              secs(t),
              rep.encoded()));
      write();
    }

    /** 3. CG with its counterfactual grids, 4. the pictures; writes the finished report. */
    ScoreReport countersAndPictures() throws CandelaException {
      long[] gridPos = Sampling.shuffled(n, Math.min(s.gridSamples(), n), s.seed() + 2);
      long[] gridIdx = new long[gridPos.length];
      for (int k = 0; k < gridPos.length; k++) {
        gridIdx[k] = idx[(int) gridPos[k]];
      }
      Map<String, String> notes = new LinkedHashMap<>();
      EvaluationPage page =
          EvaluationPage.start(out, title, codeScores == null ? null : report(), codeScores, lc);
      LatentStats stats = LatentStats.of(z);
      if (s.metrics().contains(Metric.CG) && s.classifier() == null) {
        warnings.add("no classifier: CG is skipped");
      }
      if (cg) {
        long t = System.nanoTime();
        CgStage.Result r =
            CgStage.run(
                s,
                device,
                dataset,
                vae,
                decoder,
                codeScores,
                z,
                idx,
                codes,
                stats,
                replicates > 0,
                out.resolve(ICE_CSV),
                listener);
        provenance.model("classifier", s.classifier(), r.classifierCard());
        warnings.addAll(r.warnings());
        scores.putAll(r.scores());
        uncertainty.putAll(r.uncertainty());
        notes.putAll(r.notes());
        details.put("cg", r.details());
        listener.message(String.format(Locale.ROOT, "cg in %.1f s", secs(t)));
        write();

        // counterfactual grids
        float[][] zg = Sampling.rows(z, gridPos);
        float[] originals =
            inDecoderShape(dataset, dataset.images(gridIdx), gridIdx.length, decoder);
        CgSummary sum = r.summary();
        page.cgSection(
            codeScores.factorNames(),
            sum.perFactor(),
            uncertainty,
            s.rhos().get(0),
            String.valueOf(s.baseline()));
        for (CgSummary.FactorScore fs : sum.factors()) {
          page.counterfactualGrid(
              fs, CounterfactualGrid.render(zg, originals, decoder, fs.set(), stats, s.baseline()));
        }
      }

      // 4. pictures
      int g = gridPos.length;
      float[] originals = inDecoderShape(dataset, dataset.images(gridIdx), g, decoder);
      float[][] zGrid = Sampling.rows(z, gridPos);
      int[] shape = decoder.imageShape();
      page.reconstructions(originals, vae.decode(zGrid), g, shape);
      int d = z[0].length;
      int steps = 8;
      float[][] trav = new float[d * steps][];
      for (int j = 0; j < d; j++) {
        for (int k = 0; k < steps; k++) {
          float[] row = zGrid[0].clone();
          row[j] = (float) (stats.min(j) + (stats.max(j) - stats.min(j)) * k / (steps - 1.0));
          trav[j * steps + k] = row;
        }
      }
      page.traversals(vae.decode(trav), d, steps, shape);
      if (codeScores != null && codeScores.irs() != null) {
        page.irsHeatMap(codeScores.irs(), codeScores.factorNames());
      }
      page.classicScores(scores);
      if (scmDetails != null) {
        page.scmSection(scores, scmDetails);
      }
      BiasNote.line(scores.keySet(), n).ifPresent(warnings::add);
      ScoreReport report = write();
      Path html = page.finish(report, notes);
      listener.message("wrote " + html.toAbsolutePath().normalize());
      return report;
    }

    /** The report as it stands. */
    ScoreReport report() {
      return new ScoreReport(
          title, scores, uncertainty, details, warnings, provenance.build(String.valueOf(device)));
    }

    /** Writes {@code report.json} as it stands (after every metric family). */
    ScoreReport write() throws CandelaException {
      ScoreReport r = report();
      JsonReports.write(r, json);
      return r;
    }
  }

  private static double secs(long t) {
    return (System.nanoTime() - t) / 1e9;
  }

  private static Representation counting(Representation r, ProgressListener.Task pb) {
    return ix -> {
      double[][] out = r.of(ix);
      pb.step();
      return out;
    };
  }

  private float[][] encode(VaeModel vae, FactorDataset ds, long[] idx, String task)
      throws CandelaException {
    return CgJob.encode(vae, ds, idx, settings.batchSize(), listener, task);
  }

  /**
   * Dataset images in the decoder's output shape, for grids beside decoded images: area-resized
   * when the dataset's images are larger (CANDLE's 320×240 for a 64×64 model).
   *
   * @param dataset the dataset the images come from
   * @param images {@code n} images in the dataset's shape
   * @param n the number of images
   * @param decoder the decoder whose output shape is wanted
   * @return the images in the decoder's shape
   */
  public static float[] inDecoderShape(
      FactorDataset dataset, float[] images, int n, dev.candela.metrics.cg.LatentDecoder decoder) {
    var from = dataset.imageShape();
    int[] to = decoder.imageShape();
    if (from.channels() == to[0] && from.height() == to[1] && from.width() == to[2]) {
      return images;
    }
    return dev.candela.model.hosting.ImageResize.area(
        images,
        n,
        new ModelCard.Shape(from.channels(), from.height(), from.width()),
        new ModelCard.Shape(to[0], to[1], to[2]));
  }
}
