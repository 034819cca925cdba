package dev.candela.data;

import dev.candela.BadInputException;
import dev.candela.data.npy.NpyArray;
import dev.candela.data.npy.NpzFile;
import java.nio.file.Path;

/**
 * dSprites ({@code dsprites_ndarray_co1sh3sc6or40x32y32_64x64.npz}, or a file of the same layout
 * written by {@code candela dataset generate dsprites}): {@code imgs} (N, 64, 64) uint8 with values
 * 0/1, {@code latents_classes} (N, 6) integer codes, {@code latents_values} (N, 6) float64. The
 * pickled {@code metadata} entry is ignored. Factors (from {@code datasets/specs/dsprites.json})
 * are color, shape, scale, orientation, posX, posY; codes come from {@code latents_classes}, so a
 * subset file (any N) works. Images are returned as 1×64×64 floats with the stored 0/1 values
 * (values above 1, as in a 0/255 file, are divided by 255). Entries are memory-mapped; nothing is
 * loaded beyond the requested samples.
 *
 * <p>{@link #drawing()} tells how the images were drawn: the {@code drawing} entry that {@code
 * candela dataset generate dsprites} writes, or, for files without it (DeepMind's own file, files
 * made by earlier Candela versions), a comparison of sample images with each {@link
 * DSpritesDrawing}.
 */
public final class DSpritesDataset extends FixedLayoutDataset {
  private static final int PIXELS = 64 * 64;

  private final NpzFile npz;
  private final NpyArray imgs;
  private final NpyArray classes;
  private final NpyArray values;

  private DSpritesDataset(
      NpzFile npz, NpyArray imgs, NpyArray classes, NpyArray values, FactorSpecs spec, long n) {
    super(spec.space(), spec.image(), n);
    this.npz = npz;
    this.imgs = imgs;
    this.classes = classes;
    this.values = values;
  }

  /**
   * Opens a dSprites-format npz.
   *
   * @param file the npz
   * @return the dataset
   * @throws BadInputException when entries are missing or have the wrong shape or dtype
   */
  public static DSpritesDataset open(Path file) throws BadInputException {
    FactorSpecs spec = FactorSpecs.fromResource("dsprites");
    NpzFile z = NpzFile.open(file);
    try {
      for (String key : new String[] {"imgs", "latents_classes"}) {
        if (!z.contains(key)) {
          throw new BadInputException(
              file + ": not a dSprites npz: no '" + key + "' array (arrays: " + z.keys() + ")");
        }
      }
      NpyArray imgs = z.array("imgs");
      long[] s = imgs.shape();
      if (s.length != 3 || s[1] != 64 || s[2] != 64 || imgs.dtype().itemSize() != 1) {
        throw DatasetSupport.shapeError(imgs.location(), "(N, 64, 64) uint8", s);
      }
      NpyArray classes = z.array("latents_classes");
      long[] c = classes.shape();
      if (c.length != 2 || c[0] != s[0] || c[1] != 6 || !classes.dtype().type().isInteger()) {
        throw DatasetSupport.shapeError(classes.location(), "(" + s[0] + ", 6) integer", c);
      }
      NpyArray values = z.contains("latents_values") ? z.array("latents_values") : null;
      return new DSpritesDataset(z, imgs, classes, values, spec, s[0]);
    } catch (BadInputException e) {
      z.close();
      throw e;
    }
  }

  /**
   * How a dSprites file's images were drawn, and how that is known.
   *
   * @param id {@code deepmind}, {@code candela-1} or {@code unknown}
   * @param evidence {@code recorded} (the file's {@code drawing} entry) or what the pixel
   *     comparison found, e.g. {@code "pixels: 64 of 64 samples equal candela-1's"}
   */
  public record Drawing(String id, String evidence) {
    /** An unknown drawing. */
    public static final String UNKNOWN = "unknown";

    /**
     * The provenance entries of this drawing, for model cards and reports.
     *
     * @return {@code drawing} and {@code drawingEvidence}
     */
    public java.util.Map<String, Object> asMap() {
      java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
      m.put("drawing", id);
      m.put("drawingEvidence", evidence);
      return m;
    }
  }

  /** Samples compared with each drawing when a file does not record its own. */
  static final int DRAWING_SAMPLES = 64;

  /** The mean IoU above which unrecorded pixels count as DeepMind's drawing. */
  static final double DRAWING_IOU = 0.95;

