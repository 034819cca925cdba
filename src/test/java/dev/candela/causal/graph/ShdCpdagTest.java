package dev.candela.causal.graph;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShdCpdagTest {
  private static final List<String> ABC = List.of("A", "B", "C");

  private static Dag dag(String... edges) {
    Dag.Builder b = Dag.builder(ABCD);
    for (String e : edges) {
      b.addEdge(e.substring(0, 1), e.substring(1, 2));
    }
    return b.build();
  }

  private static final List<String> ABCD = List.of("A", "B", "C", "D");

  /**
   * Asserts the SHD of two adjacency matrices over A, B, C, and of their graphs, with a reversed
   * edge counting two and one.
   */
  private static void assertShd(int[][] t, int[][] p, int doubled, int single) {
    assertEquals(doubled, Shd.shd(t, p, true));
    assertEquals(single, Shd.shd(t, p, false));
    Graph gt = Graph.of(ABC, t);
    Graph gp = Graph.of(ABC, p);
    assertEquals(doubled, Shd.shd(gt, gp, true));
    assertEquals(single, Shd.shd(gt, gp, false));
  }

  @Test
  void reversedEdgeCountsTwoOrOne() {
    int[][] t = {{0, 1, 0}, {0, 0, 0}, {0, 0, 0}};
    int[][] p = {{0, 0, 0}, {1, 0, 0}, {0, 0, 0}};
    assertShd(t, p, 2, 1);
  }

  @Test
  void missingExtraAndUndirectedEdges() {
    // truth: A->B, B->C ; pred: A-B (undirected), A->C (extra), B->C missing
    int[][] t = {{0, 1, 0}, {0, 0, 1}, {0, 0, 0}};
    int[][] p = {{0, 1, 1}, {1, 0, 0}, {0, 0, 0}};
    // |t-p|: [1][0]=1, [0][2]=1, [1][2]=1 -> 3 ; pairs {A,B},{A,C},{B,C} -> 3
    assertShd(t, p, 3, 3);
  }

  @Test
  void shapeMismatchNamesBothShapes() {
    assertRejects(() -> Shd.shd(new int[2][2], new int[3][3], false), "2x2", "3x3");
    assertRejects(
        () -> Shd.shd(Graph.of(new int[2][2]), Graph.of(new int[3][3]), true), "2x2", "3x3");
  }

  @Test
  void cpdagOfChainIsUndirected() {
    Graph c = Cpdag.of(dag("AB", "BC", "CD"));
    assertTrue(c.hasUndirectedEdge(0, 1) && c.hasUndirectedEdge(1, 2) && c.hasUndirectedEdge(2, 3));
    assertEquals(0, c.directedEdgeCount());
  }

  @Test
  void cpdagKeepsVStructureAndPropagatesR1() {
    // A->C<-B is a v-structure; C->D is then compelled by Meek's R1.
    Graph c = Cpdag.of(dag("AC", "BC", "CD"));
    assertTrue(c.hasDirectedEdge(0, 2));
    assertTrue(c.hasDirectedEdge(1, 2));
    assertTrue(c.hasDirectedEdge(2, 3));
    assertTrue(c.isFullyDirected());
  }

  @Test
  void cpdagShieldedColliderIsUndirected() {
    // A->C<-B with A->B: no v-structure, complete graph on 3 nodes is fully reversible.
    Graph c = Cpdag.of(dag("AC", "BC", "AB"));
    assertEquals(3, c.undirectedEdgeCount());
    assertFalse(c.hasDirectedEdge(0, 2));
  }

  @Test
  void everyParentInAVStructureIsCompelled() {
    // Parents of C: A, B, D; D is adjacent to neither A nor B, so all three edges into C are in
    // v-structures; A->B stays reversible.
    Graph c = Cpdag.of(dag("AB", "BC", "AC", "DC"));
    assertTrue(c.hasDirectedEdge(1, 2), c.toString());
    assertTrue(c.hasDirectedEdge(3, 2), c.toString());
    assertTrue(c.hasDirectedEdge(0, 2), c.toString());
    assertTrue(c.hasUndirectedEdge(0, 1), c.toString());
  }

  @Test
  void shdCpdagIgnoresMarkovEquivalentReversal() {
    assertEquals(0, Shd.shdCpdag(dag("AB", "BC"), dag("BA", "CB")));
    assertEquals(2, Shd.shd(dag("AB", "BC").toGraph(), dag("BA", "CB").toGraph(), false));
    // chain vs collider: every edge differs in the CPDAGs (undirected vs directed) -> 2
    assertEquals(2, Shd.shdCpdag(dag("AB", "BC"), dag("AB", "CB")));
  }
}
