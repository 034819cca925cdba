package dev.candela.evaluate;

import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Metric;
import java.util.List;

/**
 * Builds {@link EvaluationOptions} ({@link EvaluationOptions#builder()}, {@link
 * EvaluationOptions#toBuilder()}); every value starts at {@code evaluate}'s default.
 */
public final class EvaluationOptionsBuilder extends CgRunBuilder<EvaluationOptionsBuilder> {
  List<Metric> metrics = Metric.evaluationDefaults();
  int samples = 1000;
  List<Integer> rhos = List.of(1);
  int maxTrain = 2000;
  int maxTest = 1000;
  double classicScale = 0.1;
  int cgSamples = 500;
  boolean classicFromDataset;
  DciLearner dciLearner = DciLearner.DEFAULT;
  double irsQuantile = CodeScorer.Options.DEFAULT_IRS_QUANTILE;
  int replicates = EvaluationOptions.DEFAULT_REPLICATES;
  int refits = EvaluationOptions.DEFAULT_REFITS;
  ScmSettings scm = ScmSettings.defaults();

  EvaluationOptionsBuilder() {}

  /**
   * @param v interval replicates R
   * @return this
   */
  public EvaluationOptionsBuilder replicates(int v) {
    replicates = v;
    return this;
  }

  /**
   * @param v half-sample refits of the learned scores
   * @return this
   */
  public EvaluationOptionsBuilder refits(int v) {
    refits = v;
    return this;
  }

  /**
   * @param v the settings of the {@code scm} metric
   * @return this
   */
  public EvaluationOptionsBuilder scm(ScmSettings v) {
    scm = v;
    return this;
  }

  /**
   * @param v the metric families
   * @return this
   */
  public EvaluationOptionsBuilder metrics(List<Metric> v) {
    metrics = v;
    return this;
  }

  /**
   * @param v evaluation samples
   * @return this
   */
  public EvaluationOptionsBuilder samples(int v) {
    samples = v;
    return this;
  }

  /**
   * @param v UC sizes ρ
   * @return this
   */
  public EvaluationOptionsBuilder rhos(List<Integer> v) {
    rhos = v;
    return this;
  }

  /**
   * @param v training-row cap of the learned metrics
   * @return this
   */
  public EvaluationOptionsBuilder maxTrain(int v) {
    maxTrain = v;
    return this;
  }

  /**
   * @param v test-row cap of the learned metrics
   * @return this
   */
  public EvaluationOptionsBuilder maxTest(int v) {
    maxTest = v;
    return this;
  }

  /**
   * @param v BetaVAE/FactorVAE size scale
   * @return this
   */
  public EvaluationOptionsBuilder classicScale(double v) {
    classicScale = v;
    return this;
  }

  /**
   * @param v CG samples
   * @return this
   */
  public EvaluationOptionsBuilder cgSamples(int v) {
    cgSamples = v;
    return this;
  }

  /**
   * @param v BetaVAE/FactorVAE from the whole dataset
   * @return this
   */
  public EvaluationOptionsBuilder classicFromDataset(boolean v) {
    classicFromDataset = v;
    return this;
  }

  /**
   * @param v DCI's learner
   * @return this
   */
  public EvaluationOptionsBuilder dciLearner(DciLearner v) {
    dciLearner = v;
    return this;
  }

  /**
   * @param v IRS's quantile, in (0, 1]
   * @return this
   */
  public EvaluationOptionsBuilder irsQuantile(double v) {
    irsQuantile = v;
    return this;
  }

  /**
   * Validates and builds.
   *
   * @return the options
   * @throws IllegalArgumentException naming the setting of a bad value
   */
  public EvaluationOptions build() {
    return new EvaluationOptions(
        metrics,
        samples,
        rhos,
        ucSelection,
        baseline,
        readout,
        batchSize,
        device,
        maxTrain,
        maxTest,
        classicScale,
        gridSamples,
        cgSamples,
        classicFromDataset,
        dciLearner,
        replicates,
        refits,
        scm,
        irsQuantile);
  }
}
