package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.Models;
import dev.candela.causal.fit.DiscreteFit;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.model.CausalModel;
import java.util.List;
import org.junit.jupiter.api.Test;

class CausalKlTest {
  private static final double EXACT = 1e-12;

  /** KL between Bernoulli(p) and Bernoulli(q), nats. */
  private static double klb(double p, double q) {
    return p * Math.log(p / q) + (1 - p) * Math.log((1 - p) / (1 - q));
  }

  // Truth A -> B with P(A=1)=0.5, P(B=1|A=0)=0.2, P(B=1|A=1)=0.7; P(B=1)=0.45,
  // P(A=1|B=0)=0.15/0.55, P(A=1|B=1)=0.35/0.45. Learned: B -> A fitted from the true joint.
  private static final CausalModel TRUTH = Models.chain2(0.5, 0.2, 0.7);
  private static final CausalModel REVERSED =
      DiscreteFit.fromJoint(TRUTH, Dag.of(List.of("A", "B"), new int[][] {{0, 0}, {1, 0}}));

  @Test
  void klIsZeroForMarkovEquivalentInfiniteDataFit() {
    assertEquals(0.0, CausalKl.kl(TRUTH, REVERSED).value(), EXACT);
    double a1b0 = 0.15 / 0.55;
    assertEquals(0.0, CausalKl.kl(TRUTH, Models.reversed2(0.45, a1b0, 0.35 / 0.45)).value(), EXACT);
  }

  @Test
  void ckl1ByHand() {
    double doA0 = klb(0.2, 0.45);
    double doA1 = klb(0.7, 0.45);
    double doB0 = klb(0.5, 0.15 / 0.55);
    double doB1 = klb(0.5, 0.35 / 0.45);
    double expected = ((doA0 + doA1) / 2 + (doB0 + doB1) / 2) / 2;
    assertEquals(expected, CausalKl.ckl1(TRUTH, REVERSED).value(), EXACT);
  }

  @Test
  void ckl2ByHand() {
    // Subsets: {} -> 0 (same joint); {A}, {B} as in CKL1; {A,B} -> 0 (both forced).
    double single =
        (klb(0.2, 0.45) + klb(0.7, 0.45)) / 2 + (klb(0.5, 0.15 / 0.55) + klb(0.5, 0.35 / 0.45)) / 2;
    assertEquals(single / 4, CausalKl.ckl2(TRUTH, REVERSED).value(), EXACT);
  }

  @Test
  void ckl3ByHandIsSumOverVariables() {
    double b = (klb(0.2, 0.45) + klb(0.7, 0.45)) / 2;
    double a = (klb(0.5, 0.15 / 0.55) + klb(0.5, 0.35 / 0.45)) / 2;
    DivergenceResult r = CausalKl.ckl3(TRUTH, REVERSED);
    assertEquals(a + b, r.value(), EXACT);
    assertEquals(b, r.terms().get("B"), EXACT);
    assertTrue(r.definition().startsWith("sum over observed variables"));
  }

  @Test
  void wed3ByHand() {
    // B: y1 = A, y2 = {}: sum_a P(a) KL(P(B|a) || P(B)) = I(A;B).
    double b = 0.5 * klb(0.2, 0.45) + 0.5 * klb(0.7, 0.45);
    // A: y1 = {}, y2 = B: sum_b P(b) KL(P(A) || P(A|b)).
    double a = 0.55 * klb(0.5, 0.15 / 0.55) + 0.45 * klb(0.5, 0.35 / 0.45);
    assertEquals(a + b, CausalKl.wed3(TRUTH, REVERSED).value(), EXACT);
  }

  @Test
  void allZeroForIdenticalModels() {
    for (DivergenceResult r :
        List.of(
            CausalKl.kl(TRUTH, TRUTH),
            CausalKl.ckl1(TRUTH, TRUTH),
            CausalKl.ckl2(TRUTH, TRUTH),
            CausalKl.ckl3(TRUTH, TRUTH),
            CausalKl.wed3(TRUTH, TRUTH))) {
      assertEquals(0.0, r.value(), EXACT, r.metric());
    }
  }

  @Test
  void klIsInfiniteWhenLearnedGivesZeroMass() {
    CausalModel zero = Models.chain2(0.5, 0.0, 0.7);
    assertEquals(Double.POSITIVE_INFINITY, CausalKl.kl(TRUTH, zero).value());
  }
}
