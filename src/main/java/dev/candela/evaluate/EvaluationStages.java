package dev.candela.evaluate;

import dev.candela.metrics.Metric;
import java.util.List;

/**
 * The stages of an {@link Evaluation} in the order they run, each next to the {@link Metric.Kind}
 * it scores: the VAE check (on the model itself, before any metric), the code metrics, the latent
 * causal model, BetaVAE and FactorVAE, CG, the decoded figures ({@link FiguresStage}, which scores
 * nothing), and the model metrics. The page is rendered after the last one from the finished
 * results' sections ({@link EvaluationPages}).
 */
final class EvaluationStages {
  private EvaluationStages() {}

  /**
   * A registered stage.
   *
   * @param kind the metric kind it scores
   * @param stage the stage
   */
  record Registered(Metric.Kind kind, EvaluationStage stage) {}

  /** The stages, in order. */
  static final List<Registered> ALL =
      List.of(
          new Registered(Metric.Kind.MODEL, new VaeCheckStage()),
          new Registered(Metric.Kind.CODES, new CodeStage()),
          new Registered(Metric.Kind.CAUSAL, new ScmStage()),
          new Registered(Metric.Kind.SAMPLED, new ClassicStage()),
          new Registered(Metric.Kind.COUNTERFACTUAL, new CgStage()),
          new Registered(Metric.Kind.MODEL, new FiguresStage()),
          new Registered(Metric.Kind.MODEL, new ModelStage()));

  /**
   * Whether a stage that runs under these settings reads the IRS matrix ({@link
   * EvaluationStage#readsIrs}).
   *
   * @param s the settings
   * @return true when IRS must be computed
   */
  static boolean irsRead(EvaluationSettings s) {
    // readsIrs first: the code stage applies when IRS is read, and it reads no IRS itself
    return ALL.stream().anyMatch(r -> r.stage().readsIrs(s) && r.stage().applies(s));
  }
}
