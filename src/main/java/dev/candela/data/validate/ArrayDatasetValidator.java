package dev.candela.data.validate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Validates an array dataset (a dSprites-layout or MPI3D {@code .npz}, a 3dshapes {@code .h5}):
 * opening it already checked the arrays' names, shapes and dtypes; this checks every sample's
 * factor codes (in range of the factor sizes), reads the images of the first, the last and {@value
 * #IMAGE_SAMPLES} seeded samples (their pixels must be finite), and gathers factor coverage and
 * co-occurrence. Array datasets carry no confounding rules.
 *
 * <p>Samples are read in index order (the codes one after the other, the probed images sorted), so
 * a deflated npz member is inflated in one forward pass rather than restarted for each sample that
 * lies behind the previous one.
 */
public final class ArrayDatasetValidator {
  /** Seeded samples whose images are read, besides the first and the last. */
  public static final int IMAGE_SAMPLES = 256;

  /** Stop listing findings after this many (the count is still reported). */
  static final int MAX_FINDINGS = 1000;

  /** Creates a validator. */
  public ArrayDatasetValidator() {}

  /**
   * Validates an opened array dataset.
   *
   * @param file the dataset file, for the report
   * @param ds the opened dataset
   * @return the report (array datasets have no png/json files: both counts are 0)
   */
  public ValidationReport validate(Path file, FactorDataset ds) {
    List<Finding> findings = new ArrayList<>();
    String name = file.getFileName().toString();
    FactorStatistics.Accumulator stats = new FactorStatistics.Accumulator(ds.space());
    int bad = 0;
    for (long i = 0; i < ds.size(); i++) {
      try {
        stats.add(ds.codes(i));
      } catch (CandelaException e) {
        if (++bad <= MAX_FINDINGS) {
          findings.add(new Finding(name + "[" + i + "]", "codes", e.getMessage()));
        }
      }
    }
    List<Long> probe = new ArrayList<>();
    if (ds.size() > 0) {
      probe.add(0L);
      probe.add(ds.size() - 1);
      SplittableRandom r = new SplittableRandom(0);
      for (int k = 0; k < IMAGE_SAMPLES && ds.size() > 2; k++) {
        probe.add(r.nextLong(ds.size()));
      }
      Collections.sort(probe);
    }
    for (long i : probe) {
      try {
        float[] px = ds.images(new long[] {i});
        for (float v : px) {
          if (!Float.isFinite(v)) {
            findings.add(new Finding(name + "[" + i + "]", "image", "pixel value " + v));
            break;
          }
        }
      } catch (CandelaException e) {
        findings.add(new Finding(name + "[" + i + "]", "image", e.getMessage()));
      }
    }
    if (bad > MAX_FINDINGS) {
      findings.add(
          new Finding(name, "codes", bad + " samples with bad codes (first " + MAX_FINDINGS + ")"));
    }
    return new ValidationReport(
        file.toString(),
        ds.space().name(),
        "none",
        0,
        0,
        findings,
        stats.result(),
        parameters(ds.size(), probe.size()));
  }

  /** The report parameters in a fixed order, so the JSON report is the same on every run. */
  private static Map<String, Object> parameters(long samples, int imageSamplesRead) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("samples", samples);
    p.put("imageSamplesRead", imageSamplesRead);
    return p;
  }
}
