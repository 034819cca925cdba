package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.cf.CounterfactualJob;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.report.CounterfactualText;
import dev.candela.report.JsonReports;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counterfactual pipeline over a dataset with a hosted VAE and factor classifier: the model
 * fitness checks, a selection pass ({@link SelectionPass}) for the sets Z_I and the baseline
 * statistics, then the resumable {@link CounterfactualJob} over the range in chunks, each chunk's
 * images encoded in batches (codes of the selection pass are reused).
 */
public final class CounterfactualDriver {
  private CounterfactualDriver() {}

  /** Told after every chunk, with the loaded models (the memory benchmark samples here). */
  @FunctionalInterface
  public interface ChunkObserver {
    /**
     * A chunk is done.
     *
     * @param models the loaded models
     * @param chunk the chunk index
     * @param total the number of chunks
     * @param samplesDone samples of the range finished so far
     */
    void chunkDone(CounterfactualModels models, int chunk, int total, int samplesDone);
  }

  /**
   * What a run produced.
   *
   * @param job the job's result (summary, chunk counts)
   * @param selection the selection pass
   * @param end the end of the sample range
   * @param encoded codes the chunks encoded
   * @param reused codes the chunks took from the selection pass
   * @param warnings the model-fitness warnings
   */
  public record Outcome(
      CounterfactualJob.Result job,
      SelectionPass selection,
      int end,
      long encoded,
      long reused,
      List<String> warnings) {

    /**
     * The plain-text summary {@code counterfactuals} prints.
     *
     * @param rho latents per factor in Z_I
     * @return the text
     */
    public String text(int rho) {
      return CounterfactualText.render(
          job.summary(),
          new CounterfactualText.Selection(
              selection.reused(), selection.samples(), selection.irs(), rho, selection.uc()),
          new CounterfactualText.Work(
              end,
              job.chunksComputed(),
              job.chunksSkipped(),
              job.summaryFile(),
              encoded,
              reused,
              SelectionPass.CODES_FILE));
    }
  }

  /**
   * Runs the pipeline.
   *
   * @param s the settings
   * @param opener opens the dataset path
   * @param listener progress and messages
   * @param observer told after every chunk, or null
   * @return what the run produced
   * @throws CandelaException on bad input or failed I/O or inference
   */
  public static Outcome run(
      CounterfactualSettings s,
      DatasetOpener opener,
      ProgressListener listener,
      ChunkObserver observer)
      throws CandelaException {
    if (!Files.exists(s.model())) {
      throw new BadInputException(s.model() + ": no such model directory (model)");
    }
    ModelCard.requireFolder(s.model());
    if (!Files.isDirectory(s.classifier())) {
      throw new BadInputException(s.classifier() + ": no such model directory (classifier)");
    }
    try (FactorDataset data = opener.open(s.dataset());
        CounterfactualModels models =
            CounterfactualModels.load(
                s.model(), s.classifier(), ComputeDevice.parse(s.device()), s.batchSize())) {
      ModelMatch.FactorMap map =
          ModelMatch.matchFactors(
              models.classifierFactors(), s.classifier(), data, s.dataset(), s.factors(), listener);
      long n = data.size();
      if (n > Integer.MAX_VALUE) {
        throw new BadInputException(
            s.dataset() + ": " + n + " samples is more than this job handles");
      }
      int end = (int) (s.limit() == null ? n : Math.min(n, s.limit()));
      ModelMatch.checkImageShape(models.vaeCard(), s.model(), data, s.dataset());
      List<String> fitness = fitnessWarnings(s, data, models, map, end);
      SelectionPass sel = SelectionPass.run(s, data, models, map, end, listener);
      EncodingSource source =
          new EncodingSource(
              data,
              models,
              map,
              s.batchSize(),
              0,
              s.gridSamples(),
              s.encodeAll() ? null : sel.indices(),
              sel.rows());
      List<String> names =
          models.classifierFactors().stream().map(ModelCard.FactorInfo::name).toList();
      CgOptions cg =
          CgOptions.builder()
              .setSets(sel.sets())
              .optFactorNames(names)
              .optFactors(map.evaluated())
              .optBaseline(s.baseline())
              .optMaxBatch(s.batchSize())
              .build();
      ProvenanceBuilder provenance =
          new ProvenanceBuilder(s.seed())
              .model("model", s.model(), models.vaeCard())
              .model("classifier", s.classifier(), models.classifierCard())
              .dataset(s.dataset(), data)
              .params(s.asMap())
              .param("samplesUsed", end)
              .param("selectionSamples", sel.samples())
              .trainingDataset(models.vaeCard());
      CounterfactualJob.Options o =
          CounterfactualJob.Options.builder()
              .setDir(s.out())
              .setRange(0, end)
              .setCg(cg)
              .optChunkSize(s.chunkSize())
              .optStats(sel.stats())
              .optGridSamples(s.gridSamples())
              .optProvenance(provenance.build(models.deviceName()))
              .build();
      CounterfactualJob.Result res;
      try (ProgressListener.Task bar = listener.task("counterfactuals", o.numChunks())) {
        res =
            CounterfactualJob.run(
                o,
                source,
                models.decoder(),
                models.probabilities(),
                (k, total, skipped) -> {
                  bar.stepTo(k + 1L);
                  if (observer != null) {
                    observer.chunkDone(
                        models, k, total, (int) Math.min(end, (k + 1L) * o.chunkSize()));
                  }
                });
      }
      return new Outcome(res, sel, end, source.encoded(), source.reused(), fitness);
    }
  }

  /**
   * The model-fitness checks of {@code evaluate} ({@link ModelFitness}) on the first samples of the
   * range: written to {@code OUT/fitness.json} before the job starts, returned as warnings.
   */
  private static List<String> fitnessWarnings(
      CounterfactualSettings s,
      FactorDataset data,
      CounterfactualModels models,
      ModelMatch.FactorMap map,
      int end)
      throws CandelaException {
    long[] idx = Sampling.shuffled(end, Math.min(end, ModelFitness.CHECK_IMAGES), s.seed());
    ModelFitness.VaeCheck v =
        ModelFitness.vae(
            models.vae(),
            s.model(),
            data,
            idx,
            (images, m) -> Evaluation.inDecoderShape(data, images, m, models.decoder()));
    List<String> evaluated = new ArrayList<>();
    for (int f : map.evaluated()) {
      evaluated.add(models.classifierFactors().get(f).name());
    }
    ModelFitness.ClassifierCheck c =
        ModelFitness.classifier(
            models.classifier(), s.classifier(), data, idx, models.vae(), s.batchSize(), evaluated);
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("vae", v);
    doc.put("classifier", c);
    List<String> warnings = new ArrayList<>(v.warnings());
    warnings.addAll(c.warnings());
    doc.put("warnings", warnings);
    try {
      Files.createDirectories(s.out());
    } catch (IOException e) {
      throw new CandelaException(s.out() + ": cannot create (" + e.getMessage() + ")", e);
    }
    JsonReports.writeValue(doc, s.out().resolve("fitness.json"));
    return warnings;
  }
}
