package dev.candela.evaluate;

import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What {@link Evaluation} computes and how.
 *
 * @param dataset the dataset (dSprites-format npz, CANDLE folder, ...)
 * @param classifier the factor classifier's folder, or {@code null} to skip CG
 * @param metrics the metric families
 * @param samples evaluation samples drawn from the dataset (without replacement, seeded)
 * @param rhos UC sizes ρ; the first is used for CG's latent sets
 * @param ucSelection how the latent sets are chosen from the IRS matrix
 * @param baseline CG's baseline
 * @param batchSize images per encoder/decoder/classifier call
 * @param device {@code auto}, {@code cpu} or {@code gpu}
 * @param seed the seed of every random choice
 * @param maxTrain cap on training rows of DCI/SAP/explicitness
 * @param maxTest cap on test rows of DCI/SAP/explicitness
 * @param classicScale scale of BetaVAE/FactorVAE's reference point counts (10,000 / 5,000)
 * @param gridSamples samples shown in the reconstruction and counterfactual grids
 * @param cgSamples evaluation samples (a seeded random subset) CG is computed on
 * @param classicFromDataset BetaVAE/FactorVAE draw from the whole dataset (encoding what they draw,
 *     cached) instead of from the already-encoded evaluation samples
 * @param dciLearner the classifier DCI fits per factor
 */
public record EvaluationSettings(
    Path dataset,
    Path classifier,
    Set<Metric> metrics,
    int samples,
    List<Integer> rhos,
    UcSelection ucSelection,
    CgBaseline baseline,
    int batchSize,
    String device,
    long seed,
    int maxTrain,
    int maxTest,
    double classicScale,
    int gridSamples,
    int cgSamples,
    boolean classicFromDataset,
    DciLearner dciLearner) {

  /**
   * Settings with the default DCI learner ({@link DciLearner#DEFAULT}); the parameters are those of
   * the canonical constructor.
   *
   * @param dataset the dataset
   * @param classifier the classifier folder, or {@code null}
   * @param metrics the metrics
   * @param samples evaluation samples
   * @param rhos UC sizes ρ
   * @param ucSelection UC's latent selection
   * @param baseline CG's baseline
   * @param batchSize images per network call
   * @param device the device
   * @param seed the seed
   * @param maxTrain DCI/SAP/explicitness training-row cap
   * @param maxTest their test-row cap
   * @param classicScale BetaVAE/FactorVAE size scale
   * @param gridSamples grid samples
   * @param cgSamples CG samples
   * @param classicFromDataset BetaVAE/FactorVAE from the whole dataset
   */
  public EvaluationSettings(
      Path dataset,
      Path classifier,
      Set<Metric> metrics,
      int samples,
      List<Integer> rhos,
      UcSelection ucSelection,
      CgBaseline baseline,
      int batchSize,
      String device,
      long seed,
      int maxTrain,
      int maxTest,
      double classicScale,
      int gridSamples,
      int cgSamples,
      boolean classicFromDataset) {
    this(
        dataset,
        classifier,
        metrics,
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
        DciLearner.DEFAULT);
  }

  /** Validates ranges and copies. */
  public EvaluationSettings {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(ucSelection, "ucSelection");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(dciLearner, "dciLearner");
    metrics = metrics.isEmpty() ? EnumSet.noneOf(Metric.class) : EnumSet.copyOf(metrics);
    rhos = List.copyOf(rhos);
    if (metrics.isEmpty()) {
      throw new IllegalArgumentException("no metric requested");
    }
    if (rhos.isEmpty() || rhos.stream().anyMatch(r -> r < 1)) {
      throw new IllegalArgumentException("--rho needs values ≥ 1, got " + rhos);
    }
    if (samples < 10) {
      throw new IllegalArgumentException("--samples must be at least 10, got " + samples);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("--batch-size must be at least 1, got " + batchSize);
    }
    if (!(classicScale > 0 && classicScale <= 1)) {
      throw new IllegalArgumentException("--classic-scale must be in (0, 1], got " + classicScale);
    }
    if (cgSamples < 1) {
      throw new IllegalArgumentException("--cg-samples must be at least 1, got " + cgSamples);
    }
    if (gridSamples < 1) {
      throw new IllegalArgumentException("grid samples must be at least 1, got " + gridSamples);
    }
  }

  /**
   * The settings as a JSON-friendly map for provenance.
   *
   * @return name to value
   */
  public Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(
        "metrics", metrics.stream().map(x -> x.name().toLowerCase(java.util.Locale.ROOT)).toList());
    m.put("samples", samples);
    m.put("rho", rhos);
    m.put("ucSelection", ucSelection.name().toLowerCase(java.util.Locale.ROOT));
    m.put("cgBaseline", baseline.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
    m.put("batchSize", batchSize);
    m.put("maxTrain", maxTrain);
    m.put("maxTest", maxTest);
    m.put("dciLearner", dciLearner.id());
    m.put("classicScale", classicScale);
    m.put("classicFromDataset", classicFromDataset);
    m.put("cgSamples", cgSamples);
    return m;
  }
}
