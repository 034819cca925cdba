package dev.candela.causal.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.Models;
import dev.candela.causal.model.CausalModel;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class QueryTest {
  private static final double EXACT = 1e-12;

  /**
   * Monte Carlo tolerance for 200k draws of unit-variance quantities (about 10 standard errors).
   */
  private static final double MC = 0.025;

  @Test
  void discreteJointByHand() {
    CausalModel m = Models.chain2(0.4, 0.2, 0.7);
    double[] j = DiscreteJoint.joint(m, Intervention.none());
    // index = 2*A + B
    assertArrayEquals(new double[] {0.6 * 0.8, 0.6 * 0.2, 0.4 * 0.3, 0.4 * 0.7}, j, EXACT);
    double[] jb = DiscreteJoint.marginal(m, j, new int[] {1});
    assertArrayEquals(new double[] {0.48 + 0.12, 0.12 + 0.28}, jb, EXACT);
    double[] doA1 = DiscreteJoint.joint(m, Intervention.of(0, 1));
    assertArrayEquals(new double[] {0, 0, 0.3, 0.7}, doA1, EXACT);
    double[] doB1 = DiscreteJoint.joint(m, Intervention.of(1, 1));
    assertArrayEquals(new double[] {0, 0.6, 0, 0.4}, doB1, EXACT);
  }

  @Test
  void discreteCounterfactualByHand() {
    CausalModel m = Models.chain2(0.5, 0.2, 0.7);
    // Evidence A=0, B=0: U_B in [0, 0.8). Under do(A=1), B=0 iff U_B < 0.3: 0.3/0.8.
    double[] cf =
        Counterfactuals.discrete(m, new int[] {0, 1}, new int[] {0, 0}, Intervention.of(0, 1));
    assertArrayEquals(new double[] {0, 0, 0.375, 0.625}, cf, EXACT);
    // Evidence B=1 only: worlds (A=0,B=1) w=0.1, (A=1,B=1) w=0.35, normalised by 0.45.
    // (A=0,B=1): U_B in [0.8,1) -> under do(A=1) B=1 (interval [0.3,1)) surely.
    // (A=1,B=1): U_B in [0.3,1), under do(A=1) unchanged: B=1.
    double[] cf2 = Counterfactuals.discrete(m, new int[] {1}, new int[] {1}, Intervention.of(0, 1));
    assertArrayEquals(new double[] {0, 0, 0, 1}, cf2, EXACT);
    // Same evidence, do(A=0): world A=1 with U_B in [0.3,1) -> B=1 iff U_B >= 0.8: 0.2/0.7.
    double[] cf3 = Counterfactuals.discrete(m, new int[] {1}, new int[] {1}, Intervention.of(0, 0));
    double pB1 = (0.1 + 0.35 * (0.2 / 0.7)) / 0.45;
    assertArrayEquals(new double[] {1 - pB1, pB1, 0, 0}, cf3, EXACT);
  }

  @Test
  void zeroProbabilityEvidenceIsNamed() {
    CausalModel m = Models.chain2(0.0, 0.2, 0.7);
    String msg =
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    Counterfactuals.discrete(m, new int[] {0}, new int[] {1}, Intervention.none()))
            .getMessage();
    assertEquals("evidence {A=1} has probability 0", msg);
  }

  @Test
  void additiveCounterfactualIsExact() {
    CausalModel m = Models.lg2(2.0, 1.0, 1.0);
    // Evidence X=1, Y=3 -> u_Y = 1. do(X=-1): Y' = -2 + 1 = -1.
    double[] cf = Counterfactuals.additive(m, new double[] {1, 3}, Intervention.of(0, -1));
    assertArrayEquals(new double[] {-1, -1}, cf, EXACT);
  }

  @Test
  void linearGaussianPartialEvidenceByHand() {
    CausalModel m = Models.lg2(2.0, 1.0, 1.0);
    // Y=2 observed: E[u_Y | Y=2] = 2/5 = 0.4, Var = 1 - 1/5 = 0.8. do(X=1): Y' = 2 + u_Y.
    LinearGaussian.Gaussian g =
        LinearGaussian.counterfactual(m, new int[] {1}, new double[] {2}, Intervention.of(0, 1));
    assertArrayEquals(new double[] {1, 2.4}, g.mean(), EXACT);
    assertEquals(0.8, g.cov()[1][1], EXACT);
    assertEquals(0.0, g.cov()[0][0], EXACT);
    LinearGaussian.Gaussian obs = LinearGaussian.distribution(m, Intervention.none());
    assertEquals(5.0, obs.cov()[1][1], EXACT);
    assertEquals(2.0, obs.cov()[0][1], EXACT);
  }

  @Test
  void samplingIsSeededAndMatchesMoments() {
    CausalModel m = Models.lg2(2.0, 1.0, 1.0);
    double[][] a = Sampler.sample(m, Intervention.none(), 1000, new SplittableRandom(7));
    double[][] b = Sampler.sample(m, Intervention.none(), 1000, new SplittableRandom(7));
    assertTrue(java.util.Arrays.deepEquals(a, b));
    double[][] s = Sampler.sample(m, Intervention.of(0, 1.5), 200_000, new SplittableRandom(1));
    double mean = 0;
    double sq = 0;
    for (double[] r : s) {
      assertEquals(1.5, r[0], EXACT);
      mean += r[1];
      sq += r[1] * r[1];
    }
    mean /= s.length;
    assertEquals(3.0, mean, MC);
    assertEquals(1.0, sq / s.length - mean * mean, 2 * MC);
  }

  @Test
  void discreteSamplingMatchesJoint() {
    CausalModel m = Models.chain2(0.4, 0.2, 0.7);
    double[][] s = Sampler.sample(m, Intervention.none(), 200_000, new SplittableRandom(3));
    double[] freq = new double[4];
    for (double[] r : s) {
      freq[(int) (2 * r[0] + r[1])] += 1.0 / s.length;
    }
    assertArrayEquals(DiscreteJoint.joint(m, Intervention.none()), freq, 0.01);
  }

  @Test
  void parsesInterventionLabels() {
    CausalModel m = Models.chain2(0.4, 0.2, 0.7);
    Intervention iv = Intervention.parse(m, "B=1");
    assertEquals(1.0, iv.valueOf(1), EXACT);
    String msg =
        assertThrows(IllegalArgumentException.class, () -> Intervention.parse(m, "B=maybe"))
            .getMessage();
    assertTrue(msg.contains("variable 'B' has no value 'maybe'"), msg);
  }
}
