package dev.candela.data.validate;

import dev.candela.BadInputException;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.data.OpenCvImages;
import dev.candela.data.candle.CandleDataset;
import dev.candela.data.candle.CandleIds;
import dev.candela.data.candle.CandleMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * Validates a CANDLE folder ({@code {id}.png} + {@code {id}.json}) against the CANDLE spec and a
 * confounding-rules variant. Every problem is a {@link Finding}; nothing in the folder makes the
 * validator throw.
 *
 * <p>Checks: file names are ids of the grid; every PNG has its JSON and vice versa; JSON schema and
 * types ({@link CandleMetadata}); factor values in the vocabulary; the factors' id equals the
 * file's id; no two files with the same factors; no confounding rule matched; the image decodes and
 * is 320 × 240; bounds lie inside the image and have positive area; bounds agree with the visible
 * object.
 *
 * <p>Bounds agreement. A background is estimated per (scene, lights) group: when the group has at
 * least {@value #MIN_GROUP} readable images, the per-pixel median of up to {@value #MAX_MEDIAN} of
 * them, each pixel taken only from images whose declared box (grown by the margin below) does not
 * cover it; each image is matched to it by a per-channel gain (median ratio over the pixels outside
 * its box), which absorbs global exposure changes. Pixels with fewer than 3 contributing images,
 * and all pixels of smaller groups, use the image's own row median outside the box. Changed pixels
 * are those whose largest channel difference exceeds {@value #DIFF_THRESHOLD} (of 1), after a 3 × 3
 * morphological opening that removes the 1–2 px seams of the ±0.5° jitter. With box B and B grown
 * by {@code margin = max(8, 0.25·max(width, height))} px as E: fill = changed(B)/area(B) must be at
 * least {@value #MIN_FILL} and coverage = changed(B)/changed(E) at least {@value #MIN_COVERAGE}
 * (antialiasing outside B lowers the coverage but stays well above it). Changed pixels that are the
 * background darkened by one factor in all channels ({@link #isShadow}: drop shadows, which fall
 * outside B) are not counted as object. A box that fails against the group median is checked again
 * against the image's own row medians and passes if it passes there (the group median can hold the
 * shadows of other samples).
 */
public final class CandleValidator {
  /** Changed-pixel threshold on the largest channel difference, in [0, 1]. */
  public static final double DIFF_THRESHOLD = 0.07;

  /** Minimal fraction of the declared box covered by changed pixels. */
  public static final double MIN_FILL = 0.2;

  /** Minimal fraction of the changed pixels near the box that fall inside it. */
  public static final double MIN_COVERAGE = 0.5;

  /**
   * Largest spread of the per-channel ratios image/background for a darker pixel to count as
   * shadow: a drop shadow scales all three channels of the background by one factor.
   */
  public static final double SHADOW_CHROMA = 0.12;

  /**
   * Whether pixel {@code p} is the background darkened by one common factor (a drop shadow): every
   * channel darker and the channel ratios image/background within {@value #SHADOW_CHROMA} of each
   * other. Shadows fall outside the box by construction, so they must not count as visible object.
   */
  static boolean isShadow(byte[] img, double[] bg, int p) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (int ch = 0; ch < 3; ch++) {
      double b = bg[3 * p + ch];
      double v = img[3 * p + ch] & 0xFF;
      if (b < 24 || v > b) {
        return false;
      }
      double r = v / b;
      lo = Math.min(lo, r);
      hi = Math.max(hi, r);
    }
    return hi - lo <= SHADOW_CHROMA;
  }

  /** Minimal group size for a median background. */
  public static final int MIN_GROUP = 5;

  /** Maximal number of images in a median background. */
  public static final int MAX_MEDIAN = 15;

  private final ConfoundingRules.Bound rules;
  private final FactorSpace space = CandleIds.space();
  private final FactorDataset.ImageShape shape = CandleIds.imageShape();

  /**
   * A validator.
   *
   * @param rules the confounding rules to check
   */
  public CandleValidator(ConfoundingRules rules) {
    this.rules = rules.bind(CandleIds.space());
    OpenCvImages.ensureLoaded();
  }

  private record Meta(int id, CandleMetadata meta, int[] codes) {}

  /**
   * Validates a folder.
   *
   * @param folder the CANDLE folder
   * @return the report
   * @throws BadInputException only when the folder itself cannot be listed
   */
  public ValidationReport validate(Path folder) throws BadInputException {
    if (!Files.isDirectory(folder)) {
      throw new BadInputException(folder + ": not a directory");
    }
    List<Finding> findings = new ArrayList<>();
    TreeSet<Integer> pngs = new TreeSet<>();
    TreeSet<Integer> jsons = new TreeSet<>();
    int pngCount = 0;
    int jsonCount = 0;
    try (Stream<Path> files = Files.list(folder)) {
      for (Path p : (Iterable<Path>) files.sorted()::iterator) {
        String name = p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1);
        if (!ext.equals("png") && !ext.equals("json")) {
          continue;
        }
        if (ext.equals("png")) {
          pngCount++;
        } else {
          jsonCount++;
        }
        int id = CandleDataset.parseId(name.substring(0, dot));
        if (id < 0) {
          findings.add(
              new Finding(name, "name", "file name is not an id in 0.." + (CandleIds.GRID - 1)));
          continue;
        }
        (ext.equals("png") ? pngs : jsons).add(id);
      }
    } catch (IOException e) {
      throw new BadInputException(folder + ": cannot list (" + e.getMessage() + ")", e);
    }
    if (pngCount + jsonCount == 0) {
      throw CandleDataset.noSamples(folder, "{id}.png", 0, 0);
    }
    Finding.unpaired(pngs, jsons, findings);

    FactorStatistics.Accumulator stats = new FactorStatistics.Accumulator(space);
    Map<Integer, Meta> metas = new TreeMap<>();
    Map<Integer, Integer> byFactors = new HashMap<>();
    for (int id : jsons) {
      String name = id + ".json";
      CandleMetadata m;
      try {
        m = CandleMetadata.read(CandleDataset.jsonOf(folder, id));
      } catch (BadInputException e) {
        findings.add(new Finding(name, "schema", stripFile(e.getMessage(), folder)));
        continue;
      }
      int[] codes = codes(m, name, findings);
      if (codes == null) {
        continue;
      }
      int factorId = CandleIds.id(codes);
      if (factorId != id) {
        findings.add(
            new Finding(
                name,
                "id",
                "factors " + describe(m) + " have id " + factorId + ", not the file's id " + id));
      }
      Integer first = byFactors.putIfAbsent(factorId, id);
      if (first != null) {
        findings.add(
            new Finding(
                name, "duplicate", "same factors as " + first + ".json (" + describe(m) + ")"));
      }
      for (ConfoundingRules.Rule r : rules.violated(codes)) {
        findings.add(
            new Finding(
                name,
                "rule",
                "violates rule '"
                    + r.name()
                    + "' of variant '"
                    + rules.rules().variant()
                    + "' ("
                    + r.description()
                    + "): "
                    + describe(m)));
      }
      CandleMetadata.Bounds b = m.bounds();
      if (b.xmin() < 0 || b.ymin() < 0 || b.xmax() > shape.width() || b.ymax() > shape.height()) {
        findings.add(
            new Finding(
                name,
                "bounds",
                "bounds "
                    + boundsText(b)
                    + " outside the "
                    + shape.width()
                    + "x"
                    + shape.height()
                    + " image"));
      } else if (b.xmax() - b.xmin() < 1 || b.ymax() - b.ymin() < 1) {
        findings.add(new Finding(name, "bounds", "bounds " + boundsText(b) + " have no area"));
      }
      stats.add(codes);
      metas.put(id, new Meta(id, m, codes));
    }

    // Images: decode every PNG; compare bounds with the visible object per (scene, lights) group.
    Map<String, List<Integer>> groups = new LinkedHashMap<>();
    for (int id : pngs) {
      Meta m = metas.get(id);
      if (m != null && boxInside(m.meta().bounds())) {
        groups.computeIfAbsent(m.codes()[0] + "/" + m.codes()[1], k -> new ArrayList<>()).add(id);
      } else {
        readImage(folder, id, findings);
      }
    }
    for (List<Integer> group : groups.values()) {
      checkGroup(folder, group, metas, findings);
    }

    findings.sort(Comparator.comparing(Finding::file).thenComparing(Finding::check));
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("diff_threshold", DIFF_THRESHOLD);
    params.put("min_fill", MIN_FILL);
    params.put("min_coverage", MIN_COVERAGE);
    params.put("min_group", MIN_GROUP);
    params.put("max_median", MAX_MEDIAN);
    return new ValidationReport(
        folder.toString(),
        space.name(),
        rules.rules().variant(),
        pngCount,
        jsonCount,
        findings,
        stats.result(),
        params);
  }

  private int[] codes(CandleMetadata m, String name, List<Finding> findings) {
    Object[] values = {m.scene(), m.lights(), m.objectType(), m.color(), m.size(), m.rotation()};
    int[] out = new int[values.length];
    boolean ok = true;
    for (int k = 0; k < values.length; k++) {
      try {
        out[k] = space.factors().get(k).codeOf(values[k]);
      } catch (IllegalArgumentException e) {
        findings.add(new Finding(name, "vocabulary", e.getMessage()));
        ok = false;
      }
    }
    return ok ? out : null;
  }

  private static String describe(CandleMetadata m) {
    return m.scene()
        + ", "
        + m.lights()
        + ", "
        + m.objectType()
        + ", "
        + m.color()
        + ", size "
        + fmt(m.size())
        + ", rotation "
        + m.rotation();
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  private static String boundsText(CandleMetadata.Bounds b) {
    return "[["
        + fmt(b.xmin())
        + ","
        + fmt(b.ymin())
        + "],["
        + fmt(b.xmax())
        + ","
        + fmt(b.ymax())
        + "]]";
  }

  private static String stripFile(String message, Path folder) {
    String prefix = folder.toString();
    String m = message.startsWith(prefix) ? message.substring(prefix.length() + 1) : message;
    int colon = m.indexOf(": ");
    return colon >= 0 && m.substring(0, colon).endsWith(".json") ? m.substring(colon + 2) : m;
  }

  private boolean boxInside(CandleMetadata.Bounds b) {
    return b.xmin() >= 0
        && b.ymin() >= 0
        && b.xmax() <= shape.width()
        && b.ymax() <= shape.height()
        && b.xmax() - b.xmin() >= 1
        && b.ymax() - b.ymin() >= 1;
  }

  /** Decodes and size-checks an image; BGR bytes or null with a finding. */
  private byte[] readImage(Path folder, int id, List<Finding> findings) {
    Mat m;
    try {
      m = OpenCvImages.readBgr(CandleDataset.pngOf(folder, id));
    } catch (BadInputException e) {
      findings.add(new Finding(id + ".png", "image", "cannot decode the image"));
      return null;
    }
    try {
      String mismatch = OpenCvImages.sizeMismatch(m, shape);
      if (mismatch != null) {
        findings.add(new Finding(id + ".png", "image", mismatch));
        return null;
      }
      byte[] px = new byte[shape.width() * shape.height() * 3];
      m.get(0, 0, px);
      return px;
    } finally {
      m.release();
    }
  }

  /** The pixel rectangle {c0, r0, c1, r1} (exclusive ends) of bounds grown by a margin. */
  private int[] rect(CandleMetadata.Bounds b, boolean grow) {
    double w = b.xmax() - b.xmin();
    double h = b.ymax() - b.ymin();
    double m = grow ? Math.max(8, 0.25 * Math.max(w, h)) : 0;
    int c0 = (int) Math.max(0, Math.floor(b.xmin() - m));
    int c1 = (int) Math.min(shape.width(), Math.ceil(b.xmax() + m));
    int r0 = (int) Math.max(0, Math.floor(shape.height() - b.ymax() - m));
    int r1 = (int) Math.min(shape.height(), Math.ceil(shape.height() - b.ymin() + m));
    return new int[] {c0, r0, c1, r1};
  }

  private static boolean in(int[] r, int row, int col) {
    return col >= r[0] && col < r[2] && row >= r[1] && row < r[3];
  }

  private void checkGroup(
      Path folder, List<Integer> group, Map<Integer, Meta> metas, List<Finding> findings) {
    int w = shape.width();
    int h = shape.height();
    List<byte[]> images = new ArrayList<>();
    List<Integer> ids = new ArrayList<>();
    for (int id : group) {
      byte[] px = readImage(folder, id, findings);
      if (px != null) {
        images.add(px);
        ids.add(id);
      }
    }
    int[] median = null;
    if (images.size() >= MIN_GROUP) {
      median = new int[w * h * 3];
      int k = Math.min(MAX_MEDIAN, images.size());
      int[][] grown = new int[k][];
      for (int i = 0; i < k; i++) {
        grown[i] = rect(metas.get(ids.get(i)).meta().bounds(), true);
      }
      int[] buf = new int[k];
      for (int row = 0; row < h; row++) {
        for (int col = 0; col < w; col++) {
          int p = row * w + col;
          for (int ch = 0; ch < 3; ch++) {
            int n = 0;
            for (int i = 0; i < k; i++) {
              if (!in(grown[i], row, col)) {
                buf[n++] = images.get(i)[3 * p + ch] & 0xFF;
              }
            }
            if (n >= 3) {
              Arrays.sort(buf, 0, n);
              median[3 * p + ch] = buf[n / 2];
            } else {
              median[3 * p + ch] = -1;
            }
          }
        }
      }
    }
    for (int i = 0; i < images.size(); i++) {
      Meta m = metas.get(ids.get(i));
      String problem = boundsProblem(images.get(i), median, m.meta().bounds());
      if (problem != null && median != null) {
        // The group median can carry other samples' drop shadows; a box that matches the object
        // against the image's own row-median background is accepted too.
        String rowOnly = boundsProblem(images.get(i), null, m.meta().bounds());
        problem = rowOnly == null ? null : problem;
      }
      if (problem != null) {
        findings.add(new Finding(m.id() + ".json", "bounds", problem));
      }
    }
  }

  private String boundsProblem(byte[] img, int[] median, CandleMetadata.Bounds b) {
    int w = shape.width();
    int h = shape.height();
    int[] box = rect(b, false);
    int[] near = rect(b, true);
    double[] bg = new double[w * h * 3];
    // Row medians outside the box, per channel.
    int[] vals = new int[w];
    for (int row = 0; row < h; row++) {
      for (int ch = 0; ch < 3; ch++) {
        int n = 0;
        for (int col = 0; col < w; col++) {
          if (!in(near, row, col)) {
            vals[n++] = img[3 * (row * w + col) + ch] & 0xFF;
          }
        }
        if (n == 0) {
          for (int col = 0; col < w; col++) {
            vals[n++] = img[3 * (row * w + col) + ch] & 0xFF;
          }
        }
        Arrays.sort(vals, 0, n);
        int rm = vals[n / 2];
        for (int col = 0; col < w; col++) {
          bg[3 * (row * w + col) + ch] = rm;
        }
      }
    }
    if (median != null) {
      double[] gain = new double[3];
      for (int ch = 0; ch < 3; ch++) {
        List<Double> ratios = new ArrayList<>();
        for (int row = 0; row < h; row += 2) {
          for (int col = 0; col < w; col += 2) {
            int q = 3 * (row * w + col) + ch;
            if (!in(near, row, col) && median[q] > 10) {
              ratios.add((img[q] & 0xFF) / (double) median[q]);
            }
          }
        }
        ratios.sort(null);
        gain[ch] = ratios.isEmpty() ? 1 : ratios.get(ratios.size() / 2);
      }
      for (int q = 0; q < median.length; q++) {
        if (median[q] >= 0) {
          bg[q] = median[q] * gain[q % 3];
        }
      }
    }
    Mat changed = new Mat(h, w, CvType.CV_8UC1);
    byte[] d = new byte[w * h];
    double t = DIFF_THRESHOLD * 255;
    for (int p = 0; p < w * h; p++) {
      double mx = 0;
      for (int ch = 0; ch < 3; ch++) {
        mx = Math.max(mx, Math.abs((img[3 * p + ch] & 0xFF) - bg[3 * p + ch]));
      }
      d[p] = (byte) (mx > t && !isShadow(img, bg, p) ? 255 : 0);
    }
    changed.put(0, 0, d);
    Mat kernel = Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(3, 3));
    Imgproc.morphologyEx(changed, changed, Imgproc.MORPH_OPEN, kernel);
    changed.get(0, 0, d);
    changed.release();
    kernel.release();
    long inside = 0;
    long nearby = 0;
    for (int row = near[1]; row < near[3]; row++) {
      for (int col = near[0]; col < near[2]; col++) {
        if (d[row * w + col] != 0) {
          nearby++;
          if (in(box, row, col)) {
            inside++;
          }
        }
      }
    }
    long area = (long) (box[2] - box[0]) * (box[3] - box[1]);
    double fill = area == 0 ? 0 : inside / (double) area;
    double coverage = nearby == 0 ? 0 : inside / (double) nearby;
    if (fill < MIN_FILL || coverage < MIN_COVERAGE) {
      // three decimals: a value just under a limit must not print as the limit itself
      return String.format(
          java.util.Locale.ROOT,
          "bounds %s do not match the visible object: fill %.3f (min %.2f), coverage %.3f (min"
              + " %.2f)",
          boundsText(b),
          fill,
          MIN_FILL,
          coverage,
          MIN_COVERAGE);
    }
    return null;
  }
}
