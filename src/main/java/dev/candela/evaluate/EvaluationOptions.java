package dev.candela.evaluate;

import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.hosting.DeviceChoice;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What an evaluation computes and at which sizes, shared by every evaluation of a batch ({@code
 * evaluate} over one or many models, a sweep's tasks), as plain serialisable values (they travel to
 * Spark's executors). Built with {@link #builder()}, whose defaults are {@code evaluate}'s; {@link
 * #settings} adds the dataset, classifier and seed of one evaluation. The messages of a bad value
 * name the setting ({@code samples must be at least 10, got 5}); the CLI turns the name into its
 * flag.
 *
 * @param metrics the metric families (at least one)
 * @param samples evaluation samples drawn from the dataset (without replacement, seeded; ≥ 10)
 * @param rhos UC sizes ρ (≥ 1); the first is used for CG's latent sets
 * @param ucSelection how the latent sets are chosen from the IRS matrix
 * @param baseline CG's baseline
 * @param readout how CG (and the classifier check that gates it) reads the classifier
 * @param batchSize images per encoder/decoder/classifier call (≥ 1)
 * @param device {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K}
 * @param maxTrain cap on training rows of DCI/SAP/explicitness
 * @param maxTest cap on test rows of DCI/SAP/explicitness
 * @param classicScale scale of BetaVAE/FactorVAE's reference point counts (10,000 / 5,000), in (0,
 *     1]
 * @param gridSamples samples shown in the reconstruction and counterfactual grids (≥ 1)
 * @param cgSamples evaluation samples (a seeded random subset) CG is computed on (≥ 1)
 * @param classicFromDataset BetaVAE/FactorVAE draw from the whole dataset (encoding what they draw,
 *     cached) instead of from the already-encoded evaluation samples
 * @param dciLearner the classifier DCI fits per factor
 * @param replicates interval replicates R: S = R subsampling splits (IRS, UC), G = 5R jackknife
 *     groups (MIG, Modularity); any R &gt; 0 also gives CG and the classic scores their interval; 0
 *     turns these intervals off (the report says so)
 * @param refits half-sample refits of DCI, SAP and explicitness (even, ≥ 0; 0 = none)
 * @param scm the settings of the {@code scm} metric
 * @param irsQuantile IRS's quantile of the within-group deviations, in (0, 1] (0.99 as
 *     disentanglement_lib, 1 as the paper)
 */
