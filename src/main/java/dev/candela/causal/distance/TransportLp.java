package dev.candela.causal.distance;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;

/**
 * The textbook baseline for the exact Wasserstein distance: the transport linear program solved by
 * a general simplex solver (commons-math). {@link Wasserstein} gives the same optimum faster.
 */
public final class TransportLp {
  private TransportLp() {}

  /**
   * The exact W1 between two equal-size samples by the k×k transport linear program.
   *
   * @param a the first sample, {@code k} rows
   * @param b the second sample, {@code k} rows
   * @return the optimal transport cost with the Euclidean ground metric and weights 1/k
   */
  public static double w1(double[][] a, double[][] b) {
    int k = a.length;
    double[] c = new double[k * k];
    for (int i = 0; i < k; i++) {
      for (int j = 0; j < k; j++) {
        double s = 0;
        for (int q = 0; q < a[i].length; q++) {
          s += (a[i][q] - b[j][q]) * (a[i][q] - b[j][q]);
        }
        c[i * k + j] = Math.sqrt(s);
      }
    }
    List<LinearConstraint> cons = new ArrayList<>();
    for (int i = 0; i < k; i++) {
      double[] row = new double[k * k];
      double[] col = new double[k * k];
      for (int j = 0; j < k; j++) {
        row[i * k + j] = 1;
        col[j * k + i] = 1;
      }
      cons.add(new LinearConstraint(row, Relationship.EQ, 1.0 / k));
      if (i < k - 1) {
        cons.add(new LinearConstraint(col, Relationship.EQ, 1.0 / k));
      }
    }
    PointValuePair sol =
        new SimplexSolver()
            .optimize(
                new MaxIter(1_000_000),
                new LinearObjectiveFunction(c, 0),
                new LinearConstraintSet(cons),
                GoalType.MINIMIZE,
                new NonNegativeConstraint(true));
    return sol.getValue();
  }
}
