package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.Models;
import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Variable;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class InterventionalTvTest {
  private static final double EXACT = 1e-12;

  /** Trapezoid integration error on a 1e-4 grid. */
  private static final double QUADRATURE = 1e-7;

  private static final NormalDistribution STD = new NormalDistribution(0, 1);

  @Test
  void oneWeightDifferenceIsTwoPhiMinusOne() {
    // do(X=2): Y ~ N(2w, 1). w = 1 vs 1.5: delta = 1, sigma = 1 -> 2 Phi(1/2) - 1.
    CausalModel t = Models.lg2(1.0, 1.0, 1.0);
    CausalModel m = Models.lg2(1.5, 1.0, 1.0);
    TvResult r = InterventionalTv.tv(t, m, "X=2", List.of("Y"), 0, 0);
    assertEquals(2 * STD.cumulativeProbability(0.5) - 1, r.value(), EXACT);
    assertEquals("closed-form-normal", r.method());
    assertEquals(r.value(), InterventionalTv.tv(m, t, "X=2", List.of("Y"), 0, 0).value(), EXACT);
  }

  @Test
  void unequalVariancesMatchQuadrature() {
    double[][] cases = {{0, 1, 0, 2}, {0, 1, 1.5, 0.5}, {-1, 3, 2, 1}};
    for (double[] c : cases) {
      double numeric = 0;
      double h = 1e-4;
      for (double x = -40; x < 40; x += h) {
        double p = density(x, c[0], c[1]);
        double q = density(x, c[2], c[3]);
        double p2 = density(x + h, c[0], c[1]);
        double q2 = density(x + h, c[2], c[3]);
        numeric += 0.25 * h * (Math.abs(p - q) + Math.abs(p2 - q2));
      }
      assertEquals(numeric, InterventionalTv.normal(c[0], c[1], c[2], c[3]), QUADRATURE);
    }
  }

  private static double density(double x, double m, double s) {
    return Math.exp(-0.5 * (x - m) * (x - m) / (s * s)) / (s * Math.sqrt(2 * Math.PI));
  }

  @Test
  void discreteExactByHand() {
    CausalModel t = Models.chain2(0.5, 0.2, 0.7);
    CausalModel r = Models.reversed2(0.45, 0.15 / 0.55, 0.35 / 0.45);
    // do(A=1): truth B ~ Bern(0.7); reversed model B ~ Bern(0.45).
    assertEquals(0.25, InterventionalTv.tv(t, r, "A=1", List.of("B"), 0, 0).value(), EXACT);
    assertEquals(0.0, InterventionalTv.summary(t, t, InterventionalTv.DEFAULT_VALUES).get("sum"));
    // do(B=b) on A: |0.5 - 3/11| and |0.5 - 7/9|; do(A=a) on B: 0.25 each.
    double expected = 0.25 + (Math.abs(0.5 - 3.0 / 11) + Math.abs(0.5 - 7.0 / 9)) / 2;
    assertEquals(
        expected,
        InterventionalTv.summary(t, r, InterventionalTv.DEFAULT_VALUES).get("sum"),
        1e-12);
  }

  @Test
  void severalOutcomesWithDifferentCovariancesMonteCarloMatchesFactorisedClosedForm() {
    // X -> Y, X -> Z; under do(X=1) Y and Z are independent and Z's law is the same in both
    // models, so TV((Y,Z)) = TV(Y): N(1, 1) against N(1.5, 1.5²), the one-outcome closed form.
    CausalModel t = fork(1.0, 1.0);
    CausalModel m = fork(1.5, 1.5);
    TvResult r = InterventionalTv.tv(t, m, "X=1", List.of("Y", "Z"), 200_000, 11);
    double exact = InterventionalTv.normal(1, 1, 1.5, 1.5);
    assertEquals("monte-carlo-density-ratio", r.method());
    assertTrue(r.standardError() > 0 && r.standardError() < 0.002, "se " + r.standardError());
    assertEquals(exact, r.value(), 5 * r.standardError());
  }

  @Test
  void severalOutcomesWithASharedCovarianceUseTheClosedForm() {
    // Same fork with equal noise: a mean shift of 0.5 in Y only, TV = 2 Phi(0.5/2) - 1.
    TvResult r =
        InterventionalTv.tv(fork(1.0, 1.0), fork(1.5, 1.0), "X=1", List.of("Y", "Z"), 10, 1);
    assertEquals("closed-form-normal-shared-covariance", r.method());
    assertEquals(2 * STD.cumulativeProbability(0.25) - 1, r.value(), EXACT);
    // Correlated outcomes: Y -> Z in both models, Y's mean shifted by 0.8 under do(X=1); the law of
    // Z given Y is the same, so TV((Y, Z)) = TV(Y) = 2 Phi(0.4) - 1 (Mahalanobis distance 0.8).
    TvResult c = InterventionalTv.tv(chain(1.0), chain(1.8), "X=1", List.of("Z", "Y"), 10, 1);
    assertEquals("closed-form-normal-shared-covariance", c.method());
    assertEquals(2 * STD.cumulativeProbability(0.4) - 1, c.value(), EXACT);
  }

  private static CausalModel chain(double wy) {
    return new CausalModel(
        List.of(
            new Variable("X", List.of(), false, AdditiveNoise.linearGaussian(new double[0], 0, 1)),
            new Variable(
                "Y", List.of("X"), false, AdditiveNoise.linearGaussian(new double[] {wy}, 0, 1)),
            new Variable(
                "Z",
                List.of("Y"),
                false,
                AdditiveNoise.linearGaussian(new double[] {0.7}, 0, 0.5))));
  }

  private static CausalModel fork(double wy, double sy) {
    return new CausalModel(
        List.of(
            new Variable("X", List.of(), false, AdditiveNoise.linearGaussian(new double[0], 0, 1)),
            new Variable(
                "Y", List.of("X"), false, AdditiveNoise.linearGaussian(new double[] {wy}, 0, sy)),
            new Variable(
                "Z", List.of("X"), false, AdditiveNoise.linearGaussian(new double[] {2}, 0, 1))));
  }
}
