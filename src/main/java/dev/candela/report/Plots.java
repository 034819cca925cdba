package dev.candela.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;

/** Renders plots (XChart) to PNG bytes, headless. */
public final class Plots {

  static {
    System.setProperty("java.awt.headless", "true");
  }

  private Plots() {}

  /**
   * A heat map of a matrix with labelled rows and columns.
   *
   * @param title the chart title
   * @param rowLabels one label per row (drawn on the y axis)
   * @param colLabels one label per column (drawn on the x axis)
   * @param values {@code values[row][col]}
   * @param min the value mapped to the first colour
   * @param max the value mapped to the last colour
   * @return PNG bytes
   */
  public static byte[] heatMap(
      String title,
      List<String> rowLabels,
      List<String> colLabels,
      double[][] values,
      double min,
      double max) {
    if (values.length != rowLabels.size()) {
      throw new IllegalArgumentException(
          values.length + " rows but " + rowLabels.size() + " row labels");
    }
    int w = Math.max(420, 120 + 46 * colLabels.size());
    int h = Math.max(300, 110 + 22 * rowLabels.size());
    HeatMapChart chart = new HeatMapChartBuilder().width(w).height(h).title(title).build();
    chart.getStyler().setShowValue(rowLabels.size() <= 40 && colLabels.size() <= 12);
    chart.getStyler().setMin(min);
    chart.getStyler().setMax(max);
    chart.getStyler().setLegendVisible(true);
    chart.getStyler().setPlotContentSize(1.0);
    chart.getStyler().setHeatMapValueDecimalPattern("0.00");
    List<Number[]> heat = new ArrayList<>();
    for (int r = 0; r < values.length; r++) {
      if (values[r].length != colLabels.size()) {
        throw new IllegalArgumentException(
            "row "
                + r
                + " has "
                + values[r].length
                + " values but "
                + colLabels.size()
                + " labels");
      }
      for (int c = 0; c < values[r].length; c++) {
        heat.add(new Number[] {c, r, values[r][c]});
      }
    }
    chart.addSeries(title, colLabels, rowLabels, heat);
    return png(chart);
  }

  /**
   * A bar chart of one series.
   *
   * @param title the chart title
   * @param labels category labels
   * @param values one value per label
   * @return PNG bytes
   */
  public static byte[] bars(String title, List<String> labels, double[] values) {
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(Math.max(420, 60 + 40 * labels.size()))
            .height(320)
            .title(title)
            .build();
    chart.getStyler().setLegendVisible(false);
    List<Double> ys = new ArrayList<>();
    for (double v : values) {
      ys.add(v);
    }
    chart.addSeries(title, labels, ys);
    return png(chart);
  }

  private static byte[] png(Chart<?, ?> chart) {
    try {
      return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot render chart " + chart.getTitle(), e);
    }
  }
}
