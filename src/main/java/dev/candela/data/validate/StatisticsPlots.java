package dev.candela.data.validate;

import dev.candela.CandelaException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;

/**
 * Plots factor statistics with XChart: a bar chart of the coverage of each factor ({@code
 * coverage_<factor>.png}) and a heat map of the co-occurrence counts of each factor pair ({@code
 * cooccurrence_<a>__<b>.png}, zero cells mark combinations never observed).
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
    System.setProperty("java.awt.headless", "true");
    List<Path> files = new ArrayList<>();
    try {
      Files.createDirectories(out);
      for (FactorStatistics.Coverage c : stats.coverage()) {
        CategoryChart chart =
            new CategoryChartBuilder()
                .width(640)
                .height(420)
                .title("coverage of " + c.factor())
                .xAxisTitle(c.factor())
                .yAxisTitle("samples")
                .build();
        chart.getStyler().setLegendVisible(false);
        List<String> x = c.values().stream().map(String::valueOf).toList();
        List<Long> y = new ArrayList<>();
        for (long v : c.counts()) {
          y.add(v);
        }
        chart.addSeries("count", x, y);
        Path f = out.resolve("coverage_" + safe(c.factor()) + ".png");
        dev.candela.AtomicFiles.writeBytes(
            f, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        files.add(f);
      }
      for (FactorStatistics.CoOccurrence p : stats.cooccurrence()) {
        HeatMapChart chart =
            new HeatMapChartBuilder()
                .width(720)
                .height(560)
                .title("co-occurrence " + p.factorA() + " x " + p.factorB())
                .xAxisTitle(p.factorA())
                .yAxisTitle(p.factorB())
                .build();
        FactorStatistics.Coverage a = coverageOf(stats, p.factorA());
        FactorStatistics.Coverage b = coverageOf(stats, p.factorB());
        List<String> xs = a.values().stream().map(String::valueOf).toList();
        List<String> ys = b.values().stream().map(String::valueOf).toList();
        List<Number[]> heat = new ArrayList<>();
        for (int i = 0; i < xs.size(); i++) {
          for (int j = 0; j < ys.size(); j++) {
            heat.add(new Number[] {i, j, p.counts()[i][j]});
          }
        }
        chart.addSeries("count", xs, ys, heat);
        Path f =
            out.resolve("cooccurrence_" + safe(p.factorA()) + "__" + safe(p.factorB()) + ".png");
        dev.candela.AtomicFiles.writeBytes(
            f, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG));
        files.add(f);
      }
    } catch (IOException e) {
      throw new CandelaException(out + ": cannot write plots (" + e.getMessage() + ")", e);
    }
    return files;
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
