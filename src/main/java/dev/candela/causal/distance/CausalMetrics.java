package dev.candela.causal.distance;

import dev.candela.causal.graph.Aid;
import dev.candela.causal.graph.AidResult;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.Graph;
import dev.candela.causal.graph.PrecisionRecall;
import dev.candela.causal.graph.Shd;
import dev.candela.causal.graph.Sid;
import dev.candela.causal.graph.SidResult;
import dev.candela.causal.model.CausalModel;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The metric ids of {@code causal distance} and their computations: {@code od}, {@code id}, {@code
 * cd} ({@link LadderDistances}), {@code tv} ({@link InterventionalTv}: the given treatment and
 * outcomes, or the DAG summary without a treatment), {@code kl}, {@code ckl1}, {@code ckl2}, {@code
 * ckl3}, {@code wed3} ({@link CausalKl}), and the graph metrics {@code shd} (cdt's {@code
 * double_for_anticausal=True}), {@code sid}, {@code aupr} and the adjustment identification
 * distances {@code ancestor_aid}, {@code oset_aid}, {@code parent_aid} ({@link Aid}, normalised by
 * p(p − 1), the count in the details) on the two models' DAGs, variables matched by name.
 */
public final class CausalMetrics {
  private static final Map<String, CausalMetric> REGISTRY = new LinkedHashMap<>();

  static {
    register("od", r -> ladder(r, "od"));
    register("id", r -> ladder(r, "id"));
    register("cd", r -> ladder(r, "cd"));
    register(
        "tv",
        r -> {
          if (r.treatment() == null) {
            InterventionalTv.Summary s =
                InterventionalTv.summary(
                    r.truth(), r.model(), InterventionalTv.DEFAULT_VALUES, r.tvOptions(), r.seed());
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("dagSummary", s.pairs());
            d.put("methods", s.methods());
            d.put("standardError", s.standardError());
            if (s.points() > 0) {
              d.put("points", s.points());
              d.put("particles", s.particles());
              InterventionalTv.Summary nul =
                  InterventionalTv.summary(
                      r.truth(),
                      r.truth(),
                      InterventionalTv.DEFAULT_VALUES,
                      r.tvOptions().withIndependentSides(true),
                      r.seed() + 1);
              d.put("nullBaseline", nul.sum());
              return new CausalMetric.Value(s.sum(), s.standardError(), nul.sum(), d);
            }
            return new CausalMetric.Value(s.sum(), d);
          }
          TvResult t =
              InterventionalTv.tv(
                  r.truth(), r.model(), r.treatment(), r.outcomes(), r.tvOptions(), r.seed());
          if (NumericalTv.METHOD.equals(t.method())) {
            TvResult nul =
                InterventionalTv.tv(
                    r.truth(),
                    r.truth(),
                    r.treatment(),
                    r.outcomes(),
                    r.tvOptions().withIndependentSides(true).withForceNumerical(true),
                    r.seed() + 1);
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("value", t.value());
            d.put("treatment", t.treatment());
            d.put("outcomes", t.outcomes());
            d.put("method", t.method());
            d.put("standardError", t.standardError());
            d.put("samples", t.samples());
            d.put("particles", t.particles());
            d.put("nullBaseline", nul.value());
            d.put("nullStandardError", nul.standardError());
            return new CausalMetric.Value(t.value(), t.standardError(), nul.value(), d);
          }
          if (t.standardError() > 0) {
            // Monte Carlo on exact densities: the truth against itself is exactly 0.
            return new CausalMetric.Value(t.value(), t.standardError(), 0.0, t);
          }
          return new CausalMetric.Value(t.value(), t);
        });
    register("kl", r -> divergence(CausalKl.kl(r.truth(), r.model())));
    register("ckl1", r -> divergence(CausalKl.ckl1(r.truth(), r.model())));
    register("ckl2", r -> divergence(CausalKl.ckl2(r.truth(), r.model())));
    register("ckl3", r -> divergence(CausalKl.ckl3(r.truth(), r.model())));
    register("wed3", r -> divergence(CausalKl.wed3(r.truth(), r.model())));
    register(
        "shd",
        r -> {
          int[][][] a = alignedAdjacency(r.truth(), r.model());
          boolean doubled = r.shdDoubleForAnticausal();
          return new CausalMetric.Value(
              Shd.shd(a[0], a[1], doubled), Map.of("double_for_anticausal", doubled));
        });
    register(
        "sid",
        r -> {
          int[][][] a = alignedAdjacency(r.truth(), r.model());
          SidResult s = Sid.sid(Dag.of(a[0]), Dag.of(a[1]));
          return new CausalMetric.Value(s.sid(), s);
        });
    for (Aid.Kind kind : Aid.Kind.values()) {
      register(
          kind.metric(),
          r -> {
            int[][][] a = alignedAdjacency(r.truth(), r.model());
            AidResult aid = Aid.aid(Graph.of(a[0]), Graph.of(a[1]), kind);
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("count", aid.count());
            d.put("comparisons", aid.comparisons());
            return new CausalMetric.Value(aid.value(), d);
          });
    }
    register(
        "aupr",
        r -> {
          int[][][] a = alignedAdjacency(r.truth(), r.model());
          PrecisionRecall.Result p = PrecisionRecall.aupr(a[0], a[1], false);
          return new CausalMetric.Value(p.aupr(), p);
        });
  }

