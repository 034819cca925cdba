package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.FunctionForm;
import dev.candela.causal.model.Noise;
import dev.candela.causal.model.Variable;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.Sampler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Variables matched by name: reordering invariance, name-keyed noise, SE and null baseline. */
class LadderInvarianceTest {
  private static final double EXACT = 1e-12;

  /** X → Y → Z nonlinear with a hidden confounder H of X and Z. */
  private static List<Variable> chain(double w) {
    return List.of(
        new Variable("H", List.of(), true, AdditiveNoise.linearGaussian(new double[0], 0, 1)),
        new Variable(
            "X", List.of("H"), false, AdditiveNoise.linearGaussian(new double[] {0.7}, 0, 1)),
        new Variable(
            "Y",
            List.of("X"),
            false,
            new AdditiveNoise(FunctionForm.TANH, new double[] {w}, 0.1, Noise.gaussian(0.5))),
        new Variable(
            "Z",
            List.of("Y", "H"),
            false,
            AdditiveNoise.linearGaussian(new double[] {1.2, -0.4}, 0, 0.8)));
  }

  private static CausalModel shuffled(List<Variable> vars, long seed) {
    List<Variable> v = new ArrayList<>(vars);
    Collections.shuffle(v, new Random(seed));
    return new CausalModel(v);
  }

  private static final LadderOptions SMALL = LadderOptions.defaults().withSizes(40, 2, 2);

  @Property(tries = 8)
  void reorderingEitherModelChangesNoDistance(
      @ForAll @IntRange(min = 0, max = 1000) int p1,
      @ForAll @IntRange(min = 0, max = 1000) int p2) {
    LadderResult base =
        LadderDistances.compute(
            new CausalModel(chain(1.0)), new CausalModel(chain(-0.5)), SMALL, 3);
    LadderResult re =
        LadderDistances.compute(shuffled(chain(1.0), p1), shuffled(chain(-0.5), p2), SMALL, 3);
    assertEquals(base.od(), re.od(), EXACT);
    assertEquals(base.id(), re.id(), EXACT);
    assertEquals(base.cd(), re.cd(), EXACT);
    assertEquals(base.idByNode(), re.idByNode());
  }

  /** An observed root variable with standard normal noise. */
  private static Variable standardRoot(String name) {
    return new Variable(name, List.of(), false, AdditiveNoise.linearGaussian(new double[0], 0, 1));
  }

  @Test
  void theTrueModelReorderedIsAtZero() {
    CausalModel t = new CausalModel(chain(1.0));
    CausalModel r =
        new CausalModel(
            List.of(chain(1.0).get(3), chain(1.0).get(2), chain(1.0).get(1), chain(1.0).get(0)));
    LadderResult res = LadderDistances.compute(t, r, SMALL, 11);
    assertEquals(0.0, res.od(), EXACT);
    assertEquals(0.0, res.id(), EXACT);
    assertEquals(0.0, res.cd(), EXACT);
  }

  @Test
  void noiseIsPairedByNameAcrossGraphs() {
    // X is a root in both; Y's parent and the column order differ. X's draws must coincide.
    CausalModel a =
        new CausalModel(
            List.of(
                standardRoot("X"),
                new Variable(
                    "Y",
                    List.of("X"),
                    false,
                    AdditiveNoise.linearGaussian(new double[] {2}, 0, 1))));
    CausalModel b = new CausalModel(List.of(standardRoot("Y"), standardRoot("X")));
    double[][] sa = Sampler.sample(a, Intervention.none(), 20, new SplittableRandom(5));
    double[][] sb = Sampler.sample(b, Intervention.none(), 20, new SplittableRandom(5));
    for (int r = 0; r < 20; r++) {
      assertEquals(sa[r][0], sb[r][1], 0.0, "row " + r);
    }
  }

  @Test
  void identicalModelScoresWithinItsNullAndADifferentOneAbove() {
    CausalModel t = new CausalModel(chain(1.0));
    LadderOptions o = LadderOptions.defaults().withSizes(60, 2, 1);
    LadderEstimate same = LadderDistances.estimate(t, shuffled(chain(1.0), 4), o, 7, 3);
    LadderEstimate diff = LadderDistances.estimate(t, new CausalModel(chain(-1.5)), o, 7, 3);
    for (String m : LadderEstimate.METRICS) {
      assertTrue(same.nullMean(m) > 0, m + " null " + same.nullMean(m));
      assertTrue(same.se(m) >= 0, m);
      assertTrue(same.replicateValues(m)[0] <= same.nullMean(m), m);
      assertTrue(diff.se(m) > 0, m);
      assertTrue(
          diff.replicateValues(m)[0] > diff.nullMean(m) + 2 * diff.se(m),
          m + " value " + diff.replicateValues(m)[0] + " null " + diff.nullMean(m));
    }
    assertEquals(3, diff.replicates());
    assertEquals(diff.result(), LadderDistances.compute(t, new CausalModel(chain(-1.5)), o, 7));
  }

