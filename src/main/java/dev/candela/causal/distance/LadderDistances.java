package dev.candela.causal.distance;

import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.query.Counterfactuals;
import dev.candela.causal.query.DiscreteJoint;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.LikelihoodWeighting;
import dev.candela.causal.query.Sampler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * OD, ID and CD of Peyrard &amp; West ("A Ladder of Causal Distances", IJCAI 2021) between a true
 * model {@code C1} and a compared model {@code C2} over their observed variables {@code V}:
 *
 * <ul>
 *   <li>{@code OD = D(P1(V), P2(V))}.
 *   <li>{@code ID = Σ_I μ(I) E_{x}[D(P1(V | do(I=x)), P2(V | do(I=x)))]}, over intervention nodes
 *       {@code I} (the observed variables plus the empty intervention, whose term is OD), do-values
 *       uniform over the values of a discrete node, {@code l} draws for a continuous one.
 *   <li>{@code CD = Σ_e ν(e) Σ_I μ(I) E_x[D(P1(V | e, do(I=x)), P2(V | e, do(I=x)))]}, over the
 *       empty evidence (whose term is ID) and {@code m} evidence rows of all observed variables
 *       drawn from {@code P1}, ν uniform; counterfactuals by {@link Counterfactuals}. Evidence a
 *       model cannot explain (probability 0 under a discrete model, or likelihood-weighting
 *       abduction with all weights 0 or an ESS below {@link Counterfactuals#MIN_ESS}) is left out
 *       and counted as skipped.
 * </ul>
 *
 * <p>{@code D} is a {@link SampleDistance} on {@code k} draws per distribution, or for discrete
 * models an exact TV or KL on enumerated joints. The same do-values and evidence rows are used for
 * both models. Everything is deterministic given the seed.
 *
 * <p>Variables are matched by name: both models are first put in {@linkplain
 * CausalModel#canonical() canonical order} (names sorted), and their draws share common random
 * numbers keyed by variable name ({@link Sampler}), so the order in which a file lists its
 * variables changes no distance, and identical models are at distance exactly 0.
 *
 * <p>{@link #estimate} adds uncertainty: the standard error of each sampled distance (the standard
 * deviation of the estimator over independent replicate runs with fresh do-values, evidence and
 * draws) and its null baseline (the mean of the same estimator between the truth and itself with
 * independent draws for the two sides, which is the bias floor of the estimator at this {@code k}:
 * a compared model whose distance is within a few standard errors of the null is not
 * distinguishable from the truth by this estimator).
 *
 * <p>With {@link LadderOptions.Compat#PEYRARD_WEST_CODE} the aggregation follows the authors'
 * released code (epfl-dlab/causal-distances, {@code CMD.py}) instead: ID is the plain mean over the
 * {@code n·l} single-node (node, value) terms without the empty intervention, a discrete node gets
 * {@code l} do-values drawn uniformly from its states, and the evidence value of each continuous
 * variable is drawn from Uniform(0, 1) rather than from {@code P1}; CD stays the mean of ID and the
 * {@code m} evidence terms.
 */
public final class LadderDistances {
  private LadderDistances() {}

  /**
   * Computes OD, ID and CD.
   *
   * @param truth the true model
   * @param model the compared model
   * @param o the options
   * @param seed the seed
   * @return the distances
   */
  public static LadderResult compute(
      CausalModel truth, CausalModel model, LadderOptions o, long seed) {
    return run(truth.canonical(), model.canonical(), o, seed, true);
  }

  /** The default number of replicate runs behind a standard error and a null baseline. */
  public static final int DEFAULT_REPLICATES = 5;

  /**
   * Computes OD, ID and CD with their standard errors and null baselines. The value of each
   * distance is that of {@link #compute} with the same seed; {@code replicates − 1} further runs
   * with independent seeds give its standard error (the sample standard deviation of the {@code
   * replicates} values); {@code replicates} runs of the truth against itself, with independent
   * draws on the two sides, give the null baseline (their mean) and its spread. With exact discrete
   * distances ({@link LadderOptions.Exact}) nothing is sampled: standard errors and null are 0 and
   * no replicate runs.
   *
   * @param truth the true model
   * @param model the compared model
   * @param o the options
   * @param seed the seed
   * @param replicates runs per estimate, {@code >= 2}
   * @return the distances with their uncertainty
   */
  public static LadderEstimate estimate(
      CausalModel truth, CausalModel model, LadderOptions o, long seed, int replicates) {
    if (replicates < 2) {
      throw new IllegalArgumentException(
          "a standard error needs at least 2 replicates, got " + replicates);
    }
    CausalModel t = truth.canonical();
    CausalModel m = model.canonical();
    LadderResult main = run(t, m, o, seed, true);
    if (o.exact() != LadderOptions.Exact.NONE) {
      double[] v = {main.od(), main.id(), main.cd()};
      return new LadderEstimate(main, new double[][] {v}, new double[][] {{0, 0, 0}});
    }
    SplittableRandom seeds = new SplittableRandom(seed ^ 0x6a09e667f3bcc909L);
    double[][] values = new double[replicates][];
    double[][] nulls = new double[replicates][];
    values[0] = new double[] {main.od(), main.id(), main.cd()};
    for (int r = 1; r < replicates; r++) {
      LadderResult x = run(t, m, o, seeds.nextLong(), true);
      values[r] = new double[] {x.od(), x.id(), x.cd()};
    }
    for (int r = 0; r < replicates; r++) {
      LadderResult x = run(t, t, o.withLevels(Map.of()), seeds.nextLong(), false);
      nulls[r] = new double[] {x.od(), x.id(), x.cd()};
    }
    return new LadderEstimate(main, values, nulls);
  }

  private static LadderResult run(
      CausalModel truth, CausalModel model, LadderOptions o, long seed, boolean crn) {
    Alignment al = Alignment.forSamples(truth, model);
    boolean exact = o.exact() != LadderOptions.Exact.NONE;
    if (exact && !(truth.isDiscrete() && model.isDiscrete())) {
      throw new IllegalArgumentException("exact " + o.exact() + " needs two discrete models");
    }
    SplittableRandom root = new SplittableRandom(seed);
    SplittableRandom valuesRng = root.split();
    SplittableRandom evidenceRng = root.split();
    SplittableRandom drawRng = root.split();
    int n = al.size();

    // Observational samples (also the z-normalisation and marginal do-value source).
    long common = drawRng.nextLong();
    long common2 = crn ? common : drawRng.nextLong();
    double[][] obs1 = observations(truth, o, common);
    double[][] obs2 = observations(model, o, common2);
    Embedding z = new Embedding(truth, model, al, o, obs1);
    Comparator cmp = new Comparator(truth, model, al, o, z, crn);

    // Regimes: the empty intervention, then each observed node with its do-values.
    List<double[]> nodeValues = doValues(truth, al, o, valuesRng, obs1);
    List<String> nodeNames = regimeNames(al);
    double[] mu = weights(nodeNames, o);

    // OD and ID.
    double od = cmp.observational(obs1, obs2);
    Map<String, Double> idByNode = new LinkedHashMap<>();
    idByNode.put(LadderOptions.EMPTY, od);
    double id = mu[0] * od;
    for (int j = 0; j < n; j++) {
      double[] vals = nodeValues.get(j + 1);
      double s = 0;
      for (double x : vals) {
        s +=
            cmp.regime(
                null,
                Intervention.of(al.truthCol(j), x),
                Intervention.of(al.modelCol(j), z.toModel(j, x)),
                drawRng);
      }
      idByNode.put(al.names().get(j), s / vals.length);
      id += mu[j + 1] * s / vals.length;
    }

    // CD: the empty evidence contributes ID; then m evidence rows from the truth.
    double cdSum = id;
    double[][] ev = Sampler.sample(truth, Intervention.none(), o.m(), evidenceRng);
    boolean codeCompat = o.compat() == LadderOptions.Compat.PEYRARD_WEST_CODE;
    double[] modelObs =
        model.isDiscrete() ? DiscreteJoint.observedJoint(model, Intervention.none()) : null;
    int used = 0;
    int skipped = 0;
    List<double[]> usedRows = new ArrayList<>();
    List<double[]> skippedRows = new ArrayList<>();
    for (double[] row : ev) {
      double[] e = new double[n];
      for (int j = 0; j < n; j++) {
        e[j] = row[al.truthCol(j)];
        if (codeCompat && truth.cardinality(al.truthCol(j)) <= 0) {
          // The released code draws each evidence value from Uniform(0, 1).
          e[j] = evidenceRng.nextDouble();
        }
      }
      if (modelObs != null && modelObs[observedIndex(model, al, e)] == 0) {
        skipped++;
        skippedRows.add(e);
        continue;
      }
      try {
        cdSum += evidenceTerm(cmp, al, e, nodeValues, mu, drawRng);
      } catch (LikelihoodWeighting.DegenerateWeightsException ex) {
        // The sampled abduction cannot explain this evidence (weight 0, or ESS below the floor).
        skipped++;
        skippedRows.add(e);
        continue;
      }
      used++;
      usedRows.add(e);
    }
    double cd = cdSum / (used + 1);
    Map<String, double[]> doByNode = new LinkedHashMap<>();
    for (int j = 0; j < n; j++) {
      doByNode.put(al.names().get(j), nodeValues.get(j + 1));
    }
    return new LadderResult(
        od,
        id,
        cd,
        idByNode,
        used,
        skipped,
        o,
        al.names(),
        doByNode,
        usedRows.toArray(new double[0][]),
        skippedRows.toArray(new double[0][]));
  }

  /**
   * The counterfactual term of one evidence row: {@code Σ_I μ(I) E_x D(P1(V | e, do(I=x)), P2(V |
   * e, do(I=x)))}, with the same node weights and do-value rules as {@link #compute} (do-values
   * drawn from the seed).
   *
   * @param truth the true model
   * @param model the compared model
   * @param o the options
   * @param evidence values of the observed variables, in the order the truth lists them
   * @param seed the seed
   * @return the term
   */
  public static double counterfactualTerm(
      CausalModel truth, CausalModel model, LadderOptions o, double[] evidence, long seed) {
    List<String> given = truth.observedNames();
    truth = truth.canonical();
    model = model.canonical();
    Alignment al = Alignment.forSamples(truth, model);
    if (evidence.length != al.size()) {
      throw new IllegalArgumentException(
          "evidence has " + evidence.length + " values for " + al.size() + " observed variables");
    }
    SplittableRandom root = new SplittableRandom(seed);
    SplittableRandom valuesRng = root.split();
    root.split();
    SplittableRandom drawRng = root.split();
    long common = drawRng.nextLong();
    double[][] obs1 = observations(truth, o, common);
    Embedding z = new Embedding(truth, model, al, o, obs1);
    Comparator cmp = new Comparator(truth, model, al, o, z, true);
    List<double[]> nodeValues = doValues(truth, al, o, valuesRng, obs1);
    List<String> names = regimeNames(al);
    double[] e = new double[evidence.length];
    for (int j = 0; j < e.length; j++) {
      e[j] = evidence[given.indexOf(al.names().get(j))];
    }
    return evidenceTerm(cmp, al, e, nodeValues, weights(names, o), drawRng);
  }

  private static double evidenceTerm(
      Comparator cmp,
      Alignment al,
      double[] e,
      List<double[]> nodeValues,
      double[] mu,
      SplittableRandom drawRng) {
    double term = mu[0] * cmp.regime(e, Intervention.none(), Intervention.none(), drawRng);
    for (int j = 0; j < al.size(); j++) {
      double[] vals = nodeValues.get(j + 1);
      double s = 0;
      for (double x : vals) {
        s +=
            cmp.regime(
                e,
                Intervention.of(al.truthCol(j), x),
                Intervention.of(al.modelCol(j), cmp.z.toModel(j, x)),
                drawRng);
      }
      term += mu[j + 1] * s / vals.length;
    }
    return term;
  }

  private static int observedIndex(CausalModel model, Alignment al, double[] e) {
    int[] obs = model.observed();
    int idx = 0;
    for (int c : obs) {
      int j = al.names().indexOf(model.variable(c).name());
      idx = idx * model.cardinality(c) + (int) e[j];
    }
    return idx;
  }

  /** The {@code o.k()} observational samples of a model drawn with this seed. */
  private static double[][] observations(CausalModel m, LadderOptions o, long seed) {
    return Sampler.sample(m, Intervention.none(), o.k(), new SplittableRandom(seed));
  }

  /** The regimes' names: the empty intervention, then each observed node. */
  private static List<String> regimeNames(Alignment al) {
    List<String> names = new ArrayList<>();
    names.add(LadderOptions.EMPTY);
    names.addAll(al.names());
    return names;
  }

  private static List<double[]> doValues(
      CausalModel truth,
      Alignment al,
      LadderOptions o,
      SplittableRandom valuesRng,
      double[][] obs1) {
    List<double[]> nodeValues = new ArrayList<>();
    nodeValues.add(new double[0]);
    for (int j = 0; j < al.size(); j++) {
      int card = truth.cardinality(al.truthCol(j));
      double[] vals;
      if (card > 0 && o.compat() == LadderOptions.Compat.PEYRARD_WEST_CODE) {
        // The released code draws l values uniformly (with replacement) from the states.
        vals = new double[o.l()];
        for (int q = 0; q < o.l(); q++) {
          vals[q] = valuesRng.nextInt(card);
        }
      } else if (card > 0) {
        vals = new double[card];
        for (int x = 0; x < card; x++) {
          vals[x] = x;
        }
      } else {
        vals = new double[o.l()];
        for (int q = 0; q < o.l(); q++) {
          vals[q] =
              switch (o.doValues()) {
                case STANDARD_NORMAL -> valuesRng.nextGaussian();
                case RANGE -> o.rangeLo() + (o.rangeHi() - o.rangeLo()) * valuesRng.nextDouble();
                case MARGINAL -> obs1[valuesRng.nextInt(obs1.length)][al.truthCol(j)];
              };
        }
      }
      nodeValues.add(vals);
    }
    return nodeValues;
  }

  private static double[] weights(List<String> nodes, LadderOptions o) {
    Map<String, Double> given = o.mu();
    double[] w = new double[nodes.size()];
    if (given.isEmpty() && o.compat() == LadderOptions.Compat.PEYRARD_WEST_CODE) {
      // The released code averages over the single-node interventions only (no empty one).
      java.util.Arrays.fill(w, 1, w.length, 1.0 / (nodes.size() - 1));
      return w;
    }
    if (given.isEmpty()) {
      java.util.Arrays.fill(w, 1.0 / nodes.size());
      return w;
    }
    for (String k : given.keySet()) {
      if (!nodes.contains(k)) {
        throw new IllegalArgumentException("mu names unknown node '" + k + "', nodes: " + nodes);
      }
    }
    double s = 0;
    for (int i = 0; i < w.length; i++) {
      w[i] = given.getOrDefault(nodes.get(i), 0.0);
      s += w[i];
    }
    if (!(s > 0)) {
      throw new IllegalArgumentException("mu weights sum to " + s);
    }
    for (int i = 0; i < w.length; i++) {
      w[i] /= s;
    }
    return w;
  }

  /**
   * How draws of the two models become the points that D compares: the observed columns by name; a
   * nominal discrete variable of the truth (value labels not all numbers) as a one-hot block scaled
   * by 1/√2, so that two different labels are at distance 1 whatever their order; any other
   * variable as one number (the value index for a discrete one), standardised when asked. A model
   * variable that is continuous where the truth's is discrete is read as the index of its nearest
   * level ({@link LadderOptions#levels()}).
   */
  private static final class Embedding {
    private final int[] cols1;
    private final int[] cols2;
    private final int[] card;
    private final boolean[] nominal;
    private final double[][] levels;
    private final double[] mean;
    private final double[] sd;
    private final int width;

    Embedding(CausalModel truth, CausalModel model, Alignment al, LadderOptions o, double[][] obs) {
      int n = al.size();
      cols1 = al.truthCols();
      cols2 = al.modelCols();
      card = new int[n];
      nominal = new boolean[n];
      levels = new double[n][];
      mean = new double[n];
      sd = new double[n];
      java.util.Arrays.fill(sd, 1);
      boolean sampled =
          o.exact() == LadderOptions.Exact.NONE && o.compat() == LadderOptions.Compat.NONE;
      int w = 0;
      for (int j = 0; j < n; j++) {
        String name = al.names().get(j);
        card[j] = truth.cardinality(cols1[j]);
        boolean mapped = card[j] > 0 && model.cardinality(cols2[j]) <= 0;
        if (mapped) {
          double[] lv = o.levels().get(name);
          if (lv == null) {
            lv = new double[card[j]];
            for (int x = 0; x < lv.length; x++) {
              lv[x] = x;
            }
          } else if (lv.length != card[j]) {
            throw new IllegalArgumentException(
                "variable '"
                    + name
                    + "' has "
                    + card[j]
                    + " values in the truth but "
                    + lv.length
                    + " levels");
          }
          levels[j] = lv.clone();
        }
        if (card[j] > 0 && sampled) {
          List<String> values = ((Cpt) truth.variable(cols1[j]).mechanism()).values();
          nominal[j] = !values.stream().allMatch(Embedding::isNumber);
        }
        w += nominal[j] && card[j] > 2 ? card[j] : 1;
      }
      for (String name : o.levels().keySet()) {
        int j = al.names().indexOf(name);
        if (j < 0 || levels[j] == null) {
          throw new IllegalArgumentException(
              "levels given for '"
                  + name
                  + "', which is not a discrete truth variable that is continuous in the model");
        }
      }
      width = w;
      if (o.zNormalise()) {
        for (int j = 0; j < n; j++) {
          if (nominal[j]) {
            continue;
          }
          double[] c = new double[obs.length];
          for (int r = 0; r < obs.length; r++) {
            c[r] = obs[r][cols1[j]];
          }
          mean[j] = org.apache.commons.math3.stat.StatUtils.mean(c);
          double v =
              c.length > 1
                  ? new org.apache.commons.math3.stat.descriptive.moment.StandardDeviation(true)
                      .evaluate(c, mean[j])
                  : 0;
          sd[j] = v > 0 ? v : 1;
        }
      }
    }

    private static boolean isNumber(String s) {
      try {
        Double.parseDouble(s);
        return true;
      } catch (NumberFormatException e) {
        return false;
      }
    }

    /** The model's value for the truth's value {@code x} of observed variable {@code j}. */
    double toModel(int j, double x) {
      return levels[j] == null ? x : levels[j][(int) x];
    }

    double[] toModel(double[] e) {
      double[] out = new double[e.length];
      for (int j = 0; j < e.length; j++) {
        out[j] = toModel(j, e[j]);
      }
      return out;
    }

    private int nearestLevel(int j, double v) {
      double[] lv = levels[j];
      int best = 0;
      for (int x = 1; x < lv.length; x++) {
        if (Math.abs(v - lv[x]) < Math.abs(v - lv[best])) {
          best = x;
        }
      }
      return best;
    }

    double[][] truthRows(double[][] rows) {
      return embed(rows, cols1, false);
    }

    double[][] modelRows(double[][] rows) {
      return embed(rows, cols2, true);
    }

    private double[][] embed(double[][] rows, int[] cols, boolean model) {
      double[][] out = new double[rows.length][width];
      double h = Math.sqrt(0.5);
      for (int r = 0; r < rows.length; r++) {
        int c = 0;
        for (int j = 0; j < cols.length; j++) {
          double v = rows[r][cols[j]];
          if (model && levels[j] != null) {
            v = nearestLevel(j, v);
          }
          if (nominal[j] && card[j] > 2) {
            out[r][c + (int) v] = h;
            c += card[j];
          } else {
            out[r][c++] = (v - mean[j]) / sd[j];
          }
        }
      }
      return out;
    }
  }

  /** Computes D for one regime, exactly or from samples. */
  private record Comparator(
      CausalModel truth,
      CausalModel model,
      Alignment al,
      LadderOptions o,
      Embedding z,
      boolean crn) {

    double observational(double[][] obs1, double[][] obs2) {
      if (o.exact() != LadderOptions.Exact.NONE) {
        return regime(null, Intervention.none(), Intervention.none(), null);
      }
      return o.distance().between(z.truthRows(obs1), z.modelRows(obs2));
    }

    /** D between the two models' (counterfactual if e != null) distributions under do. */
    double regime(double[] e, Intervention i1, Intervention i2, SplittableRandom rng) {
      if (o.exact() != LadderOptions.Exact.NONE) {
        double[] p1 = exactJoint(truth, al.truthCols(), e, i1);
        double[] p2 = exactJoint(model, al.modelCols(), e, i2);
        return o.exact() == LadderOptions.Exact.TV
            ? DiscreteDivergence.tv(p1, p2)
            : DiscreteDivergence.kl(p1, p2);
      }
      double[][] s1;
      double[][] s2;
      long common = rng.nextLong();
      long common2 = crn ? common : rng.nextLong();
      if (e == null) {
        s1 = Sampler.sample(truth, i1, o.k(), new SplittableRandom(common));
        s2 = Sampler.sample(model, i2, o.k(), new SplittableRandom(common2));
      } else {
        s1 =
            Counterfactuals.sample(
                truth, al.truthCols(), e, i1, o.k(), new SplittableRandom(common));
        s2 =
            Counterfactuals.sample(
                model, al.modelCols(), z.toModel(e), i2, o.k(), new SplittableRandom(common2));
      }
      return o.distance().between(z.truthRows(s1), z.modelRows(s2));
    }

    private static double[] exactJoint(CausalModel m, int[] cols, double[] e, Intervention iv) {
      double[] full;
      if (e == null) {
        full = DiscreteJoint.joint(m, iv);
      } else {
        int[] ev = new int[e.length];
        for (int j = 0; j < ev.length; j++) {
          ev[j] = (int) e[j];
        }
        full = Counterfactuals.discrete(m, cols, ev, iv);
      }
      return DiscreteJoint.marginal(m, full, cols);
    }
  }
}
