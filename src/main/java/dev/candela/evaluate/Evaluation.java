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
import dev.candela.metrics.Bootstrap;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.FactorVae;
import dev.candela.metrics.FactorVaeResult;
import dev.candela.metrics.HistogramDiscretizer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Representation;
import dev.candela.metrics.SampledMetricOptions;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.Uncertainty;
import dev.candela.metrics.cg.CgAccumulator;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.model.Devices;
import dev.candela.model.FactorClassifier;
import dev.candela.model.ModelCard;
import dev.candela.model.VaeModel;
import dev.candela.model.VaeModels;
import dev.candela.report.CodeScoresHtml;
import dev.candela.report.EvaluationFigures;
import dev.candela.report.HtmlReport;
import dev.candela.report.JsonReports;
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
  private final ProgressListener listener;
  private int bootstrap = DEFAULT_BOOTSTRAP;
  private int bootstrapLearned = DEFAULT_BOOTSTRAP_LEARNED;

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
   * Sets the bootstrap replicates (see {@link CodeScorer#bootstrap} and {@link
   * dev.candela.metrics.Bootstrap#cg}); 0 turns the bootstrap off (the report says so).
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
    ModelMatch.checkModelMatchesDataset(vaeCard, modelDir, dataset);
    if (s.metrics().contains(Metric.CG) && s.classifier() != null) {
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
      ModelMatch.matchClassifier(
          ModelCard.read(s.classifier()).factors(), s.classifier(), varying, space);
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
      long[] idx = Sampling.shuffled(dataset.size(), n, s.seed());
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
      ProvenanceBuilder provenance =
          new ProvenanceBuilder(s.seed())
              .model("model", modelDir, vaeCard)
              .dataset(s.dataset(), dataset)
              .params(s.asMap())
              .param("samplesUsed", n)
              .param("bootstrap", bootstrap)
              .param("bootstrapLearned", bootstrapLearned)
              .trainingDataset(vaeCard);
      String deviceName = String.valueOf(device);
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
      Set<Metric> codeMetrics = Metric.of(s.metrics(), Metric.Kind.CODES);
      boolean cg = s.metrics().contains(Metric.CG) && s.classifier() != null;
      if (cg) {
        codeMetrics.add(Metric.IRS); // CG needs the IRS matrix for Z_I
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
          if (!e.getKey().equals("irs") || s.metrics().contains(Metric.IRS)) {
            scores.put(e.getKey(), e.getValue());
          }
        }
        details.putAll(codeScores.details());
        warnings.addAll(codeScores.warnings());
        listener.message(String.format(Locale.ROOT, "code metrics in %.1f s", secs(t)));
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
          listener.message(
              String.format(
                  Locale.ROOT,
                  "bootstrap of the code metrics (B = %d, learned B = %d) in %.1f s",
                  bootstrap,
                  bootstrapLearned,
                  secs(t)));
        }
        write(json, title, scores, uncertainty, details, warnings, provenance, deviceName);
      }

      // 2. BetaVAE and FactorVAE on the dataset's fixed-factor sampling
      boolean beta = s.metrics().contains(Metric.BETAVAE);
      boolean fvae = s.metrics().contains(Metric.FACTORVAE);
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
          try (ProgressListener.Task pb = listener.task("betavae", so.numTrain() + so.numEval())) {
            BetaVaeResult r = BetaVae.compute(sampler, counting(rep, pb), so);
            scores.put("betavae", r.score());
            uncertainty.put("betavae", Uncertainty.binomial(r.score(), so.numEval()));
            details.put("betavae", r);
          }
        }
        if (fvae) {
          try (ProgressListener.Task pb =
              listener.task("factorvae", so.numTrain() + so.numEval() + 1)) {
            FactorVaeResult r = FactorVae.compute(sampler, counting(rep, pb), so);
            scores.put("factorvae", r.score());
            uncertainty.put("factorvae", Uncertainty.binomial(r.score(), so.numEval()));
            details.put("factorvae", r);
          }
        }
        listener.message(
            String.format(
                Locale.ROOT,
                "betavae/factorvae in %.1f s (%d images encoded)",
                secs(t),
                rep.encoded()));
        write(json, title, scores, uncertainty, details, warnings, provenance, deviceName);
      }

      // 3. CG
      long[] gridPos = Sampling.shuffled(n, Math.min(s.gridSamples(), n), s.seed() + 2);
      long[] gridIdx = new long[gridPos.length];
      for (int k = 0; k < gridPos.length; k++) {
        gridIdx[k] = idx[(int) gridPos[k]];
      }
      Map<String, String> notes = new LinkedHashMap<>();
      HtmlReport page =
          codeScores == null
              ? new HtmlReport(title)
              : CodeScoresHtml.build(
                  report(title, scores, uncertainty, details, warnings, provenance, deviceName),
                  codeScores,
                  lc);
      EvaluationFigures figures = new EvaluationFigures(out, page);
      LatentStats stats = LatentStats.of(z);
      if (s.metrics().contains(Metric.CG) && s.classifier() == null) {
        warnings.add("no classifier: CG is skipped");
      }
      if (cg) {
        long t = System.nanoTime();
        try (FactorClassifier clf = FactorClassifier.load(s.classifier(), device, s.batchSize())) {
          List<String> names = codeScores.factorNames();
          int[] clfIndex = ModelMatch.matchClassifier(clf.factors(), s.classifier(), names, space);
          ModelFitness.ClassifierCheck clfCheck =
              ModelFitness.classifier(clf, s.classifier(), dataset, idx, vae, s.batchSize(), names);
          warnings.addAll(clfCheck.warnings());
          int[] datasetIndex = new int[names.size()];
          for (int k = 0; k < names.size(); k++) {
            datasetIndex[k] = space.names().indexOf(names.get(k));
          }
          provenance.model("classifier", s.classifier(), clf.card());
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
          long[] pos = Sampling.shuffled(n, nc, s.seed() + 1);
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
          try (ProgressListener.Task pb = listener.task("cg", nc);
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
              pb.stepTo(b);
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
          listener.message(String.format(Locale.ROOT, "cg in %.1f s", secs(t)));
          write(json, title, scores, uncertainty, details, warnings, provenance, deviceName);

          // counterfactual grids
          float[][] zg = Sampling.rows(z, gridPos);
          float[] originals =
              inDecoderShape(dataset, dataset.images(gridIdx), gridIdx.length, decoder);
          figures.cgSection(names, sum.perFactor(), uncertainty, rho, String.valueOf(s.baseline()));
          for (CgSummary.FactorScore fs : sum.factors()) {
            figures.counterfactualGrid(
                fs,
                CounterfactualGrid.render(zg, originals, decoder, fs.set(), stats, s.baseline()));
          }
        }
      }

      // 4. pictures
      int g = gridPos.length;
      float[] originals = inDecoderShape(dataset, dataset.images(gridIdx), g, decoder);
      float[][] zGrid = Sampling.rows(z, gridPos);
      int[] shape = decoder.imageShape();
      figures.reconstructions(originals, vae.decode(zGrid), g, shape);
      int steps = 8;
      float[][] trav = new float[d * steps][];
      for (int j = 0; j < d; j++) {
        for (int k = 0; k < steps; k++) {
          float[] row = zGrid[0].clone();
          row[j] = (float) (stats.min(j) + (stats.max(j) - stats.min(j)) * k / (steps - 1.0));
          trav[j * steps + k] = row;
        }
      }
      figures.traversals(vae.decode(trav), d, steps, shape);
      if (codeScores != null && codeScores.irs() != null) {
        figures.irsHeatMap(codeScores.irs(), codeScores.factorNames());
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
          write(json, title, scores, uncertainty, details, warnings, provenance, deviceName);
      CodeScoresHtml.headline(page, report, notes);
      CodeScoresHtml.trailer(page, report);
      page.write(out.resolve("report.html"));
      listener.message("wrote " + out.resolve("report.html").toAbsolutePath().normalize());
      listener.message(
          String.format(Locale.ROOT, "evaluated %s in %.1f s -> %s", modelDir, secs(t0), out));
      return report;
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
    int n = idx.length;
    float[][] z = new float[n][];
    int b = settings.batchSize();
    try (ProgressListener.Task pb = listener.task(task, n)) {
      for (int a = 0; a < n; a += b) {
        int e = Math.min(n, a + b);
        long[] part = Arrays.copyOfRange(idx, a, e);
        float[][] m = vae.encodeMeans(ds.images(part), part.length);
        System.arraycopy(m, 0, z, a, m.length);
        pb.stepTo(e);
      }
    }
    return z;
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
    return dev.candela.model.ImageResize.area(
        images,
        n,
        new ModelCard.Shape(from.channels(), from.height(), from.width()),
        new ModelCard.Shape(to[0], to[1], to[2]));
  }

  private ScoreReport report(
      String title,
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, Object> details,
      List<String> warnings,
      ProvenanceBuilder provenance,
      String device) {
    return new ScoreReport(title, scores, uncertainty, details, warnings, provenance.build(device));
  }

  private ScoreReport write(
      Path json,
      String title,
      Map<String, Double> scores,
      Map<String, Uncertainty> uncertainty,
      Map<String, Object> details,
      List<String> warnings,
      ProvenanceBuilder provenance,
      String device)
      throws CandelaException {
    ScoreReport r = report(title, scores, uncertainty, details, warnings, provenance, device);
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
