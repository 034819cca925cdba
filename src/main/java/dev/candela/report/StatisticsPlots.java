package dev.candela.report;

import dev.candela.AtomicFiles;
import dev.candela.CandelaException;
import dev.candela.data.validate.FactorStatistics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Plots factor statistics ({@code candela dataset inspect --out}) with {@link Charts}: a bar chart
 * of the coverage of each factor ({@code coverage_<factor>.png}) and a heat map of the
 * co-occurrence counts of each factor pair ({@code cooccurrence_<a>__<b>.png}; rows are the values
 * of the first factor, columns those of the second, and hatched cells are value pairs never
 * observed). Labels that do not fit are rotated, and counts are printed in the cells only when they
 * fit. Also prints the same statistics as text ({@link #text}).
 */
public final class StatisticsPlots {
  private StatisticsPlots() {}

  /**
   * Writes all plots into a folder (created when absent).
   *
   * @param stats the statistics
   * @param out the folder
   * @return the files written
   * @throws CandelaException when a file cannot be written
   */
  public static List<Path> write(FactorStatistics stats, Path out) throws CandelaException {
    List<Path> files = new ArrayList<>();
    try {
      Files.createDirectories(out);
      for (FactorStatistics.Coverage c : stats.coverage()) {
        Path f = out.resolve("coverage_" + safe(c.factor()) + ".png");
        AtomicFiles.writeBytes(f, coverage(c).png());
        files.add(f);
      }
      for (FactorStatistics.CoOccurrence p : stats.cooccurrence()) {
        Path f =
            out.resolve("cooccurrence_" + safe(p.factorA()) + "__" + safe(p.factorB()) + ".png");
        AtomicFiles.writeBytes(f, cooccurrence(stats, p).png());
        files.add(f);
      }
    } catch (IOException e) {
      throw new CandelaException(out + ": cannot write plots (" + e.getMessage() + ")", e);
    }
    return files;
  }

  /**
   * The bar chart of one factor's coverage: samples per value.
   *
   * @param c the coverage of one factor
   * @return the figure
   */
  public static Charts.Rendered coverage(FactorStatistics.Coverage c) {
    List<String> x = c.values().stream().map(String::valueOf).toList();
    double[] y = new double[c.counts().length];
    for (int i = 0; i < y.length; i++) {
      y[i] = c.counts()[i];
    }
    return Charts.bars("samples per value of " + c.factor(), x, y, null, null);
  }

  /**
   * The heat map of one factor pair's co-occurrence counts: rows are the values of {@code factorA},
   * columns those of {@code factorB}; zero cells (never observed) are hatched.
   *
   * @param stats the statistics holding the pair (for the value labels)
   * @param p the pair
   * @return the figure
   */
  public static Charts.Rendered cooccurrence(
      FactorStatistics stats, FactorStatistics.CoOccurrence p) {
    List<String> rows =
        coverageOf(stats, p.factorA()).values().stream().map(String::valueOf).toList();
    List<String> cols =
        coverageOf(stats, p.factorB()).values().stream().map(String::valueOf).toList();
    long[][] counts = p.counts();
    double[][] v = new double[counts.length][];
    double max = 0;
    for (int i = 0; i < counts.length; i++) {
      v[i] = new double[counts[i].length];
      for (int j = 0; j < counts[i].length; j++) {
        v[i][j] = counts[i][j];
        max = Math.max(max, v[i][j]);
      }
    }
    String title =
        "co-occurrence: "
            + p.factorA()
            + " (rows) x "
            + p.factorB()
            + " (columns), samples per value pair";
    return Charts.heatMap(title, rows, cols, v, 0, max > 0 ? max : 1);
  }

  private static FactorStatistics.Coverage coverageOf(FactorStatistics s, String factor) {
    return s.coverage().stream().filter(c -> c.factor().equals(factor)).findFirst().orElseThrow();
  }

  private static String safe(String name) {
    return name.replaceAll("[^A-Za-z0-9_-]", "_");
  }

  /**
   * A plain-text table of the statistics: coverage per factor, then the number of zero cells per
   * pair.
   *
   * @param stats the statistics
   * @return the text
   */
  public static String text(FactorStatistics stats) {
    StringBuilder sb = new StringBuilder();
    sb.append("samples: ").append(stats.samples()).append('\n');
    for (FactorStatistics.Coverage c : stats.coverage()) {
      sb.append(c.factor()).append(':');
      for (int i = 0; i < c.counts().length; i++) {
        sb.append(' ').append(c.values().get(i)).append('=').append(c.counts()[i]);
      }
      sb.append('\n');
    }
    sb.append("co-occurrence (value pairs never observed / all pairs):\n");
    for (FactorStatistics.CoOccurrence p : stats.cooccurrence()) {
      int cells = p.counts().length * (p.counts().length == 0 ? 0 : p.counts()[0].length);
      sb.append("  ")
          .append(p.factorA())
          .append(" x ")
          .append(p.factorB())
          .append(": ")
          .append(p.zeroCells())
          .append(" / ")
          .append(cells)
          .append('\n');
    }
    return sb.toString();
  }
}
