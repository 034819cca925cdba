package dev.candela.evaluate;

import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.CgBaseline;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What {@link Counterfactuals} runs.
 *
 * @param dataset the dataset (npz, h5 or folder)
 * @param model the VAE's folder
 * @param classifier the factor classifier's folder
 * @param out the output folder (resumable)
 * @param rho latents per factor in Z_I
 * @param ucSelection how the sets Z_I are chosen from the IRS matrix
 * @param baseline CG's baseline
 * @param chunkSize samples per chunk
 * @param limit at most this many samples, or null for all
 * @param factors the factors to evaluate by name, or null/empty for all with more than one value
 * @param batchSize images per engine call
 * @param device {@code auto}, {@code cpu}, {@code gpu} or {@code gpu:K}
 * @param seed the seed of the selection sample and the fitness checks
 * @param gridSamples samples per counterfactual grid (0 = none)
 * @param encodeAll encode every chunk sample even when the selection pass has its code
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
    List<String> factors,
    int batchSize,
    String device,
    long seed,
    int gridSamples,
    boolean encodeAll) {

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
    params.put("factors", factors);
    params.put("batchSize", batchSize);
    params.put("device", device);
    params.put("seed", seed);
    params.put("gridSamples", gridSamples);
    return params;
  }
}
