package dev.candela.causal.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Structural intervention distance (Peters and Bühlmann, "Structural intervention distance for
 * evaluating causal graphs", Neural Computation 27(3), 2015).
 *
 * <p>{@code SID(G, H) = #{(i, j) : i ≠ j, pa_H(i) is not a valid adjustment set for the effect of i
 * on j in G}}, where a guessed parent j ∈ pa_H(i) claims "no effect", which is wrong exactly when j
 * is a descendant of i in G. For j ∉ Z = pa_H(i), Z is valid iff (adjustment criterion of Shpitser
 * et al. and Perković et al.) (a) no node of Z descends from a node W ≠ i on a directed path i → …
 * → j of G and (b) Z blocks every non-causal path from i to j in G.
 *
 * <p>Algorithm (the reachability formulation of Henckel, Würtzen and Weichwald 2024, "Adjustment
 * identification distance: a gadjid for causal structure learning"): for each i, in O(|V| + |E|)
 * with sparse adjacency lists: D = strict descendants of i; A = D ∩ An*(Z); every j ∈ De*(A) fails
 * (a); a walk from i whose states record the arrival direction and whether the walk is still a
 * directed path out of i (colliders pass iff they are in An*(Z), non-colliders iff they are not in
 * Z, i is never re-entered) reaches with a "non-causal" state exactly the j that fail (b). Total
 * O(p · (p + |E|)); the outer loop over i runs in parallel. {@link #sidPairwise(Dag, Dag)} is the
 * direct per-pair check (d-separation in the proper back-door graph) used as an oracle and a
 * benchmark baseline.
 *
 * <p>CPDAG guesses follow R's {@code SID::structIntervDist}: every undirected component that is
 * chordal and has at most {@link #MAX_COMPONENT} nodes is expanded into all its orientations that
 * are acyclic and create no v-structure (the Markov equivalence class), and the bounds are the sums
 * over components of the minimum and maximum error counts of the component's nodes. Otherwise every
 * node's parents are expanded locally: its directed parents plus each subset of its undirected
 * neighbours, and the per-node minimum and maximum are summed.
 */
public final class Sid {
  /** Largest undirected component R's implementation enumerates exactly. */
  public static final int MAX_COMPONENT = 8;

  /** Largest number of undirected neighbours expanded locally (2^k parent sets). */
  public static final int MAX_LOCAL_NEIGHBOURS = 20;

  private Sid() {}

  /**
   * SID between two DAGs over the same variables.
   *
   * @param truth the true DAG G
   * @param guess the guessed DAG H
   * @return the result, with equal bounds
   * @throws IllegalArgumentException if the variable names differ
   */
  public static SidResult sid(Dag truth, Dag guess) {
    SameVariables.check(truth.names(), guess.names(), "guess");
    Kernel k = new Kernel(truth);
    int[][] pa = guess.parentLists();
    long total =
        IntStream.range(0, truth.size())
            .parallel()
            .mapToLong(i -> k.workspace().countIncorrect(i, pa[i]))
            .sum();
    return new SidResult(total, total, total, truth.size(), true);
  }

  /**
   * SID between a true DAG and a guess that may hold undirected edges (a CPDAG), with R's lower and
   * upper bounds. A fully directed guess gives the same as {@link #sid(Dag, Dag)}.
   *
   * @param truth the true DAG G
   * @param guess the guessed graph, a DAG or CPDAG
   * @return sid, lower and upper bounds
   * @throws IllegalArgumentException if the names differ or a node has more than {@link
   *     #MAX_LOCAL_NEIGHBOURS} undirected neighbours in the local fallback
   */
  public static SidResult sid(Dag truth, Graph guess) {
    SameVariables.check(truth.names(), guess.names(), "guess");
    for (int i = 0; i < guess.size(); i++) {
      if (guess.hasDirectedEdge(i, i)) {
        throw new IllegalArgumentException(
            "guess has a self-loop at " + guess.names().get(i) + " (A[i][i] = 1)");
      }
    }
    if (guess.isFullyDirected()) {
      return sid(truth, guess.toDag());
    }
    Kernel k = new Kernel(truth);
    int n = truth.size();
    int[][] dirPa = guess.parentLists();
    int[][] und = guess.undirectedLists();
    List<int[]> comps = components(und);
    boolean exact = true;
    for (int[] c : comps) {
      if (c.length > MAX_COMPONENT || !isChordal(c, und) || hasInternalDirected(c, guess)) {
        exact = false;
      }
    }
    long[] totals; // lower, upper, union count
    if (exact) {
      totals =
          comps.parallelStream()
              .map(c -> componentBounds(k, c, dirPa, und))
              .reduce(new long[3], Sid::add);
    } else {
      for (int i = 0; i < n; i++) {
        if (und[i].length > MAX_LOCAL_NEIGHBOURS) {
          throw new IllegalArgumentException(
              "node "
                  + guess.names().get(i)
                  + " has "
                  + und[i].length
                  + " undirected neighbours, more than "
                  + MAX_LOCAL_NEIGHBOURS
                  + " cannot be expanded");
        }
      }
      totals =
          IntStream.range(0, n)
              .parallel()
              .mapToObj(i -> localBounds(k, i, dirPa[i], und[i]))
              .reduce(new long[3], Sid::add);
    }
    long lower = totals[0];
    long upper = totals[1];
    long any = totals[2];
    return new SidResult(any, lower, upper, n, exact);
  }

  private static long[] add(long[] x, long[] y) {
    return new long[] {x[0] + y[0], x[1] + y[1], x[2] + y[2]};
  }

  /** Exact class: min and max over the component's orientations, and the union count. */
  private static long[] componentBounds(Kernel k, int[] c, int[][] dirPa, int[][] und) {
    int n = dirPa.length;
    List<int[][]> parentSets = extensions(c, dirPa, und);
    List<Map<String, Integer>> counts = new ArrayList<>();
    for (int a = 0; a < c.length; a++) {
      counts.add(new HashMap<>());
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (int[][] pas : parentSets) {
      long sum = 0;
      for (int a = 0; a < c.length; a++) {
        String key = Arrays.toString(pas[a]);
        Integer v = counts.get(a).get(key);
        if (v == null) {
          v = k.workspace().countIncorrect(c[a], pas[a]);
          counts.get(a).put(key, v);
        }
        sum += v;
      }
      min = Math.min(min, sum);
      max = Math.max(max, sum);
    }
    long union = 0;
    for (int a = 0; a < c.length; a++) {
      if (counts.get(a).size() == 1) {
        union += counts.get(a).values().iterator().next();
        continue;
      }
      boolean[] wrong = new boolean[n];
      Set<String> done = new HashSet<>();
      for (int[][] pas : parentSets) {
        if (done.add(Arrays.toString(pas[a]))) {
          k.workspace().countIncorrect(c[a], pas[a], wrong);
        }
      }
      for (boolean w : wrong) {
        union += w ? 1 : 0;
      }
    }
    return new long[] {min, max, union};
  }

  /** R's local fallback for node i: its directed parents plus each subset of its neighbours. */
  private static long[] localBounds(Kernel k, int i, int[] dirPa, int[] nb) {
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    boolean[] wrong = nb.length == 0 ? null : new boolean[k.n];
    long only = 0;
    for (int mask = 0; mask < (1 << nb.length); mask++) {
      int[] z = Arrays.copyOf(dirPa, dirPa.length + Integer.bitCount(mask));
      int f = dirPa.length;
      for (int b = 0; b < nb.length; b++) {
        if ((mask & (1 << b)) != 0) {
          z[f++] = nb[b];
        }
      }
      Arrays.sort(z);
      long v = k.workspace().countIncorrect(i, z, wrong);
      only = v;
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    long union = only;
    if (wrong != null) {
      union = 0;
      for (boolean w : wrong) {
        union += w ? 1 : 0;
      }
    }
    return new long[] {min, max, union};
  }

  /**
   * The per-pair baseline: for every ordered pair (i, j) checks the adjustment criterion directly
   * (forbidden set, then d-separation of i and j given pa_H(i) in the proper back-door graph by a
   * Bayes-ball search). O(p² · (p + |E|)); gives the same value as {@link #sid(Dag, Dag)}.
   *
   * @param truth the true DAG
   * @param guess the guessed DAG
   * @return the SID
   */
  public static long sidPairwise(Dag truth, Dag guess) {
    SameVariables.check(truth.names(), guess.names(), "guess");
    int n = truth.size();
    int[][] ch = truth.childLists();
    int[][] pa = truth.parentLists();
    long total = 0;
    for (int i = 0; i < n; i++) {
      boolean[] inZ = new boolean[n];
      for (int z : guess.parentLists()[i]) {
        inZ[z] = true;
      }
      boolean[] desc = reach(ch, new int[] {i}, null);
      desc[i] = false;
      for (int j = 0; j < n; j++) {
        if (j == i) {
          continue;
        }
        if (inZ[j]) {
          total += desc[j] ? 1 : 0;
          continue;
        }
        boolean[] anJ = reach(pa, new int[] {j}, null);
        boolean[] cn = new boolean[n];
        List<Integer> cnList = new ArrayList<>();
        for (int v = 0; v < n; v++) {
          if (desc[v] && anJ[v]) {
            cn[v] = true;
            cnList.add(v);
          }
        }
        boolean[] forb = reach(ch, cnList.stream().mapToInt(Integer::intValue).toArray(), null);
        boolean bad = false;
        for (int v = 0; v < n && !bad; v++) {
          bad = forb[v] && inZ[v];
        }
        if (!bad) {
          bad = dConnectedInBackdoorGraph(ch, pa, i, j, inZ, cn);
        }
        total += bad ? 1 : 0;
      }
    }
    return total;
  }

  /** Nodes reachable from the sources along the lists (sources included), skipping removed. */
  private static boolean[] reach(int[][] lists, int[] sources, boolean[] removed) {
    int n = lists.length;
    boolean[] seen = new boolean[n];
    int[] stack = new int[n];
    int sp = 0;
    for (int s : sources) {
      if (!seen[s]) {
        seen[s] = true;
        stack[sp++] = s;
      }
    }
    while (sp > 0) {
      int v = stack[--sp];
      for (int w : lists[v]) {
        if (!seen[w] && (removed == null || !removed[w])) {
          seen[w] = true;
          stack[sp++] = w;
        }
      }
    }
    return seen;
  }

  /** Bayes-ball d-connection between x and y given Z in G with the edges x → w, w ∈ cn, removed. */
  private static boolean dConnectedInBackdoorGraph(
      int[][] ch, int[][] pa, int x, int y, boolean[] inZ, boolean[] cn) {
    int n = ch.length;
    // Ancestors of Z (inclusive) in the back-door graph.
    boolean[] anZ = new boolean[n];
    int[] stack = new int[2 * n + 2];
    int sp = 0;
    for (int v = 0; v < n; v++) {
      if (inZ[v]) {
        anZ[v] = true;
        stack[sp++] = v;
      }
    }
    while (sp > 0) {
      int v = stack[--sp];
      for (int u : pa[v]) {
        if (u == x && cn[v]) {
          continue;
        }
        if (!anZ[u]) {
          anZ[u] = true;
          stack[sp++] = u;
        }
      }
    }
    // States: 2v = arrived from a child (moving up), 2v+1 = arrived from a parent (moving down).
    boolean[] seen = new boolean[2 * n];
    sp = 0;
    stack[sp++] = 2 * x; // start as if arriving from a child: may go anywhere
    seen[2 * x] = true;
    while (sp > 0) {
      int s = stack[--sp];
      int v = s >> 1;
      boolean fromParent = (s & 1) == 1;
      if (v == y) {
        return true;
      }
      boolean blocked = inZ[v] && v != x;
      if (!fromParent) {
        if (!blocked) {
          for (int u : pa[v]) {
            if (!(u == x && cn[v]) && !seen[2 * u]) {
              seen[2 * u] = true;
              stack[sp++] = 2 * u;
            }
          }
          for (int w : ch[v]) {
            if (!(v == x && cn[w]) && !seen[2 * w + 1]) {
              seen[2 * w + 1] = true;
              stack[sp++] = 2 * w + 1;
            }
          }
        }
      } else {
        if (!blocked) {
          for (int w : ch[v]) {
            if (!(v == x && cn[w]) && !seen[2 * w + 1]) {
              seen[2 * w + 1] = true;
              stack[sp++] = 2 * w + 1;
            }
          }
        }
        if (anZ[v]) {
          for (int u : pa[v]) {
            if (!(u == x && cn[v]) && !seen[2 * u]) {
              seen[2 * u] = true;
              stack[sp++] = 2 * u;
            }
          }
        }
      }
    }
    return false;
  }

  /** Connected components of the undirected part, in order of their smallest node. */
  static List<int[]> components(int[][] und) {
    int n = und.length;
    int[] comp = new int[n];
    Arrays.fill(comp, -1);
    List<int[]> out = new ArrayList<>();
    int[] stack = new int[n];
    for (int s = 0; s < n; s++) {
      if (comp[s] >= 0) {
        continue;
      }
      int sp = 0;
      stack[sp++] = s;
      comp[s] = out.size();
      List<Integer> members = new ArrayList<>();
      while (sp > 0) {
        int v = stack[--sp];
        members.add(v);
        for (int w : und[v]) {
          if (comp[w] < 0) {
            comp[w] = out.size();
            stack[sp++] = w;
          }
        }
      }
      int[] m = members.stream().mapToInt(Integer::intValue).sorted().toArray();
      out.add(m);
    }
    return out;
  }

  /** Chordality of the undirected subgraph on c by maximum cardinality search. */
  private static boolean isChordal(int[] c, int[][] und) {
    int m = c.length;
    if (m <= 3) {
      return true;
    }
    Map<Integer, Integer> pos = new HashMap<>();
    for (int a = 0; a < m; a++) {
      pos.put(c[a], a);
    }
    int[] weight = new int[m];
    boolean[] numbered = new boolean[m];
    int[] order = new int[m];
    for (int step = 0; step < m; step++) {
      int best = -1;
      for (int a = 0; a < m; a++) {
        if (!numbered[a] && (best < 0 || weight[a] > weight[best])) {
          best = a;
        }
      }
      numbered[best] = true;
      order[step] = best;
      for (int w : und[c[best]]) {
        Integer b = pos.get(w);
        if (b != null && !numbered[b]) {
          weight[b]++;
        }
      }
    }
    // Chordal iff, for each vertex, its earlier-numbered neighbours minus the latest one are all
    // adjacent to that latest one (MCS ordering is a reverse perfect elimination ordering).
    int[] rank = new int[m];
    for (int s = 0; s < m; s++) {
      rank[order[s]] = s;
    }
    for (int s = 0; s < m; s++) {
      int v = order[s];
      int latest = -1;
      List<Integer> earlier = new ArrayList<>();
      for (int w : und[c[v]]) {
        Integer b = pos.get(w);
        if (b != null && rank[b] < s) {
          earlier.add(b);
          if (latest < 0 || rank[b] > rank[latest]) {
            latest = b;
          }
        }
      }
      for (int b : earlier) {
        if (b != latest && Arrays.binarySearch(und[c[latest]], c[b]) < 0) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean hasInternalDirected(int[] c, Graph g) {
    for (int a : c) {
      for (int b : c) {
        if (g.hasDirectedEdge(a, b)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * All orientations of the undirected component c that are acyclic and create no new v-structure,
   * found by repeatedly removing a sink whose remaining neighbours are pairwise adjacent and
   * adjacent to its directed parents. Returns, per orientation, the full parent set of each member.
   */
  private static List<int[][]> extensions(int[] c, int[][] dirPa, int[][] und) {
    int m = c.length;
    Set<String> seen = new HashSet<>();
    List<int[][]> out = new ArrayList<>();
    long[] parentMask = new long[m];
    extend(c, dirPa, und, new boolean[m], parentMask, m, seen, out);
    return out;
  }

  private static void extend(
      int[] c,
      int[][] dirPa,
      int[][] und,
      boolean[] removed,
      long[] parentMask,
      int remaining,
      Set<String> seen,
      List<int[][]> out) {
    int m = c.length;
    if (remaining == 0) {
      String key = Arrays.toString(parentMask);
      if (seen.add(key)) {
        int[][] pas = new int[m][];
        for (int a = 0; a < m; a++) {
          int[] z = Arrays.copyOf(dirPa[c[a]], dirPa[c[a]].length + Long.bitCount(parentMask[a]));
          int f = dirPa[c[a]].length;
          for (int b = 0; b < m; b++) {
            if ((parentMask[a] & (1L << b)) != 0) {
              z[f++] = c[b];
            }
          }
          Arrays.sort(z);
          pas[a] = z;
        }
        out.add(pas);
      }
      return;
    }
    for (int a = 0; a < m; a++) {
      if (removed[a] || !canBeSink(c, a, dirPa, und, removed)) {
        continue;
      }
      long mask = 0;
      for (int b = 0; b < m; b++) {
        if (!removed[b] && b != a && Arrays.binarySearch(und[c[a]], c[b]) >= 0) {
          mask |= 1L << b;
        }
      }
      removed[a] = true;
      long old = parentMask[a];
      parentMask[a] = mask;
      extend(c, dirPa, und, removed, parentMask, remaining - 1, seen, out);
      parentMask[a] = old;
      removed[a] = false;
    }
  }

  private static boolean canBeSink(int[] c, int a, int[][] dirPa, int[][] und, boolean[] removed) {
    int m = c.length;
    List<Integer> nb = new ArrayList<>();
    for (int b = 0; b < m; b++) {
      if (!removed[b] && b != a && Arrays.binarySearch(und[c[a]], c[b]) >= 0) {
        nb.add(c[b]);
      }
    }
    for (int x = 0; x < nb.size(); x++) {
      for (int y = x + 1; y < nb.size(); y++) {
        if (Arrays.binarySearch(und[nb.get(x)], nb.get(y)) < 0) {
          return false;
        }
      }
      for (int p : dirPa[c[a]]) {
        if (!adjacent(nb.get(x), p, dirPa, und)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean adjacent(int u, int v, int[][] dirPa, int[][] und) {
    return Arrays.binarySearch(dirPa[u], v) >= 0
        || Arrays.binarySearch(dirPa[v], u) >= 0
        || Arrays.binarySearch(und[u], v) >= 0;
  }

  /** Truth-side structures shared by all threads, and a per-thread workspace. */
  static final class Kernel {
    private final int[][] pa;
    private final int[] chOff;
    private final int[] chIdx;
    private final int[] paOff;
    private final int[] paIdx;
    private final int n;
    private final ThreadLocal<Workspace> local;

    Kernel(Dag truth) {
      this.pa = truth.parentLists();
      this.n = truth.size();
      int[][] ch = truth.childLists();
      this.chOff = new int[n + 1];
      this.paOff = new int[n + 1];
      for (int v = 0; v < n; v++) {
        chOff[v + 1] = chOff[v] + ch[v].length;
        paOff[v + 1] = paOff[v] + pa[v].length;
      }
      this.chIdx = new int[chOff[n]];
      this.paIdx = new int[paOff[n]];
      for (int v = 0; v < n; v++) {
        System.arraycopy(ch[v], 0, chIdx, chOff[v], ch[v].length);
        System.arraycopy(pa[v], 0, paIdx, paOff[v], pa[v].length);
      }
      this.local = ThreadLocal.withInitial(Workspace::new);
    }

    Workspace workspace() {
      return local.get();
    }

    /** Epoch-stamped mark arrays so nothing is cleared between treatments. */
    final class Workspace {
      private final int[] inZ = new int[n];
      private final int[] desc = new int[n];
      private final int[] anZ = new int[n];
      private final int[] inA = new int[n];
      private final int[] forb = new int[n];
      private final int[] nonCausal = new int[n];
      // visited state bits per node: 1 = from parent causal, 2 = from parent non-causal,
      // 4 = from child; valid when stateEpoch == epoch
      private final byte[] state = new byte[n];
      private final int[] stateEpoch = new int[n];
      private final int[] stack = new int[3 * n + 3];
      private int epoch;

      int countIncorrect(int t, int[] z) {
        return countIncorrect(t, z, null);
      }

      /** Number of j ≠ t wrongly inferred with adjustment set z; marks them in out if given. */
      int countIncorrect(int t, int[] z, boolean[] out) {
        int e = ++epoch;
        if (Arrays.equals(z, pa[t])) {
          return 0;
        }
        for (int v : z) {
          inZ[v] = e;
        }
        // D: strict descendants of t.
        int sp = 0;
        for (int qc = chOff[t], ec = chOff[t + 1]; qc < ec; qc++) {
          int c = chIdx[qc];
          if (desc[c] != e) {
            desc[c] = e;
            stack[sp++] = c;
          }
        }
        while (sp > 0) {
          int v = stack[--sp];
          for (int qw = chOff[v], ew = chOff[v + 1]; qw < ew; qw++) {
            int w = chIdx[qw];
            if (desc[w] != e) {
              desc[w] = e;
              stack[sp++] = w;
            }
          }
        }
        // An*(Z) in G, and A = D ∩ An*(Z).
        int aCount = 0;
        for (int v : z) {
          if (anZ[v] != e) {
            anZ[v] = e;
            stack[sp++] = v;
          }
        }
        while (sp > 0) {
          int v = stack[--sp];
          if (desc[v] == e) {
            inA[v] = e;
            aCount++;
          }
          for (int qu = paOff[v], eu = paOff[v + 1]; qu < eu; qu++) {
            int u = paIdx[qu];
            if (anZ[u] != e) {
              anZ[u] = e;
              stack[sp++] = u;
            }
          }
        }
        // De*(A): every such j fails the forbidden-set condition.
        int forbCount = 0;
        if (aCount > 0) {
          for (int v = 0; v < n; v++) {
            if (inA[v] == e) {
              forb[v] = e;
              forbCount++;
              stack[sp++] = v;
            }
          }
          while (sp > 0) {
            int v = stack[--sp];
            for (int qw = chOff[v], ew = chOff[v + 1]; qw < ew; qw++) {
              int w = chIdx[qw];
              if (forb[w] != e) {
                forb[w] = e;
                forbCount++;
                stack[sp++] = w;
              }
            }
          }
        }
        // Every j is decided once it is in Z, forbidden or reached non-causally: the walk stops
        // early when nothing is left undecided (common in dense graphs).
        int decided = z.length + forbCount;
        for (int v : z) {
          if (forb[v] == e) {
            decided--;
          }
        }
        undecided = n - 1 - decided;
        target = t;
        // Walk from t for non-causal open walks given Z.
        top = 0;
        for (int qc = chOff[t], ec = chOff[t + 1]; qc < ec; qc++) {
          int c = chIdx[qc];
          push(c, 1, e);
        }
        for (int qp = paOff[t], ep = paOff[t + 1]; qp < ep; qp++) {
          int p = paIdx[qp];
          push(p, 4, e);
        }
        while (top > 0 && undecided > 0) {
          int s = walk[--top];
          int v = s >> 2;
          int kind = s & 3; // 1 causal-from-parent, 2 noncausal-from-parent, 0 from child
          boolean inz = inZ[v] == e;
          if (kind != 0) {
            if (!inz) {
              for (int qw = chOff[v], ew = chOff[v + 1]; qw < ew; qw++) {
                int w = chIdx[qw];
                if (w != t) {
                  push(w, kind == 1 ? 1 : 2, e);
                }
              }
            }
            if (anZ[v] == e) {
              for (int qu = paOff[v], eu = paOff[v + 1]; qu < eu; qu++) {
                int u = paIdx[qu];
                if (u != t) {
                  push(u, 4, e);
                }
              }
            }
          } else if (!inz) {
            for (int qu = paOff[v], eu = paOff[v + 1]; qu < eu; qu++) {
              int u = paIdx[qu];
              if (u != t) {
                push(u, 4, e);
              }
            }
            for (int qw = chOff[v], ew = chOff[v + 1]; qw < ew; qw++) {
              int w = chIdx[qw];
              if (w != t) {
                push(w, 2, e);
              }
            }
          }
        }
        top = 0;
        int count = 0;
        for (int j = 0; j < n; j++) {
          if (j == t) {
            continue;
          }
          boolean bad;
          if (inZ[j] == e) {
            bad = desc[j] == e;
          } else {
            bad = forb[j] == e || nonCausal[j] == e;
          }
          if (bad) {
            count++;
            if (out != null) {
              out[j] = true;
            }
          }
        }
        return count;
      }

      private final int[] walk = new int[3 * n + 3];
      private int top;
      private int undecided;
      private int target;

      /** Pushes state (v, bit) unless visited; bit 1 causal, 2 non-causal from parent, 4 child. */
      private void push(int v, int bit, int e) {
        if (stateEpoch[v] != e) {
          stateEpoch[v] = e;
          state[v] = 0;
        }
        if ((state[v] & bit) != 0) {
          return;
        }
        state[v] |= (byte) bit;
        walk[top++] = (v << 2) | (bit == 4 ? 0 : bit);
        if (bit != 1 && nonCausal[v] != e) {
          nonCausal[v] = e;
          if (v != target && inZ[v] != e && forb[v] != e) {
            undecided--;
          }
        }
      }
    }
  }
}
