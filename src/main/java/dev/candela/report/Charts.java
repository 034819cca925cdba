package dev.candela.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Figures drawn with Java2D whose text layout is measured, not guessed: every label's bounds are
 * computed with the font's metrics before drawing, factor labels are rotated (0°, 45° or 90°) when
 * they do not fit their slot, cell values are printed only when they fit their cell, and the
 * margins grow to hold the longest label. Each figure keeps the boxes of all the text it drew
 * ({@link Rendered#textBoxes()}), so tests can check that no two labels overlap and none is
 * clipped.
 *
 * <ul>
 *   <li>{@link #heatMap}: labelled matrix with a colour bar (rounded ticks); cells that are exactly
 *       0 are hatched.
 *   <li>{@link #bars}: bar chart with optional interval whiskers (e.g. the 95% interval).
 *   <li>{@link #dotInterval}: one dot and interval per row (e.g. one score across models).
 * </ul>
 */
public final class Charts {

  static {
    System.setProperty("java.awt.headless", "true");
  }

  /** Label and tick font. */
  static final Font FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

  /** Title font. */
  static final Font TITLE_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 14);

  private static final int PAD = 6;
  private static final Color AXIS = new Color(0x33, 0x33, 0x33);
  private static final Color GRID = new Color(0xdd, 0xdd, 0xdd);
  private static final Color BAR = new Color(0x3b, 0x6e, 0xa8);
  private static final Color FLAGGED_BAR = new Color(0xc8, 0xc8, 0xc8);
  private static final Color FLAGGED_HATCH = new Color(0x80, 0x80, 0x80);

  /** Viridis anchor colours (matplotlib), interpolated linearly. */
  private static final int[] VIRIDIS = {
    0x440154, 0x482878, 0x3e4989, 0x31688e, 0x26828e, 0x1f9e89, 0x35b779, 0x6ece58, 0xb5de2b,
    0xfde725
  };

  private Charts() {}

  /**
   * A drawn figure and the boxes of every piece of text on it.
   *
   * @param image the picture
   * @param textBoxes the (possibly rotated) bounds of each string drawn, in image coordinates
   */
  public record Rendered(BufferedImage image, List<Shape> textBoxes) {
    /** Copies the list. */
    public Rendered {
      textBoxes = List.copyOf(textBoxes);
    }

    /**
     * The picture as PNG bytes.
     *
     * @return PNG bytes
     */
    public byte[] png() {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try {
        ImageIO.write(image, "png", out);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot encode PNG", e);
      }
      return out.toByteArray();
    }
  }

  /** Measures text without an image. */
  private static final FontRenderContext FRC;

  static {
    BufferedImage probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = probe.createGraphics();
    hints(g);
    FRC = g.getFontRenderContext();
    g.dispose();
  }

  private static void hints(Graphics2D g) {
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
  }

  static double width(String s, Font f) {
    return s.isEmpty() ? 0 : f.getStringBounds(s, FRC).getWidth();
  }

  static double height(Font f) {
    var lm = f.getLineMetrics("Ag", FRC);
    return lm.getAscent() + lm.getDescent();
  }

  static double ascent(Font f) {
    return f.getLineMetrics("Ag", FRC).getAscent();
  }

  /** The drawing surface: records every string's box. */
  private static final class Canvas {
    final BufferedImage image;
    final Graphics2D g;
    final List<Shape> boxes = new ArrayList<>();

    Canvas(int w, int h) {
      image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
      g = image.createGraphics();
      hints(g);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, w, h);
    }

    /**
     * Draws {@code s} so that the point (x, y) is at the given horizontal anchor (0 = left, 0.5 =
     * centre, 1 = right) of its text and at its vertical middle, rotated by {@code angle} degrees
     * counter-clockwise about that point.
     */
    void text(String s, double x, double y, double anchor, double angle, Font f, Color c) {
      if (s.isEmpty()) {
        return;
      }
      double w = width(s, f);
      double a = ascent(f);
      double h = height(f);
      double ox = -anchor * w;
      double oy = -h / 2;
      AffineTransform t = new AffineTransform();
      t.translate(x, y);
      t.rotate(-Math.toRadians(angle));
      Shape box = t.createTransformedShape(new Rectangle2D.Double(ox, oy, w, h));
      boxes.add(box);
      AffineTransform saved = g.getTransform();
      g.transform(t);
      g.setFont(f);
      g.setColor(c);
      g.drawString(s, (float) ox, (float) (oy + a));
      g.setTransform(saved);
    }

    Rendered done() {
      g.dispose();
      return new Rendered(image, boxes);
    }
  }

  /** How category labels under a plot are drawn: angle and the space they need. */
  record LabelLayout(double angle, double below, double leftReach) {}

  /**
   * Chooses the label angle for category slots of width {@code slot}: horizontal when the widest
   * label fits, 45° when the rotated labels' perpendicular spacing (slot·sin 45°) exceeds the text
   * height, else 90° (slots are at least a text height wide).
   */
  static LabelLayout labelLayout(List<String> labels, double slot) {
    double h = height(FONT);
    double maxW = labels.stream().mapToDouble(s -> width(s, FONT)).max().orElse(0);
    double angle;
    if (maxW + PAD <= slot) {
      angle = 0;
    } else if (slot * Math.sin(Math.toRadians(45)) >= h + 2) {
      angle = 45;
    } else {
      angle = 90;
    }
    double rad = Math.toRadians(angle);
    double below = 0;
    double leftReach = 0;
    for (int i = 0; i < labels.size(); i++) {
      double w = width(labels.get(i), FONT);
      double vert = angle == 0 ? h : w * Math.sin(rad) + h * Math.cos(rad);
      below = Math.max(below, vert);
      double reach = angle == 0 ? w / 2 : w * Math.cos(rad) + h / 2 * Math.sin(rad);
      leftReach = Math.max(leftReach, reach - (i + 0.5) * slot);
    }
    return new LabelLayout(angle, below + PAD, leftReach);
  }

  private static void categoryLabels(
      Canvas cv, List<String> labels, LabelLayout l, double x0, double slot, double y) {
    double h = height(FONT);
    for (int i = 0; i < labels.size(); i++) {
      double x = x0 + (i + 0.5) * slot;
      if (l.angle() == 0) {
        cv.text(labels.get(i), x, y + PAD / 2.0 + h / 2, 0.5, 0, FONT, AXIS);
      } else {
        double rad = Math.toRadians(l.angle());
        // the label ends at the tick: its right-hand end, centred on the tick line
        double cx = x;
        double cy = y + PAD / 2.0 + h / 2 * Math.cos(rad);
        cv.text(labels.get(i), cx, cy, 1, l.angle(), FONT, AXIS);
      }
    }
  }

  /**
   * A heat map: rows top to bottom, columns left to right, viridis colours from {@code min} to
   * {@code max}, a colour bar with rounded ticks; cells equal to 0 are hatched; values are printed
   * in the cells when they fit (as integers when every value is whole, e.g. counts, otherwise with
   * two decimals).
   *
   * @param title the title
   * @param rowLabels one per row
   * @param colLabels one per column
   * @param values {@code values[row][col]} (NaN = grey, no value)
   * @param min the value of the first colour
   * @param max the value of the last colour ({@code > min})
   * @return the figure
   */
  public static Rendered heatMap(
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
    }
    if (!(max > min)) {
      max = min + 1;
    }
    double h = height(FONT);
    int nr = rowLabels.size();
    int nc = colLabels.size();
    double valueW = width("-0.00", FONT) + PAD;
    double cw = nc <= 12 ? Math.max(valueW, 48) : Math.max(h + 4, Math.min(48, 600.0 / nc));
    double ch = nr <= 30 ? Math.max(h + 8, 24) : Math.max(6, Math.min(24, 600.0 / nr));
    boolean showValues = cw >= valueW && ch >= h + 2;
    int rowStep = (int) Math.ceil((h + 2) / ch);
    double rowLabelW = rowLabels.stream().mapToDouble(s -> width(s, FONT)).max().orElse(0);
    LabelLayout cl = labelLayout(colLabels, cw);
    boolean anyZero = false;
    boolean whole = true;
    for (double[] row : values) {
      for (double v : row) {
        anyZero |= v == 0;
        whole &= Double.isNaN(v) || (v == Math.rint(v) && Math.abs(v) < 1e15);
      }
    }
    int cellDecimals = whole ? 0 : 2;
    double titleH = height(TITLE_FONT) + 2 * PAD + (anyZero ? h + PAD : 0);
    double left = Math.max(rowLabelW + 2 * PAD, cl.leftReach() + PAD) + PAD;
    double plotW = cw * nc;
    double plotH = ch * nr;
    double lo0 = min;
    double hi0 = max;
    double[] all = niceTicks(min, max, 8);
    int decimals = decimals(all);
    double eps = (max - min) * 1e-9;
    double[] ticks =
        java.util.Arrays.stream(all).filter(t -> t >= lo0 - eps && t <= hi0 + eps).toArray();
    double tickW = 0;
    for (double t : ticks) {
      tickW = Math.max(tickW, width(fmt(t, decimals), FONT));
    }
    double barX = left + plotW + 3 * PAD;
    double barW = 14;
    double rightEdge = barX + barW + PAD + tickW + 2 * PAD;
    double titleW = width(title, TITLE_FONT) + 4 * PAD;
    int w = (int) Math.ceil(Math.max(rightEdge, titleW));
    double top = titleH;
    int imgH = (int) Math.ceil(top + Math.max(plotH, 4 * h) + cl.below() + 2 * PAD + h / 2);
    Canvas cv = new Canvas(w, imgH);
    cv.text(title, w / 2.0, PAD + height(TITLE_FONT) / 2, 0.5, 0, TITLE_FONT, AXIS);
    if (anyZero) {
      cv.text(
          "hatched cells are exactly 0",
          w / 2.0,
          PAD + height(TITLE_FONT) + PAD + h / 2,
          0.5,
          0,
          FONT,
          AXIS);
    }
    Graphics2D g = cv.g;
    for (int r = 0; r < nr; r++) {
      for (int c = 0; c < nc; c++) {
        double v = values[r][c];
        double x = left + c * cw;
        double y = top + r * ch;
        Rectangle2D cell = new Rectangle2D.Double(x, y, cw, ch);
        Color col = Double.isNaN(v) ? Color.LIGHT_GRAY : colour((v - min) / (max - min));
        if (v == 0) {
          col = Color.WHITE;
        }
        g.setColor(col);
        g.fill(cell);
        if (v == 0) {
          g.setColor(new Color(0x99, 0x99, 0x99));
          g.setStroke(new BasicStroke(1f));
          Shape clip = g.getClip();
          g.clip(cell);
          for (double d = -ch; d < cw; d += 6) {
            g.draw(new Line2D.Double(x + d, y + ch, x + d + ch, y));
          }
          g.setClip(clip);
        }
        String cellText = Double.isNaN(v) ? "" : fmt(v, cellDecimals);
        if (showValues && !cellText.isEmpty() && width(cellText, FONT) <= cw - 2) {
          Color text = v == 0 || luminance(col) > 0.5 ? Color.BLACK : Color.WHITE;
          cv.text(cellText, x + cw / 2, y + ch / 2, 0.5, 0, FONT, text);
        }
      }
    }
    g.setColor(AXIS);
    g.setStroke(new BasicStroke(1f));
    g.draw(new Rectangle2D.Double(left, top, plotW, plotH));
    for (int r = 0; r < nr; r += rowStep) {
      cv.text(rowLabels.get(r), left - PAD, top + (r + 0.5) * ch, 1, 0, FONT, AXIS);
    }
    categoryLabels(cv, colLabels, cl, left, cw, top + plotH);
    // colour bar
    double barH = Math.max(plotH, 4 * h);
    for (int k = 0; k < (int) barH; k++) {
      g.setColor(colour(1 - k / barH));
      g.fill(new Rectangle2D.Double(barX, top + k, barW, 1));
    }
    g.setColor(AXIS);
    g.draw(new Rectangle2D.Double(barX, top, barW, barH));
    double lastY = Double.NEGATIVE_INFINITY;
    for (int i = ticks.length - 1; i >= 0; i--) {
      double y = top + barH * (1 - (ticks[i] - min) / (max - min));
      if (y - lastY < h + 1) {
        continue;
      }
      lastY = y;
      g.draw(new Line2D.Double(barX + barW, y, barX + barW + 3, y));
      cv.text(fmt(ticks[i], decimals), barX + barW + PAD, y, 0, 0, FONT, AXIS);
    }
    return cv.done();
  }

  /**
   * A bar chart with optional interval whiskers.
   *
   * @param title the title
   * @param labels one per bar
   * @param values bar heights
   * @param lo lower ends of the whiskers, or {@code null} for none
   * @param hi upper ends of the whiskers, or {@code null}
   * @return the figure
   */
  public static Rendered bars(
      String title, List<String> labels, double[] values, double[] lo, double[] hi) {
    return bars(title, labels, values, lo, hi, null, null);
  }

  /**
   * A bar chart with optional interval whiskers where some bars are flagged (drawn grey and
   * hatched, with a legend line saying what the flag means).
   *
   * @param title the title
   * @param labels one per bar
   * @param values bar heights
   * @param lo lower ends of the whiskers, or {@code null} for none
   * @param hi upper ends of the whiskers, or {@code null}
   * @param flagged per bar, whether it is flagged, or {@code null} for none
   * @param flaggedLegend the legend of the flagged bars (shown when any is flagged)
   * @return the figure
   */
  public static Rendered bars(
      String title,
      List<String> labels,
      double[] values,
      double[] lo,
      double[] hi,
      boolean[] flagged,
      String flaggedLegend) {
    if (values.length != labels.size()
        || (lo != null && lo.length != values.length)
        || (hi != null && hi.length != values.length)
        || (flagged != null && flagged.length != values.length)) {
      throw new IllegalArgumentException(
          labels.size() + " labels but " + values.length + " values (or interval ends)");
    }
    double h = height(FONT);
    double slot = Math.max(36, Math.min(80, 640.0 / Math.max(1, labels.size())));
    LabelLayout cl = labelLayout(labels, slot);
    double vmin = 0;
    double vmax = 0;
    for (int i = 0; i < values.length; i++) {
      vmin = Math.min(vmin, Math.min(values[i], lo == null ? values[i] : lo[i]));
      vmax = Math.max(vmax, Math.max(values[i], hi == null ? values[i] : hi[i]));
    }
    if (vmax == vmin) {
      vmax = vmin + 1;
    }
    double[] ticks = niceTicks(vmin, vmax, 5);
    vmin = Math.min(vmin, ticks[0]);
    vmax = Math.max(vmax, ticks[ticks.length - 1]);
    int decimals = decimals(ticks);
    double tickW = 0;
    for (double t : ticks) {
      tickW = Math.max(tickW, width(fmt(t, decimals), FONT));
    }
    double top = height(TITLE_FONT) + 3 * PAD;
    double left = Math.max(tickW + 3 * PAD, cl.leftReach() + PAD) + PAD;
    double plotW = slot * labels.size();
    double plotH = 220;
    int w = (int) Math.ceil(Math.max(left + plotW + 3 * PAD, width(title, TITLE_FONT) + 4 * PAD));
    boolean anyFlag = false;
    for (int i = 0; flagged != null && i < flagged.length; i++) {
      anyFlag |= flagged[i];
    }
    String legend =
        anyFlag ? "grey, hatched: " + (flaggedLegend == null ? "flagged" : flaggedLegend) : null;
    if (legend != null) {
      w = (int) Math.ceil(Math.max(w, width(legend, FONT) + 4 * PAD));
    }
    int imgH =
        (int)
            Math.ceil(
                top
                    + plotH
                    + cl.below()
                    + 2 * PAD
                    + (lo != null ? h + PAD : 0)
                    + (legend != null ? h + PAD : 0));
    Canvas cv = new Canvas(w, imgH);
    Graphics2D g = cv.g;
    cv.text(title, w / 2.0, PAD + height(TITLE_FONT) / 2, 0.5, 0, TITLE_FONT, AXIS);
    final double fmin = vmin;
    final double fmax = vmax;
    java.util.function.DoubleUnaryOperator y = v -> top + plotH * (1 - (v - fmin) / (fmax - fmin));
    g.setStroke(new BasicStroke(1f));
    for (double t : ticks) {
      g.setColor(GRID);
      g.draw(new Line2D.Double(left, y.applyAsDouble(t), left + plotW, y.applyAsDouble(t)));
      cv.text(fmt(t, decimals), left - PAD, y.applyAsDouble(t), 1, 0, FONT, AXIS);
    }
    for (int i = 0; i < values.length; i++) {
      double x = left + i * slot + slot * 0.2;
      double y0 = y.applyAsDouble(0);
      double y1 = y.applyAsDouble(values[i]);
      Rectangle2D.Double bar =
          new Rectangle2D.Double(x, Math.min(y0, y1), slot * 0.6, Math.abs(y1 - y0));
      if (flagged != null && flagged[i]) {
        g.setColor(FLAGGED_BAR);
        g.fill(bar);
        java.awt.Shape clip = g.getClip();
        g.clip(bar);
        g.setColor(FLAGGED_HATCH);
        g.setStroke(new BasicStroke(1.5f));
        for (double d = -bar.height; d < bar.width; d += 6) {
          g.draw(new Line2D.Double(bar.x + d, bar.y + bar.height, bar.x + d + bar.height, bar.y));
        }
        g.setClip(clip);
        g.setStroke(new BasicStroke(1f));
      } else {
        g.setColor(BAR);
        g.fill(bar);
      }
      if (lo != null && hi != null) {
        double cx = left + (i + 0.5) * slot;
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1.5f));
        double ya = y.applyAsDouble(lo[i]);
        double yb = y.applyAsDouble(hi[i]);
        g.draw(new Line2D.Double(cx, ya, cx, yb));
        g.draw(new Line2D.Double(cx - 5, ya, cx + 5, ya));
        g.draw(new Line2D.Double(cx - 5, yb, cx + 5, yb));
        g.setStroke(new BasicStroke(1f));
      }
    }
    g.setColor(AXIS);
    g.draw(new Line2D.Double(left, top, left, top + plotH));
    g.draw(new Line2D.Double(left, y.applyAsDouble(0), left + plotW, y.applyAsDouble(0)));
    categoryLabels(cv, labels, cl, left, slot, top + plotH);
    if (lo != null) {
      cv.text(
          "whiskers: 95% interval",
          w / 2.0, top + plotH + cl.below() + PAD + h / 2, 0.5, 0, FONT, AXIS);
    }
    if (legend != null) {
      double ly = top + plotH + cl.below() + PAD + h / 2 + (lo != null ? h + PAD : 0);
      cv.text(legend, w / 2.0, ly, 0.5, 0, FONT, AXIS);
    }
    return cv.done();
  }

  /**
   * A dot-and-interval chart: one row per label, a dot at the value and a line from {@code lo} to
   * {@code hi} (NaN ends: no line; NaN value: no dot).
   *
   * @param title the title
   * @param labels one per row (e.g. models)
   * @param values the values
   * @param lo lower interval ends
   * @param hi upper interval ends
   * @return the figure
   */
  public static Rendered dotInterval(
      String title, List<String> labels, double[] values, double[] lo, double[] hi) {
    if (values.length != labels.size()
        || lo.length != values.length
        || hi.length != values.length) {
      throw new IllegalArgumentException(
          labels.size() + " labels but " + values.length + " values (or interval ends)");
    }
    double h = height(FONT);
    double vmin = Double.POSITIVE_INFINITY;
    double vmax = Double.NEGATIVE_INFINITY;
    for (double[] a : new double[][] {values, lo, hi}) {
      for (double v : a) {
        if (Double.isFinite(v)) {
          vmin = Math.min(vmin, v);
          vmax = Math.max(vmax, v);
        }
      }
    }
    if (!Double.isFinite(vmin)) {
      vmin = 0;
      vmax = 1;
    }
    if (vmax - vmin < 1e-9) {
      vmin -= 0.05;
      vmax += 0.05;
    }
    double[] ticks = niceTicks(vmin, vmax, 5);
    vmin = Math.min(vmin, ticks[0]);
    vmax = Math.max(vmax, ticks[ticks.length - 1]);
    int decimals = decimals(ticks);
    double labelW = labels.stream().mapToDouble(s -> width(s, FONT)).max().orElse(0);
    double lastTickW = width(fmt(ticks[ticks.length - 1], decimals), FONT);
    double row = Math.max(22, h + 8);
    double top = height(TITLE_FONT) + 3 * PAD;
    double left = labelW + 3 * PAD;
    double plotW = 360;
    double plotH = row * labels.size();
    int w =
        (int)
            Math.ceil(
                Math.max(
                    left + plotW + lastTickW / 2 + 3 * PAD, width(title, TITLE_FONT) + 4 * PAD));
    int imgH = (int) Math.ceil(top + plotH + h + 3 * PAD);
    Canvas cv = new Canvas(w, imgH);
    Graphics2D g = cv.g;
    cv.text(title, w / 2.0, PAD + height(TITLE_FONT) / 2, 0.5, 0, TITLE_FONT, AXIS);
    final double fmin = vmin;
    final double fmax = vmax;
    java.util.function.DoubleUnaryOperator x = v -> left + plotW * (v - fmin) / (fmax - fmin);
    double lastRight = Double.NEGATIVE_INFINITY;
    for (double t : ticks) {
      g.setColor(GRID);
      g.draw(new Line2D.Double(x.applyAsDouble(t), top, x.applyAsDouble(t), top + plotH));
      String s = fmt(t, decimals);
      double tw = width(s, FONT);
      if (x.applyAsDouble(t) - tw / 2 > lastRight + PAD) {
        cv.text(s, x.applyAsDouble(t), top + plotH + PAD + h / 2, 0.5, 0, FONT, AXIS);
        lastRight = x.applyAsDouble(t) + tw / 2;
      }
    }
    for (int i = 0; i < labels.size(); i++) {
      double cy = top + (i + 0.5) * row;
      cv.text(labels.get(i), left - PAD, cy, 1, 0, FONT, AXIS);
      g.setColor(BAR);
      g.setStroke(new BasicStroke(2f));
      if (Double.isFinite(lo[i]) && Double.isFinite(hi[i])) {
        g.draw(new Line2D.Double(x.applyAsDouble(lo[i]), cy, x.applyAsDouble(hi[i]), cy));
      }
      if (Double.isFinite(values[i])) {
        double cx = x.applyAsDouble(values[i]);
        g.fill(new java.awt.geom.Ellipse2D.Double(cx - 4, cy - 4, 8, 8));
      }
      g.setStroke(new BasicStroke(1f));
    }
    g.setColor(AXIS);
    g.draw(new Rectangle2D.Double(left, top, plotW, plotH));
    return cv.done();
  }

  /** Viridis at t in [0, 1] (clamped). */
  static Color colour(double t) {
    double u = Math.max(0, Math.min(1, Double.isNaN(t) ? 0 : t)) * (VIRIDIS.length - 1);
    int i = Math.min(VIRIDIS.length - 2, (int) Math.floor(u));
    double f = u - i;
    int a = VIRIDIS[i];
    int b = VIRIDIS[i + 1];
    int r = (int) Math.round(((a >> 16) & 255) * (1 - f) + ((b >> 16) & 255) * f);
    int gr = (int) Math.round(((a >> 8) & 255) * (1 - f) + ((b >> 8) & 255) * f);
    int bl = (int) Math.round((a & 255) * (1 - f) + (b & 255) * f);
    return new Color(r, gr, bl);
  }

  private static double luminance(Color c) {
    return (0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue()) / 255;
  }

  /**
   * Rounded axis ticks: multiples of 1, 2 or 5 × 10^k covering [lo, hi] with about {@code n} steps.
   *
   * @param lo the lowest value
   * @param hi the highest value ({@code > lo})
   * @param n the wanted number of steps
   * @return ticks from the largest multiple ≤ lo to the smallest ≥ hi
   */
  static double[] niceTicks(double lo, double hi, int n) {
    double raw = (hi - lo) / n;
    double mag = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = mag;
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * mag >= raw) {
        step = m * mag;
        break;
      }
    }
    double start = Math.floor(lo / step + 1e-9) * step;
    double end = Math.ceil(hi / step - 1e-9) * step;
    int k = (int) Math.round((end - start) / step);
    double[] t = new double[k + 1];
    for (int i = 0; i <= k; i++) {
      t[i] = start + i * step;
      if (Math.abs(t[i]) < step * 1e-9) {
        t[i] = 0;
      }
    }
    return t;
  }

  private static int decimals(double[] ticks) {
    if (ticks.length < 2) {
      return 2;
    }
    double step = ticks[1] - ticks[0];
    return Math.max(0, (int) Math.ceil(-Math.log10(step) - 1e-9));
  }

  private static String fmt(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
