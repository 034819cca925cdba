package dev.candela.report;

import java.util.List;

/** Renders the report's plots to PNG bytes, headless (drawn by {@link Charts}). */
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
    return Charts.heatMap(title, rowLabels, colLabels, values, min, max).png();
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
    return Charts.bars(title, labels, values, null, null).png();
  }

  /**
   * A bar chart with 95% interval whiskers.
   *
   * @param title the chart title
   * @param labels category labels
   * @param values one value per label
   * @param lo lower interval ends
   * @param hi upper interval ends
   * @return PNG bytes
   */
  public static byte[] bars(
      String title, List<String> labels, double[] values, double[] lo, double[] hi) {
    return Charts.bars(title, labels, values, lo, hi).png();
  }
}
