package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.Models;
import dev.candela.causal.fit.DiscreteFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Variable;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-computed values for KL, CKL1–3 (CAMML's {@code BNet.ckl} types 0–3) and WED3.
 *
 * <p>CAMML computes each CKL as {@code multiplier · KL} between networks augmented with
 * intervention variables: CKL1 adds to every node a parent {@code int_i} that is "no intervention"
 * with probability ½ and each value with probability ½/|X_i| (multiplier 2); CKL2 adds a copy of
 * the true network and lets {@code int_i} copy the true value with probability ½ (multiplier 2);
 * CKL3 attaches a copy of each learned node to the true node values of its parents (multiplier 1).
 */
class CausalKlTest {
  private static final double EXACT = 1e-12;

  /**
   * Agreement with values computed independently during development (a Python enumeration of the
   * full joints of the CAMML-style augmented networks, times CAMML's multipliers), up to summation
   * order.
   */
  private static final double CROSS_CHECK = 1e-12;

  /** KL between Bernoulli(p) and Bernoulli(q), nats. */
  private static double klb(double p, double q) {
    return p * Math.log(p / q) + (1 - p) * Math.log((1 - p) / (1 - q));
  }

  // Truth A -> B with P(A=1)=0.5, P(B=1|A=0)=0.2, P(B=1|A=1)=0.7; P(B=1)=0.45,
  // P(A=1|B=0)=0.15/0.55, P(A=1|B=1)=0.35/0.45. Learned: B -> A fitted from the true joint.
  private static final CausalModel TRUTH = Models.chain2(0.5, 0.2, 0.7);
  private static final CausalModel REVERSED =
      DiscreteFit.fromJoint(TRUTH, Dag.of(List.of("A", "B"), new int[][] {{0, 0}, {1, 0}}));

  // Under do(A=a) the truth has B ~ P(B|a), the learned model B ~ P(B) = 0.45 (A is forced in
  // both); under do(B=b) the truth has A ~ 0.5, the learned model A ~ P(A|b).
  private static final double DO_A0 = klb(0.2, 0.45);
  private static final double DO_A1 = klb(0.7, 0.45);
  private static final double DO_B0 = klb(0.5, 0.15 / 0.55);
  private static final double DO_B1 = klb(0.5, 0.35 / 0.45);

  @Test
  void klIsZeroForMarkovEquivalentInfiniteDataFit() {
    assertEquals(0.0, CausalKl.kl(TRUTH, REVERSED).value(), EXACT);
    double a1b0 = 0.15 / 0.55;
    assertEquals(0.0, CausalKl.kl(TRUTH, Models.reversed2(0.45, a1b0, 0.35 / 0.45)).value(), EXACT);
  }

  @Test
  void ckl1ByHand() {
    // 2 * 2^-2 * [S={}: 0 (same joint) + S={A}: uniform mean over a + S={B}: uniform mean over b
    // + S={A,B}: 0 (everything forced)].
    double single = (DO_A0 + DO_A1) / 2 + (DO_B0 + DO_B1) / 2;
    DivergenceResult r = CausalKl.ckl1(TRUTH, REVERSED);
    assertEquals(2 * single / 4, r.value(), EXACT);
    assertEquals(single / 2, r.terms().get("|S| = 1"), EXACT);
    assertEquals(0.0, r.terms().get("|S| = 0"), EXACT);
    assertEquals(0.0, r.terms().get("|S| = 2"), EXACT);
    assertTrue(r.definition().startsWith("CAMML BNet.ckl type 1"), r.definition());
  }

  @Test
  void ckl2ByHandWeightsDoValuesByTheTrueJoint() {
    // As CKL1 but the do-values are weighted by P1: P(A=1) = 0.5, P(B=1) = 0.45.
    double single = 0.5 * DO_A0 + 0.5 * DO_A1 + 0.55 * DO_B0 + 0.45 * DO_B1;
    DivergenceResult r = CausalKl.ckl2(TRUTH, REVERSED);
    assertEquals(2 * single / 4, r.value(), EXACT);
    assertEquals(single / 2, r.terms().get("|S| = 1"), EXACT);
  }

  @Test
  void ckl3ByHandIsTheTrueJointWeightedSumOverVariables() {
    // B free, A forced to a ~ P1(A); A free, B forced to b ~ P1(B).
    double b = 0.5 * DO_A0 + 0.5 * DO_A1;
    double a = 0.55 * DO_B0 + 0.45 * DO_B1;
    DivergenceResult r = CausalKl.ckl3(TRUTH, REVERSED);
    assertEquals(a + b, r.value(), EXACT);
    assertEquals(b, r.terms().get("B"), EXACT);
    assertEquals(a, r.terms().get("A"), EXACT);
    assertTrue(r.definition().startsWith("sum over observed variables"), r.definition());
  }

  @Test
  void wed3ByHand() {
    // B: y1 = A, y2 = {}: sum_a P(a) KL(P(B|a) || P(B)) = I(A;B).
    double b = 0.5 * klb(0.2, 0.45) + 0.5 * klb(0.7, 0.45);
    // A: y1 = {}, y2 = B: sum_b P(b) KL(P(A) || P(A|b)).
    double a = 0.55 * klb(0.5, 0.15 / 0.55) + 0.45 * klb(0.5, 0.35 / 0.45);
    assertEquals(a + b, CausalKl.wed3(TRUTH, REVERSED).value(), EXACT);
  }

  // Truth A -> B -> C: P(A=1)=0.3, P(B=1|A)=(0.2, 0.9), P(C=1|B)=(0.6, 0.1).
  // Learned B -> A, {A, B} -> C: P(B=1)=0.5, P(A=1|B)=(0.25, 0.4),
  // P(C=1|A,B)=(0.5, 0.2, 0.7, 0.15) for (A,B) = 00, 01, 10, 11.
  private static final CausalModel TRUTH3 =
      new CausalModel(
          List.of(
              new Variable("A", List.of(), false, Models.cpt(bern(0.3))),
              new Variable("B", List.of("A"), false, Models.cpt(bern(0.2, 0.9))),
              new Variable("C", List.of("B"), false, Models.cpt(bern(0.6, 0.1)))));
  private static final CausalModel LEARNED3 =
      new CausalModel(
          List.of(
              new Variable("A", List.of("B"), false, Models.cpt(bern(0.25, 0.4))),
              new Variable("B", List.of(), false, Models.cpt(bern(0.5))),
              new Variable("C", List.of("A", "B"), false, Models.cpt(bern(0.5, 0.2, 0.7, 0.15)))));

  private static double[][] bern(double... p1) {
    double[][] t = new double[p1.length][];
    for (int i = 0; i < p1.length; i++) {
      t[i] = new double[] {1 - p1[i], p1[i]};
    }
    return t;
  }

  @Test
  void threeNodeValuesMatchTheAugmentedNetworkKl() {
    assertEquals(0.17611306518070904, CausalKl.kl(TRUTH3, LEARNED3).value(), CROSS_CHECK);
    assertEquals(0.24656194303097823, CausalKl.ckl1(TRUTH3, LEARNED3).value(), CROSS_CHECK);
    assertEquals(0.22809723455404596, CausalKl.ckl2(TRUTH3, LEARNED3).value(), CROSS_CHECK);
    DivergenceResult r = CausalKl.ckl3(TRUTH3, LEARNED3);
    assertEquals(0.27800570072302117, r.value(), CROSS_CHECK);
    assertEquals(0.01263320982727305, r.terms().get("A"), CROSS_CHECK);
    assertEquals(0.2453405920657794, r.terms().get("B"), CROSS_CHECK);
    assertEquals(0.020031898829968645, r.terms().get("C"), CROSS_CHECK);
  }

  @Test
  void threeNodeCkl3ByHandTermForA() {
    // A's term: sum_b P1(b) KL(P1(A) || P2(A|b)); P1(B=1) = 0.7*0.2 + 0.3*0.9 = 0.41.
    double a = 0.59 * klb(0.3, 0.25) + 0.41 * klb(0.3, 0.4);
    assertEquals(a, CausalKl.ckl3(TRUTH3, LEARNED3).terms().get("A"), EXACT);
  }

  @Test
  void ckl3EqualsWed3WithoutHiddenVariables() {
    DivergenceResult c = CausalKl.ckl3(TRUTH3, LEARNED3);
    DivergenceResult w = CausalKl.wed3(TRUTH3, LEARNED3);
    assertEquals(w.value(), c.value(), EXACT);
    for (String v : List.of("A", "B", "C")) {
      assertEquals(w.terms().get(v), c.terms().get(v), EXACT, v);
    }
  }

  @Test
  void truthWeightedVariantsSkipRegimesTheTruthCannotProduce() {
    // A = 1 always in both; the learned model is wrong only about B | A = 0.
    CausalModel truth = Models.chain2(1.0, 0.2, 0.7);
    CausalModel model = Models.chain2(1.0, 0.0, 0.7);
    assertEquals(0.0, CausalKl.kl(truth, model).value(), EXACT);
    // CKL1 sets A = 0 with probability 1/4, where P2 gives B = 1 probability 0.
    assertEquals(Double.POSITIVE_INFINITY, CausalKl.ckl1(truth, model).value());
    // CKL2 and CKL3 draw do-values from P1, which never has A = 0.
    assertEquals(0.0, CausalKl.ckl2(truth, model).value(), EXACT);
    assertEquals(0.0, CausalKl.ckl3(truth, model).value(), EXACT);
  }

  @Test
  void allZeroForIdenticalModels() {
    for (DivergenceResult r :
        List.of(
            CausalKl.kl(TRUTH, TRUTH),
            CausalKl.ckl1(TRUTH, TRUTH),
            CausalKl.ckl2(TRUTH, TRUTH),
            CausalKl.ckl3(TRUTH, TRUTH),
            CausalKl.wed3(TRUTH, TRUTH),
            CausalKl.ckl1(TRUTH3, TRUTH3),
            CausalKl.ckl2(TRUTH3, TRUTH3))) {
      assertEquals(0.0, r.value(), EXACT, r.metric());
    }
  }

  @Test
  void klIsInfiniteWhenLearnedGivesZeroMass() {
    CausalModel zero = Models.chain2(0.5, 0.0, 0.7);
    assertEquals(Double.POSITIVE_INFINITY, CausalKl.kl(TRUTH, zero).value());
  }
}
