package dev.candela.causal.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Package-private helpers shared by {@link Dag} and {@link Graph}: validation and list algebra. */
final class GraphSupport {
  private GraphSupport() {}

  static Map<String, Integer> indexNames(List<String> names) {
    Map<String, Integer> idx = new HashMap<>(names.size() * 2);
    for (int i = 0; i < names.size(); i++) {
      String s = names.get(i);
      if (s == null || s.isEmpty()) {
        throw new IllegalArgumentException("variable " + i + " has an empty name");
      }
      Integer prev = idx.put(s, i);
      if (prev != null) {
        throw new IllegalArgumentException(
            "duplicate variable name '" + s + "' at positions " + prev + " and " + i);
      }
    }
    return Collections.unmodifiableMap(idx);
  }

  /**
   * Checks that an adjacency matrix is n × n ({@link #checkSquare}) with every entry 0 or 1.
   *
   * @throws IllegalArgumentException naming the first other entry in row order
   */
  static void checkZeroOne(int[][] a, int n) {
    checkSquare(a, n);
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        int v = a[i][j];
        if (v != 0 && v != 1) {
          throw new IllegalArgumentException(
              "adjacency entry [" + i + "][" + j + "] = " + v + " is not 0 or 1");
        }
      }
    }
  }

  /**
   * The rows of a square 0/1 adjacency matrix as lists: for each row the sorted columns holding 1.
   */
  static int[][] rowLists(int[][] a) {
    int n = a.length;
    int[][] out = new int[n][];
    int[] buf = new int[n];
    for (int i = 0; i < n; i++) {
      int c = 0;
      for (int j = 0; j < n; j++) {
        if (a[i][j] == 1) {
          buf[c++] = j;
        }
      }
      out[i] = Arrays.copyOf(buf, c);
    }
    return out;
  }

  static void checkSquare(int[][] a, int n) {
    if (a.length != n) {
      throw new IllegalArgumentException(
          "adjacency has " + a.length + " rows but there are " + n + " variables");
    }
    for (int i = 0; i < n; i++) {
      if (a[i] == null || a[i].length != n) {
        throw new IllegalArgumentException(
            "adjacency row "
                + i
                + " has "
                + (a[i] == null ? 0 : a[i].length)
                + " entries, expected "
                + n
                + " (matrix must be "
                + n
                + "x"
                + n
                + ")");
      }
    }
  }

  static void checkIndex(int i, int n) {
    if (i < 0 || i >= n) {
      throw new IllegalArgumentException("node index " + i + " out of range [0, " + n + ")");
    }
  }

  /** Sorted, duplicate-free child lists from {from, to} pairs. */
  static int[][] listsFromEdges(int n, int[][] edges) {
    int[] deg = new int[n];
    for (int[] e : edges) {
      if (e == null || e.length != 2) {
        throw new IllegalArgumentException(
            "an edge must be a pair {from, to}, got " + Arrays.toString(e));
      }
      checkIndex(e[0], n);
      checkIndex(e[1], n);
      deg[e[0]]++;
    }
    int[][] ch = new int[n][];
    for (int i = 0; i < n; i++) {
      ch[i] = new int[deg[i]];
    }
    int[] fill = new int[n];
    for (int[] e : edges) {
      ch[e[0]][fill[e[0]]++] = e[1];
    }
    for (int i = 0; i < n; i++) {
      ch[i] = sortedUnique(ch[i]);
    }
    return ch;
  }

  static int[] sortedUnique(int[] a) {
    if (a.length < 2) {
      return a;
    }
    Arrays.sort(a);
    int k = 1;
    for (int i = 1; i < a.length; i++) {
      if (a[i] != a[k - 1]) {
        a[k++] = a[i];
      }
    }
    return k == a.length ? a : Arrays.copyOf(a, k);
  }

  /** The reversed lists: out[j] holds every i with j in lists[i]; sorted if iteration is. */
  static int[][] transpose(int[][] lists) {
    int n = lists.length;
    int[] deg = new int[n];
    for (int[] l : lists) {
      for (int j : l) {
        deg[j]++;
      }
    }
    int[][] out = new int[n][];
    for (int j = 0; j < n; j++) {
      out[j] = new int[deg[j]];
    }
    int[] fill = new int[n];
    for (int i = 0; i < n; i++) {
      for (int j : lists[i]) {
        out[j][fill[j]++] = i;
      }
    }
    return out;
  }

  /**
   * Kahn's algorithm with a min-index ready set; throws with the variables of one cycle if the
   * graph is not acyclic.
   */
  static int[] topologicalOrderOrThrow(List<String> names, int[][] children, int[][] parents) {
    int[] order = topologicalOrder(children, parents);
    if (order == null) {
      throw new IllegalArgumentException("graph has a cycle: " + describeCycle(names, children));
    }
    return order;
  }

  /** A topological order, or null when there is a cycle. */
  static int[] topologicalOrder(int[][] children, int[][] parents) {
    int n = children.length;
    int[] indeg = new int[n];
    int[] order = new int[n];
    int head = 0;
    int tail = 0;
    for (int i = 0; i < n; i++) {
      indeg[i] = parents[i].length;
      if (indeg[i] == 0) {
        order[tail++] = i;
      }
    }
    // FIFO over an array: nodes become ready in increasing index order within each layer.
    while (head < tail) {
      int v = order[head++];
      for (int c : children[v]) {
        if (--indeg[c] == 0) {
          order[tail++] = c;
        }
      }
    }
    return tail == n ? order : null;
  }

  /** Names one directed cycle, as "A -> B -> A". Assumes a cycle exists. */
  static String describeCycle(List<String> names, int[][] children) {
    int n = children.length;
    // Iterative DFS with colours; the first back edge closes a cycle.
    int[] colour = new int[n];
    int[] parentInTree = new int[n];
    int[] edgePos = new int[n];
    int[] stack = new int[n];
    for (int s = 0; s < n; s++) {
      if (colour[s] != 0) {
        continue;
      }
      int sp = 0;
      stack[sp++] = s;
      colour[s] = 1;
      parentInTree[s] = -1;
      edgePos[s] = 0;
      while (sp > 0) {
        int v = stack[sp - 1];
        if (edgePos[v] < children[v].length) {
          int c = children[v][edgePos[v]++];
          if (colour[c] == 0) {
            colour[c] = 1;
            parentInTree[c] = v;
            edgePos[c] = 0;
            stack[sp++] = c;
          } else if (colour[c] == 1) {
            List<String> cyc = new ArrayList<>();
            for (int u = v; u != c; u = parentInTree[u]) {
              cyc.add(names.get(u));
            }
            cyc.add(names.get(c));
            Collections.reverse(cyc);
            cyc.add(names.get(c));
            return String.join(" -> ", cyc);
          }
        } else {
          colour[v] = 2;
          sp--;
        }
      }
    }
    throw new IllegalStateException("no cycle found");
  }
}
