package dev.candela.evaluate;

import dev.candela.BadInputException;
import dev.candela.CandelaException;
import dev.candela.data.npy.NpyArray;
import dev.candela.data.npy.NpyDType;
import dev.candela.data.npy.NpzFile;
import dev.candela.data.npy.NpzWriter;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.metrics.stats.Vector;
import dev.candela.model.hosting.VaeModel;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link UdrRanking}'s files: each model's UDR merged into its report as score {@value
 * UdrRanking#KEY}, the details file {@value UdrRanking#FILE} beside the comparison, and one model's
 * encodings of the shared inputs ({@value #INPUTS}) kept in its evaluation's folder, so that a
 * caller that did not run the evaluation (a sweep's driver) ranks on them without loading the
 * model.
 */
public final class UdrFiles {
  private UdrFiles() {}

  /**
   * The file, in an evaluation's folder, with its model's encodings of the shared inputs: {@code
   * indices} (the inputs' dataset indices, int64), {@code mean} and {@code logVar} (float32, {@code
   * [input][latent]}).
   */
  public static final String INPUTS = "udr-inputs.npz";

  /**
   * Writes a model's encodings of the shared inputs ({@link UdrRanking#inputs}) into a folder.
   *
   * @param inputs the inputs' dataset indices
   * @param e the model's posterior of them, in their order
   * @param dir the evaluation's folder
   * @throws CandelaException when the file cannot be written
   */
  public static void writeInputs(long[] inputs, VaeModel.Encoding e, Path dir)
      throws CandelaException {
    float[][] mean = e.mean();
    if (mean.length != inputs.length) {
      throw new IllegalArgumentException(
          "UDR inputs: " + inputs.length + " indices but " + mean.length + " encodings");
    }
    int d = mean.length == 0 ? 0 : mean[0].length;
    long[] shape = {mean.length, d};
    try (NpzWriter w = NpzWriter.create(dir.resolve(INPUTS))) {
      w.put("indices", NpyDType.I8, new long[] {inputs.length}, false, inputs.clone());
      w.put("mean", NpyDType.F4, shape, false, flat(mean, d));
      w.put("logVar", NpyDType.F4, shape, false, flat(e.logVar(), d));
    }
  }

  /**
   * Reads back the encodings {@link #writeInputs} kept in a folder.
   *
   * @param dir the evaluation's folder
   * @param inputs the shared inputs' dataset indices the caller ranks on
   * @return the posterior of those inputs, in their order
   * @throws CandelaException when the file is missing or unreadable, or holds other inputs
   */
  public static VaeModel.Encoding readInputs(Path dir, long[] inputs) throws CandelaException {
    Path file = dir.resolve(INPUTS);
    try (NpzFile z = NpzFile.open(file)) {
      long[] kept;
      try (NpyArray idx = z.array("indices")) {
        kept = idx.readLongs(0, Math.toIntExact(idx.size()));
      }
      if (!Arrays.equals(kept, inputs)) {
        throw new BadInputException(
            file
                + ": encodings of other inputs ("
                + kept.length
                + " indices) than the "
                + inputs.length
                + " shared inputs of this ranking");
      }
      return new VaeModel.Encoding(rows(z, "mean"), rows(z, "logVar"));
    }
  }

  private static float[] flat(float[][] a, int d) {
    float[] out = new float[a.length * d];
    for (int i = 0; i < a.length; i++) {
      System.arraycopy(a[i], 0, out, i * d, d);
    }
    return out;
  }

  private static float[][] rows(NpzFile z, String key) throws BadInputException {
    try (NpyArray a = z.array(key)) {
      int n = Math.toIntExact(a.shape()[0]);
      int d = Math.toIntExact(a.shape()[1]);
      float[][] out = new float[n][];
      for (int i = 0; i < n; i++) {
        out[i] = a.readFloats((long) i * d, d);
      }
      return out;
    }
  }

  /**
   * The reports with each model's UDR added as score {@value UdrRanking#KEY} (with its jackknife
   * uncertainty); a model whose UDR is undefined (no active latent) gets a warning instead.
   *
   * @param reports model name to report, in row order
   * @param o the ranking over those names
   * @return the new reports, same order
   */
  public static Map<String, ScoreReport> withUdr(
      Map<String, ScoreReport> reports, UdrRanking.Outcome o) {
    return withUdr(reports, o, Map.of());
  }

  /**
   * The reports with each model's UDR added, where several rows may show one model (a sweep that
   * scores a checkpoint with several seeds).
   *
   * @param reports row name to report, in row order
   * @param o the ranking
   * @param modelOf row name to the name the model has in {@code o} (rows not in it: the row name)
   * @return the new reports, same order
   */
  public static Map<String, ScoreReport> withUdr(
      Map<String, ScoreReport> reports, UdrRanking.Outcome o, Map<String, String> modelOf) {
    Map<String, ScoreReport> out = new LinkedHashMap<>();
    List<String> names = o.result().models();
    Vector scores = o.result().scores();
    for (Map.Entry<String, ScoreReport> e : reports.entrySet()) {
      ScoreReport r = e.getValue();
      String model = modelOf.getOrDefault(e.getKey(), e.getKey());
      int i = names.indexOf(model);
      if (i < 0) {
        out.put(e.getKey(), r);
        continue;
      }
      Map<String, Double> s = new LinkedHashMap<>(r.scores());
      Map<String, Uncertainty> u = new LinkedHashMap<>(r.uncertainty());
      List<String> w = new ArrayList<>(r.warnings());
      if (Double.isFinite(scores.get(i))) {
        s.put(UdrRanking.KEY, scores.get(i));
        if (o.uncertainty().get(model) != null) {
          u.put(UdrRanking.KEY, o.uncertainty().get(model));
        }
      } else {
        w.add(
            "udr: undefined for "
                + model
                + " (no latent with mean KL above "
                + o.result().klThreshold()
                + " on the shared inputs)");
      }
      Map<String, Object> d = new LinkedHashMap<>(r.details());
      d.put(
          UdrRanking.KEY,
          Map.of(
              "file",
              UdrRanking.FILE,
              "setting",
              o.settings().get(i),
              "withinSetting",
              o.result().withinSetting().get(i)));
      out.put(e.getKey(), new ScoreReport(r.title(), s, u, d, w, r.provenance()));
    }
    return out;
  }

  /**
   * Writes {@value UdrRanking#FILE} into the comparison folder.
   *
   * @param o the ranking
   * @param out the folder
   * @throws CandelaException when it cannot be written
   */
  public static void write(UdrRanking.Outcome o, Path out) throws CandelaException {
    JsonReports.writeValue(o.details(), out.resolve(UdrRanking.FILE));
  }
}
