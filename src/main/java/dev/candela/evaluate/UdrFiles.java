package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.metrics.stats.Vector;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link UdrRanking}'s files: each model's UDR merged into its report as score {@value
 * UdrRanking#KEY}, and the details file {@value UdrRanking#FILE} beside the comparison.
 */
public final class UdrFiles {
  private UdrFiles() {}

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
