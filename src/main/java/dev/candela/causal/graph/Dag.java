package dev.candela.causal.graph;

import dev.candela.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable directed acyclic graph over named variables, stored as sorted sparse adjacency lists
 * so that graphs with tens of thousands of nodes fit in memory.
 *
 * <p>Convention (cdt.metrics): in the adjacency matrix {@code A[i][j] = 1} means the edge i → j
 * (rows are sources). Node {@code i} is the variable {@code names().get(i)}. Every factory checks
 * acyclicity; a cycle raises an {@link IllegalArgumentException} whose message lists the variables
 * on one cycle, for example {@code graph has a cycle: B -> C -> B}.
 */
public final class Dag extends NamedNodes {
  private static final int[] NO_NEIGHBOURS = new int[0];

  private final int[] order;
  private final int edgeCount;

  private Dag(List<String> names, int[][] children) {
    super(names, children);
    int m = 0;
    for (int[] c : children) {
      m += c.length;
    }
    this.edgeCount = m;
    this.order = GraphSupport.topologicalOrderOrThrow(this.names, children, parents);
  }

  /**
   * Builds a DAG from a dense 0/1 adjacency matrix.
   *
   * @param names distinct variable names, one per row
   * @param adjacency square matrix, {@code adjacency[i][j] == 1} for the edge i → j, else 0
   * @return the DAG
   * @throws IllegalArgumentException if the names are not distinct, the shape does not match, an
   *     entry is not 0 or 1, or the graph has a cycle
   */
  public static Dag of(List<String> names, int[][] adjacency) {
    GraphSupport.indexNames(names);
    int n = names.size();
    GraphSupport.checkZeroOne(adjacency, n);
    return new Dag(names, GraphSupport.rowLists(adjacency));
  }

  /**
   * Builds a DAG from a dense 0/1 adjacency matrix with the default names {@code X0, X1, ...}.
   *
   * @param adjacency square matrix, {@code adjacency[i][j] == 1} for the edge i → j
   * @return the DAG
   * @throws IllegalArgumentException if the matrix is not square or 0/1, or has a cycle
   */
  public static Dag of(int[][] adjacency) {
    return of(defaultNames(adjacency.length), adjacency);
  }

  /**
   * Builds a DAG from a list of edges given by index. Duplicate edges are merged.
   *
   * @param names distinct variable names
   * @param edges pairs {@code {from, to}} of node indices
   * @return the DAG
   * @throws IllegalArgumentException for an index out of range, a malformed pair or a cycle
   */
  public static Dag fromEdges(List<String> names, int[][] edges) {
    GraphSupport.indexNames(names);
    return new Dag(names, GraphSupport.listsFromEdges(names.size(), edges));
  }

  /**
   * Starts a builder over the given variables.
   *
   * @param names distinct variable names
   * @return a builder without edges
   */
  public static Builder builder(List<String> names) {
    return new Builder(names);
  }

  /**
   * The graph without edges over the given variables.
   *
   * @param names distinct variable names
   * @return the empty DAG
   */
  public static Dag empty(List<String> names) {
    return fromEdges(names, new int[0][]);
  }

  /**
   * Reads a DAG from a file; see {@link GraphIo#read(Path)} for the formats.
   *
   * @param file a JSON, CSV or Matrix Market file
   * @return the DAG
   * @throws BadInputException if the file cannot be read or parsed, has undirected edges or a
   *     cycle; the one-line message names the file
   */
  public static Dag read(Path file) throws BadInputException {
    Graph g = GraphIo.read(file);
    try {
      return g.toDag();
    } catch (IllegalArgumentException e) {
      throw new BadInputException(file + ": " + e.getMessage(), e);
    }
  }

