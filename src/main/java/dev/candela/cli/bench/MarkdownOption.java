package dev.candela.cli.bench;

import dev.candela.report.TextTable;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The {@code --markdown} option of the benches whose table goes into the docs ({@code bench
 * cg-truth}, {@code bench coverage}; a picocli mixin), and the table in either form.
 */
final class MarkdownOption {
  @Option(names = "--markdown", description = "Print the table as Markdown (for docs).")
  private boolean markdown;

  /** Creates the option (picocli fills it). */
  MarkdownOption() {}

  /** Whether {@code --markdown} was given. */
  boolean markdown() {
    return markdown;
  }

  /**
   * The table as aligned text ({@link TextTable#render}) or, with {@code --markdown}, as a Markdown
   * table: the first row the header, a {@code |} in a cell escaped.
   *
   * @param rows the header and the rows
   * @return the table, each line ending in a newline
   */
  String render(List<String[]> rows) {
    if (!markdown) {
      return TextTable.render(rows);
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < rows.size(); i++) {
      List<String> cells = new ArrayList<>();
      for (String c : rows.get(i)) {
        cells.add(c.replace("|", "\\|"));
      }
      sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
      if (i == 0) {
        sb.append("|").append("---|".repeat(rows.get(0).length)).append('\n');
      }
    }
    return sb.toString();
  }
}