  @Test
  void exactDistancesHaveNoSpread() {
    CausalModel t = dev.candela.causal.Models.chain2(0.5, 0.2, 0.7);
    CausalModel m = dev.candela.causal.Models.chain2(0.4, 0.2, 0.7);
    LadderEstimate e =
        LadderDistances.estimate(
            t,
            m,
            LadderOptions.defaults().withExact(LadderOptions.Exact.TV).withSizes(1, 1, 1),
            1,
            4);
    assertEquals(0.0, e.se("od"), 0.0);
    assertEquals(0.0, e.nullMean("cd"), 0.0);
    assertEquals(0.1, e.result().od(), EXACT);
  }

  @Test
  void oneReplicateIsRefused() {
    CausalModel t = new CausalModel(chain(1.0));
    IllegalArgumentException ex =
        assertThrows(
            IllegalArgumentException.class, () -> LadderDistances.estimate(t, t, SMALL, 1, 1));
    assertEquals("a standard error needs at least 2 replicates, got 1", ex.getMessage());
  }

  @Test
  void auditRecordsDoValuesAndEvidence() {
    LadderResult r =
        LadderDistances.compute(
            shuffled(chain(1.0), 9), new CausalModel(chain(0.0)), SMALL.withSizes(30, 3, 2), 2);
    assertEquals(List.of("X", "Y", "Z"), r.names());
    assertEquals(3, r.doValues().get("Y").length);
    assertEquals(2, r.evidenceRows().length + r.skippedEvidenceRows().length);
    assertArrayEquals(new double[3], new double[r.evidenceRows()[0].length]);
  }

  private static CausalModel oneDiscrete(List<String> values, double[] p) {
    return new CausalModel(
        List.of(
            new Variable(
                "F",
                List.of(),
                false,
                new dev.candela.causal.model.Cpt(values, new double[][] {p}))));
  }

  @Test
  void nominalLabelsAreAtDistanceOneWhateverTheirOrder() {
    LadderOptions o = LadderOptions.defaults().withSizes(20, 1, 0);
    double[] first = {1, 0, 0};
    double[] last = {0, 0, 1};
    List<String> nominal = List.of("red", "blue", "green");
    assertEquals(
        1.0,
        LadderDistances.compute(oneDiscrete(nominal, first), oneDiscrete(nominal, last), o, 1).od(),
        EXACT);
    // Numeric labels are ordinal: W1 on the value index.
    List<String> ordinal = List.of("1.5", "2", "2.5");
    assertEquals(
        2.0,
        LadderDistances.compute(oneDiscrete(ordinal, first), oneDiscrete(ordinal, last), o, 1).od(),
        EXACT);
  }

  @Test
  void continuousModelVariableIsReadThroughItsLevels() {
    CausalModel t = oneDiscrete(List.of("a", "b"), new double[] {0.5, 0.5});
    CausalModel m =
        new CausalModel(
            List.of(
                new Variable(
                    "F", List.of(), false, AdditiveNoise.linearGaussian(new double[0], 10, 0.01))));
    LadderOptions o =
        LadderOptions.defaults()
            .withSizes(400, 1, 0)
            .withLevels(java.util.Map.of("F", new double[] {10, 20}));
    LadderResult r = LadderDistances.compute(t, m, o, 3);
    // The model always decodes to 'a'; the truth is 'b' about half the time.
    assertEquals(0.5, r.od(), 0.1);
    // do(F=b) sets the model to its level 20, which decodes to 'b': distance 0.
    assertEquals(0.0, r.idByNode().get("F"), EXACT);
    IllegalArgumentException ex =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                LadderDistances.compute(
                    t, m, o.withLevels(java.util.Map.of("F", new double[] {1, 2, 3})), 3));
    assertEquals("variable 'F' has 2 values in the truth but 3 levels", ex.getMessage());
  }
}
