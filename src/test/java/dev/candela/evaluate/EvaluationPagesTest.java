package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Provenance;
import dev.candela.metrics.Metric;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page rendered from finished stage results alone: sections in the order of their places, not
 * of the stages that made them; the figures stage registered right after CG.
 */
class EvaluationPagesTest {
  @TempDir Path tmp;

  @Test
  void sectionsRenderInPageOrderFromTheStageResults() throws Exception {
    Map<String, Double> scm = Map.of("scm.od", 0.25, "scm.id", 0.5, "scm.cd", 0.75);
    Map<String, Object> scmDetails = Map.of("truth", "chain", "dag", "learned");
    // stage order: scm before BetaVAE; page order: BetaVAE before scm
    StageResult scmResult =
        new StageResult(
            scm,
            Map.of(),
            Map.of("scm", scmDetails),
            List.of(),
            Map.of(),
            List.of(
                new ScmSection(
                    new EvaluationPage.ScmView(
                        "chain",
                        "learned",
                        List.of(
                            new EvaluationPage.ScmDistance("od", 0.25, Double.NaN, Double.NaN),
                            new EvaluationPage.ScmDistance("id", 0.5, Double.NaN, Double.NaN),
                            new EvaluationPage.ScmDistance("cd", 0.75, Double.NaN, Double.NaN)),
                        List.of(),
                        Map.of(),
                        List.of(),
                        List.of()))));
    StageResult classic =
        new StageResult(
            Map.of("betavae", 0.875),
            Map.of(),
            Map.of(),
            List.of(),
            Map.of("betavae", "a note"),
            List.of(new ClassicSection(Map.of("betavae", 0.875))));
    ScoreReport report =
        new ScoreReport(
            "title",
            Map.of("betavae", 0.875),
            Map.of(),
            List.of(),
            Provenance.now(Map.of(), 0L, Map.of()));
    Path html = EvaluationPages.write(tmp, report, List.of(scmResult, classic));
    String text = Files.readString(html);
    int beta = text.indexOf("BetaVAE / FactorVAE");
    int causal = text.indexOf("Latent causal model (scm)");
    assertTrue(beta >= 0 && causal >= 0, text);
    assertTrue(beta < causal, "BetaVAE's section comes before the latent causal model's");
    assertTrue(text.contains("a note"), "the stages' notes beside their scores");
    assertTrue(text.contains("chain"), "the scm section shows the view it was given");
  }

  @Test
  void theFiguresStageRunsRightAfterCg() {
    List<EvaluationStages.Registered> all = EvaluationStages.ALL;
    int cg = -1;
    for (int k = 0; k < all.size(); k++) {
      if (all.get(k).stage() instanceof CgStage) {
        cg = k;
      }
    }
    assertTrue(cg >= 0);
    assertTrue(all.get(cg + 1).stage() instanceof FiguresStage);
    assertEquals(Metric.Kind.MODEL, all.get(cg + 1).kind());
  }
}
