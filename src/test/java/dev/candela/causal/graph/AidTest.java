package dev.candela.causal.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AidTest {
  /** The normalised value is an exact quotient of two small integers. */
  private static final double EXACT = 0.0;

  private static final List<String> ABCD = List.of("A", "B", "C", "D");

  private static long count(Graph t, Graph g, Aid.Kind k) {
    return Aid.aid(t, g, k).count();
  }

  @Test
  void directedVersusUndirectedEdgeIsTwoMistakesEitherWay() {
    // X -> Y against X -- Y: for (X, Y) and (Y, X) the graphs disagree on amenability.
    List<String> xy = List.of("X", "Y");
    Graph dag = Graph.of(xy, new int[][] {{0, 1}, {0, 0}});
    Graph cpdag = Graph.of(xy, new int[][] {{0, 1}, {1, 0}});
    for (Aid.Kind k : Aid.Kind.values()) {
      AidResult a = Aid.aid(dag, cpdag, k);
      assertEquals(2, a.count(), k.metric());
      assertEquals(1.0, a.value(), EXACT, k.metric());
      assertEquals(2, count(cpdag, dag, k), k.metric());
    }
  }

  @Test
  void sidPaperExample() {
    // Peters and Buehlmann (2015), Fig. 2: H1 adds X2 -> X3 (SID 0), H2 reverses X0 -> X1 (SID 8).
    int[][] g = {
      {0, 1, 1, 1, 1}, {0, 0, 1, 1, 1}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}
    };
    int[][] h1 = {
      {0, 1, 1, 1, 1}, {0, 0, 1, 1, 1}, {0, 0, 0, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}
    };
    int[][] h2 = {
      {0, 0, 1, 1, 1}, {1, 0, 1, 1, 1}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}
    };
    assertEquals(0, count(Graph.of(g), Graph.of(h1), Aid.Kind.PARENT));
    AidResult r = Aid.aid(Graph.of(g), Graph.of(h2), Aid.Kind.PARENT);
    assertEquals(8, r.count());
    assertEquals(0.4, r.value(), EXACT);
    assertEquals(20, r.comparisons());
  }

  @Test
  void missingConfounderEdgeSeparatesTheThreeDistances() {
    // truth A -> T, A -> Y, T -> Y; guess drops A -> Y.
    // ancestor: Z(T) = {A} is valid for (T, Y), Z(A) = {} valid, Y claims nothing: 0.
    // oset: O(T, Y) in the guess = {} (the guess sees no confounder), invalid in the truth: 1.
    // parent: Z(Y) = {T} for (Y, A): the edge Y <- A is an open non-causal path: 1 (= SID).
    List<String> aty = List.of("A", "T", "Y");
    Dag t = Dag.builder(aty).addEdge("A", "T").addEdge("A", "Y").addEdge("T", "Y").build();
    Dag g = Dag.builder(aty).addEdge("A", "T").addEdge("T", "Y").build();
    assertEquals(0, Aid.aid(t, g, Aid.Kind.ANCESTOR).count());
    assertEquals(1, Aid.aid(t, g, Aid.Kind.OSET).count());
    assertEquals(1, Aid.aid(t, g, Aid.Kind.PARENT).count());
    assertEquals(1, Sid.sid(t, g).sid());
  }

  @Test
  void cpdagAgainstAMemberOfItsClass() {
    // truth CPDAG A -- B, B -> C <- D; guess the DAG A -> B -> C <- D of its class.
    // t = A: B and C are not amenable in the truth (A -- B -> C) but amenable in the guess: 2.
    // t = B: A is a possible descendant of B in the truth (B -- A) but claimed a non-effect
    // (parent / not a possible descendant in the guess): 1. t = C, D: no mistake. All three: 3.
    Graph truth = Graph.fromEdges(ABCD, new int[][] {{1, 2}, {3, 2}}, new int[][] {{0, 1}});
    Graph guess = Graph.fromEdges(ABCD, new int[][] {{0, 1}, {1, 2}, {3, 2}}, new int[0][]);
    for (Aid.Kind k : Aid.Kind.values()) {
      assertEquals(3, count(truth, guess, k), k.metric());
      assertEquals(0, count(truth, truth, k), k.metric() + " truth vs itself");
    }
    // swapped: t = A: the guess says B, C not amenable, the truth amenable: 2; t = B (parent-AID,
    // Z = {} since A -- B is not a directed parent): A is claimed and not amenable in the guess: 1.
    assertEquals(3, count(guess, truth, Aid.Kind.PARENT));
  }

  @Test
  void parentAidEqualsSidOnRandomDags() {
    SplittableRandom rng = new SplittableRandom(26);
    for (int rep = 0; rep < 300; rep++) {
      int p = 2 + rng.nextInt(25);
      double q = rng.nextDouble();
      Dag t = RandomDags.forwardEdges(p, q, rng);
      Dag g = RandomDags.forwardEdges(p, rng.nextDouble(), rng);
      assertEquals(Sid.sid(t, g).sid(), Aid.aid(t, g, Aid.Kind.PARENT).count(), "p=" + p);
    }
  }

  @Test
  void identicalGraphsAreAtZeroAndValuesInRange() {
    SplittableRandom rng = new SplittableRandom(7);
    for (int rep = 0; rep < 60; rep++) {
      int p = 2 + rng.nextInt(20);
      Dag d = RandomDags.forwardEdges(p, rng.nextDouble(), rng);
      Graph c = Cpdag.of(d);
      Dag other = RandomDags.forwardEdges(p, rng.nextDouble(), rng);
      for (Aid.Kind k : Aid.Kind.values()) {
        assertEquals(0, count(d.toGraph(), d.toGraph(), k), k + " DAG p=" + p);
        assertEquals(0, count(c, c, k), k + " CPDAG p=" + p);
        double v = Aid.aid(c, Cpdag.of(other), k).value();
        assertTrue(v >= 0 && v <= 1, k + " value " + v);
      }
    }
  }

  @Test
  void emptyTruthAcceptsEveryDagGuessButNotAnUndirectedOne() {
    // As in gadjid's pair DAG-16 / DAG-17: adjusting for all predecessors is valid in the empty
    // graph; a complete undirected guess is not amenable anywhere: p(p - 1) mistakes.
    int p = 5;
    int[][] complete = new int[p][p];
    int[][] undirected = new int[p][p];
    for (int i = 0; i < p; i++) {
      for (int j = 0; j < p; j++) {
        complete[i][j] = i < j ? 1 : 0;
        undirected[i][j] = i != j ? 1 : 0;
      }
    }
    Graph empty = Graph.of(new int[p][p]);
    for (Aid.Kind k : Aid.Kind.values()) {
      assertEquals(0, count(empty, Graph.of(complete), k), k.metric());
      assertEquals(20, count(empty, Graph.of(undirected), k), k.metric());
    }
  }

  @Test
  void badInputNamesTheProblem() {
    Graph two = Graph.of(new int[][] {{0, 1}, {0, 0}});
    Graph three = Graph.of(new int[3][3]);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Aid.aid(two, three, Aid.Kind.OSET));
    assertEquals("shape mismatch: truth is 2x2, guess is 3x3", e.getMessage());
    Graph renamed = Graph.of(List.of("X0", "Q"), new int[2][2]);
    e = assertThrows(IllegalArgumentException.class, () -> Aid.aid(two, renamed, Aid.Kind.PARENT));
    assertEquals("variable 1 is 'X1' in truth but 'Q' in guess", e.getMessage());
    Graph one = Graph.of(new int[1][1]);
    e = assertThrows(IllegalArgumentException.class, () -> Aid.aid(one, one, Aid.Kind.PARENT));
    assertEquals("AID needs at least 2 nodes, got 1", e.getMessage());
    Graph cyclic = Graph.fromEdges(ABCD, new int[][] {{0, 1}, {1, 2}, {2, 0}}, new int[0][]);
    Graph ok = Graph.of(ABCD, new int[4][4]);
    e = assertThrows(IllegalArgumentException.class, () -> Aid.aid(ok, cyclic, Aid.Kind.ANCESTOR));
    assertTrue(e.getMessage().startsWith("guess: graph has a cycle: "), e.getMessage());
    Graph loop = Graph.of(List.of("A", "B"), new int[][] {{1, 0}, {0, 0}});
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Aid.aid(loop, Graph.of(List.of("A", "B"), new int[2][2]), Aid.Kind.PARENT));
    assertEquals("truth has a self-loop at A (A[i][i] = 1)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Aid.Kind.parse("sid"));
    assertEquals("unknown AID kind 'sid', expected ancestor, oset or parent", e.getMessage());
    assertEquals(Aid.Kind.OSET, Aid.Kind.parse("Oset"));
    assertEquals(Aid.Kind.PARENT, Aid.Kind.parse("parent_aid"));
  }
}
