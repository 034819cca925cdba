package dev.candela.causal.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The CPDAG (essential graph) of a DAG: the graph with the DAG's skeleton in which exactly the
 * compelled edges (directed the same way in every DAG of the Markov equivalence class) are directed
 * and every reversible edge is undirected.
 *
 * <p>Algorithm: keep the skeleton undirected, orient the edges of every v-structure a → c ← b (a, b
 * not adjacent), then apply Meek's rules R1–R3 until nothing changes (Meek, "Causal inference and
 * causal explanation with background knowledge", UAI 1995; these rules are complete when the
 * starting pattern comes from a DAG, and the result equals Chickering's essential graph, Chickering
 * 2002, JMLR 2).
 */
public final class Cpdag {
  private Cpdag() {}

  /**
   * The CPDAG of a DAG.
   *
   * @param dag the DAG
   * @return its essential graph over the same variables
   */
  public static Graph of(Dag dag) {
    int n = dag.size();
    int[][] pa = dag.parentLists();
    int[][] ch = dag.childLists();
    List<Set<Integer>> dir = new ArrayList<>(n); // dir.get(i) = targets of directed edges i -> j
    List<Set<Integer>> und = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      dir.add(new HashSet<>());
      und.add(new HashSet<>());
    }
    // v-structures
    boolean[] compelled;
    for (int c = 0; c < n; c++) {
      int[] p = pa[c];
      compelled = new boolean[p.length];
      for (int x = 0; x < p.length; x++) {
        for (int y = x + 1; y < p.length; y++) {
          if (!dag.hasEdge(p[x], p[y]) && !dag.hasEdge(p[y], p[x])) {
            compelled[x] = true;
            compelled[y] = true;
          }
        }
      }
      for (int x = 0; x < p.length; x++) {
        if (compelled[x]) {
          dir.get(p[x]).add(c);
        } else {
          und.get(p[x]).add(c);
          und.get(c).add(p[x]);
        }
      }
    }
    List<Set<Integer>> rev = new ArrayList<>(n); // rev.get(j) = sources of directed edges into j
    for (int i = 0; i < n; i++) {
      rev.add(new HashSet<>());
    }
    for (int i = 0; i < n; i++) {
      for (int j : dir.get(i)) {
        rev.get(j).add(i);
      }
    }
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int x = 0; x < n; x++) {
        for (int y : new ArrayList<>(und.get(x))) {
          if (!und.get(x).contains(y)) {
            continue;
          }
          if (orientable(x, y, dir, und, rev, ch, pa)) {
            und.get(x).remove(y);
            und.get(y).remove(x);
            dir.get(x).add(y);
            rev.get(y).add(x);
            changed = true;
          }
        }
      }
    }
    int[][] d = new int[n][];
    int[][] u = new int[n][];
    for (int i = 0; i < n; i++) {
      d[i] = dir.get(i).stream().mapToInt(Integer::intValue).sorted().toArray();
      u[i] = und.get(i).stream().mapToInt(Integer::intValue).sorted().toArray();
    }
    return Graph.fromLists(dag.names(), d, u);
  }

  private static boolean adjacent(int a, int b, int[][] ch, int[][] pa) {
    return Arrays.binarySearch(ch[a], b) >= 0 || Arrays.binarySearch(pa[a], b) >= 0;
  }

  /** Whether Meek's R1, R2 or R3 orients the undirected edge x — y as x → y. */
  private static boolean orientable(
      int x,
      int y,
      List<Set<Integer>> dir,
      List<Set<Integer>> und,
      List<Set<Integer>> rev,
      int[][] ch,
      int[][] pa) {
    // R1: a -> x, a not adjacent to y.
    for (int a : rev.get(x)) {
      if (a != y && !adjacent(a, y, ch, pa)) {
        return true;
      }
    }
    // R2: x -> b -> y.
    for (int b : dir.get(x)) {
      if (dir.get(b).contains(y)) {
        return true;
      }
    }
    // R3: x - c, x - d, c -> y, d -> y, c and d not adjacent.
    List<Integer> cands = new ArrayList<>();
    for (int c : und.get(x)) {
      if (c != y && rev.get(y).contains(c)) {
        cands.add(c);
      }
    }
    for (int s = 0; s < cands.size(); s++) {
      for (int t = s + 1; t < cands.size(); t++) {
        if (!adjacent(cands.get(s), cands.get(t), ch, pa)) {
          return true;
        }
      }
    }
    return false;
  }
}
