package dev.candela.causal.fit;

import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Variable;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.linear.SingularMatrixException;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * Least-squares linear-Gaussian SCM on a given DAG: each variable is regressed on its parents with
 * an intercept by ordinary least squares (commons-math {@link OLSMultipleLinearRegression}); the
 * noise standard deviation is {@code sqrt(RSS / (n − p − 1))} ({@code p} parents). A root gets the
 * sample mean as intercept and the sample standard deviation ({@code n − 1}) as noise.
 */
public final class LinearGaussianFit {
  private LinearGaussianFit() {}

  /**
   * Fits the SCM.
   *
   * @param dag the DAG (node {@code i} is column {@code i} of the data)
   * @param data {@code n × dag.size()} finite values
   * @return the fitted model
   * @throws IllegalArgumentException for too few rows, non-finite values or collinear parents
   *     (naming the variable)
   */
  public static CausalModel fit(Dag dag, double[][] data) {
    int d = dag.size();
    int n = data.length;
    for (int r = 0; r < n; r++) {
      if (data[r].length != d) {
        throw new IllegalArgumentException(
            "data row " + r + " has " + data[r].length + " columns, expected " + d);
      }
      for (int i = 0; i < d; i++) {
        if (!Double.isFinite(data[r][i])) {
          throw new IllegalArgumentException(
              "variable '" + dag.name(i) + "' row " + r + " is not finite: " + data[r][i]);
        }
      }
    }
    List<Variable> vars = new ArrayList<>();
    for (int i = 0; i < d; i++) {
      int[] pa = dag.parents(i);
      if (n < pa.length + 2) {
        throw new IllegalArgumentException(
            "variable '" + dag.name(i) + "' has " + pa.length + " parents but only " + n + " rows");
      }
      List<String> parentNames = new ArrayList<>();
      for (int p : pa) {
        parentNames.add(dag.name(p));
      }
      double[] y = new double[n];
      for (int r = 0; r < n; r++) {
        y[r] = data[r][i];
      }
      AdditiveNoise mech;
      if (pa.length == 0) {
        double mean = 0;
        for (double v : y) {
          mean += v;
        }
        mean /= n;
        double ss = 0;
        for (double v : y) {
          ss += (v - mean) * (v - mean);
        }
        mech = AdditiveNoise.linearGaussian(new double[0], mean, Math.sqrt(ss / (n - 1)));
      } else {
        double[][] x = new double[n][pa.length];
        for (int r = 0; r < n; r++) {
          for (int j = 0; j < pa.length; j++) {
            x[r][j] = data[r][pa[j]];
          }
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.newSampleData(y, x);
        double[] beta;
        double var;
        try {
          beta = ols.estimateRegressionParameters();
          var = ols.estimateErrorVariance();
        } catch (SingularMatrixException e) {
          throw new IllegalArgumentException(
              "variable '" + dag.name(i) + "': parents " + parentNames + " are collinear", e);
        }
        double[] w = new double[pa.length];
        System.arraycopy(beta, 1, w, 0, pa.length);
        mech = AdditiveNoise.linearGaussian(w, beta[0], Math.sqrt(Math.max(0, var)));
      }
      vars.add(new Variable(dag.name(i), parentNames, false, mech));
    }
    return new CausalModel(vars);
  }
}
