package dev.candela.causal.distance;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.query.DiscreteJoint;
import dev.candela.causal.query.Intervention;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * KL divergence and the causal KL family of O'Donnell, Korb &amp; Allison ("Causal KL: evaluating
 * causal discovery") between a true discrete model {@code P1} and a learned one {@code P2}, exact
 * by enumeration over the observed variables, natural logarithm.
 *
 * <p>The CKL variants measure {@code KL(P1 ‖ P2)} between the models augmented with intervention
 * variables, which equals the expected KL of the intervened joints over a distribution of hard
 * interventions with values uniform over each intervened variable's values. Candela's three
 * intervention distributions (the paper's text could not be consulted while writing this, so these
 * are stated rather than quoted):
 *
 * <ul>
 *   <li>{@code ckl1}: exactly one observed variable intervened, chosen uniformly: {@code (1/n) Σ_i
 *       (1/|X_i|) Σ_x KL(P1(V | do(X_i=x)) ‖ P2(V | do(X_i=x)))} (an average).
 *   <li>{@code ckl2}: each observed variable intervened independently with probability ½ (uniform
 *       over the 2ⁿ subsets, the empty one included): the average over subsets and values.
 *   <li>{@code ckl3}: all observed variables but one intervened: {@code Σ_i mean_{v_{−i}} KL(P1(X_i
 *       | do(V_{−i}=v_{−i})) ‖ P2(X_i | do(V_{−i}=v_{−i})))}, summed over {@code i} (n times the
 *       augmented-model KL with the free variable chosen uniformly), so it has the scale of WED3.
 *   <li>{@code wed3} (DESIGN.md §5b): {@code Σ_i Σ_{y1,y2} P1(y1, y2) Σ_x P1(x | y1) ln[P1(x | y1)
 *       / P2(x | y2)]}, {@code y1}, {@code y2} the parent configurations of {@code X_i} in the true
 *       and learned DAG, {@code P1} the true observational joint, {@code P2(x | y2)} the learned
 *       CPT.
 * </ul>
 */
public final class CausalKl {
  /** The cap on (number of intervened joints) × (joint size) for the CKL enumerations. */
  public static final long MAX_WORK = 200_000_000L;

  private CausalKl() {}

  /**
   * {@code KL(P1(V) ‖ P2(V))} over the observed variables.
   *
   * @param truth the true discrete model
   * @param model the learned discrete model
   * @return the result
   */
  public static DivergenceResult kl(CausalModel truth, CausalModel model) {
    Alignment al = Alignment.of(truth, model);
    double v =
        DiscreteDivergence.kl(
            joint(truth, al.truthCols(), Intervention.none()),
            joint(model, al.modelCols(), Intervention.none()));
    return new DivergenceResult(
        "kl",
        v,
        "KL(P1 || P2) = sum_v P1(v) ln(P1(v)/P2(v)) over the observed joint, nats",
        Map.of());
  }

  /**
   * CKL1: the mean KL over single-variable interventions (see the class comment).
   *
   * @param truth the true discrete model
   * @param model the learned discrete model
   * @return the result, with the per-variable means as terms
   */
  public static DivergenceResult ckl1(CausalModel truth, CausalModel model) {
    Alignment al = Alignment.of(truth, model);
    int n = al.size();
    checkWork(truth, model, totalValues(truth, al));
    Map<String, Double> terms = new LinkedHashMap<>();
    double total = 0;
    for (int j = 0; j < n; j++) {
      int card = truth.cardinality(al.truthCol(j));
      double s = 0;
      for (int x = 0; x < card; x++) {
        s +=
            DiscreteDivergence.kl(
                joint(truth, al.truthCols(), Intervention.of(al.truthCol(j), x)),
                joint(model, al.modelCols(), Intervention.of(al.modelCol(j), x)));
      }
      terms.put(al.names().get(j), s / card);
      total += s / card / n;
    }
    return new DivergenceResult(
        "ckl1",
        total,
        "mean over observed variables i (uniform) and values x (uniform) of KL(P1(V|do(X_i=x)) ||"
            + " P2(V|do(X_i=x))), nats; terms: per-variable means",
        terms);
  }

