package dev.candela.causal.fit;

import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.correlation.Covariance;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * A latent causal model: a linear-Gaussian SCM over the factor-aligned latent groups {@code Z_I} of
 * an encoded dataset (for example the groups IRS assigns to each factor), fitted by least squares
 * on the factors' DAG. Each group is summarised by the mean of its latent dimensions, then
 * standardised to zero mean and unit variance (latent scales are arbitrary), before {@link
 * LinearGaussianFit}. Compare the result with the dataset's ground-truth SCM over factors with
 * z-normalised OD/ID/CD (the distances then ignore the arbitrary latent scale and offset; the sign
 * of a group is not identified and is taken as encoded).
 */
public final class LatentScmFit {
  private LatentScmFit() {}

  /**
   * Fits the SCM over latent groups.
   *
   * @param latents {@code n × L} latent codes
   * @param groups for each DAG node (factor), the latent dimensions of its group, non-empty
   * @param factorDag the DAG over factors, node {@code i} is group {@code i}
   * @return the fitted linear-Gaussian SCM with the DAG's names
   * @throws IllegalArgumentException for a group/DAG size mismatch, an empty group, a dimension out
   *     of range (naming the factor) or a constant group
   */
  public static CausalModel fit(double[][] latents, int[][] groups, Dag factorDag) {
    return fit(latents, groups, factorDag, null);
  }

  /**
   * Fits the SCM over latent groups calibrated to the factors' units: each standardised group
   * {@code g} becomes {@code Z = mean(t) + sign · sd(t) · g}, where {@code t} is the factor's value
   * per row and {@code sign} makes {@code corr(Z, t) >= 0}. A latent group's sign, offset and scale
   * are not identified; this puts them in the factor's units, so a do-value or an evidence value
   * means the same number in the latent model as in a ground-truth model over the factor values
   * (with {@code t} the codes {@code 0..K−1}: the value indices of a discrete ground truth).
   *
   * @param latents {@code n × L} latent codes
   * @param groups for each DAG node (factor), the latent dimensions of its group, non-empty
   * @param factorDag the DAG over factors, node {@code i} is group {@code i}
   * @param factorValues {@code d × n}: per DAG node, the factor's value on each row; {@code null}
   *     keeps the groups standardised
   * @return the fitted linear-Gaussian SCM with the DAG's names
   * @throws IllegalArgumentException as {@link #fit(double[][], int[][], Dag)}, and for a factor
   *     column of the wrong length or a constant factor
   */
  public static CausalModel fit(
      double[][] latents, int[][] groups, Dag factorDag, double[][] factorValues) {
    return LinearGaussianFit.fit(
        factorDag, groupValues(latents, groups, factorDag.names(), factorValues));
  }

  /**
   * The value of each group on each row, as {@link #fit} regresses them: the mean of the group's
   * latent dimensions, standardised, and mapped onto the factor's units when {@code factorValues}
   * is given.
   *
   * @param latents {@code n × L} latent codes
   * @param groups for each factor, the latent dimensions of its group, non-empty
   * @param names the factor names, one per group
   * @param factorValues {@code d × n}: per factor, its value on each row; {@code null} keeps the
   *     groups standardised
   * @return {@code n × d} group values
   * @throws IllegalArgumentException as {@link #fit(double[][], int[][], Dag, double[][])}
   */
  public static double[][] groupValues(
      double[][] latents, int[][] groups, java.util.List<String> names, double[][] factorValues) {
    int width = latents.length == 0 ? 0 : latents[0].length;
    return groupValues(latents.length, width, (r, z) -> latents[r][z], groups, names, factorValues);
  }

  /**
   * The group values of {@link #groupValues(double[][], int[][], java.util.List, double[][])} from
   * latent-major float32 columns, read in place (no row-major copy of the latents).
   *
   * @param columns {@code L × n} latent codes, {@code columns[z][r]}
   * @param groups for each factor, the latent dimensions of its group, non-empty
   * @param names the factor names, one per group
   * @param factorValues {@code d × n}, or {@code null}
   * @return {@code n × d} group values
   * @throws IllegalArgumentException as {@link #fit(double[][], int[][], Dag, double[][])}
   */
  public static double[][] groupValues(
      float[][] columns, int[][] groups, java.util.List<String> names, double[][] factorValues) {
    int n = columns.length == 0 ? 0 : columns[0].length;
    return groupValues(n, columns.length, (r, z) -> columns[z][r], groups, names, factorValues);
  }

  /** Latent z of row r. */
  private interface Latents {
    double at(int r, int z);
  }

  private static double[][] groupValues(
      int n,
      int width,
      Latents latents,
      int[][] groups,
      java.util.List<String> names,
      double[][] factorValues) {
    int d = names.size();
    if (factorValues != null && factorValues.length != d) {
      throw new IllegalArgumentException(
          factorValues.length + " factor columns for " + d + " factors");
    }
    if (groups.length != d) {
      throw new IllegalArgumentException(groups.length + " latent groups for " + d + " factors");
    }
    double[][] data = new double[n][d];
    for (int i = 0; i < d; i++) {
      if (groups[i].length == 0) {
        throw new IllegalArgumentException("factor '" + names.get(i) + "' has no latents");
      }
      for (int z : groups[i]) {
        if (z < 0 || z >= width) {
          throw new IllegalArgumentException(
              "factor '" + names.get(i) + "' latent dimension " + z + " out of range");
        }
      }
      for (int r = 0; r < n; r++) {
        double s = 0;
        for (int z : groups[i]) {
          s += latents.at(r, z);
        }
        data[r][i] = s / groups[i].length;
      }
      double[] column = column(data, i);
      double mean = StatUtils.mean(column);
      double sd = new StandardDeviation(true).evaluate(column, mean);
      if (!(sd > 0)) {
        throw new IllegalArgumentException(
            "factor '" + names.get(i) + "': its latent group is constant");
      }
      for (int r = 0; r < n; r++) {
        data[r][i] = (data[r][i] - mean) / sd;
      }
      if (factorValues != null) {
        calibrate(data, i, factorValues[i], names.get(i));
      }
    }
    return data;
  }

  /** Maps standardised column i onto the mean, sd and sign of the factor's values. */
  private static void calibrate(double[][] data, int i, double[] t, String name) {
    int n = data.length;
    if (t.length != n) {
      throw new IllegalArgumentException(
          "factor '" + name + "' has " + t.length + " values for " + n + " rows");
    }
    double mean = StatUtils.mean(t);
    double sd = new StandardDeviation(true).evaluate(t, mean);
    if (!(sd > 0)) {
      throw new IllegalArgumentException("factor '" + name + "' is constant; it has no scale");
    }
    double cov = new Covariance().covariance(t, column(data, i));
    double sign = cov < 0 ? -1 : 1;
    for (int r = 0; r < n; r++) {
      data[r][i] = mean + sign * sd * data[r][i];
    }
  }

  private static double[] column(double[][] data, int i) {
    double[] c = new double[data.length];
    for (int r = 0; r < c.length; r++) {
      c[r] = data[r][i];
    }
    return c;
  }
}
