package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.evaluate.cf.ChunkCsv;
import dev.candela.evaluate.cf.CounterfactualGrid;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.metrics.stats.BiasNote;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

  private final EvaluationSettings settings;
  private final ProgressListener listener;

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
    ComputeDevice device = s.device().resolve();
    try (VaeModel vae = VaeModels.load(modelDir, device, s.batchSize())) {
      ScoreReport report = new Run(dataset, modelDir, vaeCard, vae, device, out).run();
      listener.message(
          String.format(Locale.ROOT, "evaluated %s in %.1f s -> %s", modelDir, secs(t0), out));
      return report;
    }
  }

  /** One evaluation under way: the encoded samples and the finished results of its stages. */
  private final class Run {
    private final EvaluationSettings s = settings;
    private final EncodedSamples e;
    private final VaeModel vae;
    private final ComputeDevice device;
    private final Path out;
    private final LatentDecoder decoder;
    private final ProvenanceBuilder provenance;
    private final String title;
    private final List<StageResult> stages = new ArrayList<>();
    private final ModelFitness.VaeCheck vaeCheck;

    Run(
        FactorDataset dataset,
        Path modelDir,
        ModelCard vaeCard,
        VaeModel vae,
        ComputeDevice device,
        Path out)
        throws CandelaException {
      this.vae = vae;
      this.out = out;
      this.device = device;
      e = EncodedSamples.encode(dataset, vae, s.samples(), s.seed(), s.batchSize(), listener);
      provenance =
          new ProvenanceBuilder(s.seed())
              .model("model", modelDir, vaeCard)
              .dataset(s.dataset(), dataset)
              .params(s.asMap())
              .param("samplesUsed", e.n())
              .trainingDataset(vaeCard);
      title = "evaluate " + modelDir.getFileName() + " on " + s.dataset().getFileName();
      decoder =
          LatentDecoder.of(
              new int[] {
                vaeCard.input().channels(), vaeCard.input().height(), vaeCard.input().width()
              },
              vae::decode);
      vaeCheck =
          ModelFitness.vae(
              vae,
              modelDir,
              dataset,
              e.idx(),
              (images, m) -> inDecoderShape(dataset, images, m, decoder));
      stages.add(
          new StageResult(
              Map.of(), Map.of(), Map.of("vaeCheck", vaeCheck), vaeCheck.warnings(), Map.of()));
    }

    /**
     * The stages in order, {@code report.json} written after each: 1. the code metrics, 1b. the
     * latent causal model, 2. BetaVAE and FactorVAE, 3. CG, 4. the model metrics; then the page,
     * rendered once from the finished results.
     */
    ScoreReport run() throws CandelaException {
      boolean cg = s.metrics().contains(Metric.CG) && s.classifier() != null;
      int replicates = s.options().replicates();
      CodeStage.Result code =
          CodeStage.run(
              s,
              e,
              cg || s.metrics().contains(Metric.SCM),
              replicates,
              s.options().refits(),
              listener);
      add(code.added());
      if (s.metrics().contains(Metric.SCM)) {
        ScmStage.Scope scope = new ScmStage.Scope(s.options().rhos().get(0), s.options().refits());
        add(ScmStage.stage(s.options().scm(), scope, e, code.scores(), s.seed(), listener));
      }
      add(ClassicStage.run(s, e, vae, replicates > 0, listener));
      ScoreReport beforeCg = report();
      if (s.metrics().contains(Metric.CG) && s.classifier() == null) {
        add(StageResult.warning("no classifier: CG is skipped"));
      }
      LatentStats stats = LatentStats.of(e.z());
      CgStage.Result cgResult = null;
      if (cg) {
        long t = System.nanoTime();
        cgResult =
            CgStage.run(
                s,
                device,
                e.dataset(),
                vae,
                decoder,
                code.scores(),
                e.z(),
                e.idx(),
                e.codes(),
                stats,
                vaeCheck,
                replicates > 0,
                out.resolve(ICE_CSV),
                listener);
        provenance.model("classifier", s.classifier(), cgResult.classifierCard());
        add(
            new StageResult(
                cgResult.scores(),
                cgResult.uncertainty(),
                Map.of("cg", cgResult.details()),
                cgResult.warnings(),
                cgResult.notes()));
        listener.message(String.format(Locale.ROOT, "cg in %.1f s", secs(t)));
      }
      add(
          ModelStage.run(
              s,
              e,
              vae,
              (images, m) -> inDecoderShape(e.dataset(), images, m, decoder),
              replicates > 0,
              listener));
      BiasNote.line(report().scores().keySet(), e.n())
          .ifPresent(line -> stages.add(StageResult.warning(line)));
      ScoreReport report = write();
      Map<String, String> notes = new LinkedHashMap<>();
      stages.forEach(st -> notes.putAll(st.notes()));
      Path html = page(beforeCg, code.scores(), cgResult, stats, report).finish(report, notes);
      listener.message("wrote " + html.toAbsolutePath().normalize());
      return report;
    }

    /** The page, from the finished results: code metrics, CG and its grids, the pictures. */
    private EvaluationPage page(
        ScoreReport beforeCg,
        CodeScorer.Scores codeScores,
        CgStage.Result cgResult,
        LatentStats stats,
        ScoreReport report)
        throws CandelaException {
      int n = e.n();
      long[] gridPos = Sampling.shuffled(n, Math.min(s.gridSamples(), n), s.seed() + 2);
      long[] gridIdx = new long[gridPos.length];
      for (int k = 0; k < gridPos.length; k++) {
        gridIdx[k] = e.idx()[(int) gridPos[k]];
      }
      EvaluationPage page =
          EvaluationPage.start(
              out, title, codeScores == null ? null : beforeCg, codeScores, e.latentCodes());
      FactorDataset dataset = e.dataset();
      int g = gridPos.length;
      float[] originals = inDecoderShape(dataset, dataset.images(gridIdx), g, decoder);
      float[][] zGrid = Sampling.rows(e.z(), gridPos);
      if (cgResult != null) {
        CgSummary sum = cgResult.summary();
        page.cgSection(CgStage.view(cgResult, s), report.uncertainty());
        for (CgSummary.FactorScore fs : sum.factors()) {
          page.counterfactualGrid(
              fs,
              CounterfactualGrid.render(zGrid, originals, decoder, fs.set(), stats, s.baseline()));
        }
      }
      int[] shape = decoder.imageShape();
      page.reconstructions(originals, vae.decode(zGrid), g, shape);
      int d = e.z()[0].length;
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
      page.classicScores(report.scores());
      if (report.details().get("scm") instanceof Map<?, ?> scmDetails) {
        @SuppressWarnings("unchecked")
        Map<String, Object> d2 = (Map<String, Object>) scmDetails;
        page.scmSection(report.scores(), d2);
      }
      return page;
    }

    /** Adds a finished stage's result and writes the report as it stands when it changed. */
    private void add(StageResult result) throws CandelaException {
      stages.add(result);
      if (result != StageResult.NONE) {
        write();
      }
    }

    /** The report: the fold of the stages' results in order. */
    private ScoreReport report() {
      Map<String, Double> scores = new LinkedHashMap<>();
      Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
      Map<String, Object> details = new LinkedHashMap<>();
      List<String> warnings = new ArrayList<>();
      for (StageResult st : stages) {
        scores.putAll(st.scores());
        uncertainty.putAll(st.uncertainty());
        details.putAll(st.details());
        warnings.addAll(st.warnings());
      }
      return new ScoreReport(
          title, scores, uncertainty, details, warnings, provenance.build(String.valueOf(device)));
    }

    /** Writes {@code report.json} as it stands. */
    private ScoreReport write() throws CandelaException {
      ScoreReport r = report();
      JsonReports.write(r, out.resolve("report.json"));
      return r;
    }
  }

  /** Seconds since a {@link System#nanoTime()} reading. */
  static double secs(long t) {
    return (System.nanoTime() - t) / 1e9;
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
