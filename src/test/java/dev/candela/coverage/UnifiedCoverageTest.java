package dev.candela.coverage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.metrics.Unified;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code unified} family of the coverage study scores every unified key with its interval: the
 * {@code mi} keys with the jackknife of the MI matrix, the others refitted (the split leaves no
 * room for full-size pairs at N = 300: half samples); the standard errors are positive for the
 * scores that vary.
 */
class UnifiedCoverageTest {
  @TempDir Path work;

  @Test
  void everyUnifiedKeyHasARefittedInterval() throws Exception {
    List<CoverageStudy.Row> rows =
        CoverageStudy.run(
            new CoverageStudy.Config(List.of("unified"), List.of(300), 2, 1, 3, work, false),
            s -> {});
    List<String> expected = new ArrayList<>();
    for (String m : List.of("mi", "gbt", "svm")) {
      for (String a : Unified.AGGREGATIONS) {
        expected.add("unified." + m + "." + a);
      }
    }
    assertEquals(expected, rows.stream().map(CoverageStudy.Row::metric).toList());
    for (CoverageStudy.Row r : rows) {
      assertEquals(
          r.metric().startsWith("unified.mi.") ? "jackknife" : "half-samples",
          r.method(),
          r.metric());
      assertEquals(2, r.reps(), r.metric());
      if (r.metric().endsWith(".dci_disentanglement") || r.metric().endsWith(".sap")) {
        assertTrue(r.meanSe() > 0, r.toString());
      }
    }
  }
}