  /**
   * CKL2: the mean KL over all subsets of intervened variables and their values.
   *
   * @param truth the true discrete model
   * @param model the learned discrete model
   * @return the result, with the per-subset-size means as terms
   */
  public static DivergenceResult ckl2(CausalModel truth, CausalModel model) {
    Alignment al = Alignment.of(truth, model);
    int n = al.size();
    if (n > 20) {
      throw new IllegalArgumentException("ckl2 enumerates 2^n subsets; n = " + n + " > 20");
    }
    long regimes = 1;
    for (int j = 0; j < n; j++) {
      regimes *= 1 + truth.cardinality(al.truthCol(j));
    }
    checkWork(truth, model, regimes);
    double[] sumBySize = new double[n + 1];
    int[] countBySize = new int[n + 1];
    double total = 0;
    for (int mask = 0; mask < (1 << n); mask++) {
      int size = Integer.bitCount(mask);
      int[] sub = new int[size];
      int[] cards = new int[size];
      int k = 0;
      long combos = 1;
      for (int j = 0; j < n; j++) {
        if ((mask >> j & 1) != 0) {
          sub[k] = j;
          cards[k] = truth.cardinality(al.truthCol(j));
          combos *= cards[k];
          k++;
        }
      }
      double s = 0;
      for (long c = 0; c < combos; c++) {
        int[] vals = DiscreteJoint.decode(c, cards);
        int[] tt = new int[size];
        int[] mt = new int[size];
        double[] vv = new double[size];
        for (int q = 0; q < size; q++) {
          tt[q] = al.truthCol(sub[q]);
          mt[q] = al.modelCol(sub[q]);
          vv[q] = vals[q];
        }
        s +=
            DiscreteDivergence.kl(
                joint(truth, al.truthCols(), new Intervention(tt, vv)),
                joint(model, al.modelCols(), new Intervention(mt, vv)));
      }
      double mean = s / combos;
      sumBySize[size] += mean;
      countBySize[size]++;
      total += mean / (1 << n);
    }
    Map<String, Double> terms = new LinkedHashMap<>();
    for (int s = 0; s <= n; s++) {
      terms.put("subsets of size " + s, sumBySize[s] / countBySize[s]);
    }
    return new DivergenceResult(
        "ckl2",
        total,
        "mean over the 2^n subsets S of observed variables (each intervened with probability 1/2)"
            + " and values uniform of KL(P1(V|do(S=s)) || P2(V|do(S=s))), nats; terms: means by"
            + " |S|",
        terms);
  }

  /**
   * CKL3: the sum over variables of the mean KL of that variable when all others are intervened.
   *
   * @param truth the true discrete model
   * @param model the learned discrete model
   * @return the result, with the per-variable terms
   */
  public static DivergenceResult ckl3(CausalModel truth, CausalModel model) {
    Alignment al = Alignment.of(truth, model);
    int n = al.size();
    long work = 0;
    for (int j = 0; j < n; j++) {
      long c = 1;
      for (int q = 0; q < n; q++) {
        if (q != j) {
          c *= truth.cardinality(al.truthCol(q));
        }
      }
      work += c;
    }
    checkWork(truth, model, work);
    Map<String, Double> terms = new LinkedHashMap<>();
    double total = 0;
    for (int j = 0; j < n; j++) {
      int[] others = new int[n - 1];
      int[] cards = new int[n - 1];
      int k = 0;
      long combos = 1;
      for (int q = 0; q < n; q++) {
        if (q != j) {
          others[k] = q;
          cards[k] = truth.cardinality(al.truthCol(q));
          combos *= cards[k];
          k++;
        }
      }
      double s = 0;
      for (long c = 0; c < combos; c++) {
        int[] vals = DiscreteJoint.decode(c, cards);
        int[] tt = new int[n - 1];
        int[] mt = new int[n - 1];
        double[] vv = new double[n - 1];
        for (int q = 0; q < n - 1; q++) {
          tt[q] = al.truthCol(others[q]);
          mt[q] = al.modelCol(others[q]);
          vv[q] = vals[q];
        }
        s +=
            DiscreteDivergence.kl(
                joint(truth, new int[] {al.truthCol(j)}, new Intervention(tt, vv)),
                joint(model, new int[] {al.modelCol(j)}, new Intervention(mt, vv)));
      }
      terms.put(al.names().get(j), s / combos);
      total += s / combos;
    }
    return new DivergenceResult(
        "ckl3",
        total,
        "sum over observed variables i of the mean over values v of all other observed variables"
            + " (uniform) of KL(P1(X_i|do(V_-i=v)) || P2(X_i|do(V_-i=v))), nats; terms: per"
            + " variable",
        terms);
  }

