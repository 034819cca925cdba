package dev.candela.report;

import java.util.List;

/**
 * Renders the report's small multiples of curves to PNG bytes, headless (each panel drawn by {@link
 * Charts}; heat maps and bar charts are {@link Charts#heatMap} and {@link Charts#bars}).
 */
public final class Plots {

  static {
    System.setProperty("java.awt.headless", "true");
  }

  private Plots() {}

  /**
   * Small multiples: one line chart per named curve (x = step), arranged two per row in one PNG;
   * with {@code errors}, each point has a ± error bar (e.g. 1.96·SE).
   *
   * @param title the overall title (drawn on each panel before the curve's name)
   * @param xs curve name to x values
   * @param ys curve name to y values (same length as its x values; NaN points are skipped)
   * @param errors curve name to error half-widths, or {@code null} for none
   * @return PNG bytes
   */
  public static byte[] curves(
      String title,
      java.util.Map<String, double[]> xs,
      java.util.Map<String, double[]> ys,
      java.util.Map<String, double[]> errors) {
    int pw = 460;
    int ph = 260;
    List<String> names = new java.util.ArrayList<>(ys.keySet());
    int cols = names.size() == 1 ? 1 : 2;
    int rows = Math.max(1, (names.size() + cols - 1) / cols);
    java.awt.image.BufferedImage all =
        new java.awt.image.BufferedImage(
            cols * pw, rows * ph, java.awt.image.BufferedImage.TYPE_INT_RGB);
    java.awt.Graphics2D g = all.createGraphics();
    g.setColor(java.awt.Color.WHITE);
    g.fillRect(0, 0, all.getWidth(), all.getHeight());
    for (int k = 0; k < names.size(); k++) {
      String name = names.get(k);
      double[] x = xs.get(name);
      double[] y = ys.get(name);
      double[] e = errors == null ? null : errors.get(name);
      List<Double> px = new java.util.ArrayList<>();
      List<Double> py = new java.util.ArrayList<>();
      List<Double> pe = new java.util.ArrayList<>();
      for (int i = 0; i < y.length; i++) {
        if (Double.isFinite(y[i])) {
          px.add(x[i]);
          py.add(y[i]);
          pe.add(e == null || !Double.isFinite(e[i]) ? 0.0 : e[i]);
        }
      }
      org.knowm.xchart.XYChart chart =
          new org.knowm.xchart.XYChartBuilder()
              .width(pw)
              .height(ph)
              .title(title + ": " + name)
              .xAxisTitle("step")
              .build();
      chart.getStyler().setLegendVisible(false);
      double maxAbs = py.stream().mapToDouble(Math::abs).max().orElse(0);
      chart.getStyler().setDecimalPattern(maxAbs > 0 && maxAbs < 0.01 ? "0.0##E0" : "#0.0###");
      chart.getStyler().setXAxisDecimalPattern("#0");
      if (px.isEmpty()) {
        px.add(0.0);
        py.add(0.0);
        pe.add(0.0);
      }
      if (e == null) {
        chart.addSeries(name, px, py);
      } else {
        chart.addSeries(name, px, py, pe);
      }
      java.awt.image.BufferedImage img = org.knowm.xchart.BitmapEncoder.getBufferedImage(chart);
      g.drawImage(img, (k % cols) * pw, (k / cols) * ph, null);
    }
    g.dispose();
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try {
      javax.imageio.ImageIO.write(all, "png", out);
    } catch (java.io.IOException ex) {
      throw new java.io.UncheckedIOException("cannot encode " + title, ex);
    }
    return out.toByteArray();
  }
}
