package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.FunctionForm;
import dev.candela.causal.model.Noise;
import dev.candela.causal.model.Variable;
import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

class NumericalTvTest {
  private static final double EXACT = 1e-12;

  /** Agreement with the hand-computed value, in standard errors of the estimate. */
  private static final double SE_MULTIPLE = 4;

  /**
   * Allowance for the O(1/M) bias of the ratio |p̂1 − p̂2| / (p̂1 + p̂2) when the inner density is
   * itself estimated (M = 400 particles of a unit-variance hidden parent).
   */
  private static final double INNER_BIAS = 0.01;

  private static final NormalDistribution STD = new NormalDistribution(0, 1);

  private static final TvOptions OPTS = TvOptions.defaults().withNumerical(4000, 100);

  static Variable root(String name, boolean hidden, Noise noise) {
    return new Variable(
        name, List.of(), hidden, new AdditiveNoise(FunctionForm.LINEAR, new double[0], 0, noise));
  }

  static Variable child(
      String name, List<String> parents, FunctionForm f, double[] w, double b, Noise noise) {
    return new Variable(name, parents, false, new AdditiveNoise(f, w, b, noise));
  }

  /** T ~ N(0,1); O = f(T) + N(0, σ²); optionally O2 = sin(O) + N(0, 0.3²). */
  static CausalModel treatmentOutcome(FunctionForm f, double sigma, boolean second) {
    List<Variable> vs =
        new java.util.ArrayList<>(
            List.of(
                root("T", false, Noise.gaussian(1)),
                child("O", List.of("T"), f, new double[] {1}, 0, Noise.gaussian(sigma))));
    if (second) {
      vs.add(child("O2", List.of("O"), FunctionForm.SIN, new double[] {1}, 0, Noise.gaussian(0.3)));
    }
    return new CausalModel(vs);
  }

  @Test
  void tanhAgainstLinearIsTwoPhiMinusOne() {
    double sigma = 0.5;
    double t = 1.5;
    CausalModel a = treatmentOutcome(FunctionForm.TANH, sigma, false);
    CausalModel b = treatmentOutcome(FunctionForm.LINEAR, sigma, false);
    TvResult r = InterventionalTv.tv(a, b, "T=" + t, List.of("O"), OPTS, 1);
    double exact = 2 * STD.cumulativeProbability(Math.abs(Math.tanh(t) - t) / (2 * sigma)) - 1;
    assertEquals(NumericalTv.METHOD, r.method());
    assertEquals(4000, r.samples());
    assertEquals(1, r.particles(), "the density is exact when the outcome's parent is intervened");
    assertTrue(r.standardError() > 0 && r.standardError() < 0.01, "se " + r.standardError());
    assertEquals(exact, r.value(), SE_MULTIPLE * r.standardError());
  }

  @Test
  void jointOutcomeWithASharedConditionalHasTheSameTv() {
    // O2 | O is the same in both models, so TV((O, O2)) = TV(O).
    double sigma = 0.4;
    double t = -1;
    CausalModel a = treatmentOutcome(FunctionForm.TANH, sigma, true);
    CausalModel b = treatmentOutcome(FunctionForm.LINEAR, sigma, true);
    TvResult r = InterventionalTv.tv(a, b, "T=" + t, List.of("O", "O2"), OPTS, 2);
    double exact = 2 * STD.cumulativeProbability(Math.abs(Math.tanh(t) - t) / (2 * sigma)) - 1;
    assertEquals(1, r.particles());
    assertEquals(exact, r.value(), SE_MULTIPLE * r.standardError());
  }

  @Test
  void overlappingUniformIntervals() {
    // O = T + U[-1, 1] vs O = T + 0.5 + U[-1, 1]: the densities (1/2 each) overlap on 1.5 of 2,
    // TV = 0.5 / 2 = 0.25. Against O = T + U[-0.5, 0.5]: TV = ½(½·|½ − 1| + 1·½) = 0.5.
    CausalModel a = uniformOutcome(0, 1);
    CausalModel b = uniformOutcome(0.5, 1);
    CausalModel c = uniformOutcome(0, 0.5);
    TvResult ab = InterventionalTv.tv(a, b, "T=0.3", List.of("O"), OPTS, 3);
    TvResult ac = InterventionalTv.tv(a, c, "T=0.3", List.of("O"), OPTS, 4);
    assertEquals(NumericalTv.METHOD, ab.method());
    assertEquals(0.25, ab.value(), SE_MULTIPLE * ab.standardError());
    assertEquals(0.5, ac.value(), SE_MULTIPLE * ac.standardError());
  }

