package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.Models;
import dev.candela.causal.graph.Dag;
import dev.candela.causal.graph.Sid;
import dev.candela.causal.model.CausalModel;
import dev.candela.causal.model.Variable;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code shd}, {@code sid} and {@code aupr} in {@code causal distance}, variables by name. */
class GraphMetricsWiringTest {

  private static final double EXACT = 0.0;

  /** A request with the default options, no TV treatment and a Monte Carlo size of 100. */
  private static DistanceRequest request(CausalModel truth, CausalModel model) {
    return new DistanceRequest(
        truth,
        model,
        LadderOptions.defaults(),
        null,
        List.of(),
        TvOptions.defaults().withMcSamples(100),
        0);
  }

  private static double score(String id, CausalModel truth, CausalModel model) {
    return CausalMetrics.get(id).compute(request(truth, model)).score();
  }

  @Test
  void identicalModelsScoreZeroShdZeroSidAndFullAupr() {
    CausalModel t = Models.chain2(0.5, 0.2, 0.7);
    assertEquals(0, score("shd", t, t), EXACT);
    assertEquals(0, score("sid", t, t), EXACT);
    assertEquals(1, score("aupr", t, t), EXACT);
  }

  @Test
  void reversedEdgeCountsTwiceAndSidMatchesTheGraphMetric() {
    CausalModel t = Models.chain2(0.5, 0.2, 0.7); // A -> B
    CausalModel r = Models.reversed2(0.45, 0.2, 0.7); // B -> A
    assertEquals(2, score("shd", t, r), EXACT, "cdt double_for_anticausal=True");
    DistanceRequest once = request(t, r).shdDoubleForAnticausal(false);
    assertEquals(1, CausalMetrics.get("shd").compute(once).score(), EXACT, "R's hammingDist");
    long expectedSid =
        Sid.sid(
                Dag.of(List.of("A", "B"), new int[][] {{0, 1}, {0, 0}}),
                Dag.of(List.of("A", "B"), new int[][] {{0, 0}, {1, 0}}))
            .sid();
    assertEquals(expectedSid, score("sid", t, r), EXACT);
    assertTrue(expectedSid > 0);
  }

  @Test
  void variableOrderDoesNotMatter() {
    CausalModel t = Models.chain2(0.5, 0.2, 0.7); // A -> B, listed A, B
    CausalModel sameGraphOtherOrder =
        new CausalModel(
            List.of(
                new Variable(
                    "B", List.of("A"), false, Models.cpt(new double[][] {{0.8, 0.2}, {0.3, 0.7}})),
                new Variable("A", List.of(), false, Models.cpt(new double[][] {{0.5, 0.5}}))));
    assertEquals(0, score("shd", t, sameGraphOtherOrder), EXACT);
    assertEquals(0, score("sid", t, sameGraphOtherOrder), EXACT);
  }

  @Test
  void differentVariablesAreRejectedWithBothLists() {
    CausalModel t = Models.chain2(0.5, 0.2, 0.7);
    CausalModel other =
        new CausalModel(
            List.of(
                new Variable("A", List.of(), false, Models.cpt(new double[][] {{0.5, 0.5}})),
                new Variable(
                    "C",
                    List.of("A"),
                    false,
                    Models.cpt(new double[][] {{0.8, 0.2}, {0.3, 0.7}}))));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> score("shd", t, other));
    assertEquals(
        "graph metrics need the same variables in both models: truth [A, B], model [A, C]",
        e.getMessage());
  }
}
