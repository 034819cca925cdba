package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.causal.distance.LatentScmScore;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Cpt;
import dev.candela.causal.model.ModelJson;
import dev.candela.causal.query.Intervention;
import dev.candela.causal.query.Sampler;
import dev.candela.data.FactorSpace;
import dev.candela.data.FactorSpecs;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.metrics.stats.Uncertainty;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The {@code scm} metric on CANDLE factors: the truth built in memory is the shipped {@code
 * datasets/causal/candle-factors.json}; factor-perfect codes score near the null, random codes far
 * above it.
 */
class ScmStageTest {
  /** CPT entries are ratios of integer counts: equal up to rounding. */
  private static final double CPT_TOL = 1e-12;

  /** How many standard errors random codes must lie above perfect ones (ID and CD). */
  private static final double SEPARATION_SE = 5;

  /** Perfect codes' excess over the null must be below this share of random codes' excess. */
  private static final double NEAR_NULL_SHARE = 0.3;

  private static FactorSpace candle() throws BadInputException {
    return FactorSpecs.fromResource("candle").space();
  }

  @Test
  void candleTruthIsTheShippedModel() throws Exception {
    CausalModel built = ScmStage.truth(candle(), "auto").model();
    CausalModel shipped = ModelJson.read(Path.of("datasets/causal/candle-factors.json"));
    assertEquals(shipped.names(), built.names());
    for (int i = 0; i < shipped.size(); i++) {
      assertEquals(shipped.variable(i).parents(), built.variable(i).parents(), "parents " + i);
      Cpt a = (Cpt) shipped.variable(i).mechanism();
      Cpt b = (Cpt) built.variable(i).mechanism();
      assertEquals(a.values(), b.values());
      for (int r = 0; r < a.rows(); r++) {
        for (int c = 0; c < a.cardinality(); c++) {
          assertEquals(a.p(r, c), b.p(r, c), CPT_TOL, "cpt " + i + " " + r);
        }
      }
    }
  }

  @Test
  void otherDatasetsHaveTheEmptyGraphOrNone() throws Exception {
    FactorSpace ds = FactorSpecs.fromResource("dsprites").space();
    CausalModel t = ScmStage.truth(ds, "auto").model();
    assertFalse(t.has("color"), "a factor with one value is left out");
    assertEquals(0, t.dag().edgeCount());
    assertNull(ScmStage.truth(FactorSpecs.fromResource("toy").space(), "auto"));
    assertNull(ScmStage.truth(ds, "none"));
    BadInputException e =
        assertThrows(BadInputException.class, () -> ScmStage.truth(ds, "no-such-model.json"));
    assertTrue(e.getMessage().contains("no-such-model.json"), e.getMessage());
  }

  private static ScmStage.Result score(
      CausalModel truth, double[][] rows, boolean perfect, LatentScmScore.DagSource dag)
      throws Exception {
    return score(truth, rows, perfect, dag, new ScmStage.Scope(1, 4));
  }

  private static ScmStage.Result score(
      CausalModel truth,
      double[][] rows,
      boolean perfect,
      LatentScmScore.DagSource dag,
      ScmStage.Scope scope)
      throws Exception {
    FactorSpace space = candle();
    int n = rows.length;
    int f = space.numFactors();
    int[][] codes = new int[f][n];
    for (int i = 0; i < f; i++) {
      int col = truth.indexOf(space.names().get(i));
      for (int r = 0; r < n; r++) {
        codes[i][r] = (int) rows[r][col];
      }
    }
    SplittableRandom rng = new SplittableRandom(perfect ? 5 : 6);
    int d = f * scope.rho() + 2; // 8 latents at rho 1
    double[][] latents = new double[d][n];
    List<String> latentNames = new ArrayList<>();
    for (int j = 0; j < d; j++) {
      latentNames.add("z" + j);
      for (int r = 0; r < n; r++) {
        double noise = rng.nextGaussian();
        latents[j][r] = perfect && j < f ? codes[j][r] + 0.05 * noise : noise;
      }
    }
    List<List<Object>> vocab = new ArrayList<>();
    space.factors().forEach(x -> vocab.add(x.values()));
    LatentCodes lc = new LatentCodes(latents, codes, latentNames, space.names());
    CodeScorer.Options opts =
        new CodeScorer.Options(
            EnumSet.of(Metric.IRS),
            List.of(1),
            EnumSet.of(UcSelection.TOPK),
            HistogramDiscretizer.DEFAULT_BINS,
            CodeScorer.Options.DEFAULT_TRAIN_FRACTION,
            1000,
            1000,
            0);
    CodeScorer.Scores cs = CodeScorer.score(lc, vocab, opts);
    ScmSettings s = new ScmSettings("auto", dag, 150, 1, 3);
    return ScmStage.score(lc, vocab, cs, ScmStage.truth(space, "auto"), s, scope, 3);
  }

