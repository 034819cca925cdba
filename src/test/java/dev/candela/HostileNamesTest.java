package dev.candela;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.evaluate.cf.ChunkCsv;
import dev.candela.metrics.cg.CgBatch;
import dev.candela.metrics.cg.CgFactorTerms;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.report.Comparison;
import dev.candela.report.EvaluationPage;
import dev.candela.report.ScoreReport;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Names from the data stay inert: a factor named {@code x/../../../escaped} writes nothing outside
 * the output folder, and a comma, a quote or a line break in a model, metric or factor name
 * round-trips through {@code scores.csv}, {@code comparison.csv}, {@code ice.csv} and the chunk
 * files.
 */
class HostileNamesTest {
  static final String ESCAPE = "x/../../../escaped";
  static final String COMMA_NEWLINE = "pos,X\n\"q\"";

  @TempDir Path dir;

  @Test
  void safeNamesKeepPlainNamesAndNeverLeaveTheFolder() {
    assertEquals("posX", SafeFileNames.part("posX"));
    assertEquals("shape_2-a.b", SafeFileNames.part("shape_2-a.b"));
    String escaped = SafeFileNames.part(ESCAPE);
    assertTrue(escaped.matches("x_\\.\\._\\.\\._\\.\\._escaped-[0-9a-f]{8}"), escaped);
    for (String bad : List.of("..", ".", "", "/", "a\nb", "ä", ".hidden")) {
      String p = SafeFileNames.part(bad);
      assertFalse(p.isEmpty() || p.startsWith(".") || p.contains("/"), bad + " -> " + p);
    }
    // names that differ only in replaced characters stay distinct files
    assertNotEquals(SafeFileNames.part("a/b"), SafeFileNames.part("a:b"));
    Path out = dir.resolve("out");
    Path f = SafeFileNames.file(out, "counterfactuals-", ESCAPE, ".png");
    assertEquals(out, f.getParent());
  }

  @Test
  void aCounterfactualGridOfAHostileFactorStaysUnderOut() throws Exception {
    Path out = Files.createDirectories(dir.resolve("a/b/c/out"));
    EvaluationPage page = EvaluationPage.start(out, "t", null, null, null);
    page.counterfactualGrid(
        new CgSummary.FactorScore(0, ESCAPE, List.of(0), 0.5, 0.1, 0.2, 10),
        new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB));
    try (Stream<Path> all = Files.walk(dir)) {
      List<Path> pngs = all.filter(p -> p.toString().endsWith(".png")).toList();
      assertEquals(1, pngs.size(), pngs.toString());
      assertEquals(out, pngs.get(0).getParent());
      assertTrue(pngs.get(0).getFileName().toString().startsWith("counterfactuals-x_.._"));
    }
  }

  private static ScoreReport report(String metric) {
    return new ScoreReport(
        "t",
        Map.of(metric, 0.5),
        Map.of(metric, Uncertainty.binomial(0.5, 100)),
        Map.of(),
        List.of(),
        Provenance.now(Map.of(), 7L, Map.of()));
  }

  @Test
  void scoresAndComparisonCsvQuoteNamesAndRoundTrip() throws Exception {
    Map<String, ScoreReport> reports = new LinkedHashMap<>();
    reports.put("run,1\nseed \"2\"", report("cg." + COMMA_NEWLINE));
    reports.put("plain", report("mig"));
    List<String[]> rows = CsvRows.readAll(Comparison.longCsv(reports));
    assertEquals(3, rows.size());
    assertArrayEquals(
        new String[] {"model", "metric", "value", "se", "ci_lo", "ci_hi", "seed"}, rows.get(0));
    assertEquals("run,1\nseed \"2\"", rows.get(1)[0]);
    assertEquals("cg." + COMMA_NEWLINE, rows.get(1)[1]);
    assertEquals("0.5", rows.get(1)[2]);
    assertEquals("7", rows.get(1)[6]);
    // plain names are written as they were: no quotes
    assertTrue(Comparison.longCsv(Map.of("plain", report("mig"))).contains("\nplain,mig,0.5,"));
    Comparison.write(reports, dir, null);
    List<String[]> cmp = CsvRows.readAll(Files.readString(dir.resolve("comparison.csv")));
    assertEquals("run,1\nseed \"2\"", cmp.get(1)[0]);
    assertEquals(cmp.get(0).length, cmp.get(1).length);
  }

  @Test
  void chunkFilesRoundTripAFactorNameWithCommaQuoteAndNewline() throws Exception {
    List<String> names = List.of(COMMA_NEWLINE, "plain");
    CgBatch batch =
        new CgBatch(
            2,
            List.of(
                new CgFactorTerms(
                    0,
                    names.get(0),
                    new int[] {1},
                    new int[] {0, 1},
                    new double[] {0.9, 0.2},
                    new double[] {0.1, 0.25},
                    new double[] {0.8, 0.5}),
                new CgFactorTerms(
                    2,
                    names.get(1),
                    new int[] {0},
                    new int[] {3, 2},
                    new double[] {0.5, 0.5},
                    new double[] {0.5, 0.4},
                    new double[] {0.3, 0.2})));
    Path f = dir.resolve("chunk.csv");
    ChunkCsv.write(f, 10, batch);
    CgBatch back = ChunkCsv.read(f, 10, 2, new int[] {0, 2}, names, new int[][] {{1}, {0}});
    assertEquals(batch, back);
    List<String[]> rows = CsvRows.readAll(Files.readString(f));
    assertEquals(COMMA_NEWLINE, rows.get(1)[1]);
    assertEquals(9, rows.get(1).length);
  }
}
