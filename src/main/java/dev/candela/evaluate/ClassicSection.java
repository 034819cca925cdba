package dev.candela.evaluate;

import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * BetaVAE's and FactorVAE's part of the page ({@link ClassicStage}): their accuracies.
 *
 * @param scores {@code betavae} and {@code factorvae}, those that ran
 */
record ClassicSection(Map<String, Double> scores) implements PageSection {

  /** Freezes the scores, their order kept. */
  ClassicSection {
    scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
  }

  @Override
  public Place place() {
    return Place.CLASSIC;
  }

  @Override
  public void render(EvaluationPage page, ScoreReport report) {
    page.classicScores(scores);
  }
}
