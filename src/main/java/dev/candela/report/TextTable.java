package dev.candela.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Plain-text tables for standard output: aligned columns, numbers to four decimals. */
public final class TextTable {

  private TextTable() {}

  /**
   * A two-column table of scores.
   *
   * @param scores metric id to score
   * @return the table text, newline-terminated
   */
  public static String scores(Map<String, Double> scores) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"metric", "score"});
    scores.forEach((k, v) -> rows.add(new String[] {k, String.format(Locale.ROOT, "%.4f", v)}));
    return render(rows);
  }

  /**
   * A table of scores with their uncertainty: {@code value ± se}, the 95% interval and the method
   * ({@code —} for a score without an estimate).
   *
   * @param scores metric id to score
   * @param uncertainty metric id to uncertainty (may lack ids)
   * @return the table text, newline-terminated
   */
  public static String scores(
      Map<String, Double> scores, Map<String, dev.candela.metrics.stats.Uncertainty> uncertainty) {
    if (uncertainty.isEmpty()) {
      return scores(scores);
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"metric", "score ± se", "95% interval", "method"});
    scores.forEach(
        (k, v) -> {
          var u = uncertainty.get(k);
          rows.add(
              u == null
                  ? new String[] {k, String.format(Locale.ROOT, "%.4f", v), "—", "—"}
                  : new String[] {
                    k,
                    String.format(Locale.ROOT, "%.4f ± %.4f", v, u.se()),
                    String.format(Locale.ROOT, "[%.4f, %.4f]", u.ci95().get(0), u.ci95().get(1)),
                    u.method() + " (" + u.replicates() + ")"
                  });
        });
    return render(rows);
  }

  /**
   * A labelled matrix.
   *
   * @param corner the top-left label
   * @param rowLabels row labels
   * @param colLabels column labels
   * @param values {@code values[row][col]}
   * @return the table text
   */
  public static String matrix(
      String corner, List<String> rowLabels, List<String> colLabels, double[][] values) {
    List<String[]> rows = new ArrayList<>();
    String[] head = new String[colLabels.size() + 1];
    head[0] = corner;
    for (int c = 0; c < colLabels.size(); c++) {
      head[c + 1] = colLabels.get(c);
    }
    rows.add(head);
    for (int r = 0; r < values.length; r++) {
      String[] row = new String[values[r].length + 1];
      row[0] = rowLabels.get(r);
      for (int c = 0; c < values[r].length; c++) {
        row[c + 1] = HtmlReport.fmt(values[r][c]);
      }
      rows.add(row);
    }
    return render(rows);
  }

  /**
   * Renders rows with the first column left-aligned and the others right-aligned.
   *
   * @param rows rows of cells; the first row is the header
   * @return the table text
   */
  public static String render(List<String[]> rows) {
    int cols = rows.stream().mapToInt(r -> r.length).max().orElse(0);
    int[] width = new int[cols];
    for (String[] r : rows) {
      for (int c = 0; c < r.length; c++) {
        width[c] = Math.max(width[c], r[c].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      for (int c = 0; c < r.length; c++) {
        String cell = r[c];
        String pad = " ".repeat(width[c] - cell.length());
        sb.append(c == 0 ? cell + pad : pad + cell);
        if (c < r.length - 1) {
          sb.append("  ");
        }
      }
      sb.append('\n');
      if (i == 0) {
        int total = 0;
        for (int w : width) {
          total += w + 2;
        }
        sb.append("-".repeat(Math.max(0, total - 2))).append('\n');
      }
    }
    return sb.toString();
  }
}
