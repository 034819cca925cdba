package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.cf.ChunkCsv;
import dev.candela.metrics.Metric;
import dev.candela.metrics.stats.BiasNote;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModel;
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
 * Scores one VAE checkpoint on a dataset end to end: opens the run's {@link EvaluationContext}
 * (draws the evaluation samples and encodes them in batches, means and log-variances), runs the
 * registered stages of {@link EvaluationStages} on it in order (the VAE check, the code metrics of
 * {@code score-codes}, the latent causal model, BetaVAE and FactorVAE, CG with the latent sets
 * chosen from the IRS matrix, the model metrics), writing {@code report.json} after each, then
 * renders {@code report.html} and the PNG figures into the output folder ({@link EvaluationPages}).
 */
public final class Evaluation {

  /**
   * The per-sample CG terms file in the output folder: the columns of the counterfactual job's
   * chunk files ({@link ChunkCsv#HEADER}); {@code sample} is the dataset index.
   */
  public static final String ICE_CSV = "ice.csv";

  private final EvaluationSettings settings;
  private final Progress listener;

  /**
   * An evaluation.
   *
   * @param settings what to compute
   * @param listener receives progress and one-line messages
   */
  public Evaluation(EvaluationSettings settings, Progress listener) {
    this.settings = settings;
    this.listener = listener;
  }

  /**
   * What one evaluation hands back: its report and the encoder posterior of the dataset rows the
   * caller asked for ({@link UdrRanking}'s shared inputs), so that no one encodes them again.
   *
   * @param report the report that was written
   * @param rows means and log-variances of the rows asked for, in their order; {@code null} when
   *     none were asked for
   */
  public record Scored(ScoreReport report, VaeModel.Encoding rows) {}

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
    return run(dataset, modelDir, out, null).report();
  }

  /**
   * Evaluates a model, writes its reports and hands back the posterior of some dataset rows: those
   * among the evaluation samples as they were encoded, the others encoded with the same VAE and
   * batch ({@link EncodedSamples#posteriorOf}).
   *
   * @param dataset the opened dataset (the settings name its path)
   * @param modelDir the VAE folder (with {@code model.json})
   * @param out the output folder (created)
   * @param rows dataset indices whose posterior is wanted, or {@code null} for none
   * @return the report that was written and the rows' posterior
   * @throws CandelaException on bad input or failed I/O or inference
   */
  public Scored run(FactorDataset dataset, Path modelDir, Path out, long[] rows)
      throws CandelaException {
    boolean created = !Files.exists(out);
    try {
      return runChecked(dataset, modelDir, out, rows);
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

  private Scored runChecked(FactorDataset dataset, Path modelDir, Path out, long[] rows)
      throws CandelaException {
    EvaluationSettings s = settings;
    long t0 = System.nanoTime();
    ModelRun.Start start =
        new ModelRun.Start(
            modelDir,
            s.metrics().contains(Metric.CG) ? s.classifier() : null,
            s.device(),
            s.batchSize(),
            out);
    try (ModelRun run = ModelRun.open(dataset, start);
        EvaluationContext c = EvaluationContext.open(s, run, listener)) {
      ScoreReport report = new Run(c).run();
      VaeModel.Encoding kept =
          rows == null
              ? null
              : c.samples().posteriorOf(rows, c.vae(), s.batchSize(), listener, "encode more");
      listener.message(
          String.format(Locale.ROOT, "evaluated %s in %.1f s -> %s", modelDir, secs(t0), out));
      return new Scored(report, kept);
    }
  }

  /** One evaluation under way: its context, which keeps the finished results of its stages. */
  private static final class Run {
    private final EvaluationContext c;

    Run(EvaluationContext c) {
      this.c = c;
    }

    /**
     * The registered stages in order ({@link EvaluationStages#ALL}), each that applies run on the
     * context and {@code report.json} written after it; then the bias note on the finished scores
     * and the page, rendered once from the finished results ({@link EvaluationPages}).
     */
    ScoreReport run() throws CandelaException {
      for (EvaluationStages.Registered r : EvaluationStages.ALL) {
        if (r.stage().applies(c.settings())) {
          c.finished(r.stage().run(c));
          write();
        }
      }
      BiasNote.line(report().scores().keySet(), c.samples().n())
          .ifPresent(line -> c.finished(StageResult.warning(line)));
      ScoreReport report = write();
      Path html = EvaluationPages.write(c.out(), report, c.results());
      c.listener().message("wrote " + html.toAbsolutePath().normalize());
      return report;
    }

    /** The report: the fold of the stages' results in order. */
    private ScoreReport report() {
      Map<String, Double> scores = new LinkedHashMap<>();
      Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
      Map<String, Object> details = new LinkedHashMap<>();
      List<String> warnings = new ArrayList<>();
      for (StageResult st : c.results()) {
        scores.putAll(st.scores());
        uncertainty.putAll(st.uncertainty());
        details.putAll(st.details());
        warnings.addAll(st.warnings());
      }
      return new ScoreReport(
          c.title(),
          scores,
          uncertainty,
          details,
          warnings,
          c.provenance().build(String.valueOf(c.device())));
    }

    /** Writes {@code report.json} as it stands. */
    private ScoreReport write() throws CandelaException {
      ScoreReport r = report();
      JsonReports.write(r, c.out().resolve("report.json"));
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