  /**
   * WED3 (DESIGN.md §5b). Both models must have no hidden variables.
   *
   * @param truth the true discrete model
   * @param model the learned discrete model
   * @return the result, with the per-variable terms
   */
  public static DivergenceResult wed3(CausalModel truth, CausalModel model) {
    Alignment al = Alignment.of(truth, model);
    if (al.size() != truth.size() || al.size() != model.size()) {
      throw new IllegalArgumentException("wed3 needs models without hidden variables");
    }
    double[] p1 = DiscreteJoint.joint(truth, Intervention.none());
    int d = truth.size();
    int[] cards = new int[d];
    for (int i = 0; i < d; i++) {
      cards[i] = truth.cardinality(i);
    }
    Map<String, Double> terms = new LinkedHashMap<>();
    double total = 0;
    for (int j = 0; j < al.size(); j++) {
      int ti = al.truthCol(j);
      int mi = al.modelCol(j);
      int[] pa1 = truth.parents(ti);
      int[] pa2m = model.parents(mi);
      int[] pa2 = new int[pa2m.length]; // as truth columns
      for (int q = 0; q < pa2m.length; q++) {
        pa2[q] = truth.indexOf(model.variable(pa2m[q]).name());
      }
      int cx = cards[ti];
      int r1 = rows(pa1, cards);
      int r2 = rows(pa2, cards);
      // P1(x, y1, y2)
      double[][][] t = new double[r1][r2][cx];
      for (int w = 0; w < p1.length; w++) {
        if (p1[w] == 0) {
          continue;
        }
        int[] v = DiscreteJoint.decode(w, cards);
        t[config(pa1, v, cards)][config(pa2, v, cards)][v[ti]] += p1[w];
      }
      Cpt c2 = (Cpt) model.variable(mi).mechanism();
      double term = 0;
      for (int y1 = 0; y1 < r1; y1++) {
        double[] px1 = new double[cx];
        double py1 = 0;
        for (int y2 = 0; y2 < r2; y2++) {
          for (int x = 0; x < cx; x++) {
            px1[x] += t[y1][y2][x];
            py1 += t[y1][y2][x];
          }
        }
        if (py1 == 0) {
          continue;
        }
        for (int y2 = 0; y2 < r2; y2++) {
          double py12 = 0;
          for (int x = 0; x < cx; x++) {
            py12 += t[y1][y2][x];
          }
          if (py12 == 0) {
            continue;
          }
          for (int x = 0; x < cx; x++) {
            double pc = px1[x] / py1;
            if (pc > 0) {
              double q = c2.p(y2, x);
              term += q <= 0 ? Double.POSITIVE_INFINITY : py12 * pc * Math.log(pc / q);
            }
          }
        }
      }
      terms.put(al.names().get(j), term);
      total += term;
    }
    return new DivergenceResult(
        "wed3",
        Math.max(0, total),
        "sum_i sum_{y1,y2} P1(y1,y2) sum_x P1(x|y1) ln(P1(x|y1)/P2(x|y2)), y1/y2 = parents in the"
            + " true/learned DAG, P2 = learned CPT, nats; terms: per variable",
        terms);
  }

  private static int rows(int[] pa, int[] cards) {
    int r = 1;
    for (int p : pa) {
      r *= cards[p];
    }
    return r;
  }

  private static int config(int[] pa, int[] v, int[] cards) {
    int r = 0;
    for (int p : pa) {
      r = r * cards[p] + v[p];
    }
    return r;
  }

  private static long totalValues(CausalModel truth, Alignment al) {
    long s = 0;
    for (int j = 0; j < al.size(); j++) {
      s += truth.cardinality(al.truthCol(j));
    }
    return s;
  }

  private static void checkWork(CausalModel truth, CausalModel model, long joints) {
    DiscreteJoint.checkEnumerable(truth);
    DiscreteJoint.checkEnumerable(model);
    long size = Math.max(DiscreteJoint.stateCount(truth), DiscreteJoint.stateCount(model));
    if (joints > MAX_WORK / Math.max(1, size)) {
      throw new IllegalArgumentException(
          joints + " intervened joints of " + size + " states exceed the work limit " + MAX_WORK);
    }
  }

  /**
   * The intervened joint of some columns, in the given column order.
   *
   * @param m a discrete model
   * @param cols the columns
   * @param iv the intervention
   * @return the marginal joint
   */
  static double[] joint(CausalModel m, int[] cols, Intervention iv) {
    return DiscreteJoint.marginal(m, DiscreteJoint.joint(m, iv), cols);
  }
}