  private static CausalModel uniformOutcome(double shift, double halfWidth) {
    return new CausalModel(
        List.of(
            root("T", false, Noise.uniform(2)),
            child(
                "O",
                List.of("T"),
                FunctionForm.LINEAR,
                new double[] {1},
                shift,
                Noise.uniform(halfWidth))));
  }

  /** H hidden ~ N(0, 1), X ~ N(0, 1), Y = w X + 0.8 H + N(0, 0.6²). */
  private static CausalModel hiddenParent(double w) {
    return new CausalModel(
        List.of(
            root("H", true, Noise.gaussian(1)),
            root("X", false, Noise.gaussian(1)),
            child(
                "Y",
                List.of("X", "H"),
                FunctionForm.LINEAR,
                new double[] {w, 0.8},
                0,
                Noise.gaussian(0.6))));
  }

  @Test
  void forcedNumericalAgreesWithTheLinearGaussianClosedForm() {
    CausalModel a = hiddenParent(1);
    CausalModel b = hiddenParent(1.6);
    TvResult exact = InterventionalTv.tv(a, b, "X=1", List.of("Y"), OPTS, 0);
    assertEquals("closed-form-normal", exact.method());
    // do(X=1): Y ~ N(w, 0.64 + 0.36) -> 2 Phi(0.6 / 2) - 1.
    assertEquals(2 * STD.cumulativeProbability(0.3) - 1, exact.value(), EXACT);
    TvResult num =
        InterventionalTv.tv(
            a, b, "X=1", List.of("Y"), OPTS.withNumerical(4000, 400).withForceNumerical(true), 5);
    assertEquals(NumericalTv.METHOD, num.method());
    assertEquals(400, num.particles());
    assertEquals(exact.value(), num.value(), SE_MULTIPLE * num.standardError() + INNER_BIAS);
  }

  @Test
  void identicalModelsAreExactlyZeroAndSwappingIsExact() {
    CausalModel a = hiddenParent(1);
    CausalModel b = treatmentOutcome(FunctionForm.SIN, 0.7, false);
    CausalModel c = treatmentOutcome(FunctionForm.TANH, 0.7, false);
    TvOptions o = OPTS.withNumerical(200, 20).withForceNumerical(true);
    assertEquals(0.0, InterventionalTv.tv(a, a, "X=0.5", List.of("Y"), o, 9).value());
    assertEquals(0.0, InterventionalTv.tv(b, b, "T=2", List.of("O"), o, 9).value());
    TvResult bc = InterventionalTv.tv(b, c, "T=2", List.of("O"), o, 9);
    TvResult cb = InterventionalTv.tv(c, b, "T=2", List.of("O"), o, 9);
    assertEquals(bc.value(), cb.value());
    assertEquals(bc.standardError(), cb.standardError());
  }

  @Test
  void summaryOfNonlinearModels() {
    double sigma = 0.5;
    CausalModel a = treatmentOutcome(FunctionForm.TANH, sigma, false);
    CausalModel b = treatmentOutcome(FunctionForm.LINEAR, sigma, false);
    InterventionalTv.Summary s =
        InterventionalTv.summary(a, b, InterventionalTv.DEFAULT_VALUES, OPTS, 6);
    // T -> O: the mean over t in {-1, 0, 1}; O -> T: do(O) leaves T ~ N(0, 1) in both, TV 0.
    double expected = 0;
    for (double t : InterventionalTv.DEFAULT_VALUES) {
      expected += (2 * STD.cumulativeProbability(Math.abs(Math.tanh(t) - t) / (2 * sigma)) - 1) / 3;
    }
    assertEquals(List.of(NumericalTv.METHOD), s.methods());
    assertEquals(0.0, s.pairs().get("O->T"));
    assertEquals(expected, s.sum(), SE_MULTIPLE * s.standardError());
    assertEquals(
        0.0, InterventionalTv.summary(a, a, InterventionalTv.DEFAULT_VALUES, OPTS, 6).sum());
  }

  @Test
  void zeroNoiseOutcomeIsRejected() {
    CausalModel a = treatmentOutcome(FunctionForm.TANH, 0, false);
    CausalModel b = treatmentOutcome(FunctionForm.LINEAR, 0.5, false);
    String msg =
        assertThrows(
                IllegalArgumentException.class,
                () -> InterventionalTv.tv(a, b, "T=1", List.of("O"), OPTS, 0))
            .getMessage();
    assertEquals(
        "outcome 'O' has zero noise in the truth: its interventional law has no density, so the"
            + " numerical TV needs noise on every outcome",
        msg);
  }
}
