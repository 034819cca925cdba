package dev.candela.metrics.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.liblinear.Feature;
import de.bwaldvogel.liblinear.Linear;
import de.bwaldvogel.liblinear.Model;
import de.bwaldvogel.liblinear.Parameter;
import de.bwaldvogel.liblinear.SolverType;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The dense solver against liblinear-java's own Linear.train and predictProbability, bit for bit.
 */
class DenseLogisticRegressionTest {

  @ParameterizedTest
  @CsvSource({"300, 5, 2, 1", "500, 8, 3, 2", "800, 12, 40, 3", "400, 6, 7, 4"})
  void weightsAndProbabilitiesAreLiblinearsBitForBit(int rows, int cols, int classes, long seed) {
    Random rnd = new Random(seed);
    int[] y = new int[rows];
    float[][] zf = new float[cols][rows];
    double[][] z = new double[cols][rows];
    for (int i = 0; i < rows; i++) {
      y[i] = rnd.nextInt(classes) + 3 * (int) seed;
      for (int j = 0; j < cols; j++) {
        zf[j][i] = (float) (rnd.nextGaussian() + (j % classes == y[i] % classes ? 1.5 : 0));
        z[j][i] = zf[j][i];
      }
    }
    LiblinearSupport.init();
    int[] all = new int[cols];
    for (int j = 0; j < cols; j++) {
      all[j] = j;
    }
    Feature[][] x = LiblinearSupport.rows(zf, all);
    Parameter p = new Parameter(SolverType.L2R_LR, 1.0, 1e-4);
    p.setMaxIters(100);
    Model ref = Linear.train(LiblinearSupport.problem(x, y), p);
    DenseLogisticRegression dense = DenseLogisticRegression.fit(z, y, 1.0, 1e-4, 100);
    assertArrayEquals(ref.getLabels(), dense.labels());
    int models = classes == 2 ? 1 : classes;
    double[] w = ref.getFeatureWeights();
    for (int k = 0; k < models; k++) {
      double[] dw = dense.weights(k);
      for (int j = 0; j <= cols; j++) {
        assertEquals(w[j * models + k], dw[j], 0.0, "class " + k + " feature " + j);
      }
    }
    double[][] prob = dense.probabilities(z);
    double[] est = new double[classes];
    for (int i = 0; i < rows; i++) {
      Linear.predictProbability(ref, x[i], est);
      for (int k = 0; k < classes; k++) {
        assertEquals(est[k], prob[k][i], 0.0, "row " + i + " class " + k);
      }
    }
    assertTrue(dense.weights(0)[0] != 0.0, "the fit moved off zero");
  }

  @org.junit.jupiter.api.Test
  void oneClassIsRefusedWithItsLabel() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                DenseLogisticRegression.fit(
                    new double[][] {{1, 2}}, new int[] {4, 4}, 1, 1e-4, 10));
    assertEquals("logistic regression needs at least two classes, got only [4]", e.getMessage());
  }
}
