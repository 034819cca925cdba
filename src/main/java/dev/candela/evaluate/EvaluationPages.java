package dev.candela.evaluate;

import dev.candela.CandelaException;
import dev.candela.data.FactorDataset;
import dev.candela.evaluate.cf.CounterfactualGrid;
import dev.candela.metrics.CodeScorer;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.Map;

/**
 * The page of an {@link Evaluation} ({@code report.html} and its figures), rendered once after the
 * last stage from the finished results and the context: the code metrics' tables, CG's section and
 * counterfactual grids, the reconstructions, the traversals, the IRS heat map, BetaVAE/FactorVAE
 * and the latent causal model.
 */
final class EvaluationPages {
  private EvaluationPages() {}

  /** Steps per latent in the traversals. */
  private static final int STEPS = 8;

  /**
   * Renders and writes the page.
   *
   * @param c the run
   * @param sofar the report as it stood before CG (the code metrics' tables)
   * @param report the finished report
   * @param notes per score key, the notes shown beside it
   * @return the page's file
   * @throws CandelaException on failed reads, inference or writes
   */
  static Path write(
      EvaluationContext c, ScoreReport sofar, ScoreReport report, Map<String, String> notes)
      throws CandelaException {
    return page(c, sofar, report).finish(report, notes);
  }

  private static EvaluationPage page(EvaluationContext c, ScoreReport sofar, ScoreReport report)
      throws CandelaException {
    EvaluationSettings s = c.settings();
    EncodedSamples e = c.samples();
    EvaluationContext.CodeRun code = c.codeRun();
    CodeScorer.Scores codeScores = code == null ? null : code.scores();
    LatentStats stats = c.latentStats();
    LatentDecoder decoder = c.decoder();
    int n = e.n();
    long[] gridPos = Sampling.shuffled(n, Math.min(s.gridSamples(), n), s.seed() + 2);
    long[] gridIdx = new long[gridPos.length];
    for (int k = 0; k < gridPos.length; k++) {
      gridIdx[k] = e.idx()[(int) gridPos[k]];
    }
    EvaluationPage page =
        EvaluationPage.start(
            c.out(), c.title(), codeScores == null ? null : sofar, codeScores, e.latentCodes());
    FactorDataset dataset = e.dataset();
    int g = gridPos.length;
    float[] originals = c.inDecoderShape(dataset.images(gridIdx), g);
    float[][] zGrid = Sampling.rows(e.z(), gridPos);
    if (report.details().get("cg") instanceof Map<?, ?> cg) {
      @SuppressWarnings("unchecked")
      Map<String, Object> cgDetails = (Map<String, Object>) cg;
      CgSummary sum = (CgSummary) cgDetails.get("summary");
      page.cgSection(CgDetails.view(cgDetails, s), report.uncertainty());
      for (CgSummary.FactorScore fs : sum.factors()) {
        page.counterfactualGrid(
            fs,
            CounterfactualGrid.render(zGrid, originals, decoder, fs.set(), stats, s.baseline()));
      }
    }
    int[] shape = decoder.imageShape();
    page.reconstructions(originals, c.vae().decode(zGrid), g, shape);
    int d = e.z()[0].length;
    float[][] trav = new float[d * STEPS][];
    for (int j = 0; j < d; j++) {
      for (int k = 0; k < STEPS; k++) {
        float[] row = zGrid[0].clone();
        row[j] = (float) (stats.min(j) + (stats.max(j) - stats.min(j)) * k / (STEPS - 1.0));
        trav[j * STEPS + k] = row;
      }
    }
    page.traversals(c.vae().decode(trav), d, STEPS, shape);
    if (codeScores != null && codeScores.irs() != null) {
      page.irsHeatMap(codeScores.irs(), codeScores.factorNames());
    }
    page.classicScores(report.scores());
    if (report.details().get("scm") instanceof Map<?, ?> scmDetails) {
      @SuppressWarnings("unchecked")
      Map<String, Object> d2 = (Map<String, Object>) scmDetails;
      page.scmSection(report.scores(), d2);
    }
    return page;
  }
}
