package dev.candela.cli;

import dev.candela.data.validate.Finding;
import dev.candela.data.validate.ValidationReport;
import dev.candela.report.StatisticsPlots;
import java.io.PrintWriter;

/** Prints a dataset validation report: one line per finding, the statistics, the verdict. */
final class ValidationOutput {
  private ValidationOutput() {}

  static void print(PrintWriter o, ValidationReport report) {
    for (Finding f : report.findings()) {
      o.println(f);
    }
    o.print(StatisticsPlots.text(report.statistics()));
    o.println(
        (report.clean() ? "clean" : report.findings().size() + " violation(s)")
            + ": "
            + report.pngFiles()
            + " png, "
            + report.jsonFiles()
            + " json, rules '"
            + report.rulesVariant()
            + "'");
  }
}
