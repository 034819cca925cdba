package dev.candela.evaluate;

import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The latent causal model's part of the page ({@link ScmStage}): its distances, alignment, graph
 * metrics and DAGs, from the stage's own scores and the {@code scm} details it reports.
 *
 * @param scores the stage's scores (keys {@code scm.<id>})
 * @param details the {@code scm} details, as written to {@code report.json}
 */
record ScmSection(Map<String, Double> scores, Map<String, Object> details) implements PageSection {

  /** Freezes the maps, their order kept. */
  ScmSection {
    scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
    details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  @Override
  public Place place() {
    return Place.SCM;
  }

  @Override
  public void render(EvaluationPage page, ScoreReport report) {
    page.scmSection(scores, details);
  }
}
