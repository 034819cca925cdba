package dev.candela.metrics;

import dev.candela.RecordText;
import dev.candela.Setting;
import dev.candela.SettingException;
import java.util.Arrays;

/**
 * Per-latent minimum, maximum and mean of an evaluation set: what the {@link
 * dev.candela.metrics.cg.CgBaseline}s need. Accessors of the arrays return copies; {@link
 * #min(int)}, {@link #max(int)} and {@link #mean(int)} read single entries.
 *
 * @param min per latent, the smallest value
 * @param max per latent, the largest value
 * @param mean per latent, the mean (summed in double in sample order)
 * @param count the number of samples the statistics were computed from
 */
public record LatentStats(double[] min, double[] max, double[] mean, long count) {

  /** Validates lengths, finiteness and {@code min ≤ max}; copies the arrays. */
  public LatentStats {
    min = min.clone();
    max = max.clone();
    mean = mean.clone();
    if (min.length == 0 || max.length != min.length || mean.length != min.length) {
      throw new IllegalArgumentException(
          "need one min, max and mean per latent, got "
              + min.length
              + ", "
              + max.length
              + " and "
              + mean.length);
    }
    if (count < 1) {
      throw new SettingException(Setting.COUNT, count, "must be at least 1, got " + count);
    }
    for (int j = 0; j < min.length; j++) {
      if (!Double.isFinite(min[j]) || !Double.isFinite(max[j]) || !Double.isFinite(mean[j])) {
        throw new IllegalArgumentException(
            "latent "
                + j
                + " statistics must be finite, got min "
                + min[j]
                + ", max "
                + max[j]
                + ", mean "
                + mean[j]);
      }
      if (min[j] > max[j]) {
        throw new IllegalArgumentException(
            "latent " + j + " has min " + min[j] + " above max " + max[j]);
      }
    }
  }

  /**
   * Statistics of a set of latent codes.
   *
   * @param z {@code z[sample][latent]}, finite
   * @return the statistics
   */
  public static LatentStats of(float[][] z) {
    Builder b = new Builder();
    b.add(z);
    return b.build();
  }

  /**
   * The number of latents.
   *
   * @return the count
   */
  public int numLatents() {
    return min.length;
  }

  /**
   * The minimum of latent j.
   *
   * @param j the latent
   * @return the minimum
   */
  public double min(int j) {
    return min[j];
  }

  /**
   * The maximum of latent j.
   *
   * @param j the latent
   * @return the maximum
   */
  public double max(int j) {
    return max[j];
  }

  /**
   * The mean of latent j.
   *
   * @param j the latent
   * @return the mean
   */
  public double mean(int j) {
    return mean[j];
  }

  @Override
  public double[] min() {
    return min.clone();
  }

  @Override
  public double[] max() {
    return max.clone();
  }

  @Override
  public double[] mean() {
    return mean.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LatentStats s
        && count == s.count
        && Arrays.equals(min, s.min)
        && Arrays.equals(max, s.max)
        && Arrays.equals(mean, s.mean);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(min) * 31 + Arrays.hashCode(max) * 17 + Arrays.hashCode(mean);
  }

  @Override
  public String toString() {
    return RecordText.of("LatentStats", "count", count, "min", min, "max", max, "mean", mean);
  }

  /**
   * Accumulates statistics over chunks, in sample order (a long job adds its chunks one by one and
   * gets the same numbers as {@link LatentStats#of} on all rows at once).
   */
  public static final class Builder {
    private double[] min;
    private double[] max;
    private double[] sum;
    private long count;

    /** An empty builder. */
    public Builder() {}

    /**
     * Adds rows.
     *
     * @param z {@code z[sample][latent]}, finite, every row as long as the first one ever added
     * @return this builder
     */
    public Builder add(float[][] z) {
      for (int i = 0; i < z.length; i++) {
        float[] row = z[i];
        if (min == null) {
          if (row.length == 0) {
            throw new IllegalArgumentException("latent row " + i + " is empty");
          }
          min = new double[row.length];
          max = new double[row.length];
          sum = new double[row.length];
          Arrays.fill(min, Double.POSITIVE_INFINITY);
          Arrays.fill(max, Double.NEGATIVE_INFINITY);
        }
        if (row.length != min.length) {
          throw new IllegalArgumentException(
              "latent row " + count + " has " + row.length + " values, expected " + min.length);
        }
        for (int j = 0; j < row.length; j++) {
          double v = row[j];
          if (!Double.isFinite(v)) {
            throw new IllegalArgumentException(
                "latent value " + v + " at sample " + count + ", latent " + j + " is not finite");
          }
          min[j] = Math.min(min[j], v);
          max[j] = Math.max(max[j], v);
          sum[j] += v;
        }
        count++;
      }
      return this;
    }

    /**
     * The number of rows added.
     *
     * @return the count
     */
    public long count() {
      return count;
    }

    /**
     * The statistics of everything added.
     *
     * @return the statistics
     * @throws IllegalArgumentException when nothing was added
     */
    public LatentStats build() {
      if (count == 0) {
        throw new IllegalArgumentException("no latent rows were added");
      }
      double[] mean = new double[sum.length];
      for (int j = 0; j < sum.length; j++) {
        mean[j] = sum[j] / count;
      }
      return new LatentStats(min, max, mean, count);
    }
  }
}
