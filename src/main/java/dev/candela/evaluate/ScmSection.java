package dev.candela.evaluate;

import dev.candela.causal.distance.LatentScmScore;
import dev.candela.causal.fit.LatentFitInfo;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The latent causal model's part of the page ({@link ScmStage}): its distances, alignment, graph
 * metrics and DAGs.
 *
 * @param view what the section shows
 */
record ScmSection(EvaluationPage.ScmView view) implements PageSection {

  /**
   * The section of a fitted and scored latent model.
   *
   * @param r the fit and its scores
   * @param truth the true model it was scored against
   * @return the section
   */
  static ScmSection of(LatentScmScore.Result r, ScmStage.Truth truth) {
    List<EvaluationPage.ScmDistance> distances = new ArrayList<>();
    for (String id : LatentScmScore.DISTANCES) {
      // the sampled distances' standard error and null come as the distance run's details
      Object d = r.details().get("metrics") instanceof Map<?, ?> m ? m.get(id) : null;
      distances.add(
          new EvaluationPage.ScmDistance(
              id,
              r.scores().getOrDefault(id, Double.NaN),
              number(d, "standardError"),
              number(d, "nullBaseline")));
    }
    LatentFitInfo info = r.fit().info();
    List<EvaluationPage.ScmAlignment> alignment = new ArrayList<>();
    info.alignment()
        .forEach(
            (factor, eta2) ->
                alignment.add(
                    new EvaluationPage.ScmAlignment(
                        factor, info.groups().get(factor), eta2, info.chance().get(factor))));
    Map<String, Double> graph = new LinkedHashMap<>();
    for (String id : LatentScmScore.GRAPH) {
      if (r.scores().containsKey(id)) {
        graph.put(id, r.scores().get(id));
      }
    }
    return new ScmSection(
        new EvaluationPage.ScmView(
            truth.source(),
            info.dag(),
            distances,
            alignment,
            graph,
            LatentScmScore.edges(truth.model().dag()),
            LatentScmScore.edges(r.fit().dag())));
  }

  private static double number(Object map, String key) {
    return map instanceof Map<?, ?> m && m.get(key) instanceof Number x
        ? x.doubleValue()
        : Double.NaN;
  }

  @Override
  public Place place() {
    return Place.SCM;
  }

  @Override
  public void render(EvaluationPage page, ScoreReport report) {
    page.scmSection(view);
  }
}
