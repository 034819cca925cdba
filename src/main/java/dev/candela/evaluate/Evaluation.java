package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.Provenance;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSampler;
import dev.candela.data.FactorSpace;
import dev.candela.metrics.BetaVae;
import dev.candela.metrics.BetaVaeResult;
import dev.candela.metrics.CgAccumulator;
import dev.candela.metrics.CgBatch;
import dev.candela.metrics.CgOptions;
import dev.candela.metrics.CgSummary;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.FactorProbabilities;
import dev.candela.metrics.FactorVae;
import dev.candela.metrics.FactorVaeResult;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentDecoder;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Representation;
import dev.candela.metrics.SampledMetricOptions;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.cf.ChunkCsv;
import dev.candela.metrics.cf.CounterfactualGrid;
import dev.candela.metrics.stats.Bootstrap;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.Devices;
import dev.candela.model.FactorClassifier;
import dev.candela.model.ModelCard;
import dev.candela.model.VaeModel;
import dev.candela.model.VaeModels;
import dev.candela.report.CodeScoresHtml;
import dev.candela.report.HtmlReport;
import dev.candela.report.JsonReports;
import dev.candela.report.Plots;
import dev.candela.report.ScoreReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

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
   * Default bootstrap replicates B for the cheap scores (IRS, UC, MIG, Modularity, CG); they cost
   * milliseconds each at the default 1,000 samples.
   */
  public static final int DEFAULT_BOOTSTRAP = 200;

  /**
   * Default bootstrap replicates for the learned scores (DCI with gradient-boosted trees, SAP,
   * explicitness), which refit their learners on every replicate.
   */
  public static final int DEFAULT_BOOTSTRAP_LEARNED = 5;

  private final EvaluationSettings settings;
  private final Consumer<String> log;
  private int bootstrap = DEFAULT_BOOTSTRAP;
  private int bootstrapLearned = DEFAULT_BOOTSTRAP_LEARNED;

  /**
   * An evaluation.
   *
   * @param settings what to compute
   * @param log receives one-line progress messages
   */
  public Evaluation(EvaluationSettings settings, Consumer<String> log) {
    this.settings = settings;
    this.log = log;
  }

  /**
   * Sets the bootstrap replicates (see {@link CodeScorer#bootstrap} and {@link
   * dev.candela.metrics.stats.Bootstrap#cg}); 0 turns the bootstrap off (the report says so).
   *
   * @param replicates B for IRS, UC, MIG, Modularity and CG (≥ 0)
   * @param learnedReplicates B for DCI, SAP and explicitness (≥ 0; at most {@code replicates})
   * @return this
   */
  public Evaluation withBootstrap(int replicates, int learnedReplicates) {
    if (replicates < 0 || learnedReplicates < 0) {
      throw new IllegalArgumentException(
          "--bootstrap and --bootstrap-learned must be ≥ 0, got "
              + replicates
              + " and "
              + learnedReplicates);
    }
    this.bootstrap = replicates;
    this.bootstrapLearned = Math.min(replicates, learnedReplicates);
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
    if (!Files.isRegularFile(modelDir.resolve(ModelCard.FILE))) {
      throw new BadInputException(modelDir + ": not a model folder (no " + ModelCard.FILE + ")");
    }
    FactorSpace space = dataset.space();
    ModelCard vaeCard = ModelCard.read(modelDir);
    checkModelMatchesDataset(vaeCard, modelDir, dataset);
    if (s.metrics().contains(EvaluationSettings.Metric.CG) && s.classifier() != null) {
      // before any work: a classifier for other factors would fail only at the CG stage
      if (!Files.isRegularFile(s.classifier().resolve(ModelCard.FILE))) {
        throw new BadInputException(
            s.classifier() + ": not a classifier folder (no " + ModelCard.FILE + ")");
      }
      List<String> varying = new ArrayList<>();
      for (String f : space.names()) {
        if (space.factor(f).size() > 1) {
          varying.add(f);
        }
      }
      matchClassifier(ModelCard.read(s.classifier()).factors(), s.classifier(), varying, space);
    }
    try {
      Files.createDirectories(out);
    } catch (IOException e) {
      throw new CandelaException(out + ": cannot create (" + e.getMessage() + ")", e);
    }
    var device = Devices.parse(s.device());
    long t0 = System.nanoTime();
    try (VaeModel vae = VaeModels.load(modelDir, device, s.batchSize())) {
      int n = (int) Math.min(s.samples(), dataset.size());
      long[] idx = sampleIndices(dataset.size(), n, s.seed());
      int[][] codes = new int[space.numFactors()][n];
      for (int i = 0; i < n; i++) {
        int[] c = dataset.codes(idx[i]);
        for (int f = 0; f < c.length; f++) {
          codes[f][i] = c[f];
        }
      }
      float[][] z = encode(vae, dataset, idx, "encode");
      int d = z[0].length;
      Map<String, Object> details = new LinkedHashMap<>();
      Map<String, Double> scores = new LinkedHashMap<>();
      Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
      List<String> warnings = new ArrayList<>();
      Map<String, String> inputs = new TreeMap<>();
      inputs.put("model:" + modelDir, String.join(",", vaeCard.weights().values()));
      inputs.put("dataset:" + s.dataset(), dataset.fingerprint());
      Map<String, Object> params = new LinkedHashMap<>(s.asMap());
      params.put("samplesUsed", n);
      params.put("bootstrap", bootstrap);
      params.put("bootstrapLearned", bootstrapLearned);
      Object trained =
          vaeCard.training() == null ? null : vaeCard.training().get("datasetFingerprint");
      if (trained != null) {
        params.put("modelTrainingDatasetFingerprint", trained);
      }
      Map<String, String> versions = new LinkedHashMap<>(Provenance.softwareVersions());
      versions.put("engine", VaeModels.ENGINE);
      Path json = out.resolve("report.json");
      String title = "evaluate " + modelDir.getFileName() + " on " + s.dataset().getFileName();
      LatentDecoder decoder =
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

      // 1. code metrics (score-codes)
      double[][] latents = new double[d][n];
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < d; j++) {
          latents[j][i] = z[i][j];
        }
      }
      List<String> latentNames = new ArrayList<>();
      for (int j = 0; j < d; j++) {
        latentNames.add("z" + j);
      }
      LatentCodes lc = new LatentCodes(latents, codes, latentNames, space.names());
      List<List<Object>> vocab = new ArrayList<>();
      for (FactorSpace.Factor f : space.factors()) {
        vocab.add(f.values());
      }
      Set<CodeScorer.Metric> codeMetrics = EnumSet.noneOf(CodeScorer.Metric.class);
      for (EvaluationSettings.Metric m : s.metrics()) {
        switch (m) {
          case IRS -> codeMetrics.add(CodeScorer.Metric.IRS);
          case UC -> codeMetrics.add(CodeScorer.Metric.UC);
          case MIG -> codeMetrics.add(CodeScorer.Metric.MIG);
          case DCI -> codeMetrics.add(CodeScorer.Metric.DCI);
          case SAP -> codeMetrics.add(CodeScorer.Metric.SAP);
          case MODULARITY -> codeMetrics.add(CodeScorer.Metric.MODULARITY);
          default -> {
            // not a code metric
          }
        }
      }
      boolean cg = s.metrics().contains(EvaluationSettings.Metric.CG) && s.classifier() != null;
      if (cg) {
        codeMetrics.add(CodeScorer.Metric.IRS); // CG needs the IRS matrix for Z_I
      }
      CodeScorer.Scores codeScores = null;
      if (!codeMetrics.isEmpty()) {
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
                s.seed());
        codeScores = CodeScorer.score(lc, vocab, opts);
        for (Map.Entry<String, Double> e : codeScores.scores().entrySet()) {
          if (!e.getKey().equals("irs") || s.metrics().contains(EvaluationSettings.Metric.IRS)) {
            scores.put(e.getKey(), e.getValue());
          }
        }
        details.putAll(codeScores.details());
        warnings.addAll(codeScores.warnings());
        log.accept(String.format(Locale.ROOT, "code metrics in %.1f s", secs(t)));
        if (bootstrap == 0) {
          warnings.add("bootstrap off (--bootstrap 0): the scores have no standard error");
        } else if (bootstrapLearned == 0) {
          warnings.add("--bootstrap-learned 0: DCI, SAP and explicitness have no standard error");
        }
        if (bootstrap > 0) {
          t = System.nanoTime();
          Map<String, Uncertainty> u =
              CodeScorer.bootstrap(
                  lc, vocab, opts, codeScores.scores(), bootstrap, bootstrapLearned);
          u.keySet().retainAll(scores.keySet());
          uncertainty.putAll(u);
          log.accept(
              String.format(
                  Locale.ROOT,
                  "bootstrap of the code metrics (B = %d, learned B = %d) in %.1f s",
                  bootstrap,
                  bootstrapLearned,
                  secs(t)));
        }
        write(
            json, title, scores, uncertainty, details, warnings, inputs, params, versions, device);
      }

      // 2. BetaVAE and FactorVAE on the dataset's fixed-factor sampling
      boolean beta = s.metrics().contains(EvaluationSettings.Metric.BETAVAE);
      boolean fvae = s.metrics().contains(EvaluationSettings.Metric.FACTORVAE);
      if (beta || fvae) {
        long t = System.nanoTime();
        FactorSampler sampler;
        if (s.classicFromDataset()) {
          sampler = FactorSampler.of(dataset);
        } else {
          int[][] rowsCodes = new int[n][space.numFactors()];
          for (int i = 0; i < n; i++) {
            for (int f = 0; f < rowsCodes[i].length; f++) {
              rowsCodes[i][f] = codes[f][i];
            }
          }
          sampler = FactorSampler.forCodes(space, idx, rowsCodes);
        }
        CachedRepresentation rep = new CachedRepresentation(vae, dataset, s.batchSize());
        rep.seed(idx, z);
        SampledMetricOptions so =
            SampledMetricOptions.defaults().scaled(s.classicScale()).withSeed(s.seed());
        if (beta) {
          try (ProgressBar pb = bar("betavae", so.numTrain() + so.numEval())) {
            BetaVaeResult r = BetaVae.compute(sampler, counting(rep, pb), so);
            scores.put("betavae", r.score());
            uncertainty.put("betavae", Uncertainty.binomial(r.score(), so.numEval()));
            details.put("betavae", r);
          }
        }
        if (fvae) {
          try (ProgressBar pb = bar("factorvae", so.numTrain() + so.numEval() + 1)) {
            FactorVaeResult r = FactorVae.compute(sampler, counting(rep, pb), so);
            scores.put("factorvae", r.score());
            uncertainty.put("factorvae", Uncertainty.binomial(r.score(), so.numEval()));
            details.put("factorvae", r);
          }
        }
        log.accept(
            String.format(
                Locale.ROOT,
                "betavae/factorvae in %.1f s (%d images encoded)",
                secs(t),
                rep.encoded()));
        write(
            json, title, scores, uncertainty, details, warnings, inputs, params, versions, device);
      }

      // 3. CG
      long[] gridPos = sampleIndices(n, Math.min(s.gridSamples(), n), s.seed() + 2);
      long[] gridIdx = new long[gridPos.length];
      for (int k = 0; k < gridPos.length; k++) {
        gridIdx[k] = idx[(int) gridPos[k]];
      }
      Map<String, String> notes = new LinkedHashMap<>();
      HtmlReport page =
          codeScores == null
              ? new HtmlReport(title)
              : CodeScoresHtml.build(
                  report(
                      title,
                      scores,
                      uncertainty,
                      details,
                      warnings,
                      inputs,
                      params,
                      versions,
                      device),
                  codeScores,
                  lc);
      LatentStats stats = LatentStats.of(z);
      if (s.metrics().contains(EvaluationSettings.Metric.CG) && s.classifier() == null) {
        warnings.add("no classifier: CG is skipped");
      }
      if (cg) {
        long t = System.nanoTime();
        try (FactorClassifier clf = FactorClassifier.load(s.classifier(), device, s.batchSize())) {
          List<String> names = codeScores.factorNames();
          int[] clfIndex = matchClassifier(clf.factors(), s.classifier(), names, space);
          ModelFitness.ClassifierCheck clfCheck =
              ModelFitness.classifier(clf, s.classifier(), dataset, idx, vae, s.batchSize(), names);
          warnings.addAll(clfCheck.warnings());
          int[] datasetIndex = new int[names.size()];
          for (int k = 0; k < names.size(); k++) {
            datasetIndex[k] = space.names().indexOf(names.get(k));
          }
          inputs.put(
              "classifier:" + s.classifier(), String.join(",", clf.card().weights().values()));
          int rho = s.rhos().get(0);
          UcResult uc = Uc.compute(codeScores.irs(), rho, s.ucSelection());
          CgOptions co =
              CgOptions.builder()
                  .setSets(uc.sets())
                  .optFactorNames(names)
                  .optBaseline(s.baseline())
                  .optMaxBatch(Math.max(s.batchSize(), 1))
                  .build();
          FactorProbabilities probs =
              (images, m) -> {
                float[][][] p = clf.probabilities(images, m);
                float[][][] o = new float[clfIndex.length][][];
                for (int k = 0; k < clfIndex.length; k++) {
                  o[k] = p[clfIndex[k]];
                }
                return o;
              };
          CgAccumulator acc = new CgAccumulator(decoder, probs, co, stats);
          int chunk = Math.max(1, s.batchSize() / (1 + 2 * names.size()));
          int nc = Math.min(n, s.cgSamples());
          long[] pos = sampleIndices(n, nc, s.seed() + 1);
          Path ice = out.resolve(ICE_CSV);
          Path iceTmp;
          try {
            iceTmp = dev.candela.AtomicFiles.newTemp(ice);
          } catch (IOException e) {
            throw new CandelaException(ice + ": cannot write (" + e.getMessage() + ")", e);
          }
          List<List<double[]>> termParts = new ArrayList<>();
          for (int k = 0; k < names.size(); k++) {
            termParts.add(new ArrayList<>());
          }
          try (ProgressBar pb = bar("cg", nc);
              ChunkCsv.Writer iceOut = ChunkCsv.open(iceTmp)) {
            for (int a = 0; a < nc; a += chunk) {
              int b = Math.min(nc, a + chunk);
              float[][] zc = new float[b - a][];
              int[][] cc = new int[names.size()][b - a];
              long[] sampleIds = new long[b - a];
              for (int r = a; r < b; r++) {
                zc[r - a] = z[(int) pos[r]];
                sampleIds[r - a] = idx[(int) pos[r]];
                for (int k = 0; k < names.size(); k++) {
                  cc[k][r - a] = codes[datasetIndex[k]][(int) pos[r]];
                }
              }
              // Per-sample terms go straight to ice.csv; only the running sums stay in memory.
              CgBatch batch = acc.process(zc, cc);
              iceOut.append(sampleIds, batch);
              for (int k = 0; k < names.size(); k++) {
                termParts.get(k).add(batch.factors().get(k).terms());
              }
              if (pb != null) {
                pb.stepTo(b);
              }
            }
          }
          try {
            dev.candela.AtomicFiles.commit(iceTmp, ice);
          } catch (IOException e) {
            throw new CandelaException(ice + ": cannot write (" + e.getMessage() + ")", e);
          }
          CgSummary sum = acc.summary();
          scores.put("cg", sum.score());
          for (CgSummary.FactorScore fs : sum.factors()) {
            scores.put("cg." + fs.name(), fs.cg());
          }
          if (bootstrap > 0) {
            double[][] terms = new double[names.size()][];
            for (int k = 0; k < names.size(); k++) {
              terms[k] = termParts.get(k).stream().flatMapToDouble(Arrays::stream).toArray();
            }
            uncertainty.putAll(Bootstrap.cg(names, terms, bootstrap, s.seed() + 3));
          }
          // the card's held-out accuracy (symmetry-aware where recorded) and, measured here, on
          // the VAE's reconstructions: the numbers that decide whether cg.<factor> is reliable
          for (String f : names) {
            Map<String, Object> a = clfCheck.accuracy().get(f);
            if (a != null) {
              notes.put(
                  "cg." + f,
                  String.format(
                      Locale.ROOT,
                      "classifier accuracy: held-out %s, on reconstructions %.3f%s",
                      a.get("card") instanceof Number c
                          ? String.format(Locale.ROOT, "%.3f", c.doubleValue())
                          : "n/a",
                      ((dev.candela.model.ClassifierQuality.Accuracy) a.get("reconstructions"))
                          .value(),
                      Boolean.TRUE.equals(a.get("symmetryAware")) ? " (symmetry-aware)" : ""));
            }
          }
          Map<String, Object> cgDetails = new LinkedHashMap<>();
          cgDetails.put("rho", rho);
          cgDetails.put("samples", nc);
          cgDetails.put("ucSelection", s.ucSelection().name().toLowerCase(Locale.ROOT));
          cgDetails.put("summary", sum);
          cgDetails.put("iceFile", ICE_CSV);
          cgDetails.put("latentStats", stats);
          cgDetails.put("classifierAccuracy", clfCheck.accuracy());
          cgDetails.put("unreliableFactors", clfCheck.unreliable());
          details.put("cg", cgDetails);
          log.accept(String.format(Locale.ROOT, "cg in %.1f s", secs(t)));
          write(
              json,
              title,
              scores,
              uncertainty,
              details,
              warnings,
              inputs,
              params,
              versions,
              device);

          // counterfactual grids
          float[][] zg = gridRows(z, gridPos);
          float[] originals =
              inDecoderShape(dataset, dataset.images(gridIdx), gridIdx.length, decoder);
          page.section("Counterfactual generativeness (CG)");
          page.figurePng(
              "CG per factor (ρ = " + rho + ", baseline " + s.baseline() + ")",
              cgBars(names, sum.perFactor(), uncertainty));
          for (CgSummary.FactorScore fs : sum.factors()) {
            byte[] png =
                Images.png(
                    CounterfactualGrid.render(
                        zg, originals, decoder, fs.set(), stats, s.baseline()));
            Images.write(out.resolve("counterfactuals-" + fs.name() + ".png"), png);
            page.figurePng(
                "Counterfactuals of "
                    + fs.name()
                    + " (Z_I = "
                    + Arrays.toString(fs.set())
                    + "; columns x, x̂, x_I, x_\\I), CG = "
                    + HtmlFormat.fmt(fs.cg()),
                png);
          }
        }
      }

      // 4. pictures
      int g = gridPos.length;
      float[] originals = inDecoderShape(dataset, dataset.images(gridIdx), g, decoder);
      float[][] zGrid = gridRows(z, gridPos);
      float[] recon = vae.decode(zGrid);
      int vol = originals.length / g;
      float[] both = new float[2 * g * vol];
      System.arraycopy(originals, 0, both, 0, g * vol);
      System.arraycopy(recon, 0, both, g * vol, g * vol);
      int[] shape = decoder.imageShape();
      byte[] reconPng = Images.png(Images.grid(both, 2 * g, g, shape));
      Images.write(out.resolve("reconstructions.png"), reconPng);
      page.section("Reconstructions and latent traversals");
      page.figurePng("Top: dataset images; bottom: reconstructions g(mean of q(z|x))", reconPng);
      int steps = 8;
      float[][] trav = new float[d * steps][];
      for (int j = 0; j < d; j++) {
        for (int k = 0; k < steps; k++) {
          float[] row = zGrid[0].clone();
          row[j] = (float) (stats.min(j) + (stats.max(j) - stats.min(j)) * k / (steps - 1.0));
          trav[j * steps + k] = row;
        }
      }
      byte[] travPng = Images.png(Images.grid(vae.decode(trav), d * steps, steps, shape));
      Images.write(out.resolve("traversals.png"), travPng);
      page.figurePng(
          "Latent traversals of the first grid sample: one row per latent z0..z"
              + (d - 1)
              + ", from the evaluation set's minimum to its maximum",
          travPng);
      if (codeScores != null && codeScores.irs() != null) {
        var irs = codeScores.irs();
        List<String> rows = new ArrayList<>();
        for (int j : irs.activeLatents()) {
          rows.add("z" + j);
        }
        double lo =
            Math.min(
                0, Arrays.stream(irs.matrix()).flatMapToDouble(Arrays::stream).min().orElse(0));
        Images.write(
            out.resolve("irs.png"),
            Plots.heatMap("IRS", rows, codeScores.factorNames(), irs.matrix(), lo, 1));
      }
      Map<String, Double> classic = new LinkedHashMap<>();
      for (String k : List.of("betavae", "factorvae")) {
        if (scores.containsKey(k)) {
          classic.put(k, scores.get(k));
        }
      }
      if (!classic.isEmpty()) {
        page.keyValues("BetaVAE / FactorVAE (evaluation accuracy)", classic);
      }
      warnings.addAll(Bootstrap.biasWarnings(uncertainty));
      ScoreReport report =
          write(
              json,
              title,
              scores,
              uncertainty,
              details,
              warnings,
              inputs,
              params,
              versions,
              device);
      CodeScoresHtml.headline(page, report, notes);
      CodeScoresHtml.trailer(page, report);
      page.write(out.resolve("report.html"));
      log.accept("wrote " + out.resolve("report.html").toAbsolutePath().normalize());
      log.accept(
          String.format(Locale.ROOT, "evaluated %s in %.1f s -> %s", modelDir, secs(t0), out));
      return report;
    }
  }

  /** CG per factor with 95% interval whiskers when the bootstrap ran. */
  private static byte[] cgBars(
      List<String> names, double[] perFactor, Map<String, Uncertainty> uncertainty) {
    double[] lo = new double[names.size()];
    double[] hi = new double[names.size()];
    for (int k = 0; k < names.size(); k++) {
      Uncertainty u = uncertainty.get("cg." + names.get(k));
      if (u == null) {
        return Plots.bars("CG per factor", names, perFactor);
      }
      lo[k] = u.ci95().get(0);
      hi[k] = u.ci95().get(1);
    }
    return Plots.bars("CG per factor", names, perFactor, lo, hi);
  }

  /** Formatting shared with the HTML tables. */
  static final class HtmlFormat {
    private HtmlFormat() {}

    static String fmt(double v) {
      return String.format(Locale.ROOT, "%.4f", v);
    }
  }

  private static float[][] gridRows(float[][] z, long[] pos) {
    float[][] out = new float[pos.length][];
    for (int k = 0; k < pos.length; k++) {
      out[k] = z[(int) pos[k]];
    }
    return out;
  }

  private static double secs(long t) {
    return (System.nanoTime() - t) / 1e9;
  }

  private ProgressBar bar(String task, long max) {
    if (settings.quiet()) {
      return null;
    }
    return new ProgressBarBuilder()
        .setTaskName(task)
        .setInitialMax(max)
        .setConsumer(new ConsoleProgressBarConsumer(System.err))
        .setUpdateIntervalMillis(500)
        .build();
  }

  private static Representation counting(Representation r, ProgressBar pb) {
    return ix -> {
      double[][] out = r.of(ix);
      if (pb != null) {
        pb.step();
      }
      return out;
    };
  }

  private float[][] encode(VaeModel vae, FactorDataset ds, long[] idx, String task)
      throws CandelaException {
    int n = idx.length;
    float[][] z = new float[n][];
    int b = settings.batchSize();
    try (ProgressBar pb = bar(task, n)) {
      for (int a = 0; a < n; a += b) {
        int e = Math.min(n, a + b);
        long[] part = Arrays.copyOfRange(idx, a, e);
        float[][] m = vae.encodeMeans(ds.images(part), part.length);
        System.arraycopy(m, 0, z, a, m.length);
        if (pb != null) {
          pb.stepTo(e);
        }
      }
    }
    return z;
  }

  /**
   * Draws evaluation samples: {@code n} distinct indices of {@code 0..size-1}, seeded, increasing.
   *
   * @param size the dataset size
   * @param n how many ({@code <= size})
   * @param seed the seed
   * @return the sorted indices
   */
  public static long[] sampleIndices(long size, int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    long[] out;
    if (size <= 4L * n || size <= Integer.MAX_VALUE / 2 && size <= 2_000_000) {
      int m = Math.toIntExact(size);
      int[] perm = new int[m];
      for (int i = 0; i < m; i++) {
        perm[i] = i;
      }
      for (int i = 0; i < n; i++) {
        int j = i + rng.nextInt(m - i);
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
      }
      out = new long[n];
      for (int i = 0; i < n; i++) {
        out[i] = perm[i];
      }
    } else {
      java.util.LinkedHashSet<Long> set = new java.util.LinkedHashSet<>();
      while (set.size() < n) {
        set.add(rng.nextLong(size));
      }
      out = set.stream().mapToLong(Long::longValue).toArray();
    }
    Arrays.sort(out);
    return out;
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
      FactorDataset dataset, float[] images, int n, dev.candela.metrics.LatentDecoder decoder) {
    var from = dataset.imageShape();
    int[] to = decoder.imageShape();
    if (from.channels() == to[0] && from.height() == to[1] && from.width() == to[2]) {
      return images;
    }
    return dev.candela.model.ImageResize.area(
        images,
        n,
        new ModelCard.Shape(from.channels(), from.height(), from.width()),
        new ModelCard.Shape(to[0], to[1], to[2]));
  }

  /**
   * Checks that a model's input shape (or source image shape) and recorded factors match a dataset.
   *
   * @param card the model card
   * @param dir the model folder, for messages
   * @param ds the dataset
   * @throws BadInputException naming the card file and both shapes or factor lists
   */
  public static void checkModelMatchesDataset(ModelCard card, Path dir, FactorDataset ds)
      throws BadInputException {
    var shape = ds.imageShape();
    var in = card.input();
    var source = card.sourceImage();
    boolean matchesInput =
        in.channels() == shape.channels()
            && in.height() == shape.height()
            && in.width() == shape.width();
    // A card with a source image shape takes dataset images of that shape and resizes them.
    boolean matchesSource =
        source != null
            && source.channels() == shape.channels()
            && source.height() == shape.height()
            && source.width() == shape.width();
    if (!matchesInput && !matchesSource) {
      throw new BadInputException(
          dir.resolve(ModelCard.FILE)
              + ": model input "
              + in
              + " does not match the dataset's images "
              + shape.channels()
              + "x"
              + shape.height()
              + "x"
              + shape.width());
    }
    if (card.factors() != null && !card.factors().isEmpty()) {
      List<String> names = card.factors().stream().map(ModelCard.FactorInfo::name).toList();
      if (!new java.util.HashSet<>(names).equals(new java.util.HashSet<>(ds.space().names()))) {
        throw new BadInputException(
            dir.resolve(ModelCard.FILE)
                + ": model factors "
                + names
                + " do not match the dataset's factors "
                + ds.space().names());
      }
    }
  }

  /** For each scored factor (by name), the classifier's output block; sizes must agree. */
  static int[] matchClassifier(
      List<ModelCard.FactorInfo> cf, Path dir, List<String> names, FactorSpace space)
      throws BadInputException {
    if (cf == null) {
      cf = List.of();
    }
    List<String> clfNames = cf.stream().map(ModelCard.FactorInfo::name).toList();
    int[] out = new int[names.size()];
    for (int k = 0; k < names.size(); k++) {
      int i = clfNames.indexOf(names.get(k));
      if (i < 0) {
        throw new BadInputException(
            dir.resolve(ModelCard.FILE)
                + ": classifier has no factor '"
                + names.get(k)
                + "' (classifier factors "
                + clfNames
                + ")");
      }
      int want = space.factor(names.get(k)).size();
      if (cf.get(i).size() != want) {
        throw new BadInputException(
            dir.resolve(ModelCard.FILE)
                + ": classifier factor '"
                + names.get(k)
                + "' has "
                + cf.get(i).size()
                + " values, the dataset has "
                + want);
      }
      out[k] = i;
    }
    return out;
  }

  private ScoreReport report(
      String title,
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, Object> details,
      List<String> warnings,
      Map<String, String> inputs,
      Map<String, Object> params,
      Map<String, String> versions,
      Object device) {
    Provenance p =
        new Provenance(
            inputs, settings.seed(), params, versions, String.valueOf(device), Provenance.nowIso());
    return new ScoreReport(title, scores, uncertainty, details, warnings, p);
  }

  private ScoreReport write(
      Path json,
      String title,
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, Object> details,
      List<String> warnings,
      Map<String, String> inputs,
      Map<String, Object> params,
      Map<String, String> versions,
      Object device)
      throws CandelaException {
    ScoreReport r =
        report(title, scores, uncertainty, details, warnings, inputs, params, versions, device);
    JsonReports.write(r, json);
    return r;
  }

  /** Encodes samples on demand, once per index. */
  static final class CachedRepresentation implements Representation {
    private final VaeModel vae;
    private final FactorDataset ds;
    private final int batch;
    private final Map<Long, double[]> cache = new HashMap<>();
    private long encoded;

    CachedRepresentation(VaeModel vae, FactorDataset ds, int batch) {
      this.vae = vae;
      this.ds = ds;
      this.batch = batch;
    }

    void seed(long[] idx, float[][] z) {
      for (int i = 0; i < idx.length; i++) {
        cache.put(idx[i], toDouble(z[i]));
      }
    }

    long encoded() {
      return encoded;
    }

    @Override
    public double[][] of(long[] indices) throws CandelaException {
      long[] missing =
          Arrays.stream(indices).filter(i -> !cache.containsKey(i)).distinct().toArray();
      for (int a = 0; a < missing.length; a += batch) {
        long[] part = Arrays.copyOfRange(missing, a, Math.min(missing.length, a + batch));
        float[][] m = vae.encodeMeans(ds.images(part), part.length);
        for (int i = 0; i < part.length; i++) {
          cache.put(part[i], toDouble(m[i]));
        }
        encoded += part.length;
      }
      double[][] out = new double[indices.length][];
      for (int i = 0; i < indices.length; i++) {
        out[i] = cache.get(indices[i]);
      }
      return out;
    }

    private static double[] toDouble(float[] f) {
      double[] d = new double[f.length];
      for (int j = 0; j < f.length; j++) {
        d[j] = f[j];
      }
      return d;
    }
  }
}
