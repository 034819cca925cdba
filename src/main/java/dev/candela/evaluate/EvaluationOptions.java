package dev.candela.evaluate;

import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;

/**
 * The options shared by every evaluation of a batch ({@code evaluate} over one or many models, a
 * sweep's tasks), as plain serialisable values (they travel to Spark's executors); {@link
 * #settings} turns them into the {@link EvaluationSettings} of one dataset, classifier and seed.
 *
 * @param metrics the metric families
 * @param samples evaluation samples
 * @param rhos UC sizes ρ
 * @param ucSelection UC's latent selection
 * @param baseline CG's baseline
 * @param batchSize images per network call
 * @param device auto, cpu or gpu
 * @param maxTrain DCI/SAP/explicitness training-row cap
 * @param maxTest their test-row cap
 * @param classicScale BetaVAE/FactorVAE size scale
 * @param gridSamples grid samples
 * @param cgSamples CG samples
 * @param classicFromDataset BetaVAE/FactorVAE from the whole dataset
 * @param dciLearner the classifier DCI fits per factor
 */
public record EvaluationOptions(
    List<Metric> metrics,
    int samples,
    List<Integer> rhos,
    UcSelection ucSelection,
    CgBaseline baseline,
    int batchSize,
    String device,
    int maxTrain,
    int maxTest,
    double classicScale,
    int gridSamples,
    int cgSamples,
    boolean classicFromDataset,
    DciLearner dciLearner)
    implements Serializable {

  private static final long serialVersionUID = 1L;

  /**
   * Options with the default DCI learner ({@link DciLearner#DEFAULT}); the parameters are those of
   * the canonical constructor.
   *
   * @param metrics the metric families
   * @param samples evaluation samples
   * @param rhos UC sizes ρ
   * @param ucSelection UC's latent selection
   * @param baseline CG's baseline
   * @param batchSize images per network call
   * @param device auto, cpu or gpu
   * @param maxTrain DCI/SAP/explicitness training-row cap
   * @param maxTest their test-row cap
   * @param classicScale BetaVAE/FactorVAE size scale
   * @param gridSamples grid samples
   * @param cgSamples CG samples
   * @param classicFromDataset BetaVAE/FactorVAE from the whole dataset
   */
  public EvaluationOptions(
      List<Metric> metrics,
      int samples,
      List<Integer> rhos,
      UcSelection ucSelection,
      CgBaseline baseline,
      int batchSize,
      String device,
      int maxTrain,
      int maxTest,
      double classicScale,
      int gridSamples,
      int cgSamples,
      boolean classicFromDataset) {
    this(
        metrics,
        samples,
        rhos,
        ucSelection,
        baseline,
        batchSize,
        device,
        maxTrain,
        maxTest,
        classicScale,
        gridSamples,
        cgSamples,
        classicFromDataset,
        DciLearner.DEFAULT);
  }

  /** Copies the lists. */
  public EvaluationOptions {
    metrics = List.copyOf(metrics);
    rhos = List.copyOf(rhos);
    Objects.requireNonNull(ucSelection, "ucSelection");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(dciLearner, "dciLearner");
  }

  /**
   * The settings of one evaluation.
   *
   * @param dataset the dataset path as the executor sees it
   * @param classifier the classifier folder, or {@code null} to skip CG
   * @param seed the seed
   * @return the settings, validated
   */
  public EvaluationSettings settings(Path dataset, Path classifier, long seed) {
    return new EvaluationSettings(
        dataset,
        classifier,
        metrics.isEmpty() ? EnumSet.noneOf(Metric.class) : EnumSet.copyOf(metrics),
        samples,
        rhos,
        ucSelection,
        baseline,
        batchSize,
        device,
        seed,
        maxTrain,
        maxTest,
        classicScale,
        gridSamples,
        cgSamples,
        classicFromDataset,
        dciLearner);
  }
}
