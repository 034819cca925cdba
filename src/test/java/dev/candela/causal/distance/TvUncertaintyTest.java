package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.FunctionForm;
import dev.candela.causal.model.Noise;
import dev.candela.causal.model.Variable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The numerical TV carries a standard error and a null baseline through {@code CausalMetrics}. */
class TvUncertaintyTest {
  /** H (hidden) confounds X and Y; Y = tanh(w X + H) + noise. */
  private static CausalModel confounded(double w) {
    return new CausalModel(
        List.of(
            new Variable("H", List.of(), true, AdditiveNoise.linearGaussian(new double[0], 0, 1)),
            new Variable(
                "X", List.of("H"), false, AdditiveNoise.linearGaussian(new double[] {1}, 0, 1)),
            new Variable(
                "Y",
                List.of("X", "H"),
                false,
                new AdditiveNoise(
                    FunctionForm.TANH, new double[] {w, 1}, 0, Noise.gaussian(0.3)))));
  }

  private static CausalMetric.Value tv(CausalModel t, CausalModel m) {
    DistanceRequest r =
        new DistanceRequest(
            t,
            m,
            LadderOptions.defaults(),
            "X=1",
            List.of("Y"),
            TvOptions.defaults().withNumerical(200, 20),
            5);
    return CausalMetrics.get("tv").compute(r);
  }

  @Test
  void identicalModelIsZeroWithCommonNumbersAndItsNullShowsTheDensityBias() {
    CausalModel t = confounded(1.0);
    CausalMetric.Value same = tv(t, t);
    assertTrue(same.sampled());
    assertEquals(0.0, same.score(), 0.0);
    // Independent density particles (M = 20) make |ln p̂1 − ln p̂2| > 0: the bias floor.
    assertTrue(same.nullBaseline() > 0, "null " + same.nullBaseline());
    CausalMetric.Value diff = tv(t, confounded(-1.0));
    assertTrue(diff.se() > 0);
    assertTrue(
        diff.score() > diff.nullBaseline() + 3 * diff.se(),
        diff.score() + " null " + diff.nullBaseline() + " se " + diff.se());
  }
}
