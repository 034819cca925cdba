package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorDataset;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Metric;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One {@link Evaluation} under way, which every {@link EvaluationStage} reads: the settings, the
 * dataset, the model folder and card, the loaded VAE and its decoder, the device, the output
 * folder, the encoded samples, the listener and the provenance, and the values several stages
 * share, each computed once when first asked for: the code metrics ({@link CodeRun}, with IRS when
 * a stage that runs reads it), the latent statistics, and the VAE check and CG's classifier with
 * its check ({@link CgModels}, as {@code counterfactuals} opens them). Closing it closes the
 * classifier when it was loaded (not the VAE, which the caller owns).
 */
final class EvaluationContext implements AutoCloseable {
  private final EvaluationSettings settings;
  private final ModelRun run;
  private final Progress listener;
  private final EncodedSamples samples;
  private final ProvenanceBuilder provenance;
  private CodeRun codeRun;
  private boolean codeRunDone;
  private LatentStats latentStats;
  private final CgModels models;
  private final List<StageResult> results = new ArrayList<>();

  /**
   * Draws and encodes the evaluation samples and starts the provenance.
   *
   * @param settings what to compute
   * @param run the started run: dataset, loaded VAE and its decoder, device, output folder (owned
   *     by the caller)
   * @param listener progress and messages
   * @return the context
   * @throws CandelaException on failed reads or inference
   */
  static EvaluationContext open(EvaluationSettings settings, ModelRun run, Progress listener)
      throws CandelaException {
    EvaluationSettings s = settings;
    EncodedSamples e =
        EncodedSamples.encode(
            run.dataset(), run.vae(), s.samples(), s.seed(), s.batchSize(), listener);
    Map<String, Object> params = new LinkedHashMap<>(s.asMap());
    params.put("samplesUsed", e.n());
    ProvenanceBuilder provenance = run.provenance(s.seed(), s.dataset(), params);
    return new EvaluationContext(s, run, listener, e, provenance);
  }

  private EvaluationContext(
      EvaluationSettings settings,
      ModelRun run,
      Progress listener,
      EncodedSamples samples,
      ProvenanceBuilder provenance) {
    this.settings = settings;
    this.run = run;
    this.listener = listener;
    this.samples = samples;
    this.provenance = provenance;
    this.models = new CgModels(run, samples.idx(), settings.readout());
  }

  /** The settings. */
  EvaluationSettings settings() {
    return settings;
  }

  /** The dataset. */
  FactorDataset dataset() {
    return samples.dataset();
  }

  /** The VAE's folder. */
  Path modelDir() {
    return run.modelDir();
  }

  /** The VAE's card. */
  ModelCard vaeCard() {
    return run.card();
  }

  /** The loaded VAE. */
  VaeModel vae() {
    return run.vae();
  }

  /** The device the models run on. */
  ComputeDevice device() {
    return run.device();
  }

  /** The output folder. */
  Path out() {
    return run.out();
  }

  /** Progress and messages. */
  Progress listener() {
    return listener;
  }

  /** The encoded evaluation samples (means, log-variances, indices, codes). */
  EncodedSamples samples() {
    return samples;
  }

  /** The VAE's decoder of latent rows. */
  LatentDecoder decoder() {
    return run.decoder();
  }

  /** The provenance under construction (CG adds its classifier). */
  ProvenanceBuilder provenance() {
    return provenance;
  }

  /** The finished stages' results so far, in order (the figures read CG's). */
  List<StageResult> results() {
    return List.copyOf(results);
  }

  /** Adds a finished stage's result ({@link Evaluation}, after each stage). */
  void finished(StageResult result) {
    results.add(result);
  }

  /** The report's title. */
  String title() {
    return "evaluate " + run.modelDir().getFileName() + " on " + settings.dataset().getFileName();
  }

  /** {@code n} dataset images in the decoder's output shape ({@link Evaluation#inDecoderShape}). */
  float[] inDecoderShape(float[] images, int n) {
    return run.inDecoderShape(images, n);
  }

  /** The code metrics asked for, and IRS when a running stage reads it ({@link #codeRun}'s). */
  Set<Metric> codeMetrics() {
    Set<Metric> metrics = Metric.of(settings.metrics(), Metric.Kind.CODES);
    if (EvaluationStages.irsRead(settings)) {
      metrics.add(Metric.IRS);
    }
    return metrics;
  }

  /**
   * The code metrics of {@code score-codes} ({@link CodeScorer}) on the encoded samples, scored
   * once.
   *
   * @return the run, or {@code null} when no code metric is scored ({@link #codeMetrics} empty)
   */
  CodeRun codeRun() {
    if (!codeRunDone) {
      codeRunDone = true;
      Set<Metric> metrics = codeMetrics();
      if (!metrics.isEmpty()) {
        codeRun =
            CodeRun.score(
                samples.latentCodes(),
                samples.vocabularies(),
                CodeStage.options(settings, metrics),
                CodeScorer.Timings.NONE);
      }
    }
    return codeRun;
  }

  /**
   * The code metrics' result for a stage that reads IRS ({@link EvaluationStage#readsIrs}).
   *
   * @return the scores, with their IRS matrix
   */
  CodeScorer.Scores codeScoresWithIrs() {
    CodeRun run = codeRun();
    if (run == null || run.scores().irs() == null) {
      throw new IllegalStateException("IRS was not scored: the stage reading it must say so");
    }
    return run.scores();
  }

  /** The per-latent statistics of the encoder means (CG's baseline, the traversals). */
  LatentStats latentStats() {
    if (latentStats == null) {
      latentStats = LatentStats.of(samples.z());
    }
    return latentStats;
  }

  /**
   * The VAE's check and CG's classifier with its check on the evaluation samples ({@link
   * CgModels}); closed with the context.
   *
   * @return the models
   */
  CgModels models() {
    return models;
  }

  /** Closes the classifier when it was loaded. */
  @Override
  public void close() {
    models.close();
  }
}
