package dev.candela.evaluate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.candela.BadInputException;
import dev.candela.BadSettingException;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Setting;
import dev.candela.SettingText;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.evaluate.cf.CfChunk;
import dev.candela.evaluate.cf.ChunkSource;
import dev.candela.evaluate.cf.CodesFile;
import dev.candela.evaluate.cf.CounterfactualJob;
import dev.candela.evaluate.cf.CounterfactualJobOptions;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.VaeModel;
import dev.candela.report.CounterfactualText;
import dev.candela.report.JsonReports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code counterfactuals}: the CG job of {@code evaluate} ({@link CgJob}: the same sampling,
 * encoding loop, latent-set selection, classifier loading and matching, and engine batches) with
 * chunk files and resume on top ({@link CounterfactualJob}), started by {@code evaluate}'s own
 * preamble ({@link ModelRun}). The evaluation samples' codes are kept in {@value #CODES} and the
 * selection in {@value #SELECTION}, so a resumed run encodes nothing and recomputes only missing
 * chunks.
 */
public final class CounterfactualDriver {
  private CounterfactualDriver() {}

  /** Name of the file recording the run's parameters and its selection (Z_I, statistics). */
  public static final String SELECTION = "selection.json";

  /** Name of the file with the evaluation samples' latent codes ({@link CodesFile}). */
  public static final String CODES = "codes.csv";

  /** Told after every chunk, with the loaded models (the memory benchmark samples here). */
  @FunctionalInterface
  public interface ChunkObserver {
    /**
     * A chunk is done.
     *
     * @param models the loaded models
     * @param chunk the chunk index
     * @param total the number of chunks
     * @param samplesDone CG samples finished so far
     */
    void chunkDone(CounterfactualModels models, int chunk, int total, int samplesDone);
  }

  /**
   * What a run produced.
   *
   * @param job the job's result (summary, chunk counts)
   * @param selection the latent-set selection on the evaluation samples
   * @param population the samples drawn from ({@code 0..population−1})
   * @param samples the number of evaluation samples
   * @param cgSamples the number of CG samples
   * @param codesReused whether the codes were read back from an earlier run
   * @param encoded codes this run encoded
   * @param warnings the model-fitness warnings
   */
  public record Outcome(
      CounterfactualJob.Result job,
      SelectionPass selection,
      int population,
      int samples,
      int cgSamples,
      boolean codesReused,
      long encoded,
      List<String> warnings) {

    /**
     * The plain-text summary {@code counterfactuals} prints.
     *
     * @return the text
     */
    public String text() {
      return CounterfactualText.render(
          job.summary(),
          new CounterfactualText.Selection(
              codesReused,
              samples,
              selection.irs().score(),
              selection.rho(),
              selection.uc().score()),
          new CounterfactualText.Work(
              population,
              cgSamples,
              job.chunksComputed(),
              job.chunksSkipped(),
              job.summaryFile(),
              encoded,
              codesReused ? samples : 0,
              CODES));
    }
  }

  /**
   * Runs the job, or resumes it.
   *
   * @param s the settings
   * @param opener opens the dataset path
   * @param listener progress and messages
   * @param observer told after every chunk, or null
   * @return what the run produced
   * @throws CandelaException on bad input or failed I/O or inference
   */
  public static Outcome run(
      CounterfactualSettings s, DatasetOpener opener, Progress listener, ChunkObserver observer)
      throws CandelaException {
    if (!Files.exists(s.model())) {
      throw new BadSettingException(
          SettingText.of(s.model() + ": no such model directory (", Setting.MODEL, ")"));
    }
    ModelCard.requireFolder(s.model());
    if (!Files.isDirectory(s.classifier())) {
      throw new BadSettingException(
          SettingText.of(s.classifier() + ": no such model directory (", Setting.CLASSIFIER, ")"));
    }
    try (FactorDataset data = opener.open(s.dataset())) {
      FactorSpace space = data.space();
      CgChecks.checkFactorNames(space, s.factors());
      long size = data.size();
      if (size > Integer.MAX_VALUE) {
        throw new BadInputException(
            s.dataset() + ": " + size + " samples is more than this job handles");
      }
      int population = (int) (s.limit() == null ? size : Math.min(size, s.limit()));
      long[] idx =
          CgJob.evaluationSamples(
              population, s.samples() == null ? population : s.samples(), s.seed());
      int n = idx.length;
      long[] pos = CgJob.cgPositions(n, s.cgSamples() == null ? n : s.cgSamples(), s.seed());
      int nc = pos.length;
      int[][] codes = CgJob.factorCodes(data, idx);
      ModelRun.Start start =
          new ModelRun.Start(s.model(), s.classifier(), s.device(), s.batchSize(), s.out());
      try (ModelRun run = ModelRun.open(data, start)) {
        ModelCard vaeCard = run.card();
        VaeModel vae = run.vae();
        JsonNode want = SelectionRecord.parameters(s, data, population, n, nc, vaeCard);
        Path selFile = s.out().resolve(SELECTION);
        Path codesFile = s.out().resolve(CODES);
        SelectionRecord.requireSame(selFile, want);
        boolean reused = Files.isRegularFile(selFile) && Files.isRegularFile(codesFile);
        float[][] z;
        if (reused) {
          z = CodesFile.read(codesFile, idx, vaeCard.latentDim());
        } else {
          z = CgJob.encode(vae, data, idx, s.batchSize(), listener, "encode");
          CodesFile.write(codesFile, idx, z);
        }
        LatentDecoder decoder = run.decoder();
        SelectionPass sel =
            SelectionPass.compute(
                z,
                codes,
                space,
                s.rho(),
                s.ucSelection(),
                decoder,
                s.baseline(),
                Math.max(1, s.batchSize()));
        SelectionRecord.write(selFile, want, sel, n, nc);
        try (CgModels models = new CgModels(run, idx, s.readout())) {
          CgClassifier clf = models.classifier(sel.factorNames());
          List<String> warnings = new ArrayList<>(sel.warnings());
          ModelFitness.VaeCheck vaeCheck = fitness(s.out(), models, warnings);
          int[] evaluated =
              CgChecks.evaluatedFactors(sel.factorNames(), space, s.factors(), listener);
          CgJob.Plan plan =
              CgJob.plan(sel, evaluated, space, codes, s.baseline(), s.readout(), s.batchSize());
          int[] datasetIndex = plan.datasetIndex();
          CgOptions co = plan.options();
          long[] ids = new long[nc];
          int[] rowsAll = new int[nc];
          for (int k = 0; k < nc; k++) {
            rowsAll[k] = (int) pos[k];
            ids[k] = idx[rowsAll[k]];
          }
          ChunkSource samples = CgJob.source(z, codes, datasetIndex, rowsAll);
          ChunkSource source =
              (from, to) -> {
                CfChunk c = samples.read(from, to);
                int m = Math.min(s.gridSamples(), to - from);
                if (from != 0 || m <= 0) {
                  return c;
                }
                float[] originals = run.inDecoderShape(data.images(Arrays.copyOf(ids, m)), m);
                return new CfChunk(c.latents(), c.codes(), originals);
              };
          Map<String, Object> params = new LinkedHashMap<>(s.asMap());
          params.put("population", population);
          params.put("samplesUsed", n);
          params.put("cgSamplesUsed", nc);
          ProvenanceBuilder provenance =
              run.provenance(s.seed(), s.dataset(), params)
                  .model("classifier", s.classifier(), clf.card());
          CounterfactualJobOptions o =
              CounterfactualJobOptions.builder()
                  .setDir(s.out())
                  .setRange(0, nc)
                  .optSamples(ids)
                  .setCg(co)
                  .optChunkSize(s.chunkSize())
                  .optStats(sel.stats())
                  .optGridSamples(s.gridSamples())
                  .optProvenance(provenance.build(String.valueOf(run.device())))
                  .build();
          CounterfactualModels view = CounterfactualModels.over(vae, clf.model(), run.device());
          CounterfactualJob.Result res;
          res =
              CounterfactualJob.run(
                  o,
                  source,
                  decoder,
                  clf.probabilities(vaeCard.input()),
                  observed(listener, observer, view, nc, o.chunkSize()));
          if (res.imageChecks() != null) {
            warnings.addAll(
                res.imageChecks().warnings(vaeCheck.pixelMassMean(), vaeCheck.pixelMassSd()));
          }
          return new Outcome(res, sel, population, n, nc, reused, reused ? 0 : n, warnings);
        }
      }
    }
  }

  /**
   * The progress with every counted chunk also told to the observer (after the progress), with the
   * CG samples finished so far; the progress itself when there is no observer.
   */
  private static Progress observed(
      Progress p, ChunkObserver observer, CounterfactualModels view, int samples, int chunkSize) {
    if (observer == null) {
      return p;
    }
    return new Progress.Forwarding(p) {
      @Override
      public Task task(String name, long total) {
        Task t = super.task(name, total);
        return new Task() {
          @Override
          public void step() {
            t.step();
          }

          @Override
          public void stepTo(long done) {
            t.stepTo(done);
            observer.chunkDone(
                view, (int) done - 1, (int) total, (int) Math.min(samples, done * chunkSize));
          }

          @Override
          public void close() {
            t.close();
          }
        };
      }
    };
  }

  /**
   * The model-fitness checks of {@code evaluate} ({@link ModelFitness}, opened as {@code evaluate}
   * opens them: {@link CgModels}) on the evaluation samples: written to {@code OUT/fitness.json}
   * before the job starts, their warnings added to {@code warnings}; returns the VAE check.
   */
  private static ModelFitness.VaeCheck fitness(Path out, CgModels models, List<String> warnings)
      throws CandelaException {
    ModelFitness.VaeCheck v = models.vaeCheck();
    ModelFitness.ClassifierCheck c = models.classifierCheck();
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("vae", v);
    doc.put("classifier", c);
    List<String> found = new ArrayList<>(v.warnings());
    found.addAll(c.warnings());
    doc.put("warnings", found);
    JsonReports.writeValue(doc, out.resolve("fitness.json"));
    warnings.addAll(found);
    return v;
  }
}
