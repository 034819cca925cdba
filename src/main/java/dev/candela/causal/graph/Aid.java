package dev.candela.causal.graph;

import dev.candela.Ids;
import java.util.stream.IntStream;

/**
 * Adjustment identification distances between a true and a guessed causal graph, DAG or CPDAG
 * (Henckel, Würtzen and Weichwald, "Adjustment Identification Distance: A gadjid for Causal
 * Structure Learning", UAI 2024, arXiv:2402.08616), with the semantics of their reference
 * implementation gadjid.
 *
 * <p>For every ordered pair (t, y), t ≠ y, the guess G_guess supplies (a) whether y is claimed a
 * possible effect of t, (b) whether the effect is amenable (identifiable by adjustment: not
 * amenable iff some possibly directed path from t to y starts with an undirected edge t — ·; in a
 * DAG every pair is amenable) and (c) an adjustment set Z. The pair is a mistake iff
 *
 * <ol>
 *   <li>y is not claimed but is a possible descendant of t in G_true; or
 *   <li>y is claimed and the two graphs disagree on whether (t, y) is amenable; or
 *   <li>y is claimed, (t, y) is amenable in both, and Z is not a valid adjustment set for (t, y) in
 *       G_true (generalised adjustment criterion, checked on walks).
 * </ol>
 *
 * <p>The three distances differ in Z and in the claim ({@link Kind}): parent-AID takes Z = pa(t)
 * (directed parents) and claims every node not in Z (on DAGs it equals the SID of Peters and
 * Bühlmann 2015); ancestor-AID takes Z = the proper ancestors of t (over directed edges) and claims
 * the possible descendants of t; oset-AID takes the optimal adjustment set O(t, y) = pa(cn) \
 * De(t), cn = the descendants of t that are ancestors of y on directed paths avoiding t, and claims
 * the possible descendants of t. The count is the number of mistakes; the value is count / (p(p −
 * 1)).
 *
 * <p>Algorithm (the paper's walk-based reachability, Appendix D): for each treatment t one walk in
 * the guess gives its descendants, possible descendants and not-amenable nodes, and one walk in the
 * truth whose state is (node, how it was entered, walk status) with status ∈ {possibly causal and
 * open, possibly causal and blocked by Z, each for walks starting t → or t —, non-causal and open}
 * gives for every y at once whether it is a possible descendant, not amenable, or not validly
 * adjusted for by Z. A walk passes a collider (entered by an edge into it, left towards a parent)
 * iff the collider is in Z and any other node iff it is not in Z; a node entered over an undirected
 * edge is not left towards its parents; the treatment is never re-entered. Each walk visits at most
 * 15 states per node, so parent-AID and ancestor-AID take O(p + |E|) per treatment (their truth
 * walk stops once no y's outcome can change any more: the marks only grow); oset-AID needs one
 * further walk per claimed amenable y (early exit once y is decided), O(p (p + |E|)) per treatment.
 * The loop over treatments runs in parallel.
 *
 * <p>Inputs: both graphs have the same variables, at least two nodes, no self-loop and no directed
 * cycle; undirected edges are read as those of a CPDAG (other PDAGs get the same walk semantics as
 * in gadjid, which the paper does not define).
 */
public final class Aid {
  // walk statuses in the truth
  private static final int PD_OPEN_AM = 0;
  private static final int PD_BLOCKED_AM = 1;
  private static final int PD_OPEN_NAM = 2;
  private static final int PD_BLOCKED_NAM = 3;
  private static final int NC_OPEN = 4;
  // how a node was entered: over v -> w (w's incoming), over v <- w (from a child), over v -- w
  private static final int IN = 0;
  private static final int OUT = 1;
  private static final int UND = 2;
  // walk statuses in the guess
  private static final int G_D = 0;
  private static final int G_AM = 1;
  private static final int G_NAM = 2;

  /** Which adjustment identification distance. */
  public enum Kind {
    /** Z = proper ancestors of t; claimed effects: the possible descendants of t. */
    ANCESTOR("ancestor_aid"),
    /** Z = the optimal adjustment set O(t, y); claimed effects: the possible descendants of t. */
    OSET("oset_aid"),
    /** Z = the parents of t; claimed effects: every node not a parent of t. */
    PARENT("parent_aid");

