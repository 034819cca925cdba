package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.metrics.Metric;
import dev.candela.metrics.MigSampled;
import dev.candela.metrics.MigSampledResult;
import dev.candela.metrics.PosteriorKl;
import dev.candela.metrics.PosteriorKlResult;
import dev.candela.metrics.ReconstructionLoss;
import dev.candela.metrics.ReconstructionResult;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.hosting.VaeModel;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The model stage of an {@link Evaluation} ({@link Metric.Kind#MODEL}): scores of the VAE itself on
 * the encoded evaluation samples, each with its interval: {@code kl.z0, kl.z1, ..., kl.total}
 * ({@link PosteriorKl}), {@code reconstruction} ({@link ReconstructionLoss}, the decoder's
 * Bernoulli loss for the encoder means) and {@code mig_sampled} ({@link MigSampled}, from the means
 * and log-variances).
 */
final class ModelStage implements EvaluationStage {

  /** The key of the total KL. */
  static final String KL_TOTAL = "kl.total";

  @Override
  public boolean applies(EvaluationSettings s) {
    return !Metric.of(s.metrics(), Metric.Kind.MODEL).isEmpty();
  }

  /**
   * Runs the stage on the encoded samples (means and log-variances) and the context's VAE, whose
   * decoder reconstructs them; intervals when replicates &gt; 0.
   *
   * @param c the run
   * @return what it adds to the report
   * @throws CandelaException when the images cannot be read
   */
  @Override
  public StageResult run(EvaluationContext c) throws CandelaException {
    EvaluationSettings s = c.settings();
    EncodedSamples e = c.samples();
    Parts out = new Parts(s.options().replicates() > 0, c.listener());
    if (s.metrics().contains(Metric.KL)) {
      PosteriorKlResult kl = PosteriorKl.compute(e.z(), e.logVar());
      List<String> names = e.latentCodes().latentNames();
      for (int j = 0; j < names.size(); j++) {
        out.score("kl." + names.get(j), kl.perLatent().get(j), kl.perLatentUncertainty().get(j));
      }
      out.score(KL_TOTAL, kl.total(), kl.totalUncertainty());
      out.details.put("kl", kl);
      out.notes.put(KL_TOTAL, "KL(q(z|x) || N(0, I)) in nats, mean over the evaluation samples");
    }
    if (s.metrics().contains(Metric.RECONSTRUCTION)) {
      long t = System.nanoTime();
      ReconstructionResult r = reconstruction(c, s.batchSize());
      out.metric(
          "reconstruction",
          r.score(),
          r.uncertainty(),
          r,
          "binary cross-entropy per image (nats) of the decoded encoder means, the VAE's own"
              + " reconstruction loss",
          t);
    }
    if (s.metrics().contains(Metric.MIG_SAMPLED)) {
      long t = System.nanoTime();
      int groups = out.intervals ? Math.min(MigSampled.DEFAULT_GROUPS, e.n()) : 0;
      MigSampledResult m =
          MigSampled.compute(
              e.z(), e.logVar(), e.codes(), MigSampled.DEFAULT_SAMPLES, groups, s.seed());
      out.metric(
          "mig_sampled",
          m.score(),
          m.uncertainty(),
          m,
          "MIG with the posterior sampling estimator of Chen et al. 2018 ("
              + m.samples()
              + " samples of "
              + m.rows()
              + " rows)",
          t);
    }
    return new StageResult(out.scores, out.uncertainty, out.details, List.of(), out.notes);
  }

  /** The stage's scores, intervals (when asked for), details and notes, in the order added. */
  private static final class Parts {
    final boolean intervals;
    final Progress listener;
    final Map<String, Double> scores = new LinkedHashMap<>();
    final Map<String, Uncertainty> uncertainty = new LinkedHashMap<>();
    final Map<String, Object> details = new LinkedHashMap<>();
    final Map<String, String> notes = new LinkedHashMap<>();

    Parts(boolean intervals, Progress listener) {
      this.intervals = intervals;
      this.listener = listener;
    }

    /** A score and, with intervals on, its interval when it has one. */
    void score(String key, double value, Uncertainty u) {
      scores.put(key, value);
      if (intervals && u != null) {
        uncertainty.put(key, u);
      }
    }

    /** A metric of one score: the score, its details and note, and its time since {@code t}. */
    void metric(String key, double value, Uncertainty u, Object detail, String note, long t) {
      score(key, value, u);
      details.put(key, detail);
      notes.put(key, note);
      listener.message(String.format(Locale.ROOT, "%s in %.1f s", key, Evaluation.secs(t)));
    }
  }

  /**
   * The Bernoulli reconstruction loss of every evaluation sample, decoded from its encoder mean in
   * batches.
   */
  private static ReconstructionResult reconstruction(EvaluationContext c, int batch)
      throws CandelaException {
    EncodedSamples e = c.samples();
    VaeModel vae = c.vae();
    int n = e.n();
    boolean logits = "logits".equals(vae.card().output());
    double[] per = new double[n];
    try (var pb = c.listener().task("reconstruction", n)) {
      for (int a = 0; a < n; a += batch) {
        int b = Math.min(n, a + batch);
        long[] part = Arrays.copyOfRange(e.idx(), a, b);
        float[] targets = c.inDecoderShape(e.dataset().images(part), part.length);
        float[] out = vae.decodeRaw(Arrays.copyOfRange(e.z(), a, b));
        double[] terms = ReconstructionLoss.bernoulli(out, logits, targets, part.length);
        System.arraycopy(terms, 0, per, a, terms.length);
        pb.stepTo(b);
      }
    }
    return ReconstructionLoss.of(per, "bernoulli");
  }
}
