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

/** CD on nonlinear models with a hidden confounder, whose counterfactuals need the sampler. */
class SampledCounterfactualLadderTest {

  private static CausalModel confounded(double w) {
    return new CausalModel(
        List.of(
            new Variable(
                "H",
                List.of(),
                true,
                new AdditiveNoise(FunctionForm.LINEAR, new double[0], 0, Noise.gaussian(1))),
            new Variable(
                "X",
                List.of("H"),
                false,
                new AdditiveNoise(FunctionForm.LINEAR, new double[] {1}, 0, Noise.gaussian(0.5))),
            new Variable(
                "Y",
                List.of("X", "H"),
                false,
                new AdditiveNoise(
                    FunctionForm.TANH, new double[] {w, 0.5}, 0, Noise.uniform(0.5)))));
  }

  @Test
  void cdRunsWithHiddenVariablesAndIsZeroOnItself() {
    LadderOptions o = LadderOptions.defaults().withSizes(50, 2, 3);
    LadderResult same = LadderDistances.compute(confounded(2), confounded(2), o, 4);
    assertEquals(0.0, same.cd());
    assertEquals(3, same.evidenceUsed() + same.evidenceSkipped());
    LadderResult diff = LadderDistances.compute(confounded(2), confounded(-1), o, 4);
    assertTrue(diff.cd() > 0, "cd " + diff.cd());
  }
}