    private final String metric;

    Kind(String metric) {
      this.metric = metric;
    }

    /**
     * The metric name in JSON output.
     *
     * @return {@code ancestor_aid}, {@code oset_aid} or {@code parent_aid}
     */
    public String metric() {
      return metric;
    }

    /**
     * Parses {@code ancestor}, {@code oset} or {@code parent} (case-insensitive, the metric names
     * also accepted).
     *
     * @param s the text
     * @return the kind
     * @throws IllegalArgumentException naming the value and the choices
     */
    public static Kind parse(String s) {
      Kind byMetric = Ids.find(values(), Kind::metric, s);
      return byMetric != null
          ? byMetric
          : Ids.parse(
              values(), Kind::name, s, "unknown AID kind '%s', expected ancestor, oset or parent");
    }
  }

  private Aid() {}

  /**
   * One adjustment identification distance between two DAGs.
   *
   * @param truth the true DAG
   * @param guess the guessed DAG
   * @param kind which distance
   * @return the count and normalised value
   * @throws IllegalArgumentException if the variables differ or there are fewer than 2 nodes
   */
  public static AidResult aid(Dag truth, Dag guess, Kind kind) {
    return aid(truth.toGraph(), guess.toGraph(), kind);
  }

  /**
   * One adjustment identification distance between two graphs, each a DAG or a CPDAG.
   *
   * @param truth the true graph G_true
   * @param guess the guessed graph G_guess (the distance is not symmetric)
   * @param kind which distance
   * @return the count and normalised value
   * @throws IllegalArgumentException if the variables differ, there are fewer than 2 nodes, or a
   *     graph has a self-loop or a directed cycle (the message says which graph)
   */
  public static AidResult aid(Graph truth, Graph guess, Kind kind) {
    if (kind == null) {
      throw new IllegalArgumentException("kind is null");
    }
    SameVariables.check(truth.names(), guess.names(), "guess");
    int n = truth.size();
    if (n < 2) {
      throw new IllegalArgumentException("AID needs at least 2 nodes, got " + n);
    }
    Csr t = Csr.of(truth, "truth");
    Csr g = Csr.of(guess, "guess");
    ThreadLocal<Workspace> local = ThreadLocal.withInitial(() -> new Workspace(n));
    long count =
        IntStream.range(0, n).parallel().mapToLong(x -> local.get().mistakes(t, g, x, kind)).sum();
    return new AidResult(kind, count, n);
  }

  /** Compressed adjacency of a graph: children, directed parents and undirected neighbours. */
  private record Csr(int n, int[] chOff, int[] ch, int[] paOff, int[] pa, int[] unOff, int[] un) {
    static Csr of(Graph g, String which) {
      int n = g.size();
      int[][] chl = g.childLists();
      int[][] pal = g.parentLists();
      int[][] unl = g.undirectedLists();
      for (int i = 0; i < n; i++) {
        if (g.hasDirectedEdge(i, i)) {
          throw new IllegalArgumentException(
              which + " has a self-loop at " + g.names().get(i) + " (A[i][i] = 1)");
        }
      }
      try {
        GraphSupport.topologicalOrderOrThrow(g.names(), chl, pal);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(which + ": " + e.getMessage(), e);
      }
      int[] chOff = new int[n + 1];
      int[] paOff = new int[n + 1];
      int[] unOff = new int[n + 1];
      for (int v = 0; v < n; v++) {
        chOff[v + 1] = chOff[v] + chl[v].length;
        paOff[v + 1] = paOff[v] + pal[v].length;
        unOff[v + 1] = unOff[v] + unl[v].length;
      }
      int[] ch = new int[chOff[n]];
      int[] pa = new int[paOff[n]];
      int[] un = new int[unOff[n]];
      for (int v = 0; v < n; v++) {
        System.arraycopy(chl[v], 0, ch, chOff[v], chl[v].length);
        System.arraycopy(pal[v], 0, pa, paOff[v], pal[v].length);
        System.arraycopy(unl[v], 0, un, unOff[v], unl[v].length);
      }
      return new Csr(n, chOff, ch, paOff, pa, unOff, un);
    }
  }

