package dev.candela.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.BadInputException;
import dev.candela.Ids;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * How a 64×64 dSprites image is drawn from its factor values (shape, scale, orientation, posX,
 * posY). Two drawings exist; a generated npz records which one made it (its {@code drawing} entry,
 * see {@link DSpritesDataset#drawing()}), and model cards record the drawing they were trained on.
 *
 * <ul>
 *   <li>{@link #DEEPMIND}: DeepMind's drawing, fitted to 192 real frames of DeepMind's {@code
 *       dsprites.gif} (the README animation of the real file). DeepMind drew vector shapes with
 *       Love2D on a canvas of side 1 and rasterised them at 64×64 (dsprites-dataset issue 2); a
 *       pixel is on when its centre lies inside the shape. The shape's centre is at column {@code
 *       16 + 32·posX} and row {@code 16 + 32·posY} (pixel edges at integers, so a centre of 16 lies
 *       between pixels 15 and 16); square half-side {@code 9.6·s}; ellipse semi-axes {@code 12.76·s
 *       × 7.215·s} (a smooth ellipse: least squares on the frames' pixels); the heart is a
 *       96-vertex polygon (resource {@code dsprites-heart.json}, made by {@code
 *       scripts/fit-dsprites-heart.py} from the frames) scaled by {@code s}. Orientation turns the
 *       shape counter-clockwise on screen about its centre.
 *   <li>{@link #CANDELA_1}: the drawing Candela used before (an approximation: centre at {@code 12
 *       + 40·pos}, square half-side {@code 10·s}, ellipse semi-axes {@code 10·s × 5·s}, a
 *       parametric heart). Files it made have no {@code drawing} entry and are recognised by their
 *       pixels. Kept so those files and the models trained on them stay readable and comparable.
 * </ul>
 *
 * <p>Measured on the 192 real frames (IoU of the real frame with this drawing at the same labels):
 * see {@code docs/data-formats.md}; the test {@code DSpritesDrawingRealFramesTest} checks it.
 */
public enum DSpritesDrawing {
  /** DeepMind's drawing, fitted to real frames (the default). */
  DEEPMIND,
  /** Candela's first drawing, an approximation that real dSprites data never matches. */
  CANDELA_1;

  /** Image side in pixels. */
  public static final int SIDE = 64;

  /** Factor sizes: color, shape, scale, orientation, posX, posY. */
  public static final int[] SIZES = {1, 3, 6, 40, 32, 32};

  /** The npz entry that records the drawing of a generated file (ASCII bytes, u1). */
  public static final String NPZ_KEY = "drawing";

  private static final double[][] VALUES = loadValues();

  /** The square's half-side at scale 1 in {@link #DEEPMIND}, in pixels. */
  public static final double SQUARE_HALF_SIDE = 9.6;

  /** The ellipse's semi-axis along its orientation at scale 1 in {@link #DEEPMIND}, in pixels. */
  public static final double ELLIPSE_A = 12.76;

  /** The ellipse's other semi-axis at scale 1 in {@link #DEEPMIND}, in pixels. */
  public static final double ELLIPSE_B = 7.215;

  private static final double LEGACY_RADIUS = 10.0;
  private static final double LEGACY_MARGIN = 12.0;
  private static final int LEGACY_CURVE_POINTS = 96;
  private static final double[][][] LEGACY_SHAPES = {
    {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}, legacyEllipse(), legacyHeart()
  };
  private static final double[][][] SHAPES = {
    {
      {-SQUARE_HALF_SIDE, -SQUARE_HALF_SIDE},
      {SQUARE_HALF_SIDE, -SQUARE_HALF_SIDE},
      {SQUARE_HALF_SIDE, SQUARE_HALF_SIDE},
      {-SQUARE_HALF_SIDE, SQUARE_HALF_SIDE}
    },
    null,
    heartOutline()
  };

  /**
   * The identifier written into generated files and model cards.
   *
   * @return {@code deepmind} or {@code candela-1}
   */
  public String id() {
    return Ids.of(this);
  }

  /**
   * The drawing of an identifier.
   *
   * @param id {@code deepmind} or {@code candela-1}
   * @return the drawing
   * @throws BadInputException when the identifier is unknown (the message lists the known ones)
   */
  public static DSpritesDrawing of(String id) throws BadInputException {
    DSpritesDrawing d = Ids.find(values(), DSpritesDrawing::id, id);
    if (d == null) {
      throw new BadInputException(
          Ids.unknown(
              "unknown dSprites drawing '%s' (known: %s)", id, values(), DSpritesDrawing::id));
    }
    return d;
  }

  /**
   * The latent value of a factor code, as in dSprites' {@code latents_values}: the built-in
   * specification's vocabulary value, except shape, whose value is 1, 2 or 3.
   *
   * @param factor 0..5
   * @param code the code
   * @return the value
   */
  public static double value(int factor, int code) {
    if (factor < 0 || factor > 5) {
      throw new IllegalArgumentException("factor " + factor + " outside 0..5");
    }
    if (code < 0 || code >= SIZES[factor]) {
      throw new IllegalArgumentException(
          "code " + code + " of factor " + factor + " outside 0.." + (SIZES[factor] - 1));
    }
    return factor == 1 ? code + 1.0 : VALUES[factor][code];
  }

  /**
   * Draws the image of six factor codes (color, shape, scale, orientation, posX, posY).
   *
   * @param codes the codes
   * @param out 64·64 bytes receiving 0/1, row-major
   */
  public void render(int[] codes, byte[] out) {
    if (codes.length != 6) {
      throw new IllegalArgumentException("need 6 dSprites codes, got " + codes.length);
    }
    render(
        codes[1],
        value(2, codes[2]),
        value(3, codes[3]),
        value(4, codes[4]),
        value(5, codes[5]),
        out);
  }

  /**
   * Draws one image.
   *
   * @param shape 0 square, 1 ellipse, 2 heart
   * @param scale the scale (0.5..1)
   * @param orientation the angle in radians, counter-clockwise on screen
   * @param posX horizontal position in [0, 1] (0 at the left)
   * @param posY vertical position in [0, 1] (0 at the top)
   * @param out 64·64 bytes receiving 0/1, row-major
   */
  public void render(
      int shape, double scale, double orientation, double posX, double posY, byte[] out) {
    if (shape < 0 || shape > 2) {
      throw new IllegalArgumentException("shape " + shape + " outside 0..2");
    }
    if (out.length != SIDE * SIDE) {
      throw new IllegalArgumentException("image buffer of " + out.length + " bytes, need 4096");
    }
    Arrays.fill(out, (byte) 0);
    if (this == CANDELA_1) {
      double cx = LEGACY_MARGIN + posX * (SIDE - 2 * LEGACY_MARGIN);
      double cy = LEGACY_MARGIN + posY * (SIDE - 2 * LEGACY_MARGIN);
      fillPolygon(LEGACY_SHAPES[shape], LEGACY_RADIUS * scale, orientation, cx, cy, out);
      return;
    }
    double cx = 16 + 32 * posX;
    double cy = 16 + 32 * posY;
    if (shape == 1) {
      fillEllipse(ELLIPSE_A * scale, ELLIPSE_B * scale, orientation, cx, cy, out);
    } else {
      fillPolygon(SHAPES[shape], scale, orientation, cx, cy, out);
    }
  }

  /**
   * Fills a polygon given in shape coordinates (x right, y down), scaled by {@code r}, turned by
   * {@code angle} counter-clockwise on screen and centred at {@code (cx, cy)}: a pixel is on when
   * its centre lies inside (even-odd rule; a centre on a left edge is inside, on a right edge
   * outside).
   */
  private static void fillPolygon(
      double[][] unit, double r, double angle, double cx, double cy, byte[] out) {
    int n = unit.length;
    double[] px = new double[n];
    double[] py = new double[n];
    double cos = Math.cos(angle);
    double sin = Math.sin(angle);
    double minY = Double.POSITIVE_INFINITY;
    double maxY = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < n; i++) {
      double x = unit[i][0] * r;
      double y = unit[i][1] * r;
      px[i] = cx + x * cos + y * sin;
      py[i] = cy - x * sin + y * cos;
      minY = Math.min(minY, py[i]);
      maxY = Math.max(maxY, py[i]);
    }
    int row0 = Math.max(0, (int) Math.floor(minY - 0.5));
    int row1 = Math.min(SIDE - 1, (int) Math.ceil(maxY + 0.5));
    double[] xs = new double[n];
    for (int row = row0; row <= row1; row++) {
      double y = row + 0.5;
      int k = 0;
      for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((py[i] > y) != (py[j] > y)) {
          xs[k++] = px[j] + (y - py[j]) * (px[i] - px[j]) / (py[i] - py[j]);
        }
      }
      Arrays.sort(xs, 0, k);
      for (int s = 0; s + 1 < k; s += 2) {
        fillSpan(row, xs[s], xs[s + 1], out);
      }
    }
  }

  /** Sets the pixels of a row whose centres {@code c + 0.5} lie in {@code [x0, x1)}. */
  private static void fillSpan(int row, double x0, double x1, byte[] out) {
    int c0 = Math.max(0, (int) Math.ceil(x0 - 0.5));
    int c1 = Math.min(SIDE - 1, (int) Math.ceil(x1 - 0.5) - 1);
    for (int c = c0; c <= c1; c++) {
      out[row * SIDE + c] = 1;
    }
  }

  /**
   * Fills the ellipse {@code (u/a)² + (v/b)² ≤ 1}, where {@code (u, v)} are the pixel centre's
   * offsets from {@code (cx, cy)} turned by {@code -angle}: per row, the span between the roots of
   * the quadratic in the column offset.
   */
  private static void fillEllipse(
      double a, double b, double angle, double cx, double cy, byte[] out) {
    double cos = Math.cos(angle);
    double sin = Math.sin(angle);
    double ia = 1 / (a * a);
    double ib = 1 / (b * b);
    // u = cos·dx − sin·dy, v = sin·dx + cos·dy
    double qa = cos * cos * ia + sin * sin * ib;
    double reach = Math.max(a, b);
    int row0 = Math.max(0, (int) Math.floor(cy - reach - 1));
    int row1 = Math.min(SIDE - 1, (int) Math.ceil(cy + reach + 1));
    for (int row = row0; row <= row1; row++) {
      double dy = row + 0.5 - cy;
      double qb = 2 * dy * cos * sin * (ib - ia);
      double qc = dy * dy * (sin * sin * ia + cos * cos * ib) - 1;
      double disc = qb * qb - 4 * qa * qc;
      if (disc < 0) {
        continue;
      }
      double root = Math.sqrt(disc);
      double lo = cx + (-qb - root) / (2 * qa);
      double hi = cx + (-qb + root) / (2 * qa);
      // columns whose centre c + 0.5 lies in [lo, hi]
      int c0 = Math.max(0, (int) Math.ceil(lo - 0.5));
      int c1 = Math.min(SIDE - 1, (int) Math.floor(hi - 0.5));
      for (int c = c0; c <= c1; c++) {
        out[row * SIDE + c] = 1;
      }
    }
  }

  /** The numeric vocabularies of the built-in dSprites specification (shape stays by name). */
  private static double[][] loadValues() {
    try {
      FactorSpace space = FactorSpecs.fromResource("dsprites").space();
      if (!Arrays.equals(space.sizes(), SIZES)) {
        throw new IllegalStateException("dsprites spec sizes " + Arrays.toString(space.sizes()));
      }
      double[][] v = new double[6][];
      for (int k = 0; k < 6; k++) {
        if (k != 1) {
          v[k] =
              space.factors().get(k).values().stream()
                  .mapToDouble(o -> ((Number) o).doubleValue())
                  .toArray();
        }
      }
      return v;
    } catch (BadInputException e) {
      throw new IllegalStateException(
          "built-in dsprites specification unreadable: " + e.getMessage(), e);
    }
  }

  /** The fitted heart polygon in pixels at scale 1 (x right, y down), about its rotation centre. */
  private static double[][] heartOutline() {
    try (InputStream in = DSpritesDrawing.class.getResourceAsStream("dsprites-heart.json")) {
      if (in == null) {
        throw new IllegalStateException("resource dev/candela/data/dsprites-heart.json missing");
      }
      JsonNode vs = new ObjectMapper().readTree(in).get("vertices");
      double[][] p = new double[vs.size()][];
      for (int i = 0; i < p.length; i++) {
        p[i] = new double[] {vs.get(i).get(0).asDouble(), vs.get(i).get(1).asDouble()};
      }
      return p;
    } catch (IOException e) {
      throw new IllegalStateException("dsprites-heart.json unreadable: " + e.getMessage(), e);
    }
  }

  private static double[][] legacyEllipse() {
    double[][] p = new double[LEGACY_CURVE_POINTS][];
    for (int i = 0; i < LEGACY_CURVE_POINTS; i++) {
      double t = 2 * Math.PI * i / LEGACY_CURVE_POINTS;
      p[i] = new double[] {Math.cos(t), 0.5 * Math.sin(t)};
    }
    return p;
  }

  /** Candela 1's heart: a 96-point sampling of the parametric heart curve in the unit circle. */
  private static double[][] legacyHeart() {
    int n = LEGACY_CURVE_POINTS;
    double[] xs = new double[n];
    double[] ys = new double[n];
    double cy = 0;
    for (int i = 0; i < n; i++) {
      double t = 2 * Math.PI * i / n;
      double s = Math.sin(t);
      xs[i] = 16 * s * s * s;
      // screen y points down: negate so the heart's point is at the bottom
      ys[i] = -(13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t));
      cy += ys[i] / n;
    }
    double maxR = 0;
    for (int i = 0; i < n; i++) {
      maxR = Math.max(maxR, Math.hypot(xs[i], ys[i] - cy));
    }
    double[][] p = new double[n][];
    for (int i = 0; i < n; i++) {
      p[i] = new double[] {xs[i] / maxR, (ys[i] - cy) / maxR};
    }
    return p;
  }
}
