package dev.candela.evaluate;

import dev.candela.metrics.DciLearner;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.hosting.DeviceChoice;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What one {@link Evaluation} computes and how: the shared {@link EvaluationOptions} of its batch
 * with the dataset, classifier and seed of this evaluation. The accessors of the options are
 * repeated here so that the pipeline reads one object.
 *
 * @param dataset the dataset (dSprites-format npz, CANDLE folder, ...)
 * @param classifier the factor classifier's folder, or {@code null} to skip CG
 * @param seed the seed of every random choice
 * @param options what to compute and at which sizes
 */
public record EvaluationSettings(
    Path dataset, Path classifier, long seed, EvaluationOptions options) {

  /** Checks the required values. */
  public EvaluationSettings {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(options, "options");
  }

  /**
   * The metric families, in their declaration order.
   *
   * @return a copy
   */
  public Set<Metric> metrics() {
    return EnumSet.copyOf(options.metrics());
  }

  /**
   * @return evaluation samples
   */
  public int samples() {
    return options.samples();
  }

  /**
   * @return UC sizes ρ; the first sets CG's latent sets
   */
  public List<Integer> rhos() {
    return options.rhos();
  }

  /**
   * @return UC's latent selection
   */
  public UcSelection ucSelection() {
    return options.ucSelection();
  }

  /**
   * @return CG's baseline
   */
  public CgBaseline baseline() {
    return options.baseline();
  }

  /**
   * @return how CG reads the classifier
   */
  public CgReadout readout() {
    return options.readout();
  }

  /**
   * @return images per network call
   */
  public int batchSize() {
    return options.batchSize();
  }

  /**
   * @return the device text
   */
  public DeviceChoice device() {
    return options.device();
  }

  /**
   * @return training-row cap of the learned metrics
   */
  public int maxTrain() {
    return options.maxTrain();
  }

  /**
   * @return test-row cap of the learned metrics
   */
  public int maxTest() {
    return options.maxTest();
  }

  /**
   * @return BetaVAE/FactorVAE size scale
   */
  public double classicScale() {
    return options.classicScale();
  }

  /**
   * @return grid samples
   */
  public int gridSamples() {
    return options.gridSamples();
  }

  /**
   * @return CG samples
   */
  public int cgSamples() {
    return options.cgSamples();
  }

  /**
   * @return whether BetaVAE/FactorVAE draw from the whole dataset
   */
  public boolean classicFromDataset() {
    return options.classicFromDataset();
  }

  /**
   * @return DCI's learner
   */
  public DciLearner dciLearner() {
    return options.dciLearner();
  }

  /**
   * @return IRS's quantile of the within-group deviations
   */
  public double irsQuantile() {
    return options.irsQuantile();
  }

  /**
   * The settings as a JSON-friendly map for provenance ({@link EvaluationOptions#asMap}).
   *
   * @return name to value
   */
  public Map<String, Object> asMap() {
    return options.asMap();
  }
}
