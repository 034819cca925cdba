package dev.candela.data;

import java.util.Locale;
import java.util.SplittableRandom;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * A degradation of a clean image like the one a VAE's reconstruction shows: Gaussian blur of
 * standard deviation {@code blurSigma} pixels (OpenCV's {@code GaussianBlur}, a kernel of side
 * {@code 2·⌈3σ⌉ + 1}, zero outside the image), then the intensity map {@code v ↦ offset + contrast
 * · v}, then additive Gaussian noise of standard deviation {@code noiseSd}, clipped to [0, 1]:
 *
 * <pre>
 *   x' = clip( offset + contrast · (G_σ * x) + noiseSd · ε ,  0, 1 ),   ε ~ N(0, 1) per pixel.
 * </pre>
 *
 * The identity is {@link #NONE}. {@link #drawVaeLike} draws one at random from the ranges a factor
 * classifier is trained on so that it reads reconstructions (train-classifier's {@code --degrade
 * vae-like}); the ground-truth CG benchmark degrades its constructed decoders' images with fixed
 * ones.
 *
 * @param blurSigma the blur's standard deviation in pixels, ≥ 0 (0 = no blur)
 * @param contrast the intensity gain, in (0, 1]
 * @param offset the grey level added, in [0, 1)
 * @param noiseSd the noise's standard deviation, ≥ 0
 */
public record ImageDegradation(double blurSigma, double contrast, double offset, double noiseSd) {

  /** No degradation. */
  public static final ImageDegradation NONE = new ImageDegradation(0, 1, 0, 0);

  /** The largest blur {@link #drawVaeLike} draws, in pixels. */
  public static final double VAE_LIKE_MAX_BLUR = 3.0;

  /** The smallest contrast {@link #drawVaeLike} draws. */
  public static final double VAE_LIKE_MIN_CONTRAST = 0.4;

  /** The largest grey offset {@link #drawVaeLike} draws. */
  public static final double VAE_LIKE_MAX_OFFSET = 0.1;

  /** The largest noise standard deviation {@link #drawVaeLike} draws. */
  public static final double VAE_LIKE_MAX_NOISE = 0.05;

  /** The share of images {@link #drawVaeLike} leaves clean. */
  public static final double VAE_LIKE_CLEAN_SHARE = 0.2;

  /** Validates; the message names the parameter and its value. */
  public ImageDegradation {
    if (!(blurSigma >= 0) || Double.isInfinite(blurSigma)) {
      throw new IllegalArgumentException(
          "blur sigma must be a finite number >= 0, got " + blurSigma);
    }
    if (!(contrast > 0 && contrast <= 1)) {
      throw new IllegalArgumentException("contrast must be in (0, 1], got " + contrast);
    }
    if (!(offset >= 0 && offset < 1)) {
      throw new IllegalArgumentException("offset must be in [0, 1), got " + offset);
    }
    if (!(noiseSd >= 0) || Double.isInfinite(noiseSd)) {
      throw new IllegalArgumentException(
          "noise standard deviation must be a finite number >= 0, got " + noiseSd);
    }
  }

  /**
   * A degradation drawn from the VAE-like ranges: with probability {@link #VAE_LIKE_CLEAN_SHARE}
   * none, otherwise blur σ ~ U(0, {@value #VAE_LIKE_MAX_BLUR}), contrast ~ U({@value
   * #VAE_LIKE_MIN_CONTRAST}, 1), offset ~ U(0, {@value #VAE_LIKE_MAX_OFFSET}), noise ~ U(0, {@value
   * #VAE_LIKE_MAX_NOISE}).
   *
   * @param rng the random stream (four or one draws)
   * @return the degradation
   */
  public static ImageDegradation drawVaeLike(SplittableRandom rng) {
    if (rng.nextDouble() < VAE_LIKE_CLEAN_SHARE) {
      return NONE;
    }
    double sigma = rng.nextDouble() * VAE_LIKE_MAX_BLUR;
    double contrast = VAE_LIKE_MIN_CONTRAST + rng.nextDouble() * (1 - VAE_LIKE_MIN_CONTRAST);
    double offset = rng.nextDouble() * VAE_LIKE_MAX_OFFSET;
    double noise = rng.nextDouble() * VAE_LIKE_MAX_NOISE;
    return new ImageDegradation(sigma, contrast, offset, noise);
  }

  /**
   * Whether this is the identity.
   *
   * @return true for {@link #NONE}'s values
   */
  public boolean isNone() {
    return blurSigma == 0 && contrast == 1 && offset == 0 && noiseSd == 0;
  }

  /**
   * Degrades images in place.
   *
   * @param images {@code n × C × H × W} floats in row-major order, values in [0, 1]
   * @param first the first image to degrade
   * @param count how many images
   * @param shape {@code {C, H, W}}
   * @param rng the noise's random stream (unused when {@code noiseSd} is 0)
   */
  public void apply(float[] images, int first, int count, int[] shape, SplittableRandom rng) {
    if (isNone()) {
      return;
    }
    int h = shape[1];
    int w = shape[2];
    int planes = count * shape[0];
    int start = first * shape[0] * h * w;
    if (start + (long) planes * h * w > images.length) {
      throw new IllegalArgumentException(
          "images "
              + first
              + ".."
              + (first + count - 1)
              + " of shape "
              + shape[0]
              + "x"
              + h
              + "x"
              + w
              + " need "
              + (start + (long) planes * h * w)
              + " floats, got "
              + images.length);
    }
    float[] plane = new float[h * w];
    if (blurSigma > 0) {
      OpenCvImages.ensureLoaded();
    }
    int k = 2 * (int) Math.ceil(3 * blurSigma) + 1;
    for (int p = 0; p < planes; p++) {
      int off = start + p * h * w;
      System.arraycopy(images, off, plane, 0, h * w);
      if (blurSigma > 0) {
        Mat src = new Mat(h, w, CvType.CV_32F);
        Mat dst = new Mat(h, w, CvType.CV_32F);
        try {
          src.put(0, 0, plane);
          Imgproc.GaussianBlur(
              src, dst, new Size(k, k), blurSigma, blurSigma, Core.BORDER_CONSTANT);
          dst.get(0, 0, plane);
        } finally {
          src.release();
          dst.release();
        }
      }
      for (int i = 0; i < plane.length; i++) {
        double v = offset + contrast * plane[i];
        if (noiseSd > 0) {
          v += noiseSd * rng.nextGaussian();
        }
        images[off + i] = (float) Math.min(1, Math.max(0, v));
      }
    }
  }

  /**
   * A short description for cards and reports.
   *
   * @return e.g. {@code blur 2.0 px, contrast 0.8, offset 0.05, noise 0.02}
   */
  public String describe() {
    if (isNone()) {
      return "none";
    }
    return String.format(
        Locale.ROOT,
        "blur %.2f px, contrast %.2f, offset %.2f, noise %.3f",
        blurSigma,
        contrast,
        offset,
        noiseSd);
  }
}