  /**
   * The adjacency matrices of both models' graphs over the truth's variable order (variables are
   * matched by name).
   *
   * @throws IllegalArgumentException when the models have different variables
   */
  static int[][][] alignedAdjacency(CausalModel truth, CausalModel model) {
    Dag t = truth.dag();
    Dag m = model.dag();
    List<String> names = t.names();
    if (names.size() != m.names().size() || !m.names().containsAll(names)) {
      throw new IllegalArgumentException(
          "graph metrics need the same variables in both models: truth "
              + names
              + ", model "
              + m.names());
    }
    int n = names.size();
    int[] pos = new int[n];
    for (int i = 0; i < n; i++) {
      pos[i] = m.indexOf(names.get(i));
    }
    int[][] ma = m.adjacencyMatrix();
    int[][] aligned = new int[n][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        aligned[i][j] = ma[pos[i]][pos[j]];
      }
    }
    return new int[][][] {t.adjacencyMatrix(), aligned};
  }

  private CausalMetrics() {}

  /**
   * Registers (or replaces) a metric.
   *
   * @param id the metric id
   * @param metric the computation
   */
  public static synchronized void register(String id, CausalMetric metric) {
    REGISTRY.put(id, metric);
  }

  /**
   * The registered metrics in registration order.
   *
   * @return an unmodifiable view
   */
  public static synchronized Map<String, CausalMetric> all() {
    return Collections.unmodifiableMap(new LinkedHashMap<>(REGISTRY));
  }

  /**
   * One metric.
   *
   * @param id the id
   * @return the metric
   * @throws IllegalArgumentException for an unknown id, listing the known ones
   */
  public static synchronized CausalMetric get(String id) {
    CausalMetric m = REGISTRY.get(id);
    if (m == null) {
      throw new IllegalArgumentException(
          "unknown metric '" + id + "', known: " + String.join(",", REGISTRY.keySet()));
    }
    return m;
  }

  private static LadderEstimate ladderOf(DistanceRequest r) {
    return r.memo(
        "ladder",
        () -> LadderDistances.estimate(r.truth(), r.model(), r.ladder(), r.seed(), r.replicates()));
  }

  private static CausalMetric.Value ladder(DistanceRequest r, String metric) {
    LadderEstimate e = ladderOf(r);
    LadderResult l = e.result();
    double v =
        switch (metric) {
          case "od" -> l.od();
          case "id" -> l.id();
          default -> l.cd();
        };
    Map<String, Object> d = new LinkedHashMap<>(r.ladder().asMap());
    d.put("standardError", e.se(metric));
    d.put("nullBaseline", e.nullMean(metric));
    d.put("nullStandardError", e.nullSe(metric));
    d.put("replicates", e.replicates());
    d.put("replicateValues", e.replicateValues(metric));
    d.put("nullValues", e.nullValues(metric));
    d.put("variables", l.names());
    d.put("idByNode", l.idByNode());
    d.put("evidenceUsed", l.evidenceUsed());
    d.put("evidenceSkipped", l.evidenceSkipped());
    if (!metric.equals("od")) {
      d.put("doValues", l.doValues());
    }
    if (metric.equals("cd")) {
      d.put("evidenceRows", l.evidenceRows());
      d.put("skippedEvidenceRows", l.skippedEvidenceRows());
    }
    return new CausalMetric.Value(v, e.se(metric), e.nullMean(metric), d);
  }

  private static CausalMetric.Value divergence(DivergenceResult d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("definition", d.definition());
    m.put("log", "natural");
    m.put("terms", d.terms());
    return new CausalMetric.Value(d.value(), m);
  }
}
