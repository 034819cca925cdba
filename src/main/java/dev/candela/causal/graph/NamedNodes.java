package dev.candela.causal.graph;

import java.util.List;
import java.util.Map;

/**
 * What {@link Dag} and {@link Graph} share: the variables, node {@code i} being the variable {@code
 * names().get(i)}, and the directed edges as sorted child and parent lists.
 */
public abstract sealed class NamedNodes permits Dag, Graph {
  final List<String> names;
  final Map<String, Integer> index;
  final int[][] children;
  final int[][] parents;

  /** Copies the names, indexes them, and takes the sorted child lists (not copied). */
  NamedNodes(List<String> names, int[][] children) {
    this.names = List.copyOf(names);
    this.index = GraphSupport.indexNames(this.names);
    this.children = children;
    this.parents = GraphSupport.transpose(children);
  }

  /**
   * The variable names, node {@code i} is {@code names().get(i)}.
   *
   * @return an unmodifiable list
   */
  public List<String> names() {
    return names;
  }

  /**
   * Number of nodes.
   *
   * @return the number of variables
   */
  public int size() {
    return names.size();
  }

  /**
   * The index of a variable.
   *
   * @param name a variable name
   * @return its node index
   * @throws IllegalArgumentException if the variable is unknown
   */
  public int indexOf(String name) {
    Integer i = index.get(name);
    if (i == null) {
      throw new IllegalArgumentException("unknown variable '" + name + "', known: " + names);
    }
    return i;
  }

  /** Sorted child lists, shared, not copied: callers in this package must not modify them. */
  int[][] childLists() {
    return children;
  }

  /** Sorted parent lists, shared, not copied: callers in this package must not modify them. */
  int[][] parentLists() {
    return parents;
  }

  /**
   * The dense adjacency matrix: 1 at [i][j] for i → j, 1 at both [i][j] and [j][i] for i — j.
   *
   * @return a fresh n × n matrix
   */
  public int[][] adjacencyMatrix() {
    int n = size();
    int[][] a = new int[n][n];
    for (int i = 0; i < n; i++) {
      for (int j : children[i]) {
        a[i][j] = 1;
      }
      for (int j : undirectedOf(i)) {
        a[i][j] = 1;
      }
    }
    return a;
  }

  /** The undirected neighbours of a node (none in a DAG), shared, not copied. */
  abstract int[] undirectedOf(int i);

  /**
   * The edges, {@code A -> B} directed and {@code A -- B} undirected, by node.
   *
   * @return e.g. {@code Dag[A -> B, B -> C]} or {@code Graph[A -> B, B -- C]}
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(getClass().getSimpleName()).append('[');
    String sep = "";
    for (int i = 0; i < size(); i++) {
      for (int j : children[i]) {
        sb.append(sep).append(names.get(i)).append(" -> ").append(names.get(j));
        sep = ", ";
      }
      for (int j : undirectedOf(i)) {
        if (j > i) {
          sb.append(sep).append(names.get(i)).append(" -- ").append(names.get(j));
          sep = ", ";
        }
      }
    }
    return sb.append(']').toString();
  }
}
