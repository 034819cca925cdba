package dev.candela.evaluate;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.BadInputException;
import dev.candela.Provenance;
import dev.candela.metrics.IrsOptions;
import dev.candela.metrics.IrsResult;
import dev.candela.metrics.LatentStats;
import dev.candela.metrics.Uc;
import dev.candela.metrics.UcResult;
import dev.candela.metrics.UcSelection;
import dev.candela.metrics.cg.Cg;
import dev.candela.metrics.cg.CgBaseline;
import dev.candela.metrics.cg.CgLatentActivity;
import dev.candela.metrics.cg.CgNeighbourhoods;
import dev.candela.metrics.cg.CgOptions;
import dev.candela.metrics.cg.CgReadout;
import dev.candela.metrics.cg.CgResult;
import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import dev.candela.metrics.stats.Arrays2;
import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Z_I among the latents the decoder uses, and the exclusion of factors only inert latents carry
 * ({@link SelectionPass#withActivity}), on a hand decoder and a hand IRS matrix.
 */
class SelectionActivityTest {

  /** CG of dyadic probabilities: exact. */
  private static final double EXACT = 0.0;

  @TempDir Path dir;

  /**
   * Four latents: z0, z1, z2 draw pixels 0, 1, 2 as (z + 1)/2; z3 is ignored. z1 is −1 or 1 (so its
   * max-deviation ICE is 1), z0 and z2 take −1, −0.5, 0.5, 1.
   */
  private static final float[][] Z = {
    {-1f, -1f, 0.5f, 2f}, {-0.5f, -1f, 1f, -3f}, {0.5f, 1f, -1f, 0f}, {1f, 1f, -0.5f, 5f}
  };

  /** Binary codes: value 1 when the factor's pixel latent is positive. */
  private static final int[][] Y = {{0, 0, 1, 1}, {0, 0, 1, 1}, {1, 1, 0, 0}};

  private static final List<String> NAMES = List.of("f0", "f1", "f2");

  /**
   * IRS by hand ([latent][factor]): f0 is z0's; f1 is best in the inert z3 (0.8) but the active z1
   * carries 0.6 ≥ 0.5 × 0.8; f2 sits in z3 (0.9) and the best active latent has only 0.3 < 0.45.
   */
  private static final double[][] IRS = {
    {0.9, 0.1, 0.1}, {0.1, 0.6, 0.1}, {0.1, 0.1, 0.3}, {0.0, 0.8, 0.9}
  };

  private static IrsResult irs() {
    return new IrsResult(
        0.5,
        Matrix.of(IRS),
        Vector.of(0.9, 0.6, 0.3, 0.9),
        Vector.of(1, 1, 1, 1),
        List.of(0, 1, 2, 3),
        List.of(),
        List.of(2, 2, 2),
        4,
        IrsOptions.DEFAULTS);
  }

  private static LatentDecoder decoder() {
    return LatentDecoder.of(
        new int[] {1, 1, 3},
        z -> {
          float[] out = new float[z.length * 3];
          for (int i = 0; i < z.length; i++) {
            for (int r = 0; r < 3; r++) {
              out[i * 3 + r] = Math.max(0f, Math.min(1f, (z[i][r] + 1f) / 2f));
            }
          }
          return out;
        });
  }

  /** p(value 1) of factor f = pixel f. */
  private static FactorProbabilities classifier() {
    return (images, n) -> {
      float[][][] p = new float[3][n][2];
      for (int f = 0; f < 3; f++) {
        for (int i = 0; i < n; i++) {
          p[f][i][1] = images[i * 3 + f];
          p[f][i][0] = 1f - images[i * 3 + f];
        }
      }
      return p;
    };
  }

  private static SelectionPass selection() {
    LatentStats st = LatentStats.of(Z);
    SelectionPass plain = SelectionPass.of(irs(), NAMES, 1, UcSelection.TOPK, st);
    return plain.withActivity(
        CgLatentActivity.measure(decoder(), Z, st, CgBaseline.MAX_DEVIATION, 256, 1024));
  }

  @Test
  void restrictedUcPicksAmongAllowedLatentsOnly() {
    UcResult all = Uc.compute(irs(), 1, UcSelection.TOPK);
    assertArrayEquals(new int[][] {{0}, {3}, {3}}, Arrays2.ints2(all.sets()));
    UcResult some = Uc.compute(irs(), 1, UcSelection.TOPK, new boolean[] {true, true, true, false});
    assertArrayEquals(new int[][] {{0}, {1}, {2}}, Arrays2.ints2(some.sets()));
    assertEquals(1.0, some.score(), EXACT);
    assertEquals(all.sets(), Uc.compute(irs(), 1, UcSelection.TOPK, null).sets());
    UcResult allAllowed =
        Uc.compute(irs(), 1, UcSelection.TOPK, new boolean[] {true, true, true, true});
    assertEquals(all.sets(), allAllowed.sets());

    assertEquals(all.score(), allAllowed.score(), EXACT);
    assertRejects(
        () -> Uc.compute(irs(), 2, UcSelection.TOPK, new boolean[] {true, false, false, false}),
        "rho = 2 exceeds the number of allowed active latents, 1 (allowed [0] of the active"
            + " [0, 1, 2, 3])");
  }

  @Test
  void inertBestLatentIsReplacedByTheActiveOneThatCarriesTheFactor() {
    SelectionPass sel = selection();
    assertArrayEquals(new boolean[] {true, true, true, false}, sel.activity().active());
    assertArrayEquals(new int[] {0}, sel.sets()[0]);
    assertArrayEquals(new int[] {1}, sel.sets()[1], "f1: z3 is inert, z1 carries 0.6 >= 0.4");
    assertArrayEquals(
        new int[][] {{0}, {3}, {3}}, Arrays2.ints2(sel.uc().sets()), "UC itself is unchanged");
    assertTrue(
        sel.warnings()
            .contains(
                String.format(
                    java.util.Locale.ROOT,
                    "cg.f1: Z_I = [z1] instead of UC's [z3] for factor 'f1': the decoder does not"
                        + " use [z3] (decoder sensitivity < %s x the largest)",
                    CgLatentActivity.INERT_SHARE)),
        sel.warnings().toString());
  }

  /**
   * f2 is carried only by the inert z3: excluded, so CG averages f0 and f1. By hand
   * (max-deviation): f0's ICE_I = 1, 0.75, 0.75, 1 (the pixel goes from p̂ to 0) and ICE_\I = 0:
   * CG_0 = 0.875; f1's z1 = ±1 goes to ∓1: ICE_I = 1 on every sample, CG_1 = 1; cg = (0.875 + 1) /
   * 2 = 0.9375.
   */
  @Test
  void factorCarriedOnlyByInertLatentsIsExcluded() throws Exception {
    SelectionPass sel = selection();
    assertEquals(Set.of("f2"), sel.excluded().keySet());
    assertArrayEquals(new int[] {3}, sel.excluded().get("f2"));
    assertArrayEquals(new int[] {0, 1}, sel.scoredFactors());
    assertTrue(
        sel.warnings()
            .contains(
                String.format(
                    java.util.Locale.ROOT,
                    "cg.f2 is excluded (left out of cg): factor 'f2' is carried by latents the"
                        + " decoder does not use, z3 (IRS 0.900, decoder sensitivity 0.0); the best"
                        + " latent the decoder uses, z2, has IRS 0.300 < 0.50 x 0.900 (inert:"
                        + " decoder sensitivity < %s x the largest)",
                    CgLatentActivity.INERT_SHARE)),
        sel.warnings().toString());
    CgOptions co =
        CgJob.options(
            sel, null, CgBaseline.MAX_DEVIATION, CgReadout.EXACT, CgNeighbourhoods.SINGLETONS, 64);
    assertArrayEquals(new int[] {0, 1}, co.factors());
    CgResult r = Cg.compute(Z, Y, decoder(), classifier(), co, sel.stats());
    assertEquals(0.875, r.perFactor().get(0), EXACT);
    assertEquals(1.0, r.perFactor().get(1), EXACT);
    assertEquals(0.9375, r.score(), EXACT);
    // --factors naming only the excluded factor leaves nothing
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                CgJob.options(
                    sel,
                    new int[] {2},
                    CgBaseline.MAX_DEVIATION,
                    CgReadout.EXACT,
                    CgNeighbourhoods.SINGLETONS,
                    64));
    assertEquals(
        "no factor left for CG: [f2] are carried only by latents the decoder does not use (see the"
            + " warnings)",
        e.getMessage());
  }

  /** Without a decoder nothing changes: Z_I is UC's, nothing is excluded. */
  @Test
  void withoutDecoderTheSetsAreUcs() {
    SelectionPass plain = SelectionPass.of(irs(), NAMES, 1, UcSelection.TOPK, LatentStats.of(Z));
    assertArrayEquals(new int[][] {{0}, {3}, {3}}, plain.sets());
    assertTrue(plain.excluded().isEmpty());
    assertArrayEquals(new int[] {0, 1, 2}, plain.scoredFactors());
  }

  /** The aggregate row of the page and report.json say when a part is flagged or excluded. */
  @Test
  void aggregateCgRowCarriesTheFlag() throws Exception {
    Map<String, Object> agg =
        CgDetails.aggregate(List.of("f0", "f1"), List.of("f1"), List.of(), List.of("f2"));
    assertEquals(false, agg.get("reliable"));
    String warning = (String) agg.get("warning");
    assertEquals(
        "cg is not reliable as a whole: 1 of its 2 parts are flagged (f1; classifier unreliable:"
            + " [f1]); factors [f2] are excluded (carried only by latents the decoder does not"
            + " use)",
        warning);
    Map<String, Object> ok = CgDetails.aggregate(List.of("f0"), List.of(), List.of(), List.of());
    assertEquals(true, ok.get("reliable"));
    assertFalse(ok.containsKey("warning"));

    Map<String, Double> scores = new LinkedHashMap<>();
    scores.put("cg", 0.9375);
    scores.put("cg.f0", 0.875);
    scores.put("cg.f1", 1.0);
    ScoreReport report =
        new ScoreReport(
            "t",
            scores,
            Map.of("cg", Map.of("aggregate", agg)),
            List.of(warning),
            Provenance.now(Map.of(), 0L, Map.of()));
    EvaluationPage page = EvaluationPage.start(dir, "t", null, null, null);
    page.cgSection(
        new EvaluationPage.CgView(
            List.of("f0", "f1"),
            new double[] {0.875, 1.0},
            1,
            "max-deviation",
            "the classifier's probability of the sample's true value",
            Map.of("f0", new int[] {0}, "f1", new int[] {1}),
            Set.of("f1"),
            Map.of("f2", List.of("z3"))),
        Map.of());
    Path html = page.finish(report, Map.of("cg", "⚠ " + warning));
    String text = Files.readString(html);
    int row = text.indexOf("<td style=\"text-align:left;white-space:nowrap\">cg</td>");
    assertTrue(row >= 0, "the cg row");
    int next = text.indexOf("</tr>", row);
    assertTrue(text.substring(row, next).contains("⚠ cg is not reliable as a whole"), text);
    assertTrue(text.contains("higher is better"), "the explanation");
    assertTrue(
        text.contains("excluded (no latent the decoder uses carries them): f2 (carried by z3)"));
  }
}
