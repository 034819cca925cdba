package dev.candela.synth;

import dev.candela.data.OpenCvImages;
import dev.candela.data.candle.CandleIds;
import dev.candela.data.candle.CandleMetadata;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfInt;
import org.opencv.core.MatOfPoint;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * Draws one CANDLE-format sample with OpenCV: a 2-D stand-in for the Blender render.
 *
 * <p>Scene: a sky (or wall) gradient above a horizon at row {@value #HORIZON} and a floor below,
 * coloured per scene name, brightened toward the light's side. Object: a unit asset (cube, sphere,
 * cylinder, cone, torus) scaled by {@code size}, rotated about the vertical axis by {@code
 * rotation}, standing on the floor at world x, viewed by an orthographic camera pitched down
 * {@value #PITCH_DEG}° at {@value #PX_PER_UNIT} px per unit, faces shaded Lambert + a small
 * highlight by the light direction (left, middle, right). Shadow: the object's convex outline
 * projected onto the floor along the light direction, blurred and darkened.
 *
 * <p>Unobserved confounder U ~ Uniform(0, 1), drawn per sample and never a factor: the scene's
 * brightness is {@code b = 0.55 + 0.45·U} (multiplies everything), the light's diffuse strength is
 * {@code 0.45 + 0.5·U} and the shadow's darkness {@code 0.2 + 0.4·U}; and U pulls the object toward
 * the light: {@code x = clamp(side·3·U + N(0, 1.2), −4.5, 4.5)} with side −1, 0, +1 for left,
 * middle, right. So U confounds image brightness, shading contrast and object position, and
 * interacts with the light factor. U, b, x and the jitter are written to {@code extras}.
 *
 * <p>Camera jitter: the finished image is rotated about its centre by an angle uniform in ±{@value
 * #JITTER_DEG}°; bounds are measured before the jitter from the object's drawn mask (on a padded
 * canvas, so they are not clamped), as pixel-edge coordinates with y up: {@code xmin = first
 * column, xmax = last column + 1, ymin = H − (last row + 1), ymax = H − first row}.
 */
public final class CandleRenderer {
  /** Image width. */
  public static final int W = 320;

  /** Image height. */
  public static final int H = 240;

  /** Horizon row (sky above, floor below). */
  public static final int HORIZON = 105;

  /** Image row of the world origin on the floor. */
  public static final int FLOOR_ROW = 190;

  /** Pixels per world unit. */
  public static final double PX_PER_UNIT = 24;

  /** Camera pitch in degrees. */
  public static final double PITCH_DEG = 25;

  /** Maximal absolute camera jitter in degrees. */
  public static final double JITTER_DEG = 0.5;

  private static final int PAD = 64;
  private static final int SHIFT = 4;
  private static final double SUB = 1 << SHIFT;

  /** Scene palette, RGB: sky top, sky bottom, floor far, floor near. */
  private static final Map<String, int[][]> SCENES = new LinkedHashMap<>();

  static {
    scene("indoor", 200, 190, 170, 185, 175, 155, 140, 110, 80, 120, 90, 60);
    scene("outdoor", 120, 170, 230, 190, 215, 240, 100, 150, 70, 80, 130, 50);
    scene("playground", 130, 180, 235, 200, 220, 245, 200, 170, 120, 180, 150, 100);
    scene("bridge", 150, 180, 210, 200, 210, 220, 110, 110, 115, 90, 90, 95);
    scene("city square", 160, 185, 215, 210, 215, 225, 170, 160, 150, 150, 140, 130);
    scene("hall", 225, 220, 210, 205, 200, 190, 180, 170, 160, 160, 150, 140);
    scene("grassland", 110, 170, 240, 180, 210, 245, 120, 170, 60, 95, 150, 45);
    scene("garage", 120, 120, 125, 100, 100, 105, 85, 85, 90, 70, 70, 75);
    scene("street", 140, 175, 215, 195, 210, 230, 70, 70, 75, 55, 55, 60);
    scene("beach", 90, 170, 240, 170, 215, 245, 230, 210, 160, 215, 195, 140);
    scene("station", 170, 165, 150, 150, 145, 135, 120, 115, 110, 100, 95, 90);
    scene("tunnel", 60, 55, 50, 80, 75, 70, 70, 65, 60, 55, 50, 45);
    scene("moonlit grass", 15, 20, 50, 40, 50, 90, 30, 55, 35, 20, 45, 25);
    scene("dusk city", 200, 110, 80, 240, 170, 110, 80, 70, 80, 60, 55, 65);
    scene("skywalk", 150, 200, 245, 210, 230, 250, 190, 195, 200, 170, 175, 180);
    scene("garden", 130, 190, 240, 200, 225, 245, 70, 140, 60, 55, 120, 45);
  }

  private static final Map<String, int[]> COLORS =
      Map.of(
          "red", new int[] {200, 30, 30},
          "blue", new int[] {30, 60, 210},
          "yellow", new int[] {230, 200, 30},
          "purple", new int[] {130, 40, 160},
          "orange", new int[] {240, 120, 20});

  private static void scene(String name, int... rgb) {
    SCENES.put(
        name,
        new int[][] {
          {rgb[0], rgb[1], rgb[2]},
          {rgb[3], rgb[4], rgb[5]},
          {rgb[6], rgb[7], rgb[8]},
          {rgb[9], rgb[10], rgb[11]}
        });
  }

  private final long seed;

  /**
   * A renderer whose random choices (U, x, jitter) depend only on the seed and the id.
   *
   * @param seed the seed
   */
  public CandleRenderer(long seed) {
    this.seed = seed;
    OpenCvImages.ensureLoaded();
  }

  /**
   * A rendered sample.
   *
   * @param png the PNG bytes (320 × 240 RGB)
   * @param metadata the sample's JSON metadata
   */
  public record Sample(byte[] png, CandleMetadata metadata) {}

  /**
   * Renders one id.
   *
   * @param id the CANDLE id
   * @return the image and metadata
   */
  public Sample render(int id) {
    int[] c = CandleIds.codes(id);
    var space = CandleIds.space();
    String scene = (String) space.factors().get(0).values().get(c[0]);
    String light = (String) space.factors().get(1).values().get(c[1]);
    String type = (String) space.factors().get(2).values().get(c[2]);
    String color = (String) space.factors().get(3).values().get(c[3]);
    double size = ((Number) space.factors().get(4).values().get(c[4])).doubleValue();
    int rotation = ((Number) space.factors().get(5).values().get(c[5])).intValue();

    SplittableRandom rnd = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + id);
    double u = rnd.nextDouble();
    double noise = gaussian(rnd);
    double jitter = (rnd.nextDouble() * 2 - 1) * JITTER_DEG;
    int side = light.equals("left") ? -1 : light.equals("right") ? 1 : 0;
    double x0 = Math.max(-4.5, Math.min(4.5, side * 3 * u + 1.2 * noise));
    double brightness = 0.55 + 0.45 * u;
    double diffuse = 0.45 + 0.5 * u;
    double shadowDark = 0.2 + 0.4 * u;

    int[][] pal = SCENES.get(scene);
    if (pal == null) {
      throw new IllegalArgumentException("no palette for scene '" + scene + "'");
    }
    double[] lightDir = normalize(new double[] {0.8 * side, 1.0, 0.6});

    // Geometry: transformed faces and projected points.
    Mesh mesh = Mesh.of(type);
    double th = Math.toRadians(rotation);
    double ph = Math.toRadians(PITCH_DEG);
    List<double[][]> world = new ArrayList<>();
    List<double[]> normals = new ArrayList<>();
    for (Mesh.Face f : mesh.faces) {
      double[][] v = new double[f.vertices().length][];
      for (int k = 0; k < v.length; k++) {
        double[] p = rotY(f.vertices()[k], th);
        v[k] = new double[] {p[0] * size + x0, p[1] * size, p[2] * size};
      }
      world.add(v);
      normals.add(rotY(f.normal(), th));
    }

    byte[] px = background(pal, side, brightness);
    Mat img = new Mat(H, W, CvType.CV_8UC3);
    img.put(0, 0, px);

    // Shadow.
    List<Point> shadowPts = new ArrayList<>();
    for (double[][] v : world) {
      for (double[] p : v) {
        double sx = p[0] - lightDir[0] / lightDir[1] * p[1];
        double sz = p[2] - lightDir[2] / lightDir[1] * p[1];
        double[] s = project(new double[] {sx, 0, sz}, ph);
        shadowPts.add(new Point(s[0] * SUB, s[1] * SUB));
      }
    }
    Mat shadow = Mat.zeros(H, W, CvType.CV_8UC1);
    MatOfPoint hull = hull(shadowPts);
    Imgproc.fillConvexPoly(shadow, hull, new Scalar(255), Imgproc.LINE_AA, SHIFT);
    Imgproc.GaussianBlur(shadow, shadow, new Size(7, 7), 0);
    byte[] sm = new byte[H * W];
    shadow.get(0, 0, sm);
    img.get(0, 0, px);
    for (int i = 0; i < H * W; i++) {
      double f = 1 - shadowDark * (sm[i] & 0xFF) / 255.0;
      for (int ch = 0; ch < 3; ch++) {
        px[3 * i + ch] = (byte) (int) Math.round((px[3 * i + ch] & 0xFF) * f);
      }
    }
    img.put(0, 0, px);

    // Object: back faces culled, painter's order far to near.
    double[] view = {0, Math.sin(ph), Math.cos(ph)};
    List<Integer> order = new ArrayList<>();
    double[] depth = new double[world.size()];
    for (int fi = 0; fi < world.size(); fi++) {
      if (dot(normals.get(fi), view) > 1e-9) {
        order.add(fi);
        double d = 0;
        for (double[] p : world.get(fi)) {
          d += p[1] * Math.sin(ph) + p[2] * Math.cos(ph);
        }
        depth[fi] = d / world.get(fi).length;
      }
    }
    order.sort(Comparator.comparingDouble((Integer fi) -> depth[fi]).thenComparingInt(fi -> fi));
    int[] base = COLORS.get(color);
    if (base == null) {
      throw new IllegalArgumentException("no colour '" + color + "'");
    }
    Mat mask = Mat.zeros(H + 2 * PAD, W + 2 * PAD, CvType.CV_8UC1);
    for (int fi : order) {
      double lam = Math.max(0, dot(normals.get(fi), lightDir));
      double shade = (0.3 + diffuse * lam) * brightness;
      double spec = 60 * Math.pow(lam, 12) * brightness * diffuse;
      double[] bgr = new double[3];
      for (int ch = 0; ch < 3; ch++) {
        bgr[2 - ch] = Math.min(255, base[ch] * shade + spec);
      }
      List<Point> pts = new ArrayList<>();
      List<Point> mpts = new ArrayList<>();
      for (double[] p : world.get(fi)) {
        double[] s = project(p, ph);
        pts.add(new Point(Math.round(s[0] * SUB), Math.round(s[1] * SUB)));
        mpts.add(new Point(Math.round(s[0]) + PAD, Math.round(s[1]) + PAD));
      }
      MatOfPoint poly = new MatOfPoint();
      poly.fromList(pts);
      Imgproc.fillPoly(
          img,
          List.of(poly),
          new Scalar(bgr[0], bgr[1], bgr[2]),
          Imgproc.LINE_AA,
          SHIFT,
          new Point());
      MatOfPoint mpoly = new MatOfPoint();
      mpoly.fromList(mpts);
      Imgproc.fillPoly(mask, List.of(mpoly), new Scalar(255));
    }
    MatOfPoint nz = new MatOfPoint();
    Core.findNonZero(mask, nz);
    Rect r = Imgproc.boundingRect(nz);
    int c0 = r.x - PAD;
    int r0 = r.y - PAD;
    CandleMetadata.Bounds bounds =
        new CandleMetadata.Bounds(c0, H - (r0 + r.height), c0 + r.width, H - r0);

    // Camera jitter.
    Mat rot = Imgproc.getRotationMatrix2D(new Point((W - 1) / 2.0, (H - 1) / 2.0), jitter, 1.0);
    Mat out = new Mat();
    Imgproc.warpAffine(
        img, out, rot, new Size(W, H), Imgproc.INTER_LINEAR, Core.BORDER_REPLICATE, new Scalar(0));
    byte[] png = OpenCvImages.encodePng(out);
    for (Mat m : new Mat[] {img, shadow, hull, mask, nz, rot, out}) {
      m.release();
    }

    Map<String, Object> extras = new LinkedHashMap<>();
    extras.put("generator", "candela-candle-2d");
    extras.put("seed", seed);
    extras.put("u", round6(u));
    extras.put("brightness", round6(brightness));
    extras.put("x", round6(x0));
    extras.put("jitter_deg", round6(jitter));
    String key = Character.toUpperCase(type.charAt(0)) + type.substring(1) + "_0";
    CandleMetadata meta =
        new CandleMetadata(scene, light, key, type, color, size, rotation, bounds, extras);
    return new Sample(png, meta);
  }

  private static double round6(double v) {
    return Math.round(v * 1e6) / 1e6;
  }

  private static double gaussian(SplittableRandom rnd) {
    // Box-Muller; deterministic for the stream.
    double a = 1 - rnd.nextDouble();
    double b = rnd.nextDouble();
    return Math.sqrt(-2 * Math.log(a)) * Math.cos(2 * Math.PI * b);
  }

  private static byte[] background(int[][] pal, int side, double brightness) {
    byte[] px = new byte[H * W * 3];
    for (int row = 0; row < H; row++) {
      int[] top;
      int[] bottom;
      double t;
      if (row < HORIZON) {
        top = pal[0];
        bottom = pal[1];
        t = row / (double) (HORIZON - 1);
      } else {
        top = pal[2];
        bottom = pal[3];
        t = (row - HORIZON) / (double) (H - 1 - HORIZON);
      }
      for (int col = 0; col < W; col++) {
        double lit = 1 + 0.08 * side * (col - W / 2.0) / (W / 2.0);
        for (int ch = 0; ch < 3; ch++) {
          double v = (top[ch] * (1 - t) + bottom[ch] * t) * lit * brightness;
          px[3 * (row * W + col) + (2 - ch)] = (byte) (int) Math.round(Math.min(255, v));
        }
      }
    }
    return px;
  }

  private static MatOfPoint hull(List<Point> pts) {
    MatOfPoint all = new MatOfPoint();
    List<Point> rounded = new ArrayList<>(pts.size());
    for (Point p : pts) {
      rounded.add(new Point(Math.round(p.x), Math.round(p.y)));
    }
    all.fromList(rounded);
    MatOfInt idx = new MatOfInt();
    Imgproc.convexHull(all, idx);
    List<Point> h = new ArrayList<>();
    for (int i : idx.toArray()) {
      h.add(rounded.get(i));
    }
    all.release();
    idx.release();
    MatOfPoint out = new MatOfPoint();
    out.fromList(h);
    return out;
  }

  /** Screen coordinates (column, row) of a world point. */
  private static double[] project(double[] p, double ph) {
    double up = p[1] * Math.cos(ph) - p[2] * Math.sin(ph);
    return new double[] {W / 2.0 + PX_PER_UNIT * p[0], FLOOR_ROW - PX_PER_UNIT * up};
  }

  private static double[] rotY(double[] p, double th) {
    double c = Math.cos(th);
    double s = Math.sin(th);
    return new double[] {p[0] * c + p[2] * s, p[1], -p[0] * s + p[2] * c};
  }

  private static double dot(double[] a, double[] b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  }

  private static double[] normalize(double[] v) {
    double n = Math.sqrt(dot(v, v));
    return new double[] {v[0] / n, v[1] / n, v[2] / n};
  }
}
