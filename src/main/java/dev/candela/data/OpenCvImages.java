package dev.candela.data;

import dev.candela.BadInputException;
import java.nio.file.Path;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

/**
 * Image decoding and encoding through OpenCV ({@code org.openpnp:opencv}); loads the native library
 * once per process.
 */
public final class OpenCvImages {
  private static volatile boolean loaded;

  private OpenCvImages() {}

  /** Loads the OpenCV native library bundled in the jar, once. */
  public static void ensureLoaded() {
    if (!loaded) {
      synchronized (OpenCvImages.class) {
        if (!loaded) {
          nu.pattern.OpenCV.loadLocally();
          loaded = true;
        }
      }
    }
  }

  /**
   * Decodes an image file to an 8-bit BGR matrix (grey images are expanded to three channels).
   *
   * @param file the image (PNG, JPEG, ...)
   * @return the matrix; the caller releases it
   * @throws BadInputException when the file cannot be read or decoded
   */
  public static Mat readBgr(Path file) throws BadInputException {
    ensureLoaded();
    byte[] bytes = BoundedFiles.read(file, BoundedFiles.IMAGE_LIMIT, "image");
    MatOfByte buf = new MatOfByte(bytes);
    Mat m = Imgcodecs.imdecode(buf, Imgcodecs.IMREAD_COLOR);
    buf.release();
    if (m == null || m.empty()) {
      throw new BadInputException(file + ": not a decodable image");
    }
    return m;
  }

  /**
   * Reads a PNG of an expected size into {@code dst} as CHW RGB floats in [0, 1].
   *
   * @param file the image file
   * @param shape the expected image shape (3 channels)
   * @param dst destination
   * @param offset where the image starts in {@code dst}
   * @throws BadInputException when the file cannot be decoded or has another size (the message
   *     names the file and both sizes)
   */
  public static void readChwRgb(
      Path file, dev.candela.data.FactorDataset.ImageShape shape, float[] dst, int offset)
      throws BadInputException {
    Mat m = readBgr(file);
    try {
      String mismatch = sizeMismatch(m, shape);
      if (mismatch != null) {
        throw new BadInputException(file + ": " + mismatch);
      }
      toChwRgb(m, dst, offset);
    } finally {
      m.release();
    }
  }

  /**
   * What is wrong with an image's size for a shape.
   *
   * @param image the decoded image
   * @param shape the expected shape
   * @return {@code image is WxH, expected WxH}, or null when the width and height agree
   */
  public static String sizeMismatch(Mat image, FactorDataset.ImageShape shape) {
    if (image.rows() == shape.height() && image.cols() == shape.width()) {
      return null;
    }
    return "image is "
        + image.cols()
        + "x"
        + image.rows()
        + ", expected "
        + shape.width()
        + "x"
        + shape.height();
  }

  /**
   * Copies an 8-bit BGR image into a float CHW RGB buffer with values in [0, 1].
   *
   * @param bgr the image, {@code CV_8UC3}
   * @param dst destination array
   * @param offset first index written; {@code 3·rows·cols} floats are written
   */
  public static void toChwRgb(Mat bgr, float[] dst, int offset) {
    if (bgr.type() != CvType.CV_8UC3) {
      throw new IllegalArgumentException("expected CV_8UC3, got type " + bgr.type());
    }
    int h = bgr.rows();
    int w = bgr.cols();
    byte[] px = new byte[h * w * 3];
    bgr.get(0, 0, px);
    int plane = h * w;
    for (int i = 0; i < plane; i++) {
      dst[offset + i] = (px[3 * i + 2] & 0xFF) / 255f;
      dst[offset + plane + i] = (px[3 * i + 1] & 0xFF) / 255f;
      dst[offset + 2 * plane + i] = (px[3 * i] & 0xFF) / 255f;
    }
  }

  /**
   * Encodes an image as PNG bytes (deterministic for the same pixels).
   *
   * @param image the image
   * @return the PNG bytes
   */
  public static byte[] encodePng(Mat image) {
    ensureLoaded();
    MatOfByte buf = new MatOfByte();
    if (!Imgcodecs.imencode(".png", image, buf)) {
      throw new IllegalStateException("OpenCV could not encode a PNG of " + image);
    }
    byte[] out = buf.toArray();
    buf.release();
    return out;
  }
}
