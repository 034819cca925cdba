package dev.candela.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Shape;
import java.awt.geom.Area;
import java.awt.geom.Rectangle2D;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Renders every figure kind at 4, 6 and 10 factors, with short and long factor names, and checks
 * with the measured text bounds that no two strings overlap and none leaves the image. Set {@code
 * -Dcandela.chartSamples=DIR} to keep the PNGs for looking at them.
 */
class ChartsTest {

  private static final double TICK = 1e-12;

  /** Areas smaller than this (px²) are antialiasing-level touching, not overlap. */
  private static final double TOUCH = 0.5;

  static List<String> names(int n, boolean longNames) {
    String[] shortNames = {"shape", "scale", "orient", "posX", "posY", "color", "hue", "size"};
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(
          longNames
              ? "object_" + shortNames[i % shortNames.length] + "_factor_" + i
              : shortNames[i % shortNames.length] + (i >= shortNames.length ? i : ""));
    }
    return out;
  }

  static void assertReadable(Charts.Rendered r, String what) throws Exception {
    int w = r.image().getWidth();
    int h = r.image().getHeight();
    Rectangle2D frame = new Rectangle2D.Double(0, 0, w, h);
    List<Shape> boxes = r.textBoxes();
    for (int i = 0; i < boxes.size(); i++) {
      Rectangle2D b = boxes.get(i).getBounds2D();
      assertTrue(
          frame.contains(b), what + ": text box " + b + " leaves the " + w + "x" + h + " image");
      for (int j = i + 1; j < boxes.size(); j++) {
        Area a = new Area(boxes.get(i));
        a.intersect(new Area(boxes.get(j)));
        Rectangle2D o = a.getBounds2D();
        assertTrue(
            a.isEmpty() || o.getWidth() * o.getHeight() < TOUCH,
            what
                + ": text "
                + i
                + " "
                + b
                + " overlaps text "
                + j
                + " "
                + boxes.get(j).getBounds2D());
      }
    }
    String dir = System.getProperty("candela.chartSamples");
    if (dir != null) {
      Files.createDirectories(Path.of(dir));
      Files.write(Path.of(dir, what + ".png"), r.png());
    }
  }

  @ParameterizedTest
  @CsvSource({"4,false", "6,false", "10,false", "4,true", "6,true", "10,true", "40,true"})
  void heatMapLabelsDoNotOverlap(int factors, boolean longNames) throws Exception {
    List<String> cols = names(factors, longNames);
    List<String> rows = new ArrayList<>();
    double[][] v = new double[10][factors];
    for (int r = 0; r < 10; r++) {
      rows.add(longNames ? "latent_dimension_" + r : "z" + r);
      for (int c = 0; c < factors; c++) {
        v[r][c] = (r + c) % 5 == 0 ? 0 : -0.1 + ((r * 7 + c * 3) % 11) / 10.0;
      }
    }
    Charts.Rendered r = Charts.heatMap("IRS", rows, cols, v, -0.1, 1);
    assertReadable(r, "heat-" + factors + (longNames ? "-long" : ""));
    assertTrue(r.image().getWidth() <= 1300, "fits a 1,400 px page: " + r.image().getWidth());
    // row labels, column labels and colour-bar ticks, plus cell values when they fit
    assertTrue(r.textBoxes().size() >= 10 + factors + 3, "labels drawn: " + r.textBoxes().size());
  }

  @ParameterizedTest
  @CsvSource({"4,false", "6,false", "10,false", "4,true", "6,true", "10,true"})
  void barsWithIntervalsDoNotOverlap(int factors, boolean longNames) throws Exception {
    double[] v = new double[factors];
    double[] lo = new double[factors];
    double[] hi = new double[factors];
    for (int i = 0; i < factors; i++) {
      v[i] = 0.05 + 0.02 * i;
      lo[i] = v[i] - 0.01;
      hi[i] = v[i] + 0.015;
    }
    Charts.Rendered r = Charts.bars("CG per factor", names(factors, longNames), v, lo, hi);
    assertReadable(r, "bars-" + factors + (longNames ? "-long" : ""));
    assertTrue(r.image().getWidth() <= 1300, "fits a 1,400 px page: " + r.image().getWidth());
  }

  @Test
  void dotIntervalOfManyModelsDoesNotOverlap() throws Exception {
    List<String> models = new ArrayList<>();
    int n = 12;
    double[] v = new double[n];
    double[] lo = new double[n];
    double[] hi = new double[n];
    for (int i = 0; i < n; i++) {
      models.add("checkpoint-step-" + (i * 5000) + (i % 3 == 0 ? "-beta-vae-long-name" : ""));
      v[i] = 0.07 + 0.003 * i;
      lo[i] = v[i] - 0.004;
      hi[i] = v[i] + 0.004;
    }
    v[3] = Double.NaN;
    Charts.Rendered r = Charts.dotInterval("cg", models, v, lo, hi);
    assertReadable(r, "dots-" + n);
  }

  @Test
  void niceTicksAreRoundAndCoverTheRange() {
    assertArrayEquals(new double[] {0, 0.2, 0.4, 0.6, 0.8, 1.0}, Charts.niceTicks(0, 1, 5), TICK);
    assertArrayEquals(new double[] {-0.5, 0, 0.5, 1.0}, Charts.niceTicks(-0.13, 1, 5), TICK);
    assertArrayEquals(
        new double[] {0.07, 0.08, 0.09, 0.1, 0.11}, Charts.niceTicks(0.071, 0.109, 5), 1e-9);
  }

  @Test
  void rotationIsChosenByMeasuredWidth() {
    assertEquals(0, Charts.labelLayout(List.of("a", "b"), 48).angle());
    assertEquals(45, Charts.labelLayout(List.of("a_rather_long_factor_name"), 48).angle());
    assertEquals(90, Charts.labelLayout(List.of("a_rather_long_factor_name"), 20).angle());
  }
}