  /**
   * Per-thread marks, stamped with an epoch so that nothing is cleared between walks. A mark array
   * holds the epoch of the walk that set it.
   */
  private static final class Workspace {
    private final int n;
    // guess, per treatment
    private final int[] gDesc;
    private final int[] gPossDesc;
    private final int[] gNam;
    private final int[] gVisitEpoch;
    private final byte[] gVisit;
    // truth, per treatment
    private final int[] tPossDesc;
    private final int[] tNam;
    private final int[] tNva;
    // adjustment set and truth-walk visits, per walk
    private final int[] inZ;
    private final int[] tVisitEpoch;
    private final short[] tVisit;
    // oset: ancestors of y in the guess
    private final int[] anc;
    private final int[] stack;
    private int epoch;
    private int walkEpoch;
    private int target;
    // early stop of the truth walk of parent- and ancestor-AID: every y's outcome settled
    private final int[] settledMark;
    private boolean tracking;
    private boolean trackParent;
    private int trackX;
    private int trackW;
    private int unsettled;

    Workspace(int n) {
      this.n = n;
      gDesc = new int[n];
      gPossDesc = new int[n];
      gNam = new int[n];
      gVisitEpoch = new int[n];
      gVisit = new byte[n];
      tPossDesc = new int[n];
      tNam = new int[n];
      tNva = new int[n];
      inZ = new int[n];
      tVisitEpoch = new int[n];
      tVisit = new short[n];
      anc = new int[n];
      stack = new int[16 * n + 16];
      settledMark = new int[n];
    }

    /** Mistakes over all y for treatment x. */
    long mistakes(Csr t, Csr g, int x, Kind kind) {
      int e = ++epoch;
      guessWalk(g, x, e);
      int w = ++walkEpoch;
      switch (kind) {
        case PARENT -> {
          for (int k = g.paOff[x]; k < g.paOff[x + 1]; k++) {
            inZ[g.pa[k]] = w;
          }
        }
        case ANCESTOR -> properAncestors(g, x, w);
        case OSET -> {
          // no Z: the truth walk gives its possible descendants and not-amenable nodes
        }
      }
      tracking = kind != Kind.OSET;
      trackParent = kind == Kind.PARENT;
      trackX = x;
      trackW = w;
      truthWalk(t, x, w, e, true, -1);
      tracking = false;
      long m = 0;
      for (int y = 0; y < n; y++) {
        if (y == x) {
          continue;
        }
        boolean claimed = kind == Kind.PARENT ? inZ[y] != w : gPossDesc[y] == e;
        if (!claimed) {
          if (tPossDesc[y] == e) {
            m++;
          }
          continue;
        }
        boolean namGuess = gNam[y] == e;
        boolean namTrue = tNam[y] == e;
        if (namGuess != namTrue) {
          m++;
        } else if (!namTrue) {
          if (kind == Kind.OSET) {
            if (osetInvalid(t, g, x, y, e)) {
              m++;
            }
          } else if (tNva[y] == e) {
            m++;
          }
        }
      }
      return m;
    }

    /**
     * Walk in the guess from x over possibly directed edges (children and undirected neighbours,
     * never back into x): status D while only directed edges were used, AM after an undirected edge
     * on a walk that started x →, NAM on a walk that started x —.
     */
    private void guessWalk(Csr g, int x, int e) {
      int sp = 0;
      gDesc[x] = e;
      gPossDesc[x] = e;
      for (int k = g.chOff[x]; k < g.chOff[x + 1]; k++) {
        sp = pushGuess(g.ch[k], G_D, e, sp);
      }
      for (int k = g.unOff[x]; k < g.unOff[x + 1]; k++) {
        sp = pushGuess(g.un[k], G_NAM, e, sp);
      }
      while (sp > 0) {
        int s = stack[--sp];
        int v = s >>> 2;
        int st = s & 3;
        for (int k = g.chOff[v]; k < g.chOff[v + 1]; k++) {
          int w = g.ch[k];
          if (w != x) {
            sp = pushGuess(w, st, e, sp);
          }
        }
        int viaUnd = st == G_D ? G_AM : st;
        for (int k = g.unOff[v]; k < g.unOff[v + 1]; k++) {
          int w = g.un[k];
          if (w != x) {
            sp = pushGuess(w, viaUnd, e, sp);
          }
        }
      }
    }

