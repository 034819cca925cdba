package dev.candela.causal.graph;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SidTest {
  private static final List<String> XYZ = List.of("X0", "X1", "X2");

  private static Dag chain() {
    return Dag.builder(XYZ).addEdge("X0", "X1").addEdge("X1", "X2").build();
  }

  @Test
  void identicalGraphsHaveZeroSid() {
    Dag t = chain();
    assertEquals(0, Sid.sid(t, t).sid());
  }

  @Test
  void emptyGuessOnChain() {
    // Z = {} for every i. Wrong: (1,0), (2,0), (2,1): the back-door path to an ancestor is open.
    // (0,1), (0,2), (1,2) are right: no non-causal path.
    SidResult r = Sid.sid(chain(), Dag.empty(XYZ));
    assertEquals(3, r.sid());
    assertTrue(r.isExact());
    assertEquals(3, Sid.sidPairwise(chain(), Dag.empty(XYZ)));
  }

  @Test
  void anyGuessIsRightWhenTruthIsEmpty() {
    assertEquals(0, Sid.sid(Dag.empty(XYZ), chain()).sid());
  }

  @Test
  void reversedChain() {
    // guess X2 -> X1 -> X0. i=0: Z={1}: j=1 is a guessed parent but a true descendant; j=2: 1 is
    // on the causal path 0->1->2 -> both wrong. i=1: Z={2}: j=2 wrong (descendant), j=0: the
    // path 1<-0 is open -> wrong. i=2: Z={} -> both ancestors wrong. Total 6.
    Dag g = Dag.builder(XYZ).addEdge("X2", "X1").addEdge("X1", "X0").build();
    assertEquals(6, Sid.sid(chain(), g).sid());
  }

  @Test
  void colliderChildInAdjustmentSet() {
    // truth: X0 -> X2 <- X1. guess X2 -> X0 (Z for X0 is {X2}): adjusting for the collider opens
    // X0 -> X2 <- X1, so (0,1) is wrong; (0,2) wrong (X2 guessed parent, true child).
    Dag t = Dag.builder(XYZ).addEdge("X0", "X2").addEdge("X1", "X2").build();
    Dag g = Dag.builder(XYZ).addEdge("X2", "X0").addEdge("X1", "X2").build();
    // i=1: Z={} , j=0: no open path (collider X2 not conditioned) -> right; j=2 -> right.
    // i=2: Z={1}: j=0: 2<-0 open (0 not in Z) -> wrong; j=1: guessed parent, not descendant ->
    // right.
    assertEquals(3, Sid.sid(t, g).sid());
    assertEquals(3, Sid.sidPairwise(t, g));
  }

  @Test
  void cpdagBoundsOnTwoNodes() {
    // truth X0 -> X1, guess X0 - X1: the orientation X0 -> X1 has SID 0, X1 -> X0 has SID 2.
    List<String> ab = List.of("X0", "X1");
    Dag t = Dag.builder(ab).addEdge("X0", "X1").build();
    Graph g = Graph.of(ab, new int[][] {{0, 1}, {1, 0}});
    SidResult r = Sid.sid(t, g);
    assertEquals(0, r.lowerBound());
    assertEquals(2, r.upperBound());
    assertEquals(2, r.sid());
    assertTrue(r.exactClass());
  }

  @Test
  void cpdagBoundsOnChainWorkedByHand() {
    // CPDAG X0 - X1 - X2 has three DAGs: 0->1->2 (SID 0), 0<-1->2 (SID 3), 0<-1<-2 (SID 6).
    Graph cp = Cpdag.of(chain());
    assertEquals(2, cp.undirectedEdgeCount());
    SidResult r = Sid.sid(chain(), cp);
    assertEquals(0, r.lowerBound());
    assertEquals(6, r.upperBound());
    assertEquals(6, r.sid());
    Dag fork = Dag.builder(XYZ).addEdge("X1", "X0").addEdge("X1", "X2").build();
    assertEquals(3, Sid.sid(chain(), fork).sid());
  }

  @Test
  void nonChordalComponentFallsBackToLocalExpansion() {
    // 4-cycle X0-X1-X2-X3-X0 is not chordal: each node's 2 neighbours are expanded locally.
    List<String> names = List.of("X0", "X1", "X2", "X3");
    int[][] a = {{0, 1, 0, 1}, {1, 0, 1, 0}, {0, 1, 0, 1}, {1, 0, 1, 0}};
    Dag t = Dag.empty(names);
    SidResult r = Sid.sid(t, Graph.of(names, a));
    assertFalse(r.exactClass());
    assertEquals(0, r.lowerBound());
    assertEquals(0, r.upperBound());
  }

  @Test
  void localExpansionWorkedByHand() {
    // truth X0 -> X1; guess the 4-cycle X0-X1-X2-X3-X0 (not chordal -> local expansion).
    // X0: Z in {}, {X1}, {X3}, {X1,X3}: (0,1) wrong iff X1 in Z -> [0, 1].
    // X1: Z in {}, {X0}, {X2}, {X0,X2}: (1,0) wrong iff X0 not in Z -> [0, 1].
    // X2, X3: no path in the truth -> always 0. Bounds [0, 2]; pairs wrong somewhere: 2.
    List<String> names = List.of("X0", "X1", "X2", "X3");
    int[][] a = {{0, 1, 0, 1}, {1, 0, 1, 0}, {0, 1, 0, 1}, {1, 0, 1, 0}};
    Dag t = Dag.builder(names).addEdge("X0", "X1").build();
    SidResult r = Sid.sid(t, Graph.of(names, a));
    assertFalse(r.exactClass());
    assertEquals(0, r.lowerBound());
    assertEquals(2, r.upperBound());
    assertEquals(2, r.sid());
  }

  @Test
  void selfLoopInGuessIsRejected() {
    Graph g = Graph.of(XYZ, new int[][] {{1, 0, 0}, {0, 0, 1}, {0, 1, 0}});
    assertRejects(() -> Sid.sid(chain(), g), "X0");
  }

  @Test
  void namesMustAgree() {
    assertRejects(() -> Sid.sid(chain(), Dag.empty(List.of("X0", "X1", "Q"))), "'X2'", "'Q'");
  }
}