  /**
   * The names {@code X0 .. X(n-1)} used when a file gives no variable names.
   *
   * @param n number of variables
   * @return the names
   */
  public static List<String> defaultNames(int n) {
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add("X" + i);
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * Number of directed edges.
   *
   * @return the edge count
   */
  public int edgeCount() {
    return edgeCount;
  }

  /**
   * The name of a node.
   *
   * @param i node index
   * @return its variable name
   */
  public String name(int i) {
    return names.get(i);
  }

  /**
   * Whether the edge {@code from → to} is present.
   *
   * @param from source index
   * @param to target index
   * @return true if the edge exists
   */
  public boolean hasEdge(int from, int to) {
    return Arrays.binarySearch(children[from], to) >= 0;
  }

  /**
   * The parents of a node, in increasing index order.
   *
   * @param i node index
   * @return a fresh array of parent indices
   */
  public int[] parents(int i) {
    return parents[i].clone();
  }

  /**
   * The children of a node, in increasing index order.
   *
   * @param i node index
   * @return a fresh array of child indices
   */
  public int[] children(int i) {
    return children[i].clone();
  }

  /**
   * The parents of a variable by name, in node order.
   *
   * @param name a variable name
   * @return the parent names
   */
  public List<String> parents(String name) {
    return namesOf(parents[indexOf(name)]);
  }

  /**
   * The children of a variable by name, in node order.
   *
   * @param name a variable name
   * @return the child names
   */
  public List<String> children(String name) {
    return namesOf(children[indexOf(name)]);
  }

  /**
   * A topological order: every parent comes before its children. Among the valid orders this is the
   * one produced by Kahn's algorithm with a first-in-first-out queue seeded with the sources in
   * index order.
   *
   * @return a fresh array of node indices
   */
  public int[] topologicalOrder() {
    return order.clone();
  }

  /**
   * The topological order as variable names.
   *
   * @return the names in topological order
   */
  public List<String> topologicalNames() {
    return namesOf(order);
  }

  /**
   * This DAG viewed as a (fully directed) {@link Graph}.
   *
   * @return the same edges as a graph
   */
  public Graph toGraph() {
    return Graph.fromLists(names, children, new int[size()][0]);
  }

  /** Package-private factory from sorted, duplicate-free child lists (taken, not copied). */
  static Dag fromChildLists(List<String> names, int[][] children) {
    return new Dag(names, children);
  }

  private List<String> namesOf(int[] ids) {
    List<String> out = new ArrayList<>(ids.length);
    for (int i : ids) {
      out.add(names.get(i));
    }
    return Collections.unmodifiableList(out);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Dag d && names.equals(d.names) && Arrays.deepEquals(children, d.children);
  }

  @Override
  public int hashCode() {
    return 31 * names.hashCode() + Arrays.deepHashCode(children);
  }

  @Override
  int[] undirectedOf(int i) {
    return NO_NEIGHBOURS;
  }

  /** Collects edges by name or index and builds a {@link Dag}. */
  public static final class Builder {
    private final List<String> names;
    private final Map<String, Integer> index;
    private final List<int[]> edges = new ArrayList<>();

    private Builder(List<String> names) {
      this.names = List.copyOf(names);
      this.index = new HashMap<>(GraphSupport.indexNames(this.names));
    }

    /**
     * Adds the edge {@code from → to}.
     *
     * @param from source variable
     * @param to target variable
     * @return this builder
     * @throws IllegalArgumentException if a variable is unknown
     */
    public Builder addEdge(String from, String to) {
      return addEdge(lookup(from), lookup(to));
    }

    /**
     * Adds the edge {@code from → to} by index.
     *
     * @param from source index
     * @param to target index
     * @return this builder
     * @throws IllegalArgumentException if an index is out of range
     */
    public Builder addEdge(int from, int to) {
      GraphSupport.checkIndex(from, names.size());
      GraphSupport.checkIndex(to, names.size());
      edges.add(new int[] {from, to});
      return this;
    }

    /**
     * Builds the DAG.
     *
     * @return the DAG
     * @throws IllegalArgumentException if the edges form a cycle
     */
    public Dag build() {
      return fromEdges(names, edges.toArray(new int[0][]));
    }

    private int lookup(String name) {
      Integer i = index.get(name);
      if (i == null) {
        throw new IllegalArgumentException("unknown variable '" + name + "', known: " + names);
      }
      return i;
    }
  }
}
