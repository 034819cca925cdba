package dev.candela.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Provenance;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The note beside each UC score on the pages ({@link CodeScoresHtml#ucNotes}). */
class UcNotesTest {

  private static UcResult uc(int factors, int rho) {
    int[][] sets = new int[factors][];
    double[][] jaccard = new double[factors][factors];
    for (int f = 0; f < factors; f++) {
      sets[f] = new int[rho];
      for (int k = 0; k < rho; k++) {
        sets[f][k] = f * rho + k;
      }
      jaccard[f][f] = 1;
    }
    return new UcResult(1.0, rho, UcSelection.TOPK, Arrays2.rows(sets), Matrix.of(jaccard));
  }

  /** Steps by hand, 2/(F(F−1)(2ρ−1)): F = 5, ρ = 1: 2/20; ρ = 2: 2/60; F = 3, ρ = 1: 2/6. */
  @Test
  void eachUcKeyGetsItsOwnStep() {
    Map<String, Object> byKey = new LinkedHashMap<>();
    byKey.put("uc@1", uc(5, 1));
    byKey.put("uc@2", uc(5, 2));
    byKey.put("uc@1.fork", uc(3, 1));
    Map<String, String> notes = CodeScoresHtml.ucNotes(Map.of("uc", byKey, "mig", 0.5));
    assertEquals(List.of("uc@1", "uc@2", "uc@1.fork"), List.copyOf(notes.keySet()));
    assertEquals(
        "lattice-valued: moves in steps of 0.100 (F = 5 factors, ρ = 1), only when a factor's"
            + " selected latents change; its interval is conservative (covered 0.99 where 95% is"
            + " claimed in the coverage study, docs/evaluate.md)",
        notes.get("uc@1"));
    assertTrue(notes.get("uc@2").startsWith("lattice-valued: moves in steps of 0.0333 (F = 5"));
    assertTrue(notes.get("uc@1.fork").startsWith("lattice-valued: moves in steps of 0.333 (F = 3"));
  }

  /** Details read back from JSON are maps, not records: no note rather than a wrong one. */
  @Test
  void noUcRecordNoNote() {
    assertEquals(Map.of(), CodeScoresHtml.ucNotes(Map.of()));
    assertEquals(
        Map.of(), CodeScoresHtml.ucNotes(Map.of("uc", Map.of("uc@1", Map.of("score", 0.9)))));
  }

  /** The headline row of UC carries the note, beside the caller's own notes of other scores. */
  @Test
  void theHeadlineShowsIt() {
    ScoreReport report =
        new ScoreReport(
            "t",
            Map.of("uc@1", 1.0, "mig", 0.4),
            Map.of("uc", Map.of("uc@1", uc(5, 1))),
            List.of(),
            Provenance.now(Map.of(), 0L, Map.of()));
    HtmlReport page = new HtmlReport("t");
    CodeScoresHtml.headline(page, report, Map.of("mig", "a note from the caller"));
    String html = page.render();
    assertTrue(html.contains("lattice-valued: moves in steps of 0.100"), html);
    assertTrue(html.contains("a note from the caller"), html);
  }
}
