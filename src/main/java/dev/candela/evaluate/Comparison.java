package dev.candela.evaluate;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.report.HtmlReport;
import dev.candela.report.JsonReports;
import dev.candela.report.ScoreReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One table of many checkpoints' scores, like the tables of Reddy et al. (AAAI 2022): one row per
 * model, one column per score id (the union over models, in first-seen order; a score a model lacks
 * is empty in the CSV, {@code null} in the JSON).
 */
public final class Comparison {
  private Comparison() {}

  /**
   * The score columns: the union of the reports' score ids in first-seen order.
   *
   * @param reports model name to report
   * @return the column ids
   */
  public static List<String> columns(Map<String, ScoreReport> reports) {
    Set<String> cols = new LinkedHashSet<>();
    reports.values().forEach(r -> cols.addAll(r.scores().keySet()));
    return List.copyOf(cols);
  }

  /**
   * Writes {@code comparison.csv}, {@code comparison.json} and {@code comparison.html}.
   *
   * @param reports model name to report, in row order
   * @param out the folder
   * @throws CandelaException when a file cannot be written
   */
  public static void write(Map<String, ScoreReport> reports, Path out) throws CandelaException {
    List<String> cols = columns(reports);
    StringBuilder csv = new StringBuilder("model");
    cols.forEach(c -> csv.append(',').append(c));
    csv.append('\n');
    List<Map<String, Object>> rows = new ArrayList<>();
    List<String> names = new ArrayList<>();
    double[][] values = new double[reports.size()][cols.size()];
    int r = 0;
    for (Map.Entry<String, ScoreReport> e : reports.entrySet()) {
      names.add(e.getKey());
      csv.append(e.getKey().replace(',', '_'));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("model", e.getKey());
      row.put("report", e.getKey() + "/report.json");
      Map<String, Double> scores = new LinkedHashMap<>();
      for (int c = 0; c < cols.size(); c++) {
        Double v = e.getValue().scores().get(cols.get(c));
        csv.append(',').append(v == null ? "" : String.format(Locale.ROOT, "%.6f", v));
        scores.put(cols.get(c), v);
        values[r][c] = v == null ? Double.NaN : v;
      }
      row.put("scores", scores);
      rows.add(row);
      csv.append('\n');
      r++;
    }
    try {
      AtomicFiles.writeString(out.resolve("comparison.csv"), csv);
    } catch (IOException e) {
      throw new CandelaException(
          out.resolve("comparison.csv") + ": cannot write (" + e.getMessage() + ")", e);
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("columns", cols);
    json.put("models", rows);
    JsonReports.writeValue(json, out.resolve("comparison.json"));
    HtmlReport page = new HtmlReport("Checkpoint comparison");
    page.matrix("Scores: one row per model (details in <model>/report.html)", names, cols, values);
    page.write(out.resolve("comparison.html"));
  }
}
