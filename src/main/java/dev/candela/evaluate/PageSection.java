package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What one stage shows on the page ({@code report.html} and its figures), a typed part of its
 * {@link StageResult}: {@link EvaluationPages} renders the finished results' sections once, at the
 * end, in the order of their {@link Place}s (stage order within a place), with no model call.
 */
interface PageSection {

  /** Where a section sits on the page, in page order. */
  enum Place {
    /** The code metrics' tables, which open the page. */
    CODES,
    /** CG's head: what it is, the sets used, the bars. */
    CG,
    /** The decoded figures: counterfactual grids, reconstructions, traversals. */
    FIGURES,
    /** BetaVAE and FactorVAE. */
    CLASSIC,
    /** The latent causal model. */
    SCM
  }

  /**
   * Where the section sits.
   *
   * @return its place
   */
  Place place();

  /**
   * The page this section opens, for a section that opens it (the code metrics' tables); the others
   * add to a page opened with the title only.
   *
   * @param out the output folder
   * @param report the finished report
   * @return the opened page, or empty
   */
  default Optional<EvaluationPage> opens(Path out, ScoreReport report) {
    return Optional.empty();
  }

  /**
   * Adds the section to the page (and writes its figures' files).
   *
   * @param page the page
   * @param report the finished report
   * @throws CandelaException when a figure cannot be written
   */
  void render(EvaluationPage page, ScoreReport report) throws CandelaException;
}
