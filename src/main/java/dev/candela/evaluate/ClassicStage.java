package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.data.FactorSampler;
import dev.candela.metrics.BetaVae;
import dev.candela.metrics.BetaVaeResult;
import dev.candela.metrics.FactorVae;
import dev.candela.metrics.FactorVaeResult;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Representation;
import dev.candela.metrics.SampledMetricOptions;
import dev.candela.metrics.SampledMetricRepeats;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.hosting.VaeModel;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The BetaVAE and FactorVAE stage of an {@link Evaluation}: both metrics on fixed-factor batches
 * drawn from the encoded evaluation samples (or from the whole dataset, encoding what is drawn,
 * cached), with intervals from {@link SampledMetricRepeats} unless turned off.
 */
final class ClassicStage implements EvaluationStage {

  @Override
  public boolean applies(EvaluationSettings s) {
    return s.metrics().contains(Metric.BETAVAE) || s.metrics().contains(Metric.FACTORVAE);
  }

  /**
   * Runs the stage: the metrics asked for, with their repeats when intervals are on (replicates
   * &gt; 0), drawing samples outside the encoded ones through the context's VAE.
   *
   * @param c the run
   * @return what it adds to the report
   * @throws CandelaException on failed reads or inference
   */
  @Override
  public StageResult run(EvaluationContext c) throws CandelaException {
    EvaluationSettings s = c.settings();
    EncodedSamples e = c.samples();
    VaeModel vae = c.vae();
    boolean intervals = s.options().replicates() > 0;
    Progress listener = c.listener();
    boolean beta = s.metrics().contains(Metric.BETAVAE);
    boolean fvae = s.metrics().contains(Metric.FACTORVAE);
    long t = System.nanoTime();
    FactorSampler sampler =
        s.classicFromDataset()
            ? FactorSampler.of(e.dataset())
            : FactorSampler.forCodes(e.dataset().space(), e.idx(), e.rowCodes());
    CachedRepresentation rep = new CachedRepresentation(vae, e.dataset(), s.batchSize());
    rep.seed(e.idx(), e.z());
    SampledMetricOptions so =
        SampledMetricOptions.defaults().scaled(s.classicScale()).withSeed(s.seed());
    Map<String, Double> scores = new LinkedHashMap<>();
    Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    Map<String, Object> details = new LinkedHashMap<>();
    Repeats repeats = new Repeats(s, e, sampler, so, intervals, uncertainty);
    if (beta) {
      try (Progress.Task pb = listener.task("betavae", so.numTrain() + so.numEval())) {
        BetaVaeResult r = BetaVae.compute(sampler, counting(rep, pb), so);
        scores.put("betavae", r.score());
        repeats.put("betavae", r.score(), (sm, o) -> BetaVae.compute(sm, rep, o).score());
        details.put("betavae", r);
      }
    }
    if (fvae) {
      try (Progress.Task pb = listener.task("factorvae", so.numTrain() + so.numEval() + 1)) {
        FactorVaeResult r = FactorVae.compute(sampler, counting(rep, pb), so);
        scores.put("factorvae", r.score());
        repeats.put("factorvae", r.score(), (sm, o) -> FactorVae.compute(sm, rep, o).score());
        details.put("factorvae", r);
      }
    }
    listener.message(
        String.format(
            Locale.ROOT,
            "betavae/factorvae in %.1f s (%d images encoded)",
            Evaluation.secs(t),
            rep.encoded()));
    return new StageResult(
        scores, uncertainty, details, List.of(), Map.of(), List.of(new ClassicSection(scores)));
  }

  /**
   * BetaVAE's or FactorVAE's interval from {@link SampledMetricRepeats} (the first run is the score
   * already computed; with intervals off none, as for the other scores).
   */
  private record Repeats(
      EvaluationSettings s,
      EncodedSamples e,
      FactorSampler sampler,
      SampledMetricOptions so,
      boolean on,
      Map<String, Uncertainty> out) {
    void put(String key, double score, SampledMetricRepeats.Run run) throws CandelaException {
      if (!on) {
        return;
      }
      Uncertainty u =
          s.classicFromDataset()
              ? SampledMetricRepeats.of(score, run, sampler, null, null, so)
              : SampledMetricRepeats.of(score, run, sampler, e.idx(), e.rowCodes(), so);
      if (u != null) {
        out.put(key, u);
      }
    }
  }

  private static Representation counting(Representation r, Progress.Task pb) {
    return ix -> {
      double[][] out = r.of(ix);
      pb.step();
      return out;
    };
  }
}