public record EvaluationOptions(
    List<Metric> metrics,
    int samples,
    List<Integer> rhos,
    UcSelection ucSelection,
    CgBaseline baseline,
    CgReadout readout,
    int batchSize,
    DeviceChoice device,
    int maxTrain,
    int maxTest,
    double classicScale,
    int gridSamples,
    int cgSamples,
    boolean classicFromDataset,
    DciLearner dciLearner,
    int replicates,
    int refits,
    ScmSettings scm,
    double irsQuantile)
    implements Serializable {

  private static final long serialVersionUID = 4L;

  /**
   * Default {@code --replicates}: 20 subsampling splits for IRS and UC and 100 jackknife groups for
   * MIG and Modularity ({@link CodeScorer.IntervalOptions#of}).
   */
  public static final int DEFAULT_REPLICATES = CodeScorer.IntervalOptions.DEFAULT_SPLITS;

  /** Default {@code --refits}: half-sample refits of DCI, SAP and explicitness (5 pairs). */
  public static final int DEFAULT_REFITS = CodeScorer.IntervalOptions.DEFAULT_REFITS;

  /** Validates the values and copies the lists (metrics and ρ without repeats, in order). */
  public EvaluationOptions {
    new CgRunSettings(ucSelection, baseline, readout, batchSize, device); // validates
    Objects.requireNonNull(dciLearner, "dciLearner");
    Objects.requireNonNull(scm, "scm");
    CodeScorer.IntervalOptions.of(replicates, refits); // validates
    metrics = List.copyOf(new java.util.LinkedHashSet<>(metrics));
    rhos = List.copyOf(new java.util.LinkedHashSet<>(rhos));
    if (metrics.isEmpty()) {
      throw new SettingException(SettingText.of(Setting.METRICS, ": none requested"), metrics);
    }
    if (rhos.isEmpty() || rhos.stream().anyMatch(r -> r < 1)) {
      throw new SettingException(Setting.RHO, rhos, "needs values ≥ 1, got " + rhos);
    }
    SettingChecks.atLeast(samples, 10, Setting.SAMPLES);
    if (!(classicScale > 0 && classicScale <= 1)) {
      throw new SettingException(
          Setting.CLASSIC_SCALE, classicScale, "must be in (0, 1], got " + classicScale);
    }
    SettingChecks.atLeast(cgSamples, 1, Setting.CG_SAMPLES);
    SettingChecks.atLeast(gridSamples, 1, Setting.GRID_SAMPLES);
    CodeScorer.Options.checkIrsQuantile(irsQuantile);
  }

  /**
   * A builder with {@code evaluate}'s defaults: every metric, 1,000 samples, ρ = 1, top-k UC sets,
   * the max-deviation CG baseline, the tolerant CG read-out, batch 256, device {@code auto}, 2,000
   * / 1,000 learned-metric rows, classic scale 0.1, 8 grid samples, 500 CG samples, the default DCI
   * learner, {@value #DEFAULT_REPLICATES} replicates, {@value #DEFAULT_REFITS} refits, {@link
   * ScmSettings#defaults()}.
   *
   * @return the builder
   */
  public static EvaluationOptionsBuilder builder() {
    return new EvaluationOptionsBuilder();
  }

  /**
   * {@code evaluate}'s defaults, the one place they are written ({@link #builder()}): the CLI's
   * options start from these values.
   *
   * @return the default options
   */
  public static EvaluationOptions defaults() {
    return builder().build();
  }

  /**
   * A builder starting from these options.
   *
   * @return the builder
   */
  public EvaluationOptionsBuilder toBuilder() {
    EvaluationOptionsBuilder b = new EvaluationOptionsBuilder();
    b.metrics = new ArrayList<>(metrics);
    b.samples = samples;
    b.rhos = new ArrayList<>(rhos);
    b.cgRun(cgRun());
    b.maxTrain = maxTrain;
    b.maxTest = maxTest;
    b.classicScale = classicScale;
    b.gridSamples = gridSamples;
    b.cgSamples = cgSamples;
    b.classicFromDataset = classicFromDataset;
    b.dciLearner = dciLearner;
    b.replicates = replicates;
    b.refits = refits;
    b.scm = scm;
    b.irsQuantile = irsQuantile;
    return b;
  }

  /**
   * The settings of one evaluation.
   *
   * @param dataset the dataset path as the executor sees it
   * @param classifier the classifier folder, or {@code null} to skip CG
   * @param seed the seed
   * @return the settings
   */
  public EvaluationSettings settings(Path dataset, Path classifier, long seed) {
    return new EvaluationSettings(dataset, classifier, seed, this);
  }

  /**
   * The settings of the CG run, which {@code counterfactuals} shares.
   *
   * @return them
   */
  CgRunSettings cgRun() {
    return new CgRunSettings(ucSelection, baseline, readout, batchSize, device);
  }

  /**
   * The options as a JSON-friendly map for provenance.
   *
   * @return name to value
   */
  public Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(
        "metrics", metrics.stream().sorted().map(x -> x.name().toLowerCase(Locale.ROOT)).toList());
    m.put("samples", samples);
    m.put("rho", rhos);
    cgRun().putChoices(m);
    m.put("batchSize", batchSize);
    m.put("maxTrain", maxTrain);
    m.put("maxTest", maxTest);
    m.put("dciLearner", dciLearner.id());
    m.put("classicScale", classicScale);
    m.put("classicFromDataset", classicFromDataset);
    m.put("cgSamples", cgSamples);
    m.put("replicates", replicates);
    m.put("refits", refits);
    m.put("scm", metrics.contains(Metric.SCM) ? scm.asMap() : Map.of());
    m.put("irsQuantile", irsQuantile);
    return m;
  }
}
