package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.FunctionForm;
import dev.candela.causal.model.Noise;
import dev.candela.causal.model.Variable;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.LikelihoodWeighting;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class NumericalTvPropertiesTest {
  private static final double EXACT = 1e-12;

  /** Relative rounding allowance for sums of the same terms in another order. */
  private static final double ROUNDING = 1e-9;

  private static final TvOptions SMALL =
      TvOptions.defaults().withNumerical(100, 10).withForceNumerical(true);

  /** A random SCM T → O ← H (H hidden), O → O2, from a seed; every outcome has noise. */
  static CausalModel randomModel(long seed) {
    Random r = new Random(seed);
    FunctionForm[] forms = FunctionForm.values();
    return new CausalModel(
        List.of(
            new Variable("T", List.of(), false, mech(r, forms, 0)),
            new Variable("H", List.of(), true, mech(r, forms, 0)),
            new Variable("O", List.of("T", "H"), false, mech(r, forms, 2)),
            new Variable("O2", List.of("O"), false, mech(r, forms, 1))));
  }

  private static AdditiveNoise mech(Random r, FunctionForm[] forms, int parents) {
    double[] w = new double[parents];
    for (int j = 0; j < parents; j++) {
      w[j] = -2 + 4 * r.nextDouble();
    }
    double scale = 0.2 + 1.3 * r.nextDouble();
    Noise n = r.nextBoolean() ? Noise.gaussian(scale) : Noise.uniform(scale);
    return new AdditiveNoise(forms[r.nextInt(forms.length)], w, r.nextGaussian(), n);
  }

  @Property(tries = 60)
  void tvIsZeroOnItselfSymmetricAndInTheUnitInterval(
      @ForAll long s1, @ForAll long s2, @ForAll long seed, @ForAll boolean joint) {
    CausalModel a = randomModel(s1);
    CausalModel b = randomModel(s2);
    List<String> outcomes = joint ? List.of("O", "O2") : List.of("O2");
    TvResult ab = InterventionalTv.tv(a, b, "T=0.7", outcomes, SMALL, seed);
    TvResult ba = InterventionalTv.tv(b, a, "T=0.7", outcomes, SMALL, seed);
    assertEquals(0.0, InterventionalTv.tv(a, a, "T=0.7", outcomes, SMALL, seed).value());
    assertEquals(ab.value(), ba.value());
    assertEquals(ab.standardError(), ba.standardError());
    assertTrue(ab.value() >= 0 && ab.value() <= 1, "tv " + ab.value());
  }

  @Property(tries = 100)
  void weightsDoNotDependOnParticleOrder(@ForAll long modelSeed, @ForAll long seed) {
    CausalModel m = randomModel(modelSeed);
    LikelihoodWeighting lw = LikelihoodWeighting.of(m, new int[] {2}, Intervention.none());
    LikelihoodWeighting.Particles p = lw.run(new double[] {0.4}, 64, new SplittableRandom(seed));
    // Each weight is a function of its own particle only.
    for (int j = 0; j < p.size(); j++) {
      assertEquals(p.logWeights()[j], lw.logWeight(p.values()[j]), EXACT);
    }
    if (p.ess() == 0) {
      return;
    }
    List<Double> shuffled = new ArrayList<>();
    for (double l : p.logWeights()) {
      shuffled.add(l);
    }
    Collections.shuffle(shuffled, new Random(seed));
    double[] perm = shuffled.stream().mapToDouble(Double::doubleValue).toArray();
    assertEquals(p.ess(), LikelihoodWeighting.ess(perm), ROUNDING * p.ess());
    assertTrue(p.ess() >= 1 - ROUNDING && p.ess() <= p.size() * (1 + ROUNDING), "ess " + p.ess());
    double sum = 0;
    for (double w : p.normalisedWeights()) {
      sum += w;
    }
    assertEquals(1.0, sum, ROUNDING);
    // A common shift of the log-weights leaves the ESS unchanged.
    double[] shifted = p.logWeights();
    for (int j = 0; j < shifted.length; j++) {
      shifted[j] += 123.0;
    }
    assertEquals(p.ess(), LikelihoodWeighting.ess(shifted), ROUNDING * p.ess());
  }
}
