package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.Models;
import dev.candela.causal.fit.DiscreteFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.Shd;
import dev.candela.causal.model.AdditiveNoise;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.FunctionForm;
import dev.candela.causal.model.Noise;
import dev.candela.causal.model.Variable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class LadderDistancesTest {
  private static final double EXACT = 1e-12;

  /** Below this an exact ID counts as zero (floating-point sums of probabilities). */
  private static final double ZERO = 1e-9;

  private static final CausalModel TRUTH = Models.chain2(0.5, 0.2, 0.7);
  private static final CausalModel REVERSED =
      DiscreteFit.fromJoint(TRUTH, Dag.of(List.of("A", "B"), new int[][] {{0, 0}, {1, 0}}));
  private static final LadderOptions EXACT_TV =
      LadderOptions.defaults().withExact(LadderOptions.Exact.TV);

  @Test
  void exactTvLadderByHand() {
    LadderResult r = LadderDistances.compute(TRUTH, REVERSED, EXACT_TV.withSizes(1, 1, 0), 1);
    assertEquals(0.0, r.od(), EXACT);
    double doA = 0.25;
    double doB = (Math.abs(0.5 - 3.0 / 11) + Math.abs(0.5 - 7.0 / 9)) / 2;
    assertEquals((0 + doA + doB) / 3, r.id(), EXACT);
    assertEquals(doB, r.idByNode().get("B"), EXACT);
    assertEquals(r.id(), r.cd(), EXACT); // m = 0: only the empty evidence
  }

  @Test
  void exactCounterfactualTermByHand() {
    // Evidence A=0, B=0. do(A=1): truth U_B in [0,0.8) -> B=0 w.p. 0.3/0.8; the reversed model
    // keeps its root B=0: TV 0.625 (do(A=0): 0). do(B=1): truth keeps root A=0; model U_A in
    // [0, 8/11), A=0 iff U_A < 2/9: 11/36: TV 25/36 (do(B=0): 0). Empty intervention: 0.
    double term =
        LadderDistances.counterfactualTerm(TRUTH, REVERSED, EXACT_TV, new double[] {0, 0}, 3);
    assertEquals((0 + 0.625 / 2 + 25.0 / 72) / 3, term, EXACT);
  }

  @Test
  void identicalModelsAreAtZeroWithCommonRandomNumbers() {
    CausalModel m = nonlinear(0.8);
    for (SampleDistance d :
        List.of(new Wasserstein(), new EnergyDistance(), new PooledHistogramEmd())) {
      LadderResult r =
          LadderDistances.compute(
              m, m, LadderOptions.defaults().withDistance(d).withSizes(50, 3, 3), 5);
      assertEquals(0.0, r.od(), EXACT, d.id());
      assertEquals(0.0, r.id(), EXACT, d.id());
      assertEquals(0.0, r.cd(), EXACT, d.id());
    }
  }

  @Test
  void seededAndSymmetricInTheLinearGaussianCase() {
    CausalModel a = Models.lg2(1.0, 1.0, 1.0);
    CausalModel b = Models.lg2(-0.5, 1.0, 1.0);
    LadderOptions o = LadderOptions.defaults().withSizes(60, 3, 4).withZNormalise(true);
    LadderResult r1 = LadderDistances.compute(a, b, o, 42);
    LadderResult r2 = LadderDistances.compute(a, b, o, 42);
    assertEquals(r1, r2);
    assertTrue(r1.od() > 0.2 && r1.id() > 0.2 && r1.cd() > 0.2, r1.toString());
    LadderResult other = LadderDistances.compute(a, b, o, 43);
    assertNotEquals(r1.od(), other.od());
  }

  @Test
  void compatModeLosesVariableIdentity() {
    // X ~ N(0,1), Y ~ N(3,1) vs the swapped means: the pooled 1-D histograms coincide in law.
    CausalModel t = twoRoots(0, 3);
    CausalModel m = twoRoots(3, 0);
    LadderResult faithful =
        LadderDistances.compute(t, m, LadderOptions.defaults().withSizes(200, 2, 0), 9);
    LadderResult compat = LadderDistances.compute(t, m, LadderOptions.peyrardWestCode(200, 0), 9);
    assertTrue(faithful.od() > 4.0, "faithful OD " + faithful.od()); // about 3*sqrt(2)
    assertTrue(compat.od() < 0.5, "compat OD " + compat.od());
  }

  @Test
  void compatIdLeavesOutTheEmptyIntervention() {
    // A and B independent, P(A=1) = 0.5 in both, P(B=1) = 0.2 vs 0.6. OD = TV = 0.4; every
    // do(A=a) keeps B's marginal (TV 0.4); every do(B=b) leaves equal joints (TV 0).
    CausalModel t = Models.chain2(0.5, 0.2, 0.2);
    CausalModel m = Models.chain2(0.5, 0.6, 0.6);
    LadderResult faithful = LadderDistances.compute(t, m, EXACT_TV.withSizes(1, 3, 0), 4);
    assertEquals(0.4, faithful.od(), EXACT);
    assertEquals((0.4 + 0.4 + 0) / 3, faithful.id(), EXACT);
    LadderOptions code =
        LadderOptions.peyrardWestCode(1, 0).withExact(LadderOptions.Exact.TV).withSizes(1, 3, 0);
    LadderResult compat = LadderDistances.compute(t, m, code, 4);
    assertEquals(0.4, compat.od(), EXACT);
    assertEquals((0.4 + 0) / 2, compat.id(), EXACT);
    assertEquals(compat.id(), compat.cd(), EXACT);
  }

  private static CausalModel twoRoots(double mx, double my) {
    return new CausalModel(
        List.of(
            new Variable("X", List.of(), false, AdditiveNoise.linearGaussian(new double[0], mx, 1)),
            new Variable(
                "Y", List.of(), false, AdditiveNoise.linearGaussian(new double[0], my, 1))));
  }

  private static CausalModel nonlinear(double w) {
    return new CausalModel(
        List.of(
            new Variable("X", List.of(), false, AdditiveNoise.linearGaussian(new double[0], 0, 1)),
            new Variable(
                "Y",
                List.of("X"),
                false,
                new AdditiveNoise(FunctionForm.TANH, new double[] {w}, 0.1, Noise.uniform(0.5))),
            new Variable(
                "Z",
                List.of("X", "Y"),
                false,
                new AdditiveNoise(
                    FunctionForm.SIN, new double[] {1, -1}, 0, Noise.gaussian(0.3)))));
  }

  /** ID = 0 implies SHD = 0: a wrong DAG fitted to the true joint (infinite data) is detected. */
  @Property(tries = 60)
  void zeroIdImpliesZeroShd(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[][] at = randomDag(r, 3);
    int[][] ap = randomDag(r, 3);
    // A strict supergraph of the truth can represent it exactly; skip those (SHD > 0, ID = 0).
    Assume.that(!strictSupergraph(ap, at));
    CausalModel truth = randomNet(at, r);
    CausalModel learned = DiscreteFit.fromJoint(truth, Dag.of(truth.names(), ap));
    LadderResult res = LadderDistances.compute(truth, learned, EXACT_TV.withSizes(1, 1, 0), seed);
    long shd = Shd.shd(at, ap, true);
    if (res.id() < ZERO) {
      assertEquals(0, shd, "ID " + res.id());
    } else {
      assertTrue(shd > 0, "ID " + res.id() + " with identical DAGs");
    }
  }

  private static boolean strictSupergraph(int[][] big, int[][] small) {
    boolean extra = false;
    for (int i = 0; i < big.length; i++) {
      for (int j = 0; j < big.length; j++) {
        if (small[i][j] == 1 && big[i][j] == 0) {
          return false;
        }
        extra |= big[i][j] == 1 && small[i][j] == 0;
      }
    }
    return extra;
  }

  private static int[][] randomDag(SplittableRandom r, int n) {
    int[] perm = {0, 1, 2};
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    int[][] a = new int[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (r.nextBoolean()) {
          a[perm[i]][perm[j]] = 1;
        }
      }
    }
    return a;
  }

  /** Binary CPTs with entries in [0.1, 0.9] at least 0.2 apart across rows (faithful). */
  private static CausalModel randomNet(int[][] a, SplittableRandom r) {
    int n = a.length;
    List<String> names = List.of("V0", "V1", "V2");
    List<Variable> vars = new ArrayList<>();
    for (int j = 0; j < n; j++) {
      List<String> ps = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (a[i][j] == 1) {
          ps.add(names.get(i));
        }
      }
      double[][] t = new double[1 << ps.size()][];
      for (int row = 0; row < t.length; row++) {
        double p = 0.1 + 0.2 * row + 0.05 * r.nextDouble();
        t[row] = new double[] {1 - p, p};
      }
      vars.add(new Variable(names.get(j), ps, false, new Cpt(List.of("0", "1"), t)));
    }
    return new CausalModel(vars);
  }
}
