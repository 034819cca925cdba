package dev.candela.metrics.stats;

import java.util.function.IntToDoubleFunction;

/**
 * Equal-width histogram discretisation with numpy's exact semantics, as used by disentanglement_lib
 * ({@code np.digitize(x, np.histogram(x, bins)[1][:-1])}).
 *
 * <p>Edges: with {@code lo = min(x)}, {@code hi = max(x)} (or {@code lo − 0.5}, {@code hi + 0.5}
 * when {@code lo == hi}, as numpy does), {@code step = (hi − lo) / bins} and {@code edge[i] = i ·
 * step + lo} for {@code i < bins}, {@code edge[bins] = hi} (numpy's {@code linspace} evaluation
 * order, including its {@code (i / bins) · (hi − lo)} form when the step underflows to zero).
 *
 * <p>Codes: numpy's {@code digitize(x, edge[:-1])} is the number of the first {@code bins} edges
 * that are {@code <= x}, which lies in {@code 1..bins}. This class returns that number <b>minus
 * one</b>, that is a 0-based code in {@code 0..bins-1}: the partition into bins is identical to
 * numpy's, only the labels are shifted. Integer inputs are converted to double first, as numpy
 * does.
 */
public final class HistogramDiscretizer {

  /** The number of bins disentanglement_lib uses by default (its gin configs: 20). */
  public static final int DEFAULT_BINS = 20;

  private HistogramDiscretizer() {}

  /**
   * numpy's {@code np.histogram(x, bins)[1]}: the {@code bins + 1} equal-width edges.
   *
   * @param x values (at least one, all finite)
   * @param bins number of bins, at least 1
   * @return the edges, increasing
   */
  public static double[] edges(double[] x, int bins) {
    return edges(x.length, i -> x[i], bins);
  }

  /**
   * numpy's {@code np.histogram(x, bins)[1]} of float32 values, each widened to double (as {@link
   * #edges(double[], int)} of the widened values).
   *
   * @param x values (at least one, all finite)
   * @param bins number of bins, at least 1
   * @return the edges, increasing
   */
  public static double[] edges(float[] x, int bins) {
    return edges(x.length, i -> x[i], bins);
  }

  /** The edges of n values (widening a float to double keeps the order, so min and max). */
  private static double[] edges(int n, IntToDoubleFunction x, int bins) {
    checkValues(n, bins);
    double lo = x.applyAsDouble(0);
    double hi = lo;
    for (int i = 1; i < n; i++) {
      double v = x.applyAsDouble(i);
      if (v < lo) {
        lo = v;
      }
      if (v > hi) {
        hi = v;
      }
    }
    return edgesForRange(lo, hi, bins);
  }

