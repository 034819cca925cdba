package dev.candela.evaluate;

import dev.candela.metrics.cg.CgSummary;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;

/**
 * CG's part of the page ({@link CgStage}): the section's head with the bars of CG per factor (its
 * counterfactual grids are the figures stage's, {@link FiguresStage}, which reads the scored
 * factors and their sets here).
 *
 * @param view what the head shows
 * @param summary the CG summary (the factors scored, their sets and CG)
 */
record CgSection(EvaluationPage.CgView view, CgSummary summary) implements PageSection {

  @Override
  public Place place() {
    return Place.CG;
  }

  @Override
  public void render(EvaluationPage page, ScoreReport report) {
    page.cgSection(view, report.uncertainty());
  }
}
