package dev.candela.causal.distance;

import java.util.Arrays;

/**
 * The estimator of Peyrard &amp; West's released code ({@code --compat peyrard-west-code}), not
 * their definition: every entry of both samples (all variables pooled together) goes into one 1-D
 * array per model; bins are chosen by numpy's {@code 'auto'} rule on the concatenation of both
 * arrays over their joint range ({@code ceil(range / width)} equal bins; FD = {@code
 * 2·IQR·n^(−1/3)}, Sturges = {@code range / (log2 n + 1)}; {@link BinRule#LEGACY}, the numpy of the
 * authors' 2020 release: width {@code min(FD, Sturges)}, Sturges alone when the IQR is 0; {@link
 * BinRule#NUMPY_2_1}: width {@code min(max(FD, range/(2·sqrt n)), Sturges)}); the two normalised
 * histograms are compared by the EMD with ground distance between bin centres (pyemd's {@code
 * emd_samples}), which in 1-D equals {@code Σ_b |CDF_a(b) − CDF_b(b)| · width}. Column identities
 * are lost, so models that permute variables' distributions are at distance 0.
 */
public final class PooledHistogramEmd implements SampleDistance {
  /** numpy's {@code 'auto'} bin-width rule, which changed in numpy 2.1. */
  public enum BinRule {
    /** numpy before 2.1 (what the authors' code ran with): {@code min(FD, Sturges)}. */
    LEGACY,
    /** numpy 2.1 and later: {@code min(max(FD, sqrt-rule / 2), Sturges)}. */
    NUMPY_2_1
  }

  private final BinRule rule;

  /** Creates the distance with the {@link BinRule#LEGACY} rule. */
  public PooledHistogramEmd() {
    this(BinRule.LEGACY);
  }

  /**
   * Creates the distance.
   *
   * @param rule the bin-width rule
   */
  public PooledHistogramEmd(BinRule rule) {
    this.rule = rule;
  }

  @Override
  public String id() {
    return "pooled-histogram-emd";
  }

  @Override
  public double between(double[][] a, double[][] b) {
    SampleDistance.checkShapes(a, b);
    return emdSamples(flatten(a), flatten(b), rule);
  }

  /**
   * pyemd's {@code emd_samples(x, y, bins='auto')} for 1-D arrays.
   *
   * @param x first array
   * @param y second array
   * @param rule the bin-width rule
   * @return the EMD between the normalised histograms
   */
  public static double emdSamples(double[] x, double[] y, BinRule rule) {
    double[] all = new double[x.length + y.length];
    System.arraycopy(x, 0, all, 0, x.length);
    System.arraycopy(y, 0, all, x.length, y.length);
    double lo = Arrays.stream(all).min().orElseThrow();
    double hi = Arrays.stream(all).max().orElseThrow();
    int bins = autoBins(all, lo, hi, rule);
    if (lo == hi) {
      lo -= 0.5;
      hi += 0.5;
    }
    double[] hx = histogram(x, lo, hi, bins);
    double[] hy = histogram(y, lo, hi, bins);
    double width = (hi - lo) / bins;
    double s = 0;
    double cx = 0;
    double cy = 0;
    for (int k = 0; k < bins - 1; k++) {
      cx += hx[k];
      cy += hy[k];
      s += Math.abs(cx - cy) * width;
    }
    return s;
  }

  /**
   * The number of bins of numpy's {@code 'auto'} rule.
   *
   * @param all the data
   * @param lo the range start
   * @param hi the range end
   * @param rule the bin-width rule
   * @return the number of equal-width bins
   */
  public static int autoBins(double[] all, double lo, double hi, BinRule rule) {
    int n = all.length;
    double sturges = (hi - lo) / (Math.log(n) / Math.log(2) + 1.0);
    double[] s = all.clone();
    Arrays.sort(s);
    double iqr = percentile(s, 75) - percentile(s, 25);
    double fd = 2.0 * iqr * Math.pow(n, -1.0 / 3.0);
    double width;
    if (rule == BinRule.LEGACY) {
      width = fd > 0 ? Math.min(fd, sturges) : sturges;
    } else {
      width = Math.min(Math.max(fd, (hi - lo) / Math.sqrt(n) / 2), sturges);
    }
    if (width > 0) {
      return (int) Math.ceil((hi - lo) / width);
    }
    return 1;
  }

  /** numpy's default ('linear') percentile of sorted data. */
  static double percentile(double[] sorted, double q) {
    double pos = q / 100.0 * (sorted.length - 1);
    int i = (int) Math.floor(pos);
    double frac = pos - i;
    if (i + 1 >= sorted.length) {
      return sorted[sorted.length - 1];
    }
    return sorted[i] + frac * (sorted[i + 1] - sorted[i]);
  }

  private static double[] histogram(double[] x, double lo, double hi, int bins) {
    double[] h = new double[bins];
    double scale = bins / (hi - lo);
    for (double v : x) {
      int k = (int) ((v - lo) * scale);
      if (k >= bins) {
        k = bins - 1;
      }
      if (k < 0) {
        k = 0;
      }
      h[k] += 1.0 / x.length;
    }
    return h;
  }

  private static double[] flatten(double[][] a) {
    int d = a[0].length;
    double[] out = new double[a.length * d];
    for (int i = 0; i < a.length; i++) {
      System.arraycopy(a[i], 0, out, i * d, d);
    }
    return out;
  }
}