  /**
   * numpy's histogram edges for the autodetected range {@code [lo, hi]}.
   *
   * @param lo the minimum of the data
   * @param hi the maximum of the data
   * @param bins number of bins, at least 1
   * @return the {@code bins + 1} edges
   */
  public static double[] edgesForRange(double lo, double hi, int bins) {
    checkBins(bins);
    if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
      throw new IllegalArgumentException("range [" + lo + ", " + hi + "] is not finite");
    }
    if (lo == hi) {
      lo = lo - 0.5;
      hi = hi + 0.5;
    }
    double delta = hi - lo;
    if (!Double.isFinite(delta)) {
      throw new IllegalArgumentException("range width of [" + lo + ", " + hi + "] overflows");
    }
    double step = delta / bins;
    double[] e = new double[bins + 1];
    for (int i = 0; i < bins; i++) {
      double y = step == 0 ? ((double) i / bins) * delta : i * step;
      e[i] = y + lo;
    }
    e[bins] = hi;
    return e;
  }

  /**
   * Discretises doubles into {@code bins} equal-width bins, numpy-compatible (see the class
   * comment).
   *
   * @param x values (at least one, all finite)
   * @param bins number of bins, at least 1
   * @return 0-based codes in {@code 0..bins-1} (numpy's digitize code minus one)
   */
  public static int[] discretize(double[] x, int bins) {
    double[] e = edges(x, bins);
    int[] out = new int[x.length];
    assign(x, e, bins, out);
    return out;
  }

  /**
   * Discretises integers (converted to double, as numpy does) into {@code bins} equal-width bins.
   *
   * @param x values (at least one)
   * @param bins number of bins, at least 1
   * @return 0-based codes in {@code 0..bins-1} (numpy's digitize code minus one)
   */
  public static int[] discretize(int[] x, int bins) {
    checkValues(x.length, bins);
    int lo = x[0];
    int hi = x[0];
    for (int v : x) {
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
    double[] e = edgesForRange(lo, hi, bins);
    int[] out = new int[x.length];
    for (int i = 0; i < x.length; i++) {
      out[i] = code(x[i], e, bins);
    }
    return out;
  }

  /**
   * Fills {@code out} with the 0-based bin of every value of {@code x} for the given edges.
   *
   * @param x values
   * @param e edges from {@link #edges}
   * @param bins number of bins
   * @param out destination, at least {@code x.length} long
   */
  public static void assign(double[] x, double[] e, int bins, int[] out) {
    for (int i = 0; i < x.length; i++) {
      out[i] = code(x[i], e, bins);
    }
  }

  /** Receives one latent's histogram codes. */
  @FunctionalInterface
  public interface BinnedLatent {
    /**
     * One latent discretised.
     *
     * @param latent the latent's index
     * @param codes its codes, one per sample: the worker thread's buffer, valid until this returns
     */
    void accept(int latent, int[] codes);
  }

  /**
   * Discretises every latent into {@code bins} equal-width bins ({@link #edges(float[], int)} and
   * {@link #assign(float[], double[], int, int[])}) on worker threads ({@link Workers}, one code
   * buffer each) and hands each latent's codes to {@code body}, from the thread that made them.
   *
   * @param latents {@code latents[j][i]} = latent j of sample i
   * @param n the number of samples
   * @param bins the bins per latent
   * @param body told every latent once; it must be safe to call from several threads
   */
  public static void forEachLatent(float[][] latents, int n, int bins, BinnedLatent body) {
    int d = latents.length;
    int threads = Workers.count(d, 4L * n);
    Workers.run(
        threads,
        t -> {
          int[] codes = new int[n];
          for (int j = t; j < d; j += threads) {
            float[] z = latents[j];
            assign(z, edges(z, bins), bins, codes);
            body.accept(j, codes);
          }
        });
  }

  /**
   * Fills {@code out} with the 0-based bin of every float32 value of {@code x} (widened to double)
   * for the given edges.
   *
   * @param x values
   * @param e edges from {@link #edges(float[], int)}
   * @param bins number of bins
   * @param out destination, at least {@code x.length} long
   */
  public static void assign(float[] x, double[] e, int bins, int[] out) {
    assign(x, 0, x.length, e, bins, out);
  }

  /**
   * Fills {@code out[0..to−from)} with the 0-based bin of the float32 values {@code x[from..to)}
   * (widened to double) for the given edges, as {@link #assign(float[], double[], int, int[])}.
   *
   * @param x values
   * @param from the first value
   * @param to the end of the values (exclusive)
   * @param e edges from {@link #edges(float[], int)}
   * @param bins number of bins
   * @param out destination, at least {@code to − from} long
   */
  public static void assign(float[] x, int from, int to, double[] e, int bins, int[] out) {
    double step = (e[bins] - e[0]) / bins;
    for (int i = from; i < to; i++) {
      out[i - from] = code(x[i], e, bins, step);
    }
  }

  /**
   * The index of the last of {@code e[0..bins-1]} that is {@code <= v} (0 if none): numpy's
   * digitize code minus one. Starts from the arithmetic guess and corrects it against the actual
   * edges, so the result equals a binary search over the edges.
   */
  private static int code(double v, double[] e, int bins) {
    return code(v, e, bins, (e[bins] - e[0]) / bins);
  }

  /** {@link #code(double, double[], int)} with its step {@code (e[bins] − e[0]) / bins} given. */
  private static int code(double v, double[] e, int bins, double step) {
    int k = step > 0 ? (int) ((v - e[0]) / step) : 0;
    if (k < 0) {
      k = 0;
    } else if (k > bins - 1) {
      k = bins - 1;
    }
    while (k + 1 < bins && e[k + 1] <= v) {
      k++;
    }
    while (k > 0 && e[k] > v) {
      k--;
    }
    return k;
  }

  private static void checkValues(int length, int bins) {
    checkBins(bins);
    if (length == 0) {
      throw new IllegalArgumentException("cannot discretise an empty array into " + bins + " bins");
    }
  }

  private static void checkBins(int bins) {
    if (bins < 1) {
      throw new IllegalArgumentException("number of bins must be at least 1, got " + bins);
    }
  }
}
