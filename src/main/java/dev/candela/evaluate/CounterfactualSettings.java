package dev.candela.evaluate;

import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.model.hosting.DeviceChoice;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What {@link CounterfactualDriver} runs: the settings of {@code evaluate}'s CG step ({@link
 * CgJob}) plus the chunking, the population limit and the grids of the resumable job.
 *
 * @param dataset the dataset (npz, h5 or folder)
 * @param model the VAE's folder
 * @param classifier the factor classifier's folder
 * @param out the output folder (resumable)
 * @param rho latents per factor in Z_I
 * @param ucSelection how the sets Z_I are chosen from the IRS matrix
 * @param baseline CG's baseline
 * @param readout how CG (and the classifier check) reads the classifier
 * @param chunkSize samples per chunk
 * @param limit the population is the first {@code limit} samples of the dataset, or null for all
 * @param samples evaluation samples drawn from the population (Z_I and the baseline statistics come
 *     from them), or null for all of it
 * @param cgSamples CG samples drawn from the evaluation samples, or null for all of them
 * @param factors the factors to evaluate by name, or null/empty for all with more than one value
 * @param batchSize images per engine call
 * @param device {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K}
 * @param seed the seed of the evaluation and CG samples ({@link CgJob#evaluationSamples}, {@link
 *     CgJob#cgPositions})
 * @param gridSamples samples per counterfactual grid (0 = none)
 */
public record CounterfactualSettings(
    Path dataset,
    Path model,
    Path classifier,
    Path out,
    int rho,
    UcSelection ucSelection,
    CgBaseline baseline,
    CgReadout readout,
    int chunkSize,
    Integer limit,
    Integer samples,
    Integer cgSamples,
    List<String> factors,
    int batchSize,
    DeviceChoice device,
    long seed,
    int gridSamples) {

  /** Validates ranges. */
  public CounterfactualSettings {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(classifier, "classifier");
    Objects.requireNonNull(out, "out");
    new CgRunSettings(ucSelection, baseline, readout, batchSize, device); // validates
    SettingChecks.atLeast(rho, 1, Setting.RHO);
    SettingChecks.atLeast(chunkSize, 1, Setting.CHUNK_SIZE);
    SettingChecks.atLeast(limit, 1, Setting.LIMIT);
    SettingChecks.atLeast(samples, 1, Setting.SAMPLES);
    SettingChecks.atLeast(cgSamples, 1, Setting.CG_SAMPLES);
    SettingChecks.notNegative(gridSamples, Setting.GRID_SAMPLES);
  }

  /**
   * The settings of the CG run, which {@code evaluate} shares.
   *
   * @return them
   */
  CgRunSettings cgRun() {
    return new CgRunSettings(ucSelection, baseline, readout, batchSize, device);
  }

  /**
   * The settings in the order and spelling the job's provenance records them.
   *
   * @return name to value
   */
  java.util.Map<String, Object> asMap() {
    java.util.Map<String, Object> params = new java.util.LinkedHashMap<>();
    params.put("dataset", dataset.toString());
    params.put("model", model.toString());
    params.put("classifier", classifier.toString());
    params.put("out", out.toString());
    params.put("rho", rho);
    cgRun().putChoices(params);
    params.put("chunkSize", chunkSize);
    params.put("limit", limit);
    params.put("samples", samples);
    params.put("cgSamples", cgSamples);
    params.put("factors", factors);
    params.put("batchSize", batchSize);
    params.put("device", device.toString());
    params.put("seed", seed);
    params.put("gridSamples", gridSamples);
    return params;
  }

  /**
   * A builder with the command's defaults for everything but the four paths.
   *
   * @param dataset the dataset
   * @param model the VAE's folder
   * @param classifier the factor classifier's folder
   * @param out the output folder
   * @return the builder
   */
  public static Builder builder(Path dataset, Path model, Path classifier, Path out) {
    return new Builder(dataset, model, classifier, out);
  }

  /** Builds {@link CounterfactualSettings}; the ranges are checked by {@link #build()}. */
  public static final class Builder extends CgRunBuilder<Builder> {
    private final Path dataset;
    private final Path model;
    private final Path classifier;
    private final Path out;
    private int rho = 1;
    private int chunkSize = 1000;
    private Integer limit = null;
    private Integer samples = null;
    private Integer cgSamples = null;
    private List<String> factors = null;
    private long seed = 0;

    private Builder(Path dataset, Path model, Path classifier, Path out) {
      this.dataset = dataset;
      this.model = model;
      this.classifier = classifier;
      this.out = out;
    }

    /**
     * @param v latents per factor in Z_I (default 1)
     * @return this
     */
    public Builder rho(int v) {
      rho = v;
      return this;
    }

    /**
     * @param v samples per chunk (default 1,000)
     * @return this
     */
    public Builder chunkSize(int v) {
      chunkSize = v;
      return this;
    }

    /**
     * @param v the pool the samples are drawn from is the first this many (default all)
     * @return this
     */
    public Builder limit(Integer v) {
      limit = v;
      return this;
    }

    /**
     * @param v evaluation samples (default all of the pool)
     * @return this
     */
    public Builder samples(Integer v) {
      samples = v;
      return this;
    }

    /**
     * @param v CG samples among them (default all)
     * @return this
     */
    public Builder cgSamples(Integer v) {
      cgSamples = v;
      return this;
    }

    /**
     * @param v the factors to evaluate by name (default all with more than one value)
     * @return this
     */
    public Builder factors(List<String> v) {
      factors = v;
      return this;
    }

    /**
     * @param v the seed (default 0)
     * @return this
     */
    public Builder seed(long v) {
      seed = v;
      return this;
    }

    /**
     * The settings.
     *
     * @return them
     * @throws IllegalArgumentException naming the setting when a value is out of range
     */
    public CounterfactualSettings build() {
      return new CounterfactualSettings(
          dataset,
          model,
          classifier,
          out,
          rho,
          ucSelection,
          baseline,
          readout,
          chunkSize,
          limit,
          samples,
          cgSamples,
          factors,
          batchSize,
          device,
          seed,
          gridSamples);
    }
  }
}
