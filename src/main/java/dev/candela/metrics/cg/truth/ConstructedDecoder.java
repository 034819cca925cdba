package dev.candela.metrics.cg.truth;

import dev.candela.data.DSpritesDrawing;
import dev.candela.data.ImageDegradation;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A decoder whose causal structure is known by construction: it draws the dSprites image ({@link
 * DSpritesDrawing#DEEPMIND}, 1×64×64) of factor values computed from the latents by a known linear
 * map, and comes with the encoder map that gives a sample's latents from its factor codes.
 *
 * <p>The five varying dSprites factors {@code k} (shape, scale, orientation, posX, posY, sizes
 * {@code K_k} = 3, 6, 40, 32, 32) are standardised as codes uniform on {@code 0..K−1}: {@code
 * s_k(c) = (c − (K−1)/2) / σ_K} with {@code σ_K = √((K² − 1)/12)}. With the read matrix {@code W}
 * ({@code [factor][latent]}) and the encoder matrix {@code E} ({@code [latent][factor]}, {@code W·E
 * = I}):
 *
 * <pre>
 *   encoder:  z_j = Σ_k E[j][k] · s_k(code_k) + σ_j · ε_j,       ε_j ~ N(0, 1)
 *   decoder:  c_k = clamp( (K−1)/2 + σ_K · Σ_j W[k][j] · z_j,  0, K−1 )   (a continuous code)
 *             image = drawing( shape = round(c_0), value_1(c_1), …, value_4(c_4) )
 * </pre>
 *
 * where {@code value_k} interpolates the factor's dSprites values linearly between neighbouring
 * codes (scale 0.5..1, orientation 0..2π, positions 0..1). Because {@code W·E = I}, the decoder
 * redraws every sample's factors up to the encoder noise. An optional {@link ImageDegradation}
 * (blur, contrast, offset, noise) is applied to each image; its noise is seeded from the drawn
 * continuous codes {@code c_k}, so the same row always gives the same image whatever else is in the
 * batch, and a latent the decoder does not read changes no pixel, degraded or not.
 *
 * <p><b>Oracle.</b> Each {@link #decode} call records, per row, the codes the drawing was given
 * ({@code round(c_k)}, the nearest code of each continuous value). {@link #oracle()} is a {@link
 * FactorProbabilities} that returns the one-hot of the codes recorded by the LAST decode call, and
 * so must be called right after it on the same images; {@link dev.candela.metrics.cg.Cg} does this
 * (every decoder call is followed by one classifier call on its images). The oracle does not look
 * at the pixels, so the degradation does not change it. Not thread-safe.
 *
 * <p><b>True latent sets</b> ({@link #trueSets()}): per factor, the latent with the largest weight
 * {@code |W[k][j]|} (ties to the lower index; ρ = 1). A latent the decoder never reads (an inert
 * latent) is in no true set, whatever the encoder puts into it.
 */
public final class ConstructedDecoder implements LatentDecoder {

  /** The factors drawn, in dSprites order without color. */
  public static final List<String> FACTOR_NAMES =
      List.of("shape", "scale", "orientation", "posX", "posY");

  /** Values per factor. */
  private static final int[] SIZES = {3, 6, 40, 32, 32};

  /** Index of shape among {@link #FACTOR_NAMES}. */
  public static final int SHAPE = 0;

  /** Index of posX among {@link #FACTOR_NAMES}. */
  public static final int POS_X = 3;

  /** Index of posY among {@link #FACTOR_NAMES}. */
  public static final int POS_Y = 4;

  /** The number of factors drawn. */
  public static final int NUM_FACTORS = 5;

  /**
   * The encoder's noise standard deviation on each latent (standardised units): one code of
   * orientation, the finest factor, is 0.087, so its half is 8.7 noise standard deviations and the
   * reconstruction redraws the true codes.
   */
  public static final double ENCODER_NOISE = 0.005;

  /** How far {@code W·E} may be from the identity. */
  private static final double INVERSE_TOLERANCE = 1e-12;

  private static final int[] IMAGE_SHAPE = {1, DSpritesDrawing.SIDE, DSpritesDrawing.SIDE};

  private final String name;
  private final double[][] read;
  private final double[][] encode;
  private final double[] noise;
  private final ImageDegradation degradation;
  private final long seed;
  private int[][] lastCodes;

  /**
   * A decoder from its maps.
   *
   * @param name a short name (for tables)
   * @param read {@code W[factor][latent]}, {@link #NUM_FACTORS} rows of the latent dimension D
   * @param encode {@code E[latent][factor]}, D rows of {@link #NUM_FACTORS}; {@code W·E = I}
   * @param noise the encoder's noise standard deviation per latent, ≥ 0
   * @param degradation applied to every decoded image ({@link ImageDegradation#NONE} for none)
   * @param seed the degradation noise's seed
   */
  public ConstructedDecoder(
      String name,
      double[][] read,
      double[][] encode,
      double[] noise,
      ImageDegradation degradation,
      long seed) {
    this.name = Objects.requireNonNull(name, "name");
    this.degradation = Objects.requireNonNull(degradation, "degradation");
    if (read.length != NUM_FACTORS) {
      throw new IllegalArgumentException(
          "read matrix has " + read.length + " rows, need one per factor (" + NUM_FACTORS + ")");
    }
    int d = read[0].length;
    if (d < 1) {
      throw new IllegalArgumentException("read matrix has no latents");
    }
    for (int k = 0; k < NUM_FACTORS; k++) {
      if (read[k].length != d) {
        throw new IllegalArgumentException(
            "read matrix row " + k + " has " + read[k].length + " latents, row 0 has " + d);
      }
    }
    if (encode.length != d || noise.length != d) {
      throw new IllegalArgumentException(
          "encoder matrix has "
              + encode.length
              + " rows and "
              + noise.length
              + " noise levels, the read matrix "
              + d
              + " latents");
    }
    for (int j = 0; j < d; j++) {
      if (encode[j].length != NUM_FACTORS) {
        throw new IllegalArgumentException(
            "encoder matrix row " + j + " has " + encode[j].length + " factors, need 5");
      }
      if (!(noise[j] >= 0) || Double.isInfinite(noise[j])) {
        throw new IllegalArgumentException("noise of latent " + j + " is " + noise[j]);
      }
    }
    for (int k = 0; k < NUM_FACTORS; k++) {
      for (int l = 0; l < NUM_FACTORS; l++) {
        double s = 0;
        for (int j = 0; j < d; j++) {
          s += read[k][j] * encode[j][l];
        }
        if (Math.abs(s - (k == l ? 1 : 0)) > INVERSE_TOLERANCE) {
          throw new IllegalArgumentException(
              "read times encoder matrix must be the identity, entry ("
                  + k
                  + ", "
                  + l
                  + ") is "
                  + s);
        }
      }
    }
    this.read = copy(read);
    this.encode = copy(encode);
    this.noise = noise.clone();
    this.seed = seed;
  }

  /**
   * A disentangled decoder: latent k draws factor k alone ({@code W = E = I}).
   *
   * @return the decoder
   */
  public static ConstructedDecoder disentangled() {
    return new ConstructedDecoder(
        "disentangled",
        identity(NUM_FACTORS),
        identity(NUM_FACTORS),
        filled(NUM_FACTORS, ENCODER_NOISE),
        ImageDegradation.NONE,
        0);
  }

  /**
   * posX drawn from its own latent plus a share {@code w} of posY's: {@code W[posX][posY] = w}; the
   * encoder inverts it ({@code z_posX = s(posX) − w·s(posY)}), so reconstructions stay right.
   *
   * @param w the leaked share
   * @return the decoder
   */
  public static ConstructedDecoder leak(double w) {
    double[][] read = identity(NUM_FACTORS);
    double[][] encode = identity(NUM_FACTORS);
    read[POS_X][POS_Y] = w;
    encode[POS_X][POS_Y] = -w;
    return new ConstructedDecoder(
        "leak-" + trim(w),
        read,
        encode,
        filled(NUM_FACTORS, ENCODER_NOISE),
        ImageDegradation.NONE,
        0);
  }

  /**
   * {@link #leak(double)} plus an INERT latent (the sixth): the encoder puts a clean copy of posX
   * into it (no noise), the decoder never reads it.
   *
   * @param w the leaked share of posY in posX
   * @return the decoder
   */
  public static ConstructedDecoder inertCopy(double w) {
    double[][] read = new double[NUM_FACTORS][NUM_FACTORS + 1];
    double[][] encode = new double[NUM_FACTORS + 1][NUM_FACTORS];
    for (int k = 0; k < NUM_FACTORS; k++) {
      read[k][k] = 1;
      encode[k][k] = 1;
    }
    read[POS_X][POS_Y] = w;
    encode[POS_X][POS_Y] = -w;
    encode[NUM_FACTORS][POS_X] = 1;
    double[] noise = filled(NUM_FACTORS + 1, ENCODER_NOISE);
    noise[NUM_FACTORS] = 0;
    return new ConstructedDecoder(
        "inert-posX-leak-" + trim(w), read, encode, noise, ImageDegradation.NONE, 0);
  }

  /**
   * A DUPLICATED posX: two latents (posX's and the sixth) both carry posX and the decoder reads
   * each with weight one half.
   *
   * @return the decoder
   */
  public static ConstructedDecoder duplicated() {
    double[][] read = new double[NUM_FACTORS][NUM_FACTORS + 1];
    double[][] encode = new double[NUM_FACTORS + 1][NUM_FACTORS];
    for (int k = 0; k < NUM_FACTORS; k++) {
      read[k][k] = 1;
      encode[k][k] = 1;
    }
    read[POS_X][POS_X] = 0.5;
    read[POS_X][NUM_FACTORS] = 0.5;
    encode[NUM_FACTORS][POS_X] = 1;
    return new ConstructedDecoder(
        "duplicated-posX",
        read,
        encode,
        filled(NUM_FACTORS + 1, ENCODER_NOISE),
        ImageDegradation.NONE,
        0);
  }

  /**
   * The same maps with another name.
   *
   * @param newName the name
   * @return a new decoder (no recorded codes)
   */
  public ConstructedDecoder named(String newName) {
    return new ConstructedDecoder(newName, read, encode, noise, degradation, seed);
  }

  /**
   * The same maps with a degradation of the images.
   *
   * @param d the degradation
   * @param noiseSeed the seed of its noise
   * @return a new decoder (no recorded codes)
   */
  public ConstructedDecoder withDegradation(ImageDegradation d, long noiseSeed) {
    return new ConstructedDecoder(name, read, encode, noise, d, noiseSeed);
  }

  /**
   * The name.
   *
   * @return the name
   */
  public String name() {
    return name;
  }

  /**
   * The degradation applied to the images.
   *
   * @return the degradation
   */
  public ImageDegradation degradation() {
    return degradation;
  }

  /**
   * The latent dimension D.
   *
   * @return D
   */
  public int numLatents() {
    return noise.length;
  }

  /**
   * The read matrix.
   *
   * @return a copy of {@code W[factor][latent]}
   */
  public double[][] read() {
    return copy(read);
  }

  /**
   * Values of a factor.
   *
   * @param factor index into {@link #FACTOR_NAMES}
   * @return K
   */
  public static int size(int factor) {
    return SIZES[factor];
  }

  /**
   * A code in standardised units: {@code (c − (K−1)/2) / √((K² − 1)/12)}.
   *
   * @param factor index into {@link #FACTOR_NAMES}
   * @param code the code
   * @return the standardised value
   */
  public static double standardised(int factor, int code) {
    int k = SIZES[factor];
    return (code - (k - 1) / 2.0) / sd(k);
  }

  /**
   * The true latent sets: per factor, the latent read with the largest weight (ties to the lower
   * index), ρ = 1.
   *
   * @return {@code sets[factor]}, one latent each
   */
  public int[][] trueSets() {
    int[][] sets = new int[NUM_FACTORS][];
    for (int k = 0; k < NUM_FACTORS; k++) {
      int best = 0;
      for (int j = 1; j < read[k].length; j++) {
        if (Math.abs(read[k][j]) > Math.abs(read[k][best])) {
          best = j;
        }
      }
      sets[k] = new int[] {best};
    }
    return sets;
  }

  /**
   * The encoder: latents of samples from their factor codes.
   *
   * @param codes {@code codes[factor][sample]}, {@link #NUM_FACTORS} rows
   * @param rng the noise's stream (one Gaussian per latent with noise, latent order per sample)
   * @return {@code z[sample][latent]}
   */
  public float[][] encode(int[][] codes, SplittableRandom rng) {
    if (codes.length != NUM_FACTORS) {
      throw new IllegalArgumentException(
          "need codes of " + NUM_FACTORS + " factors, got " + codes.length);
    }
    int n = codes[0].length;
    int d = numLatents();
    float[][] z = new float[n][d];
    double[] s = new double[NUM_FACTORS];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < NUM_FACTORS; k++) {
        int c = codes[k][i];
        if (c < 0 || c >= SIZES[k]) {
          throw new IllegalArgumentException(
              "code "
                  + c
                  + " of factor "
                  + FACTOR_NAMES.get(k)
                  + " at sample "
                  + i
                  + " is outside 0.."
                  + (SIZES[k] - 1));
        }
        s[k] = standardised(k, c);
      }
      for (int j = 0; j < d; j++) {
        double v = 0;
        for (int k = 0; k < NUM_FACTORS; k++) {
          v += encode[j][k] * s[k];
        }
        if (noise[j] > 0) {
          v += noise[j] * rng.nextGaussian();
        }
        z[i][j] = (float) v;
      }
    }
    return z;
  }

  @Override
  public float[] decode(float[][] z) {
    int n = z.length;
    int d = numLatents();
    int vol = DSpritesDrawing.SIDE * DSpritesDrawing.SIDE;
    float[] images = new float[Math.multiplyExact(n, vol)];
    int[][] codes = new int[NUM_FACTORS][n];
    byte[] pixels = new byte[vol];
    double[] c = new double[NUM_FACTORS];
    for (int r = 0; r < n; r++) {
      if (z[r].length != d) {
        throw new IllegalArgumentException(
            "row " + r + " has " + z[r].length + " latents, the decoder reads " + d);
      }
      for (int k = 0; k < NUM_FACTORS; k++) {
        double t = 0;
        for (int j = 0; j < d; j++) {
          if (!Float.isFinite(z[r][j])) {
            throw new IllegalArgumentException(
                "latent value " + z[r][j] + " at row " + r + ", latent " + j + " is not finite");
          }
          t += read[k][j] * z[r][j];
        }
        int size = SIZES[k];
        c[k] = Math.min(size - 1, Math.max(0, (size - 1) / 2.0 + sd(size) * t));
        codes[k][r] = (int) Math.floor(c[k] + 0.5);
      }
      DSpritesDrawing.DEEPMIND.render(
          codes[SHAPE][r], value(1, c[1]), value(2, c[2]), value(3, c[3]), value(4, c[4]), pixels);
      int off = r * vol;
      for (int p = 0; p < vol; p++) {
        images[off + p] = pixels[p];
      }
      if (!degradation.isNone()) {
        degradation.apply(images, r, 1, IMAGE_SHAPE, new SplittableRandom(rowSeed(c)));
      }
    }
    lastCodes = codes;
    return images;
  }

  /**
   * The codes the drawing was given in the last {@link #decode} call.
   *
   * @return {@code codes[factor][row]}, or null before the first call
   */
  public int[][] lastCodes() {
    return lastCodes == null ? null : copy(lastCodes);
  }

  /**
   * The oracle classifier: for each image of the last {@link #decode} call, the one-hot of the
   * codes its drawing was given (factor order {@link #FACTOR_NAMES}).
   *
   * @return the oracle
   */
  public FactorProbabilities oracle() {
    return (images, n) -> {
      int[][] codes = lastCodes;
      if (codes == null || codes[0].length != n) {
        throw new IllegalStateException(
            "oracle asked for "
                + n
                + " images, the last decode call drew "
                + (codes == null ? "none" : String.valueOf(codes[0].length)));
      }
      float[][][] p = new float[NUM_FACTORS][n][];
      for (int k = 0; k < NUM_FACTORS; k++) {
        for (int r = 0; r < n; r++) {
          p[k][r] = new float[SIZES[k]];
          p[k][r][codes[k][r]] = 1f;
        }
      }
      return p;
    };
  }

  @Override
  public int[] imageShape() {
    return IMAGE_SHAPE.clone();
  }

  @Override
  public String toString() {
    return name + (degradation.isNone() ? "" : " (" + degradation.describe() + ")");
  }

  /** The factor value of a continuous code: linear between the neighbouring codes' values. */
  private static double value(int factor, double c) {
    int lo = (int) Math.floor(c);
    int hi = Math.min(SIZES[factor] - 1, lo + 1);
    double a = DSpritesDrawing.value(factor + 1, lo);
    double b = DSpritesDrawing.value(factor + 1, hi);
    return a + (c - lo) * (b - a);
  }

  /** The noise seed of an image: from the drawn continuous codes, so unread latents change none. */
  private long rowSeed(double[] codes) {
    long h = seed;
    for (double v : codes) {
      h = h * 0x9E3779B97F4A7C15L + Double.doubleToLongBits(v);
    }
    return h;
  }

  private static double sd(int k) {
    return Math.sqrt((k * (double) k - 1) / 12.0);
  }

  private static double[][] identity(int n) {
    double[][] m = new double[n][n];
    for (int i = 0; i < n; i++) {
      m[i][i] = 1;
    }
    return m;
  }

  private static double[] filled(int n, double v) {
    double[] a = new double[n];
    Arrays.fill(a, v);
    return a;
  }

  private static String trim(double w) {
    String s = Double.toString(w);
    return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
  }

  private static double[][] copy(double[][] m) {
    double[][] c = new double[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }

  private static int[][] copy(int[][] m) {
    int[][] c = new int[m.length][];
    for (int i = 0; i < m.length; i++) {
      c[i] = m[i].clone();
    }
    return c;
  }
}
