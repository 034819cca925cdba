package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentCodes;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The code metrics' part of the page ({@link CodeStage}): their tables, which open the page, and
 * the IRS heat map {@code irs.png} when IRS was scored.
 *
 * @param scores the code metrics' full result
 * @param codes the scored codes
 */
record CodeSection(CodeScorer.Scores scores, LatentCodes codes) implements PageSection {

  @Override
  public Place place() {
    return Place.CODES;
  }

  @Override
  public Optional<EvaluationPage> opens(Path out, ScoreReport report) {
    return Optional.of(EvaluationPage.start(out, report.title(), report, scores, codes));
  }

  @Override
  public void render(EvaluationPage page, ScoreReport report) throws CandelaException {
    if (scores.irs() != null) {
      page.irsHeatMap(scores.irs(), scores.factorNames());
    }
  }
}
