package dev.candela.causal.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class EdgeStatisticsTest {
  /** Ratios of small integers: only rounding of the last bit. */
  private static final double TOL = 1e-15;

  private static final List<String> ABCD = List.of("A", "B", "C", "D");

  /** Truth A -> B, B -> C, D -> C; its CPDAG is A -- B, B -> C <- D. */
  private static Graph truth() {
    return Graph.fromEdges(ABCD, new int[][] {{0, 1}, {1, 2}, {3, 2}}, new int[0][]);
  }

  @Test
  void reversedAndExtraEdge() {
    // pred B -> A (reversed), B -> C, D -> C, A -> D (extra).
    Graph pred = Graph.fromEdges(ABCD, new int[][] {{1, 0}, {1, 2}, {3, 2}, {0, 3}}, new int[0][]);
    EdgeStatistics.Result r = EdgeStatistics.of(truth(), pred);
    // skeleton: truth {AB, BC, CD}, pred {AB, BC, CD, AD}, 6 pairs
    assertEquals(new EdgeStatistics.Confusion(3, 1, 0, 2), r.skeleton());
    assertEquals(0.75, r.skeleton().precision(), TOL);
    assertEquals(1.0, r.skeleton().recall(), TOL);
    assertEquals(1.0, r.skeleton().tpr(), TOL);
    assertEquals(6.0 / 7, r.skeleton().f1(), TOL);
    assertEquals(0.25, r.skeleton().fdr(), TOL);
    assertEquals(1.0 / 3, r.skeleton().fpr(), TOL);
    // oriented: truth {AB, BC, DC}, pred {BA, BC, DC, AD}, 12 ordered pairs
    assertEquals(new EdgeStatistics.Confusion(2, 2, 1, 7), r.oriented());
    assertEquals(0.5, r.oriented().precision(), TOL);
    assertEquals(2.0 / 3, r.oriented().recall(), TOL);
    assertEquals(4.0 / 7, r.oriented().f1(), TOL);
    assertEquals(0.5, r.oriented().fdr(), TOL);
    assertEquals(2.0 / 9, r.oriented().fpr(), TOL);
    // cdt: AB reversed 2 + AD extra 1; single: 2 pairs; bnlearn: CPDAG(pred) = A -- B, A -- D,
    // B -> C <- D against A -- B, B -> C <- D: only AD differs.
    assertEquals(3, r.shdCdt());
    assertEquals(2, r.shdCdtSingle());
    assertEquals(1, r.shdBnlearn());
  }

  @Test
  void cpdagPredictionOfTheTruth() {
    Graph pred = Graph.fromEdges(ABCD, new int[][] {{1, 2}, {3, 2}}, new int[][] {{0, 1}});
    EdgeStatistics.Result r = EdgeStatistics.of(truth(), pred);
    assertEquals(new EdgeStatistics.Confusion(3, 0, 0, 3), r.skeleton());
    // A -- B predicts (A, B) and (B, A): one true, one false positive
    assertEquals(new EdgeStatistics.Confusion(3, 1, 0, 8), r.oriented());
    assertEquals(1.0 / 9, r.oriented().fpr(), TOL);
    assertEquals(1, r.shdCdt());
    assertEquals(1, r.shdCdtSingle());
    assertEquals(0, r.shdBnlearn(), "the same CPDAG");
  }

  @Test
  void undefinedRatiosAreNaN() {
    Graph empty = Graph.of(ABCD, new int[4][4]);
    EdgeStatistics.Confusion s = EdgeStatistics.of(empty, empty).skeleton();
    assertEquals(new EdgeStatistics.Confusion(0, 0, 0, 6), s);
    assertTrue(Double.isNaN(s.precision()) && Double.isNaN(s.recall()) && Double.isNaN(s.f1()));
    assertTrue(Double.isNaN(s.fdr()));
    assertEquals(0.0, s.fpr(), TOL);
  }

  @Test
  void badInput() {
    Graph three = Graph.of(new int[3][3]);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> EdgeStatistics.of(truth(), three));
    assertEquals("shape mismatch: truth is 4x4, prediction is 3x3", e.getMessage());
    Graph other = Graph.of(List.of("A", "B", "C", "E"), new int[4][4]);
    e = assertThrows(IllegalArgumentException.class, () -> EdgeStatistics.of(truth(), other));
    assertEquals("variable 3 is 'D' in truth but 'E' in prediction", e.getMessage());
    Graph cyclic = Graph.fromEdges(ABCD, new int[][] {{0, 1}, {1, 2}, {2, 0}}, new int[0][]);
    e = assertThrows(IllegalArgumentException.class, () -> EdgeStatistics.of(truth(), cyclic));
    assertTrue(e.getMessage().startsWith("prediction: graph has a cycle: "), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> new EdgeStatistics.Confusion(1, -1, 0, 0));
    assertEquals("negative count: tp=1 fp=-1 fn=0 tn=0", e.getMessage());
  }
}
