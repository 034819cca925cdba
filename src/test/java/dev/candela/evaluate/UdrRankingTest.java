package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Provenance;
import dev.candela.TestDatasets;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.metrics.Udr;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.DeviceChoice;
import dev.candela.report.ScoreReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26 item 5: UDR over the models of a comparison. Two folders holding the same weights (one
 * model "trained twice" to the same solution) must rank above a third model of the same setting,
 * their pairwise UDR is 1 up to the Lasso's shrinkage, and the seed does not split a setting.
 */
class UdrRankingTest {
  /**
   * Identical representations: the Lasso regresses each standardised latent on all of them and
   * keeps it alone, its coefficient soft-thresholded from 1 to 1 − α; each relative-strength term
   * is then (1 − α)²/(1 − α) = 1 − α = 0.9 (up to the coordinate descent's tolerance).
   */
  private static final double LASSO_TOL = 1e-4;

  /** Equal inputs give equal sums in the same order. */
  private static final double EXACT = 0.0;

  @TempDir Path tmp;

  @Test
  void copiesOfOneModelRankAboveAnotherSeed() throws Exception {
    Path data = TestDatasets.dsprites(tmp.resolve("d.npz"), 300, 3);
    try (FactorDataset ds = DatasetPaths.open(data)) {
      List<ModelCard.FactorInfo> factors = ModelCard.factorsOf(ds.space());
      Path a = CounterfactualModels.writeTinyRandom(tmp.resolve("a"), 6, 1, factors, "t", 1)[0];
      Path b = CounterfactualModels.writeTinyRandom(tmp.resolve("b"), 6, 1, factors, "t", 2)[0];
      Path copy = Files.createDirectories(tmp.resolve("copy"));
      try (Stream<Path> s = Files.list(a)) {
        for (Path f : s.toList()) {
          Files.copy(f, copy.resolve(f.getFileName()));
        }
      }
      List<String> names = List.of("a", "copy", "b");
      UdrRanking.Outcome o =
          UdrRanking.rank(
              ds,
              List.of(a, copy, b),
              names,
              0,
              DeviceChoice.parse("cpu"),
              64,
              ProgressListener.messages(m -> {}));
      double[] s = o.result().scores();
      double[][] pair = o.result().pairwise();
      assertEquals(1 - Udr.LASSO_ALPHA, pair[0][1], LASSO_TOL, "identical representations");
      assertTrue(pair[0][2] < pair[0][1], "another seed agrees less: " + pair[0][2]);
      assertEquals(s[0], s[1], EXACT, "the two copies");
      assertTrue(s[0] > s[2], "copies " + s[0] + " above the other model " + s[2]);
      // the seeds differ (1, 2) but the setting does not
      assertEquals(o.settings().get(0), o.settings().get(2));
      assertTrue(o.result().withinSetting()[2]);
      assertEquals(300, o.samples());
      for (String n : names) {
        Uncertainty u = o.uncertainty().get(n);
        assertEquals(Uncertainty.JACKKNIFE, u.method(), n);
        assertEquals(UdrRanking.GROUPS, u.replicates());
        assertEquals(300, u.n());
      }

      Map<String, ScoreReport> reports = new LinkedHashMap<>();
      for (String n : names) {
        reports.put(
            n,
            new ScoreReport(
                n,
                Map.of("mig", 0.5),
                Map.of(),
                List.of(),
                Provenance.now(Map.of(), 0L, Map.of())));
      }
      Map<String, ScoreReport> with = UdrRanking.withUdr(reports, o);
      assertEquals(List.of("mig", UdrRanking.KEY), List.copyOf(with.get("b").scores().keySet()));
      assertEquals(s[2], with.get("b").scores().get(UdrRanking.KEY), EXACT);
      assertEquals(o.uncertainty().get("b"), with.get("b").uncertainty().get(UdrRanking.KEY));
      // a sweep row that shows checkpoint "a" again takes a's UDR
      Map<String, ScoreReport> rows = Map.of("a-seed-2", reports.get("a"));
      assertEquals(
          s[0],
          UdrRanking.withUdr(rows, o, Map.of("a-seed-2", "a"))
              .get("a-seed-2")
              .scores()
              .get(UdrRanking.KEY),
          EXACT);
    }
  }

  @Test
  void theSettingIsTheTrainingConfigurationWithoutTheSeed() throws Exception {
    ModelCard tcvae = ModelCard.read(Path.of("models/dsprites-beta-tcvae"));
    ModelCard bvae = ModelCard.read(Path.of("models/dsprites-beta-vae"));
    String s = UdrRanking.setting(tcvae);
    assertTrue(s.contains("objective=beta-tcvae") && !s.contains("seed="), s);
    assertNotEquals(s, UdrRanking.setting(bvae));
  }
}
