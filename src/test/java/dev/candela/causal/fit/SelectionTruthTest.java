package dev.candela.causal.fit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.query.DiscreteJoint;
import dev.candela.causal.query.Intervention;
import dev.candela.data.ConfoundingRules;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSpecs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SelectionTruth}: the exact BN of a rules-filtered uniform factor product. */
class SelectionTruthTest {
  private static final double EXACT = 1e-12;
  private static final List<List<String>> BINARY = List.of(List.of("0", "1"), List.of("0", "1"));

  private static double[][] table(CausalModel m, String name) {
    return ((Cpt) m.variable(m.indexOf(name)).mechanism()).table();
  }

  @Test
  void oneExcludedCellByHand() {
    // Support {(0,0), (0,1), (1,0)}, each 1/3.
    boolean[] allowed = {true, true, true, false};
    CausalModel ab =
        SelectionTruth.fromSupport(List.of("a", "b"), BINARY, allowed, new int[] {0, 1});
    assertEquals(List.of(), ab.variable(0).parents());
    assertEquals(List.of("a"), ab.variable(1).parents());
    assertArrayEquals(new double[] {2.0 / 3, 1.0 / 3}, table(ab, "a")[0], EXACT);
    assertArrayEquals(new double[] {0.5, 0.5}, table(ab, "b")[0], EXACT);
    assertArrayEquals(new double[] {1.0, 0.0}, table(ab, "b")[1], EXACT);
    // The reverse order: b first, a depends on b.
    CausalModel ba =
        SelectionTruth.fromSupport(List.of("a", "b"), BINARY, allowed, new int[] {1, 0});
    assertEquals("b", ba.variable(0).name());
    assertEquals(List.of("b"), ba.variable(1).parents());
    assertArrayEquals(new double[] {0.5, 0.5}, table(ba, "a")[0], EXACT);
    assertArrayEquals(new double[] {1.0, 0.0}, table(ba, "a")[1], EXACT);
  }

  @Test
  void fullProductHasNoEdgesAndUniformCpts() {
    boolean[] all = {true, true, true, true};
    CausalModel m = SelectionTruth.fromSupport(List.of("a", "b"), BINARY, all, new int[] {0, 1});
    assertEquals(List.of(), m.variable(1).parents());
    assertArrayEquals(new double[] {0.5, 0.5}, table(m, "b")[0], EXACT);
  }

  @Test
  void candlePublishedRulesGiveTheExpectedDagAndTheExactJoint() throws Exception {
    FactorSpace space = FactorSpecs.fromResource("candle").space();
    ConfoundingRules.Bound rules = ConfoundingRules.forDataset("candle", "published").bind(space);
    int[] sizes = space.sizes();
    int states = 1;
    for (int s : sizes) {
      states *= s;
    }
    boolean[] allowed = new boolean[states];
    int support = 0;
    int[] codes = new int[sizes.length];
    for (int flat = 0; flat < states; flat++) {
      int r = flat;
      for (int i = sizes.length - 1; i >= 0; i--) {
        codes[i] = r % sizes[i];
        r /= sizes[i];
      }
      allowed[flat] = rules.allows(codes);
      support += allowed[flat] ? 1 : 0;
    }
    assertEquals(12_546, support);
    List<List<String>> labels = new ArrayList<>();
    for (FactorSpace.Factor f : space.factors()) {
      labels.add(f.values().stream().map(String::valueOf).toList());
    }
    CausalModel m =
        SelectionTruth.fromSupport(space.names(), labels, allowed, new int[] {0, 1, 2, 3, 4, 5});
    assertEquals(List.of(), m.dag().parents("scene"));
    assertEquals(List.of(), m.dag().parents("lights"));
    assertEquals(List.of("scene"), m.dag().parents("object_type"));
    assertEquals(List.of("scene"), m.dag().parents("color"));
    assertEquals(List.of("scene", "object_type"), m.dag().parents("size"));
    assertEquals(List.of(), m.dag().parents("rotation"));
    double[] joint = DiscreteJoint.joint(m, Intervention.none());
    assertEquals(states, joint.length);
    for (int flat = 0; flat < states; flat++) {
      assertEquals(allowed[flat] ? 1.0 / support : 0.0, joint[flat], EXACT, "state " + flat);
    }
    // Hand check: size 2.5 only for the torus, so P(size = 2.5 | hall, torus) = 0 (rule
    // large-hall).
    double[][] size = table(m, "size");
    int hall = 5;
    int torus = 4;
    assertEquals(0.0, size[hall * 5 + torus][2], EXACT);
    // Outside the hall and garden/garage the torus takes all three sizes: 1/3 each (indoor = 0).
    assertArrayEquals(new double[] {1.0 / 3, 1.0 / 3, 1.0 / 3}, size[torus], EXACT);
  }

  @Test
  void badOrderAndEmptySupportAreRejectedWithTheValues() {
    assertEquals("no factor combination is allowed", refusal(new boolean[4], new int[] {0, 1}));
    String order = refusal(new boolean[] {true, true, true, true}, new int[] {0, 0});
    assertTrue(order.contains("[0, 0] is not a permutation of the [a, b]"), order);
    assertEquals(
        "support has 3 flags for a product of 4", refusal(new boolean[3], new int[] {0, 1}));
  }

  /** The message of the refusal of this support and order of two binary factors a, b. */
  private static String refusal(boolean[] support, int[] order) {
    return assertThrows(
            IllegalArgumentException.class,
            () -> SelectionTruth.fromSupport(List.of("a", "b"), BINARY, support, order))
        .getMessage();
  }
}