    private int pushGuess(int v, int st, int e, int sp) {
      if (gVisitEpoch[v] != e) {
        gVisitEpoch[v] = e;
        gVisit[v] = 0;
      }
      int bit = 1 << st;
      if ((gVisit[v] & bit) != 0) {
        return sp;
      }
      gVisit[v] |= (byte) bit;
      gPossDesc[v] = e;
      if (st == G_D) {
        gDesc[v] = e;
      } else if (st == G_NAM) {
        gNam[v] = e;
      }
      stack[sp] = (v << 2) | st;
      return sp + 1;
    }

    /** Marks the proper ancestors of x over directed edges of the guess in inZ with w. */
    private void properAncestors(Csr g, int x, int w) {
      int sp = 0;
      stack[sp++] = x;
      while (sp > 0) {
        int v = stack[--sp];
        for (int k = g.paOff[v]; k < g.paOff[v + 1]; k++) {
          int u = g.pa[k];
          if (inZ[u] != w && u != x) {
            inZ[u] = w;
            stack[sp++] = u;
          }
        }
      }
    }

    /**
     * Oset-AID's check of one claimed, amenable y: builds O(x, y) in the guess (marks inZ with a
     * fresh epoch) and returns whether it fails to be a valid adjustment set for (x, y) in the
     * truth.
     */
    private boolean osetInvalid(Csr t, Csr g, int x, int y, int e) {
      int w = ++walkEpoch;
      // ancestors of y over directed edges of the guess, on paths avoiding x (y included)
      int sp = 0;
      anc[y] = w;
      stack[sp++] = y;
      while (sp > 0) {
        int v = stack[--sp];
        boolean causal = gDesc[v] == e;
        for (int k = g.paOff[v]; k < g.paOff[v + 1]; k++) {
          int u = g.pa[k];
          if (u == x) {
            continue;
          }
          if (causal && gDesc[u] != e) {
            inZ[u] = w; // a parent of a causal node that is not a descendant of x
          }
          if (anc[u] != w) {
            anc[u] = w;
            stack[sp++] = u;
          }
        }
      }
      if (inZ[y] == w) {
        return true;
      }
      return truthWalk(t, x, w, e, false, y);
    }

    /**
     * The conditioned walk in the truth from x with adjustment set {v : inZ[v] == w}. With {@code
     * amenability} it marks tPossDesc, tNam and tNva (tNva starts as Z) with e and visits every
     * reachable state; without, walks starting x — are not told apart and it returns as soon as
     * {@code target} is reached on a blocked possibly causal or an open non-causal walk.
     *
     * @return whether target was reached that way (always false with amenability)
     */
    private boolean truthWalk(Csr t, int x, int w, int e, boolean amenability, int target) {
      int ve = ++walkEpoch;
      if (amenability) {
        tPossDesc[x] = e;
        for (int v = 0; v < n; v++) {
          if (inZ[v] == w) {
            tNva[v] = e;
          }
        }
      }
      this.target = target;
      if (amenability && tracking) {
        unsettled = 0;
        for (int y = 0; y < n; y++) {
          if (y != x && !settled(y, e)) {
            unsettled++;
          }
        }
        if (unsettled == 0) {
          return true;
        }
      }
      int sp = 0;
      // From x (the walk's start): to children, to parents, over undirected edges.
      for (int k = t.chOff[x]; k < t.chOff[x + 1]; k++) {
        sp = pushTruth(t.ch[k], IN, PD_OPEN_AM, ve, e, sp, amenability);
        if (sp < 0) {
          return true;
        }
      }
      for (int k = t.paOff[x]; k < t.paOff[x + 1]; k++) {
        sp = pushTruth(t.pa[k], OUT, NC_OPEN, ve, e, sp, amenability);
        if (sp < 0) {
          return true;
        }
      }
      int undStatus = amenability ? PD_OPEN_NAM : PD_OPEN_AM;
      for (int k = t.unOff[x]; k < t.unOff[x + 1]; k++) {
        sp = pushTruth(t.un[k], UND, undStatus, ve, e, sp, amenability);
        if (sp < 0) {
          return true;
        }
      }
      while (sp > 0) {
        int s = stack[--sp];
        int v = s >>> 4;
        int state = s & 15;
        int via = state % 3;
        int st = state / 3;
        boolean vInZ = inZ[v] == w;
        // to parents: a collider (entered over an edge into v) passes iff v in Z, else iff not
        if (via != UND) {
          boolean blocked = via == IN ? !vInZ : vInZ;
          int next = next(st, OUT, blocked);
          if (next >= 0) {
            for (int k = t.paOff[v]; k < t.paOff[v + 1]; k++) {
              int u = t.pa[k];
              if (u != x) {
                sp = pushTruth(u, OUT, next, ve, e, sp, amenability);
                if (sp < 0) {
                  return true;
                }
              }
            }
          }
        }
        int next = next(st, IN, vInZ); // same status for children and undirected neighbours
        if (next >= 0) {
          for (int k = t.unOff[v]; k < t.unOff[v + 1]; k++) {
            int u = t.un[k];
            if (u != x) {
              sp = pushTruth(u, UND, next, ve, e, sp, amenability);
              if (sp < 0) {
                return true;
              }
            }
          }
          for (int k = t.chOff[v]; k < t.chOff[v + 1]; k++) {
            int u = t.ch[k];
            if (u != x) {
              sp = pushTruth(u, IN, next, ve, e, sp, amenability);
              if (sp < 0) {
                return true;
              }
            }
          }
        }
      }
      return false;
    }

