package dev.candela.causal.distance;

import dev.candela.MixedRadix;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.query.DiscreteJoint;
import dev.candela.causal.query.Intervention;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * KL divergence and the causal KL family CKL1–3 of O'Donnell, Korb &amp; Allison ("Learning hybrid
 * Bayesian networks by MML", 2006; O'Donnell's thesis) and WED3 between a true discrete model
 * {@code P1} and a learned one {@code P2}, exact by enumeration over the observed variables,
 * natural logarithm (nats).
 *
 * <p>The definitions follow the authors' software CAMML (BSD licence), method {@code
 * camml.core.models.bNet.BNet.ckl(paramsTrue, paramsLearned, type)} with its augmentation classes
 * {@code camml.plugin.augment.AugmentFN}, {@code AugmentFN2} and {@code AugmentFN3}: each CKL is
 * {@code KL(P1 ‖ P2)} between the two networks augmented with intervention variables, times a
 * constant so that it is on the scale of KL. CAMML uses the natural logarithm (its KL weights terms
 * by {@code exp(logP)}). Written out, with {@code n} observed variables, {@code S} an intervention
 * set and {@code KL_S(s) = KL(P1(V | do(S=s)) ‖ P2(V | do(S=s)))}:
 *
 * <ul>
 *   <li>{@code ckl1} (CAMML type 1, uniform over intervention sets and values): {@code 2 · Σ_S 2⁻ⁿ
 *       Σ_s Π_{i∈S} (1/|X_i|) · KL_S(s)}; each variable is intervened independently with
 *       probability ½ (the empty set included) and set to a uniform value.
 *   <li>{@code ckl2} (CAMML type 2, uniform over sets, values from the truth): {@code 2 · Σ_S 2⁻ⁿ
 *       Σ_s P1(X_S = s) · KL_S(s)}, {@code P1(X_S = s)} the true observational marginal.
 *   <li>{@code ckl3} (CAMML type 3, all-but-one intervention sets, values from the truth, times
 *       {@code n}): {@code Σ_i Σ_v P1(V_{−i} = v) · KL(P1(X_i | do(V_{−i}=v)) ‖ P2(X_i |
 *       do(V_{−i}=v)))}. Without hidden variables this is {@code Σ_i E_{P1}[KL(P1(X_i | pa1_i) ‖
 *       P2(X_i | pa2_i))]}, which is WED3.
 *   <li>{@code wed3} (DESIGN.md §5b): {@code Σ_i Σ_{y1,y2} P1(y1, y2) Σ_x P1(x | y1) ln[P1(x | y1)
 *       / P2(x | y2)]}, {@code y1}, {@code y2} the parent configurations of {@code X_i} in the true
 *       and learned DAG, {@code P1} the true observational joint, {@code P2(x | y2)} the learned
 *       CPT.
 * </ul>
 *
 * <p>Regimes of true probability 0 are skipped (as in CAMML's KL); a regime where {@code P2} gives
 * probability 0 to something {@code P1} can produce makes the divergence {@code +∞}. CAMML's
 * networks have no hidden variables; here hidden variables are never intervened on, are
 * marginalised out of every KL, and the CKL2/CKL3 do-values are drawn from the truth's observed
 * marginal.
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
   * CKL1 (CAMML {@code BNet.ckl} type 1): {@code 2 · Σ_S 2⁻ⁿ Σ_s Π_{i∈S} (1/|X_i|) · KL(P1(V |
   * do(S=s)) ‖ P2(V | do(S=s)))} over all subsets {@code S} of the observed variables.
   *
   * @param truth the true discrete model
   * @param model the learned discrete model
   * @return the result, with the contributions by intervention-set size as terms
   */
  public static DivergenceResult ckl1(CausalModel truth, CausalModel model) {
    return setPrior(
        "ckl1",
        truth,
        model,
        false,
        "CAMML BNet.ckl type 1: 2 * sum over the 2^n subsets S of observed variables (each"
            + " intervened independently with probability 1/2) of 2^-n * sum_s prod_{i in S}"
            + " (1/|X_i|) * KL(P1(V|do(S=s)) || P2(V|do(S=s))), do-values uniform, nats; terms:"
            + " contributions by |S|");
  }

  /**
   * CKL2 (CAMML {@code BNet.ckl} type 2): {@code 2 · Σ_S 2⁻ⁿ Σ_s P1(X_S = s) · KL(P1(V | do(S=s)) ‖
   * P2(V | do(S=s)))}, the do-values drawn from the true observational joint.
   *
   * @param truth the true discrete model
   * @param model the learned discrete model
   * @return the result, with the contributions by intervention-set size as terms
   */
  public static DivergenceResult ckl2(CausalModel truth, CausalModel model) {
    return setPrior(
        "ckl2",
        truth,
        model,
        true,
        "CAMML BNet.ckl type 2: 2 * sum over the 2^n subsets S of observed variables (each"
            + " intervened independently with probability 1/2) of 2^-n * sum_s P1(X_S=s) *"
            + " KL(P1(V|do(S=s)) || P2(V|do(S=s))), do-values from the true observational joint"
            + " P1, nats; terms: contributions by |S|");
  }

  /**
   * CKL3 (CAMML {@code BNet.ckl} type 3): {@code Σ_i Σ_v P1(V_{−i} = v) · KL(P1(X_i | do(V_{−i}=v))
   * ‖ P2(X_i | do(V_{−i}=v)))}; equals WED3 for models without hidden variables.
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
    double[] p1 = DiscreteJoint.joint(truth, Intervention.none());
    Map<String, Double> terms = new LinkedHashMap<>();
    double total = 0;
    for (int j = 0; j < n; j++) {
      int[] others = new int[n - 1];
      int k = 0;
      for (int q = 0; q < n; q++) {
        if (q != j) {
          others[k++] = q;
        }
      }
      double s =
          weightedKl(
              truth,
              model,
              al,
              others,
              DiscreteJoint.marginal(truth, p1, truthCols(al, others)),
              j);
      terms.put(al.names().get(j), s);
      total += s;
    }
    return new DivergenceResult(
        "ckl3",
        total,
        "sum over observed variables i of sum_v P1(V_-i=v) * KL(P1(X_i|do(V_-i=v)) ||"
            + " P2(X_i|do(V_-i=v))), do-values from the true observational joint P1 (CAMML BNet.ckl"
            + " type 3: the all-but-one intervention prior times n; equals wed3 without hidden"
            + " variables), nats; terms: per variable",
        terms);
  }

  /**
   * CKL1/CKL2: {@code 2 · Σ_S 2⁻ⁿ Σ_s w_S(s) · KL_S(s)}, {@code w_S} uniform or the truth's
   * marginal.
   */
  private static DivergenceResult setPrior(
      String id, CausalModel truth, CausalModel model, boolean truthValues, String definition) {
    Alignment al = Alignment.of(truth, model);
    int n = al.size();
    if (n > 20) {
      throw new IllegalArgumentException(id + " enumerates 2^n subsets; n = " + n + " > 20");
    }
    long regimes = 1;
    for (int j = 0; j < n; j++) {
      regimes *= 1 + truth.cardinality(al.truthCol(j));
    }
    checkWork(truth, model, regimes);
    double[] p1 = truthValues ? DiscreteJoint.joint(truth, Intervention.none()) : null;
    double[] bySize = new double[n + 1];
    double scale = 2.0 / (1L << n);
    for (int mask = 0; mask < (1 << n); mask++) {
      int[] sub = new int[Integer.bitCount(mask)];
      int k = 0;
      long combos = 1;
      for (int j = 0; j < n; j++) {
        if ((mask >> j & 1) != 0) {
          sub[k++] = j;
          combos *= truth.cardinality(al.truthCol(j));
        }
      }
      double[] w;
      if (truthValues) {
        w = DiscreteJoint.marginal(truth, p1, truthCols(al, sub));
      } else {
        w = new double[(int) combos];
        Arrays.fill(w, 1.0 / combos);
      }
      bySize[sub.length] += scale * weightedKl(truth, model, al, sub, w, -1);
    }
    Map<String, Double> terms = new LinkedHashMap<>();
    double total = 0;
    for (int s = 0; s <= n; s++) {
      terms.put("|S| = " + s, bySize[s]);
      total += bySize[s];
    }
    return new DivergenceResult(id, total, definition, terms);
  }

  /**
   * {@code Σ_s w(s) · KL(P1(O | do(S=s)) ‖ P2(O | do(S=s)))} over the values {@code s} of the
   * aligned variables {@code sub} (mixed radix, first most significant), skipping {@code w(s) = 0};
   * {@code O} is the aligned variable {@code outcome}, or all aligned variables when it is -1.
   */
  private static double weightedKl(
      CausalModel truth, CausalModel model, Alignment al, int[] sub, double[] w, int outcome) {
    int size = sub.length;
    int[] cards = new int[size];
    int[] tt = new int[size];
    int[] mt = new int[size];
    for (int q = 0; q < size; q++) {
      tt[q] = al.truthCol(sub[q]);
      mt[q] = al.modelCol(sub[q]);
      cards[q] = truth.cardinality(tt[q]);
    }
    int[] tOut = outcome < 0 ? al.truthCols() : new int[] {al.truthCol(outcome)};
    int[] mOut = outcome < 0 ? al.modelCols() : new int[] {al.modelCol(outcome)};
    double s = 0;
    for (int c = 0; c < w.length; c++) {
      if (w[c] == 0) {
        continue;
      }
      int[] vals = MixedRadix.digits(c, cards);
      double[] vv = new double[size];
      for (int q = 0; q < size; q++) {
        vv[q] = vals[q];
      }
      s +=
          w[c]
              * DiscreteDivergence.kl(
                  joint(truth, tOut, new Intervention(tt, vv)),
                  joint(model, mOut, new Intervention(mt, vv)));
    }
    return s;
  }

  private static int[] truthCols(Alignment al, int[] sub) {
    int[] cols = new int[sub.length];
    for (int q = 0; q < sub.length; q++) {
      cols[q] = al.truthCol(sub[q]);
    }
    return cols;
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
        int[] v = MixedRadix.digits(w, cards);
        t[Cpt.row(pa1, v, cards)][Cpt.row(pa2, v, cards)][v[ti]] += p1[w];
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