  @Test
  void perfectCodesNearTheNullRandomFarAbove() throws Exception {
    CausalModel truth = ScmStage.truth(candle(), "auto").model();
    double[][] rows = Sampler.sample(truth, Intervention.none(), 400, new SplittableRandom(1));
    ScmStage.Result perfect = score(truth, rows, true, LatentScmScore.DagSource.GIVEN);
    ScmStage.Result random = score(truth, rows, false, LatentScmScore.DagSource.GIVEN);
    // Measured (seeded): perfect od 1.417 / id 1.256 / cd 0.682 against nulls 1.400 / 1.181 /
    // 0.594; random 1.789 (se 0.26) / 1.738 (se 0.043) / 0.960 (se 0.024). OD's replicate SE for
    // random codes is large at k = 150, R = 3, so only ID and CD are held to the SE separation.
    for (String id : List.of("od", "id", "cd")) {
      Map<String, Double> p = perfect.scores();
      Map<String, Double> r = random.scores();
      String k = "scm." + id;
      double pExcess = p.get(k) - nullOf(perfect, id);
      double rExcess = r.get(k) - nullOf(random, id);
      assertTrue(r.get(k) > p.get(k), id + ": random " + r.get(k) + " vs perfect " + p.get(k));
      assertTrue(
          pExcess < NEAR_NULL_SHARE * rExcess,
          id + ": perfect excess over null " + pExcess + ", random " + rExcess);
      if (!id.equals("od")) {
        double se = Math.max(perfect.uncertainty().get(k).se(), random.uncertainty().get(k).se());
        assertTrue(
            r.get(k) > p.get(k) + SEPARATION_SE * se,
            id + ": random " + r.get(k) + " vs perfect " + p.get(k) + " (se " + se + ")");
      }
    }
    @SuppressWarnings("unchecked")
    Map<String, Double> align = (Map<String, Double>) perfect.details().get("alignment");
    @SuppressWarnings("unchecked")
    Map<String, Double> alignRandom = (Map<String, Double>) random.details().get("alignment");
    for (String name : truth.names()) {
      assertTrue(align.get(name) > 0.9, name + " perfect alignment " + align.get(name));
      assertTrue(alignRandom.get(name) < 0.1, name + " random alignment " + alignRandom.get(name));
    }
    assertFalse(perfect.scores().containsKey("scm.shd"), "a given DAG has no graph findings");
    assertEquals("given", perfect.details().get("dag"));
  }

  @Test
  void learnedDagReportsGraphMetrics() throws Exception {
    CausalModel truth = ScmStage.truth(candle(), "auto").model();
    double[][] rows = Sampler.sample(truth, Intervention.none(), 300, new SplittableRandom(2));
    ScmStage.Result r = score(truth, rows, true, LatentScmScore.DagSource.LEARN);
    for (String k :
        List.of("scm.shd", "scm.sid", "scm.ancestor_aid", "scm.oset_aid", "scm.parent_aid")) {
      assertTrue(r.scores().containsKey(k), k + " in " + r.scores().keySet());
    }
    double aid = r.scores().get("scm.parent_aid");
    assertTrue(aid >= 0 && aid <= 1, "parent_aid " + aid);
    assertEquals("learned", r.details().get("dag"));
  }

  private static double nullOf(ScmStage.Result r, String id) {
    Map<?, ?> metrics = (Map<?, ?>) r.details().get("metrics");
    return ((Number) ((Map<?, ?>) metrics.get(id)).get("nullBaseline")).doubleValue();
  }

  @Test
  void everyScoreHasAnIntervalAndNoneIsAnSeOrANull() throws Exception {
    CausalModel truth = ScmStage.truth(candle(), "auto").model();
    double[][] rows = Sampler.sample(truth, Intervention.none(), 300, new SplittableRandom(2));
    ScmStage.Result r = score(truth, rows, false, LatentScmScore.DagSource.LEARN);
    assertEquals(8, r.scores().size(), "od, id, cd and five graph metrics: " + r.scores());
    for (Map.Entry<String, Double> e : r.scores().entrySet()) {
      String k = e.getKey();
      assertFalse(k.endsWith(".se") || k.endsWith(".null"), k);
      Uncertainty u = r.uncertainty().get(k);
      assertTrue(u != null, k + " has no interval");
      assertTrue(
          u.ci95().get(0) <= e.getValue() && e.getValue() <= u.ci95().get(1),
          k + " " + e.getValue() + " outside " + u.ci95());
      if (LatentScmScore.GRAPH.contains(k.substring(4))) {
        assertEquals(Uncertainty.HALF_SAMPLES, u.method(), k);
        assertEquals(4, u.replicates(), k + ": two pairs of half-sample DAG refits");
        assertTrue(u.ci95().get(0) >= 0, k + " interval below 0: " + u.ci95());
      } else {
        assertEquals(Uncertainty.REPLICATES, u.method(), k);
        assertEquals(3, u.replicates(), k);
      }
    }
    Map<?, ?> pairs = (Map<?, ?>) r.details().get("dagRefitPairs");
    assertEquals(2, ((List<?>) pairs.get("shd")).size());
  }

  @Test
  void graphIntervalsNeedRefits() throws Exception {
    CausalModel truth = ScmStage.truth(candle(), "auto").model();
    double[][] rows = Sampler.sample(truth, Intervention.none(), 300, new SplittableRandom(2));
    ScmStage.Result r =
        score(truth, rows, false, LatentScmScore.DagSource.LEARN, new ScmStage.Scope(1, 0));
    assertTrue(r.scores().containsKey("scm.shd"));
    assertFalse(r.uncertainty().containsKey("scm.shd"), "no refits, no graph interval");
    assertTrue(r.uncertainty().containsKey("scm.od"));
  }

  @Test
  void rhoReachesTheLatentGroups() throws Exception {
    CausalModel truth = ScmStage.truth(candle(), "auto").model();
    double[][] rows = Sampler.sample(truth, Intervention.none(), 300, new SplittableRandom(2));
    ScmStage.Result r =
        score(truth, rows, false, LatentScmScore.DagSource.GIVEN, new ScmStage.Scope(2, 0));
    Map<?, ?> settings = (Map<?, ?>) r.details().get("settings");
    assertEquals(2, settings.get("rho"));
    Map<?, ?> groups = (Map<?, ?>) r.details().get("groups");
    for (Object g : groups.values()) {
      assertEquals(2, ((List<?>) g).size(), "two latents per group: " + groups);
    }
  }
}
