package dev.candela.causal.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class GraphPropertiesTest {

  /** A random DAG on 2..9 nodes: random order, each forward pair an edge with probability q. */
  static Dag randomDag(int n, double q, long seed) {
    Random r = new Random(seed);
    List<Integer> perm = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      perm.add(i);
    }
    java.util.Collections.shuffle(perm, r);
    List<int[]> edges = new ArrayList<>();
    for (int a = 0; a < n; a++) {
      for (int b = a + 1; b < n; b++) {
        if (r.nextDouble() < q) {
          edges.add(new int[] {perm.get(a), perm.get(b)});
        }
      }
    }
    return Dag.fromEdges(Dag.defaultNames(n), edges.toArray(new int[0][]));
  }

  @Provide
  Arbitrary<Dag[]> dagPairs() {
    return Combinators.combine(
            Arbitraries.integers().between(2, 9),
            Arbitraries.doubles().between(0.0, 0.8),
            Arbitraries.longs(),
            Arbitraries.longs())
        .as((n, q, s1, s2) -> new Dag[] {randomDag(n, q, s1), randomDag(n, q, s2)});
  }

  @Property(tries = 200)
  void shdIsSymmetricAndZeroOnItself(@ForAll("dagPairs") Dag[] g) {
    for (boolean dbl : new boolean[] {true, false}) {
      assertEquals(
          Shd.shd(g[0].toGraph(), g[1].toGraph(), dbl),
          Shd.shd(g[1].toGraph(), g[0].toGraph(), dbl));
      assertEquals(0, Shd.shd(g[0].toGraph(), g[0].toGraph(), dbl));
      assertEquals(
          Shd.shd(g[0].adjacencyMatrix(), g[1].adjacencyMatrix(), dbl),
          Shd.shd(g[0].toGraph(), g[1].toGraph(), dbl));
    }
    assertEquals(Shd.shdCpdag(g[0], g[1]), Shd.shdCpdag(g[1], g[0]));
  }

  @Property(tries = 200)
  void sidOfItselfIsZero(@ForAll("dagPairs") Dag[] g) {
    assertEquals(0, Sid.sid(g[0], g[0]).sid());
  }

  @Property(tries = 300)
  void fastSidEqualsPerPairAdjustmentCheck(@ForAll("dagPairs") Dag[] g) {
    assertEquals(Sid.sidPairwise(g[0], g[1]), Sid.sid(g[0], g[1]).sid());
  }

  @Property(tries = 200)
  void cpdagBoundsContainEveryMemberOfTheClass(@ForAll("dagPairs") Dag[] g) {
    SidResult bounds = Sid.sid(g[0], Cpdag.of(g[1]));
    long member = Sid.sid(g[0], g[1]).sid();
    assertTrue(
        bounds.lowerBound() <= member && member <= bounds.upperBound(), bounds + " vs " + member);
    assertTrue(bounds.upperBound() <= bounds.sid(), bounds.toString());
  }

  @Property(tries = 200)
  void cpdagIsInvariantOverTheClassAndHasTheSkeleton(@ForAll("dagPairs") Dag[] g) {
    Graph c = Cpdag.of(g[0]);
    assertEquals(g[0].edgeCount(), c.directedEdgeCount() + c.undirectedEdgeCount());
    // Every DAG the CPDAG bounds range over has the same CPDAG: reverse one reversible edge
    // (covered edge) and compare.
    int[][] a = g[0].adjacencyMatrix();
    int n = a.length;
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        if (a[i][j] == 1 && covered(g[0], i, j)) {
          a[i][j] = 0;
          a[j][i] = 1;
          assertEquals(c, Cpdag.of(Dag.of(a)));
          return;
        }
      }
    }
  }

  /** i -> j is covered when pa(j) = pa(i) ∪ {i}; reversing it keeps the equivalence class. */
  private static boolean covered(Dag g, int i, int j) {
    int[] pj = g.parents(j);
    int[] pi = g.parents(i);
    if (pj.length != pi.length + 1) {
      return false;
    }
    List<Integer> want = new ArrayList<>();
    for (int p : pi) {
      want.add(p);
    }
    want.add(i);
    List<Integer> have = new ArrayList<>();
    for (int p : pj) {
      have.add(p);
    }
    return have.containsAll(want);
  }
}
