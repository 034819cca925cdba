package dev.candela.report;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.CsvRows;
import dev.candela.metrics.stats.Uncertainty;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One table of many checkpoints' scores, like the tables of Reddy et al. (AAAI 2022): one row per
 * model, one column per score id (the union over models, in first-seen order; a score a model lacks
 * is empty in the CSV, {@code null} in the JSON). Numbers are written in full precision: the
 * shortest decimal that reads back to the same double ({@link Double#toString}).
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
    write(reports, out, null);
  }

  /** The scores-against-step figure of a comparison of training snapshots. */
  public static final String AGAINST_STEP_PNG = "scores-vs-step.png";

  /**
   * Writes the comparison files; with training steps per model (snapshots of one run), also {@code
   * scores-vs-step.png}: every score against the step, with ±1.96·SE bars, shown in
   * comparison.html.
   *
   * @param reports model name to report, in row order
   * @param out the folder
   * @param steps model name to training step, or {@code null}
   * @throws CandelaException when a file cannot be written
   */
  public static void write(Map<String, ScoreReport> reports, Path out, Map<String, Long> steps)
      throws CandelaException {
    List<String> cols = columns(reports);
    List<List<String>> csv = new ArrayList<>();
    List<String> header = new ArrayList<>(List.of("model"));
    header.addAll(cols);
    csv.add(header);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Map.Entry<String, ScoreReport> e : reports.entrySet()) {
      List<String> line = new ArrayList<>(List.of(e.getKey()));
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("model", e.getKey());
      row.put("report", e.getKey() + "/report.json");
      Map<String, Double> scores = new LinkedHashMap<>();
      for (int c = 0; c < cols.size(); c++) {
        Double v = e.getValue().scores().get(cols.get(c));
        line.add(v == null ? "" : Double.toString(v));
        scores.put(cols.get(c), v);
      }
      row.put("scores", scores);
      row.put("uncertainty", e.getValue().uncertainty());
      rows.add(row);
      csv.add(line);
    }
    writeAtomically(out.resolve("comparison.csv"), CsvRows.text(csv));
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("columns", cols);
    json.put("models", rows);
    JsonReports.writeValue(json, out.resolve("comparison.json"));
    Map<String, String> links = new LinkedHashMap<>();
    for (String name : reports.keySet()) {
      if (Files.isRegularFile(out.resolve(name).resolve("report.html"))) {
        links.put(name, name + "/report.html");
      }
    }
    HtmlReport page = ComparisonHtml.build(reports, cols, links);
    if (steps != null) {
      Map<String, double[]> xs = new LinkedHashMap<>();
      Map<String, double[]> ys = new LinkedHashMap<>();
      Map<String, double[]> es = new LinkedHashMap<>();
      List<String> names = new ArrayList<>(reports.keySet());
      for (String c : cols) {
        double[] x = new double[names.size()];
        for (int i = 0; i < names.size(); i++) {
          x[i] = steps.getOrDefault(names.get(i), (long) i);
        }
        double[] y = ComparisonHtml.perModel(reports, r -> r.scores().getOrDefault(c, Double.NaN));
        double[] e =
            ComparisonHtml.perModel(
                reports, r -> ComparisonHtml.interval(r, c, u -> Uncertainty.Z95 * u.se()));
        xs.put(c, x);
        ys.put(c, y);
        es.put(c, e);
      }
      byte[] png = dev.candela.report.Plots.curves("score", xs, ys, es);
      writeAtomically(out.resolve(AGAINST_STEP_PNG), png);
      page.section("Scores against the training step (bars: ±1.96·SE)");
      page.figurePng("Every score of each snapshot against its training step", png);
    }
    page.write(out.resolve("comparison.html"));
    writeScoresCsv(reports, out);
  }

  /**
   * Writes {@code out/scores.csv} ({@link #longCsv}), also for a single model.
   *
   * @param reports model name to report
   * @param out the folder
   * @throws CandelaException when the file cannot be written
   */
  public static void writeScoresCsv(Map<String, ScoreReport> reports, Path out)
      throws CandelaException {
    writeAtomically(out.resolve(SCORES_CSV), longCsv(reports));
  }

  /** The long-format scores file of a comparison. */
  public static final String SCORES_CSV = "scores.csv";

  /**
   * The scores in long format, one row per (model, metric): {@code
   * model,metric,value,se,ci_lo,ci_hi,seed}; {@code se}, {@code ci_lo} and {@code ci_hi} are empty
   * for a score without an uncertainty estimate. Cells are quoted where they need it ({@link
   * CsvRows}), so any model or metric name round-trips; pandas reads it with {@code pd.read_csv}.
   *
   * @param reports model name to report
   * @return the CSV text
   */
  public static String longCsv(Map<String, ScoreReport> reports) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("model", "metric", "value", "se", "ci_lo", "ci_hi", "seed"));
    for (Map.Entry<String, ScoreReport> e : reports.entrySet()) {
      ScoreReport r = e.getValue();
      String seed = r.provenance().seed() == null ? "" : r.provenance().seed().toString();
      for (Map.Entry<String, Double> s : r.scores().entrySet()) {
        Uncertainty u = r.uncertainty().get(s.getKey());
        rows.add(
            List.of(
                e.getKey(),
                s.getKey(),
                String.valueOf(s.getValue()),
                u == null ? "" : Double.toString(u.se()),
                u == null ? "" : Double.toString(u.ci95().get(0)),
                u == null ? "" : Double.toString(u.ci95().get(1)),
                seed));
      }
    }
    return CsvRows.text(rows);
  }

  private static void writeAtomically(Path file, String text) throws CandelaException {
    writeAtomically(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static void writeAtomically(Path file, byte[] bytes) throws CandelaException {
    try {
      AtomicFiles.writeBytes(file, bytes);
    } catch (IOException e) {
      throw new CandelaException(file + ": cannot write (" + e.getMessage() + ")", e);
    }
  }
}
