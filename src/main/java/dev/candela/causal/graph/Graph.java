package dev.candela.causal.graph;

import java.util.Arrays;
import java.util.List;

/**
 * An immutable graph over named variables with directed and undirected edges, such as a CPDAG
 * (completed partially directed acyclic graph, the essential graph of a Markov equivalence class).
 *
 * <p>Adjacency convention (cdt.metrics): {@code A[i][j] = 1, A[j][i] = 0} is the directed edge i →
 * j; {@code A[i][j] = A[j][i] = 1} is the undirected edge i — j. A non-zero diagonal entry is a
 * directed self-loop (which makes {@link #toDag()} fail).
 */
public final class Graph extends NamedNodes {
  private final int[][] undirected;

  private Graph(List<String> names, int[][] children, int[][] undirected) {
    super(names, children);
    this.undirected = undirected;
  }

  /**
   * Builds a graph from a dense 0/1 adjacency matrix; symmetric pairs become undirected edges.
   *
   * @param names distinct variable names
   * @param adjacency square 0/1 matrix
   * @return the graph
   * @throws IllegalArgumentException if the shape does not match or an entry is not 0 or 1
   */
  public static Graph of(List<String> names, int[][] adjacency) {
    GraphSupport.indexNames(names);
    int n = names.size();
    GraphSupport.checkZeroOne(adjacency, n);
    return split(names, GraphSupport.rowLists(adjacency));
  }

  /**
   * Builds a graph from a dense adjacency matrix with the default names {@code X0, X1, ...}.
   *
   * @param adjacency square 0/1 matrix
   * @return the graph
   */
  public static Graph of(int[][] adjacency) {
    return of(Dag.defaultNames(adjacency.length), adjacency);
  }

  /**
   * Builds a graph from edge lists by index. A pair listed as directed in both directions becomes
   * an undirected edge, as in the adjacency-matrix convention.
   *
   * @param names distinct variable names
   * @param directed pairs {@code {from, to}}
   * @param undirectedEdges pairs {@code {a, b}} of undirected edges
   * @return the graph
   * @throws IllegalArgumentException for an index out of range or a malformed pair
   */
  public static Graph fromEdges(List<String> names, int[][] directed, int[][] undirectedEdges) {
    int n = names.size();
    int[][] both = new int[directed.length + 2 * undirectedEdges.length][];
    System.arraycopy(directed, 0, both, 0, directed.length);
    int k = directed.length;
    for (int[] e : undirectedEdges) {
      if (e == null || e.length != 2) {
        throw new IllegalArgumentException(
            "an edge must be a pair {a, b}, got " + Arrays.toString(e));
      }
      both[k++] = e;
      both[k++] = new int[] {e[1], e[0]};
    }
    return split(names, GraphSupport.listsFromEdges(n, both));
  }

  /**
   * The graph of sorted edge lists by source: a pair present in both directions is undirected, any
   * other entry (a self-loop included) directed.
   */
  private static Graph split(List<String> names, int[][] all) {
    int n = all.length;
    int[][] ch = new int[n][];
    int[][] un = new int[n][];
    for (int i = 0; i < n; i++) {
      int[] bd = new int[all[i].length];
      int[] bu = new int[all[i].length];
      int nd = 0;
      int nu = 0;
      for (int j : all[i]) {
        if (i != j && Arrays.binarySearch(all[j], i) >= 0) {
          bu[nu++] = j;
        } else {
          bd[nd++] = j;
        }
      }
      ch[i] = Arrays.copyOf(bd, nd);
      un[i] = Arrays.copyOf(bu, nu);
    }
    return new Graph(names, ch, un);
  }

  /** Package-private factory from sorted lists (taken, not copied); undirected is symmetric. */
  static Graph fromLists(List<String> names, int[][] children, int[][] undirected) {
    return new Graph(names, children, undirected);
  }

  /**
   * Whether the directed edge {@code from → to} is present (undirected edges do not count).
   *
   * @param from source index
   * @param to target index
   * @return true for a directed edge
   */
  public boolean hasDirectedEdge(int from, int to) {
    return Arrays.binarySearch(children[from], to) >= 0;
  }

  /**
   * Whether the undirected edge {@code a — b} is present.
   *
   * @param a one end
   * @param b other end
   * @return true for an undirected edge
   */
  public boolean hasUndirectedEdge(int a, int b) {
    return Arrays.binarySearch(undirected[a], b) >= 0;
  }

  /**
   * Number of directed edges.
   *
   * @return the count
   */
  public int directedEdgeCount() {
    int m = 0;
    for (int[] c : children) {
      m += c.length;
    }
    return m;
  }

  /**
   * Number of undirected edges (each unordered pair once).
   *
   * @return the count
   */
  public int undirectedEdgeCount() {
    int m = 0;
    for (int[] c : undirected) {
      m += c.length;
    }
    return m / 2;
  }

  /**
   * Targets of the directed edges out of a node.
   *
   * @param i node index
   * @return a fresh sorted array
   */
  public int[] directedChildren(int i) {
    return children[i].clone();
  }

  /**
   * Sources of the directed edges into a node.
   *
   * @param i node index
   * @return a fresh sorted array
   */
  public int[] directedParents(int i) {
    return parents[i].clone();
  }

  /**
   * Neighbours over undirected edges.
   *
   * @param i node index
   * @return a fresh sorted array
   */
  public int[] undirectedNeighbours(int i) {
    return undirected[i].clone();
  }

  /**
   * Whether the graph has no undirected edge.
   *
   * @return true if every edge is directed
   */
  public boolean isFullyDirected() {
    for (int[] u : undirected) {
      if (u.length > 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * This graph as a DAG.
   *
   * @return the DAG with the same directed edges
   * @throws IllegalArgumentException if there is an undirected edge (named) or a cycle (its
   *     variables are named)
   */
  public Dag toDag() {
    for (int i = 0; i < size(); i++) {
      if (undirected[i].length > 0) {
        throw new IllegalArgumentException(
            "graph is not a DAG: undirected edge "
                + names.get(i)
                + " -- "
                + names.get(undirected[i][0])
                + " (A[i][j] = A[j][i] = 1)");
      }
    }
    return Dag.fromChildLists(names, children);
  }

  int[][] undirectedLists() {
    return undirected;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Graph g
        && names.equals(g.names)
        && Arrays.deepEquals(children, g.children)
        && Arrays.deepEquals(undirected, g.undirected);
  }

  @Override
  public int hashCode() {
    return names.hashCode() * 31
        + Arrays.deepHashCode(children) * 17
        + Arrays.deepHashCode(undirected);
  }

  @Override
  int[] undirectedOf(int i) {
    return undirected[i];
  }
}
