package dev.candela.evaluate;

import dev.candela.Setting;
import dev.candela.SettingChecks;
import dev.candela.data.ImageDegradation;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.truth.ConstructedDecoder;
import dev.candela.metrics.cg.truth.TruthCase;
import dev.candela.model.hosting.ComputeDevice;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What the ground-truth CG benchmark ({@link CgTruthBenchmark}) runs: one row per case ×
 * degradation × read-out × baseline × classifier.
 *
 * @param samples samples per case (the evaluation and CG samples)
 * @param seed the seed of the samples (per case the same) and of the degradation noise
 * @param cases the constructed cases
 * @param degradations the degradations of the decoders' images ({@link ImageDegradation#NONE} for
 *     none)
 * @param baselines the baselines
 * @param classifiers classifier folders (dSprites factors, matched by name and size)
 * @param device the classifiers' device
 * @param batchSize images per engine call
 * @param factors the evaluated factors (names of {@link ConstructedDecoder#FACTOR_NAMES}, in that
 *     order); CG is their mean, for the truth and for Candela
 * @param readouts the classifier read-outs (at least one)
 */
public record CgTruthOptions(
    int samples,
    long seed,
    List<TruthCase> cases,
    List<ImageDegradation> degradations,
    List<CgBaseline> baselines,
    List<Path> classifiers,
    ComputeDevice device,
    int batchSize,
    List<String> factors,
    List<CgReadout> readouts) {
  /** Validates and copies. */
  public CgTruthOptions {
    readouts = List.copyOf(readouts);
    if (readouts.isEmpty()) {
      throw new IllegalArgumentException("need at least one read-out");
    }
    factors = List.copyOf(factors);
    int last = -1;
    for (String f : factors) {
      int k = ConstructedDecoder.FACTOR_NAMES.indexOf(f);
      if (k <= last) {
        throw new IllegalArgumentException(
            "factors must be among "
                + ConstructedDecoder.FACTOR_NAMES
                + " in that order without repeats, got "
                + factors);
      }
      last = k;
    }
    if (factors.isEmpty()) {
      throw new IllegalArgumentException("need at least one factor to evaluate");
    }
    cases = List.copyOf(cases);
    degradations = List.copyOf(degradations);
    baselines = List.copyOf(baselines);
    classifiers = List.copyOf(classifiers);
    Objects.requireNonNull(device, "device");
    if (samples < 2) {
      throw new IllegalArgumentException("need at least 2 samples, got " + samples);
    }
    SettingChecks.atLeast(batchSize, 1, Setting.BATCH_SIZE);
    if (cases.isEmpty() || degradations.isEmpty() || baselines.isEmpty()) {
      throw new IllegalArgumentException(
          "need at least one case, degradation and baseline, got "
              + cases.size()
              + ", "
              + degradations.size()
              + ", "
              + baselines.size());
    }
    if (classifiers.isEmpty()) {
      throw new IllegalArgumentException("need at least one classifier folder");
    }
  }
}
