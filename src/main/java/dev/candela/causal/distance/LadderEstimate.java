package dev.candela.causal.distance;

/**
 * OD, ID and CD with their uncertainty ({@link LadderDistances#estimate}).
 *
 * <p>For a distance {@code D̂} estimated from samples, {@link #se} is the standard deviation of
 * {@code D̂} over {@code R} independent replicate runs (fresh do-values, evidence rows and draws):
 * the standard error of the one reported value. {@link #nullMean} is the mean of the same estimator
 * between the truth and itself with independent draws on the two sides: the value an estimator of
 * this size gives when there is nothing to find. Read a distance against both: a model is
 * measurably different from the truth when its value exceeds the null by several standard errors.
 *
 * @param result the reported run (replicate 0)
 * @param values per replicate, {@code {od, id, cd}}; row 0 is {@code result}
 * @param nulls per null run, {@code {od, id, cd}} of the truth against itself
 */
public record LadderEstimate(LadderResult result, double[][] values, double[][] nulls) {
  /** The metric ids, in the column order of {@code values} and {@code nulls}. */
  public static final java.util.List<String> METRICS = java.util.List.of("od", "id", "cd");

  /** Validates and copies. */
  public LadderEstimate {
    if (values.length == 0 || nulls.length == 0) {
      throw new IllegalArgumentException("need at least one replicate and one null run");
    }
    values = copy(values);
    nulls = copy(nulls);
  }

  private static double[][] copy(double[][] a) {
    double[][] c = new double[a.length][];
    for (int i = 0; i < a.length; i++) {
      if (a[i].length != 3) {
        throw new IllegalArgumentException("a replicate row has " + a[i].length + " values, not 3");
      }
      c[i] = a[i].clone();
    }
    return c;
  }

  @Override
  public double[][] values() {
    return copy(values);
  }

  @Override
  public double[][] nulls() {
    return copy(nulls);
  }

  /**
   * The number of replicate runs behind {@link #se}.
   *
   * @return the count (1 for exact distances)
   */
  public int replicates() {
    return values.length;
  }

  /**
   * The standard error of a distance: the sample standard deviation over the replicates, 0 with a
   * single (exact) run.
   *
   * @param metric {@code od}, {@code id} or {@code cd}
   * @return the standard error
   */
  public double se(String metric) {
    return sd(column(values, metric));
  }

  /**
   * The null baseline of a distance: the mean of the truth-against-itself runs.
   *
   * @param metric {@code od}, {@code id} or {@code cd}
   * @return the null baseline
   */
  public double nullMean(String metric) {
    double[] c = column(nulls, metric);
    double s = 0;
    for (double v : c) {
      s += v;
    }
    return s / c.length;
  }

  /**
   * The standard error of the null baseline's mean ({@code sd / √runs}).
   *
   * @param metric {@code od}, {@code id} or {@code cd}
   * @return the standard error of {@link #nullMean}
   */
  public double nullSe(String metric) {
    double[] c = column(nulls, metric);
    return sd(c) / Math.sqrt(c.length);
  }

  /**
   * The replicate values of a distance.
   *
   * @param metric {@code od}, {@code id} or {@code cd}
   * @return one value per replicate, the reported one first
   */
  public double[] replicateValues(String metric) {
    return column(values, metric);
  }

  /**
   * The null-run values of a distance.
   *
   * @param metric {@code od}, {@code id} or {@code cd}
   * @return one value per null run
   */
  public double[] nullValues(String metric) {
    return column(nulls, metric);
  }

  private static double[] column(double[][] rows, String metric) {
    int j = METRICS.indexOf(metric);
    if (j < 0) {
      throw new IllegalArgumentException(
          "unknown ladder metric '" + metric + "', known " + METRICS);
    }
    double[] c = new double[rows.length];
    for (int r = 0; r < rows.length; r++) {
      c[r] = rows[r][j];
    }
    return c;
  }

  private static double sd(double[] c) {
    if (c.length < 2) {
      return 0;
    }
    return new org.apache.commons.math3.stat.descriptive.moment.StandardDeviation(true).evaluate(c);
  }
}
