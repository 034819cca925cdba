package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The page of an {@link Evaluation} ({@code report.html} and its figures), rendered once after the
 * last stage from the finished results alone: each stage's typed {@link PageSection}s, in the order
 * of their places (the code metrics' tables and IRS heat map, CG's head, the decoded figures of
 * {@link FiguresStage}, BetaVAE/FactorVAE, the latent causal model), then the headline with the
 * stages' notes and the trailer. Nothing here calls the model.
 */
final class EvaluationPages {
  private EvaluationPages() {}

  /**
   * Renders and writes the page.
   *
   * @param out the output folder
   * @param report the finished report
   * @param results the finished stages' results, in stage order
   * @return the page's file
   * @throws CandelaException when a figure or the page cannot be written
   */
  static Path write(Path out, ScoreReport report, List<StageResult> results)
      throws CandelaException {
    List<PageSection> sections =
        results.stream()
            .flatMap(r -> r.sections().stream())
            .sorted(Comparator.comparing(PageSection::place))
            .toList();
    Optional<EvaluationPage> opened = Optional.empty();
    for (PageSection section : sections) {
      opened = opened.or(() -> section.opens(out, report));
    }
    EvaluationPage page =
        opened.orElseGet(() -> EvaluationPage.start(out, report.title(), null, null, null));
    for (PageSection section : sections) {
      section.render(page, report);
    }
    Map<String, String> notes = new LinkedHashMap<>();
    results.forEach(r -> notes.putAll(r.notes()));
    return page.finish(report, notes);
  }
}
