package dev.candela.evaluate;

import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
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
    int chunkSize,
    Integer limit,
    Integer samples,
    Integer cgSamples,
    List<String> factors,
    int batchSize,
    String device,
    long seed,
    int gridSamples) {

  /** Validates ranges. */
  public CounterfactualSettings {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(classifier, "classifier");
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(ucSelection, "ucSelection");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(device, "device");
    if (rho < 1) {
      throw new IllegalArgumentException("rho must be at least 1, got " + rho);
    }
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunk size must be at least 1, got " + chunkSize);
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("batch size must be at least 1, got " + batchSize);
    }
    if (limit != null && limit < 1) {
      throw new IllegalArgumentException("limit must be at least 1, got " + limit);
    }
    if (samples != null && samples < 1) {
      throw new IllegalArgumentException("samples must be at least 1, got " + samples);
    }
    if (cgSamples != null && cgSamples < 1) {
      throw new IllegalArgumentException("CG samples must be at least 1, got " + cgSamples);
    }
    if (gridSamples < 0) {
      throw new IllegalArgumentException("grid samples must be >= 0, got " + gridSamples);
    }
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
    params.put("ucSelection", ucSelection.name().toLowerCase(Locale.ROOT));
    params.put("cgBaseline", baseline.name().toLowerCase(Locale.ROOT).replace('_', '-'));
    params.put("chunkSize", chunkSize);
    params.put("limit", limit);
    params.put("samples", samples);
    params.put("cgSamples", cgSamples);
    params.put("factors", factors);
    params.put("batchSize", batchSize);
    params.put("device", device);
    params.put("seed", seed);
    params.put("gridSamples", gridSamples);
    return params;
  }
}
