package dev.candela.causal.fit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import java.util.List;
import org.junit.jupiter.api.Test;

class FitTest {
  private static final double EXACT = 1e-12;
  private static final double OLS = 1e-10;
  private static final Dag AB = Dag.of(List.of("A", "B"), new int[][] {{0, 1}, {0, 0}});

  @Test
  void discreteCountsWithAndWithoutSmoothing() {
    List<List<String>> values = List.of(List.of("0", "1"), List.of("x", "y", "z"));
    int[][] data = {{0, 0}, {0, 0}, {0, 1}, {1, 2}};
    CausalModel ml = DiscreteFit.fromData(AB, values, data, 0);
    Cpt a = (Cpt) ml.variable(0).mechanism();
    Cpt b = (Cpt) ml.variable(1).mechanism();
    assertArrayEquals(new double[] {0.75, 0.25}, a.table()[0], EXACT);
    assertArrayEquals(new double[] {2.0 / 3, 1.0 / 3, 0}, b.table()[0], EXACT);
    assertArrayEquals(new double[] {0, 0, 1}, b.table()[1], EXACT);
    CausalModel lap = DiscreteFit.fromData(AB, values, data, 1);
    Cpt bl = (Cpt) lap.variable(1).mechanism();
    assertArrayEquals(new double[] {3.0 / 6, 2.0 / 6, 1.0 / 6}, bl.table()[0], EXACT);
    assertArrayEquals(new double[] {1.0 / 4, 1.0 / 4, 2.0 / 4}, bl.table()[1], EXACT);
    String msg =
        assertThrows(
                IllegalArgumentException.class,
                () -> DiscreteFit.fromData(AB, values, new int[][] {{0, 3}}, 0))
            .getMessage();
    assertEquals("variable 'B' row 0 has value index 3", msg);
  }

  @Test
  void unseenParentConfigurationIsUniformWithoutSmoothing() {
    List<List<String>> values = List.of(List.of("0", "1"), List.of("0", "1"));
    CausalModel ml = DiscreteFit.fromData(AB, values, new int[][] {{0, 1}}, 0);
    assertArrayEquals(
        new double[] {0.5, 0.5}, ((Cpt) ml.variable(1).mechanism()).table()[1], EXACT);
  }

  @Test
  void leastSquaresByHand() {
    Dag xy = Dag.of(List.of("X", "Y"), new int[][] {{0, 1}, {0, 0}});
    double[][] data = {{0, 1}, {1, 3}, {2, 5}, {3, 8}};
    CausalModel m = LinearGaussianFit.fit(xy, data);
    AdditiveNoise y = (AdditiveNoise) m.variable(1).mechanism();
    // Sxy = 11.5, Sxx = 5: slope 2.3, intercept 4.25 - 3.45 = 0.8, RSS = 0.3, dof 2.
    assertEquals(2.3, y.weight(0), OLS);
    assertEquals(0.8, y.intercept(), OLS);
    assertEquals(Math.sqrt(0.15), y.noise().scale(), OLS);
    AdditiveNoise x = (AdditiveNoise) m.variable(0).mechanism();
    assertEquals(1.5, x.intercept(), OLS);
    assertEquals(Math.sqrt(5.0 / 3), x.noise().scale(), OLS);
    assertTrue(m.isLinearGaussian());
  }

  @Test
  void latentGroupsAreAveragedAndStandardised() {
    Dag xy = Dag.of(List.of("F0", "F1"), new int[][] {{0, 1}, {0, 0}});
    double[][] z = {{0, 0, 1}, {2, 2, 3}, {4, 4, 5}, {6, 6, 8}};
    // Group F0 = dims {0,1} -> 0,2,4,6; F1 = dim {2} -> 1,3,5,8; after standardising the slope is
    // the correlation.
    CausalModel m = LatentScmFit.fit(z, new int[][] {{0, 1}, {2}}, xy);
    AdditiveNoise f1 = (AdditiveNoise) m.variable(1).mechanism();
    double r = 11.5 / Math.sqrt(5 * 26.75);
    assertEquals(r, f1.weight(0), OLS);
    assertEquals(0.0, f1.intercept(), OLS);
    String msg =
        assertThrows(
                IllegalArgumentException.class,
                () -> LatentScmFit.fit(z, new int[][] {{0}, {7}}, xy))
            .getMessage();
    assertEquals("factor 'F1' latent dimension 7 out of range", msg);
  }

  @Test
  void latentGroupsCalibratedToFactorValuesTakeTheirSignMeanAndSd() {
    Dag xy = Dag.of(List.of("F0", "F1"), new int[][] {{0, 1}, {0, 0}});
    double[][] z = {{0, 0, 1}, {2, 2, 3}, {4, 4, 5}, {6, 6, 8}};
    // F0's values fall as its group (0,2,4,6) rises: the sign flips and Z0 becomes 3,2,1,0 exactly.
    double[][] values = {{3, 2, 1, 0}, {0, 1, 2, 3}};
    CausalModel m = LatentScmFit.fit(z, new int[][] {{0, 1}, {2}}, xy, values);
    AdditiveNoise x = (AdditiveNoise) m.variable(0).mechanism();
    assertEquals(1.5, x.intercept(), OLS);
    assertEquals(Math.sqrt(5.0 / 3), x.noise().scale(), OLS);
    // Both columns have sd sqrt(5/3), so the slope is corr(Z0, Z1) = -r, through the means 1.5.
    double r = 11.5 / Math.sqrt(5 * 26.75);
    AdditiveNoise y = (AdditiveNoise) m.variable(1).mechanism();
    assertEquals(-r, y.weight(0), OLS);
    assertEquals(1.5 * (1 + r), y.intercept(), OLS);
    String msg =
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    LatentScmFit.fit(
                        z, new int[][] {{0}, {2}}, xy, new double[][] {{1, 1, 1, 1}, {0, 1, 2, 3}}))
            .getMessage();
    assertEquals("factor 'F0' is constant; it has no scale", msg);
  }
}