  /**
   * How this file's images were drawn: its {@code drawing} entry when it has one; otherwise up to
   * {@value #DRAWING_SAMPLES} samples spread over the file are drawn again with each {@link
   * DSpritesDrawing}. A drawing whose images equal all of them is the file's; failing that, a mean
   * IoU of at least {@value #DRAWING_IOU} with {@link DSpritesDrawing#DEEPMIND} (and more than with
   * the other) identifies DeepMind's drawing (the real file: squares and ellipses equal, hearts
   * close); anything else is {@code unknown}.
   *
   * @return the drawing and its evidence
   * @throws BadInputException when the entry or the samples cannot be read, or the entry names no
   *     known drawing
   */
  public Drawing drawing() throws BadInputException {
    if (npz.contains(DSpritesDrawing.NPZ_KEY)) {
      try (NpyArray a = npz.array(DSpritesDrawing.NPZ_KEY)) {
        if (a.shape().length != 1 || a.dtype().itemSize() != 1 || a.size() > 64) {
          throw DatasetSupport.shapeError(a.location(), "(L,) uint8 ASCII, L <= 64", a.shape());
        }
        String id =
            new String(a.readBytes(0, (int) a.size()), java.nio.charset.StandardCharsets.US_ASCII);
        try {
          return new Drawing(DSpritesDrawing.of(id).id(), "recorded");
        } catch (BadInputException e) {
          throw new BadInputException(a.location() + ": " + e.getMessage(), e);
        }
      }
    }
    int k = (int) Math.min(DRAWING_SAMPLES, n);
    DSpritesDrawing[] all = DSpritesDrawing.values();
    int[] equal = new int[all.length];
    double[] iou = new double[all.length];
    byte[] drawn = new byte[PIXELS];
    for (int i = 0; i < k; i++) {
      long index = k == 1 ? 0 : i * (n - 1) / (k - 1);
      byte[] real = rawImage(index);
      int[] c = codes(index);
      for (int d = 0; d < all.length; d++) {
        all[d].render(c, drawn);
        int inter = 0;
        int union = 0;
        for (int p = 0; p < PIXELS; p++) {
          boolean a = real[p] != 0;
          boolean b = drawn[p] != 0;
          inter += a && b ? 1 : 0;
          union += a || b ? 1 : 0;
        }
        equal[d] += inter == union ? 1 : 0;
        iou[d] += (union == 0 ? 1.0 : (double) inter / union) / k;
      }
    }
    for (int d = 0; d < all.length; d++) {
      if (equal[d] == k) {
        return new Drawing(
            all[d].id(), "pixels: " + k + " of " + k + " samples equal " + all[d].id() + "'s");
      }
    }
    int dm = DSpritesDrawing.DEEPMIND.ordinal();
    int old = DSpritesDrawing.CANDELA_1.ordinal();
    String measured =
        String.format(
            java.util.Locale.ROOT,
            "pixels: mean IoU %.3f with deepmind, %.3f with candela-1 on %d samples",
            iou[dm],
            iou[old],
            k);
    return iou[dm] >= DRAWING_IOU && iou[dm] > iou[old]
        ? new Drawing(DSpritesDrawing.DEEPMIND.id(), measured)
        : new Drawing(Drawing.UNKNOWN, measured);
  }

  /**
   * The file's drawing ({@link #drawing()}) as provenance: {@code drawing} and {@code
   * drawingEvidence}.
   */
  @Override
  public java.util.Map<String, Object> source() throws BadInputException {
    return drawing().asMap();
  }

  @Override
  public int[] codes(long index) throws BadInputException {
    DatasetSupport.checkIndex(index, n);
    int[] codes = classes.readInts(index * 6, 6);
    int[] sizes = space.sizes();
    for (int k = 0; k < 6; k++) {
      if (codes[k] < 0 || codes[k] >= sizes[k]) {
        throw new BadInputException(
            classes.location()
                + ": code "
                + codes[k]
                + " of factor '"
                + space.names().get(k)
                + "' at sample "
                + index
                + " outside 0.."
                + (sizes[k] - 1));
      }
    }
    return codes;
  }

  /**
   * The stored latent values of a sample ({@code latents_values} row).
   *
   * @param index the sample
   * @return six values
   * @throws BadInputException when the file has no {@code latents_values} or it cannot be read
   */
  public double[] latentValues(long index) throws BadInputException {
    DatasetSupport.checkIndex(index, n);
    if (values == null) {
      throw new BadInputException(npz.file() + ": no 'latents_values' array");
    }
    return values.readDoubles(index * 6, 6);
  }

  /**
   * The raw 64×64 bytes of one image.
   *
   * @param index the sample
   * @return 4096 bytes, row-major
   * @throws BadInputException when the image cannot be read
   */
  public byte[] rawImage(long index) throws BadInputException {
    DatasetSupport.checkIndex(index, n);
    return imgs.readBytes(index * PIXELS, PIXELS);
  }

  @Override
  public float[] images(long[] indices) throws BadInputException {
    float[] out = new float[indices.length * PIXELS];
    byte[] buf = new byte[PIXELS];
    for (int i = 0; i < indices.length; i++) {
      DatasetSupport.checkIndex(indices[i], n);
      imgs.readBytes(indices[i] * PIXELS, buf, 0, PIXELS);
      boolean binary = true;
      for (byte b : buf) {
        if ((b & 0xFF) > 1) {
          binary = false;
          break;
        }
      }
      float scale = binary ? 1f : 1f / 255f;
      for (int p = 0; p < PIXELS; p++) {
        out[i * PIXELS + p] = (buf[p] & 0xFF) * scale;
      }
    }
    return out;
  }

  @Override
  public void close() throws BadInputException {
    imgs.close();
    classes.close();
    if (values != null) {
      values.close();
    }
    npz.close();
  }
}