    /**
     * Whether y's outcome can no longer change as the walk marks more nodes (the marks only grow):
     * a non-claimed y once it is a possible descendant (a mistake); a claimed y the guess calls not
     * amenable once the truth does too (no mistake); a claimed y the guess calls amenable once the
     * truth calls it not amenable or not validly adjusted (a mistake). Marks y settled.
     */
    private boolean settled(int y, int e) {
      boolean claimed = trackParent ? inZ[y] != trackW : gPossDesc[y] == e;
      boolean done;
      if (!claimed) {
        done = tPossDesc[y] == e;
      } else if (gNam[y] == e) {
        done = tNam[y] == e;
      } else {
        done = tNam[y] == e || tNva[y] == e;
      }
      if (done) {
        settledMark[y] = e;
      }
      return done;
    }

    /** The status after moving on from a node in status st, or -1 if the walk stops. */
    private static int next(int st, int move, boolean blocked) {
      if (st == NC_OPEN) {
        return blocked ? -1 : NC_OPEN;
      }
      boolean open = st == PD_OPEN_AM || st == PD_OPEN_NAM;
      if (move == OUT) {
        return open && !blocked ? NC_OPEN : -1;
      }
      if (!blocked) {
        return st;
      }
      return st == PD_OPEN_AM || st == PD_BLOCKED_AM ? PD_BLOCKED_AM : PD_BLOCKED_NAM;
    }

    /**
     * Pushes state (v, via, st) unless visited in this walk; marks the sets. Returns the new stack
     * pointer, or -1 when the target of an early-exit walk is decided.
     */
    private int pushTruth(int v, int via, int st, int ve, int e, int sp, boolean amenability) {
      if (tVisitEpoch[v] != ve) {
        tVisitEpoch[v] = ve;
        tVisit[v] = 0;
      }
      int state = st * 3 + via;
      int bit = 1 << state;
      if ((tVisit[v] & bit) != 0) {
        return sp;
      }
      tVisit[v] |= (short) bit;
      if (amenability) {
        switch (st) {
          case PD_OPEN_AM -> tPossDesc[v] = e;
          case PD_BLOCKED_AM -> {
            tPossDesc[v] = e;
            tNva[v] = e;
          }
          case PD_OPEN_NAM, PD_BLOCKED_NAM -> {
            tPossDesc[v] = e;
            tNam[v] = e;
            tNva[v] = e;
          }
          default -> tNva[v] = e;
        }
        if (tracking && settledMark[v] != e && v != trackX && settled(v, e)) {
          settledMark[v] = e;
          if (--unsettled == 0) {
            return -1; // every y is decided: the rest of the walk cannot change a count
          }
        }
      } else if (st != PD_OPEN_AM && v == target) {
        return -1;
      }
      stack[sp] = (v << 4) | state;
      return sp + 1;
    }
  }
}
