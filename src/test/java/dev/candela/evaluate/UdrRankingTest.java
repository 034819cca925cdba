package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.CandelaException;
import dev.candela.Progress;
import dev.candela.Provenance;
import dev.candela.TestDatasets;
import dev.candela.data.FactorDataset;
import dev.candela.data.FactorSpace;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Udr;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.CounterfactualModels;
import dev.candela.model.card.ModelCard;
import dev.candela.model.hosting.DeviceChoice;
import dev.candela.report.ScoreReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
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
      Progress quiet = Progress.messages(m -> {});
      UdrRanking.Outcome o =
          UdrRanking.rank(
              UdrRanking.encode(
                  ds, List.of(a, copy, b), names, 0, DeviceChoice.parse("cpu"), 64, quiet),
              0,
              quiet);
      double[] s = o.result().scores().toArray();
      double[][] pair = o.result().pairwise().toArray();
      assertEquals(1 - Udr.LASSO_ALPHA, pair[0][1], LASSO_TOL, "identical representations");
      assertTrue(pair[0][2] < pair[0][1], "another seed agrees less: " + pair[0][2]);
      assertEquals(s[0], s[1], EXACT, "the two copies");
      assertTrue(s[0] > s[2], "copies " + s[0] + " above the other model " + s[2]);
      // the seeds differ (1, 2) but the setting does not
      assertEquals(o.settings().get(0), o.settings().get(2));
      assertTrue(o.result().withinSetting().get(2));
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
      Map<String, ScoreReport> with = UdrFiles.withUdr(reports, o);
      assertEquals(List.of("mig", UdrRanking.KEY), List.copyOf(with.get("b").scores().keySet()));
      assertEquals(s[2], with.get("b").scores().get(UdrRanking.KEY), EXACT);
      assertEquals(o.uncertainty().get("b"), with.get("b").uncertainty().get(UdrRanking.KEY));
      // a sweep row that shows checkpoint "a" again takes a's UDR
      Map<String, ScoreReport> rows = Map.of("a-seed-2", reports.get("a"));
      assertEquals(
          s[0],
          UdrFiles.withUdr(rows, o, Map.of("a-seed-2", "a"))
              .get("a-seed-2")
              .scores()
              .get(UdrRanking.KEY),
          EXACT);
    }
  }

  /**
   * Issue 38: {@code evaluate} over a model list ranks UDR on the encodings its evaluations made,
   * reading no image twice: the batch reads exactly the images the two evaluations read alone,
   * plus, when the evaluation samples are fewer than UDR's inputs, only the inputs outside them.
   * The ranking is bit for bit the one of each model encoding UDR's inputs in its own batches.
   */
  @Test
  void aBatchRanksOnTheEvaluationsOwnEncodings() throws Exception {
    Path data = TestDatasets.dsprites(tmp.resolve("d.npz"), 1500, 3);
    List<Path> models = new ArrayList<>();
    try (FactorDataset ds = DatasetPaths.open(data)) {
      List<ModelCard.FactorInfo> factors = ModelCard.factorsOf(ds.space());
      for (int seed : new int[] {1, 2}) {
        Path m = tmp.resolve("m" + seed);
        models.add(CounterfactualModels.writeTinyRandom(m, 6, 1, factors, "t", seed)[0]);
      }
    }
    long seed = 7;
    // more evaluation samples than UDR's inputs (they hold all of them), and fewer
    for (int samples : new int[] {1200, 600}) {
      EvaluationOptions o =
          EvaluationOptions.builder()
              .metrics(List.of(Metric.MIG))
              .samples(samples)
              .batchSize(64)
              .device("cpu")
              .replicates(0)
              .refits(0)
              .build();
      long[] alone = new long[2];
      for (int i = 0; i < 2; i++) {
        CountingOpener one = new CountingOpener();
        Path single = listOf(tmp.resolve("one" + i + "-" + samples + ".txt"), models.get(i));
        BatchEvaluation.run(
            new BatchEvaluation.Request(
                single, false, data, null, o, seed, tmp.resolve("one" + i + "-" + samples)),
            one,
            Progress.NONE,
            (n, r, several) -> {});
        alone[i] = one.rows.get();
      }
      CountingOpener opener = new CountingOpener();
      Path out = tmp.resolve("batch-" + samples);
      Path list = listOf(tmp.resolve("both-" + samples + ".txt"), models.get(0), models.get(1));
      BatchEvaluation.run(
          new BatchEvaluation.Request(list, false, data, null, o, seed, out),
          opener,
          Progress.NONE,
          (n, r, several) -> {});
      int missing = Math.max(0, UdrRanking.SAMPLES - samples);
      assertEquals(
          alone[0] + alone[1] + 2L * missing,
          opener.rows.get(),
          "images read with " + samples + " evaluation samples: UDR encoded nothing twice");

      JsonNode udr = new ObjectMapper().readTree(out.resolve(UdrRanking.FILE).toFile());
      List<String> names = new ArrayList<>();
      udr.get("models").forEach(n -> names.add(n.asText()));
      try (FactorDataset ds = DatasetPaths.open(data)) {
        UdrRanking.Outcome own =
            UdrRanking.rank(
                UdrRanking.encode(
                    ds, models, names, seed, DeviceChoice.parse("cpu"), 64, Progress.NONE),
                seed,
                Progress.NONE);
        assertEquals(UdrRanking.SAMPLES, udr.get("samples").asInt());
        for (int i = 0; i < 2; i++) {
          assertEquals(own.result().scores().get(i), udr.get("scores").get(i).asDouble(), EXACT);
          for (int j = 0; j < 2; j++) {
            assertEquals(
                own.result().pairwise().get(i, j),
                udr.get("pairwise").get(i).get(j).asDouble(),
                EXACT,
                "pairwise " + i + "," + j + " with " + samples + " samples");
          }
          assertEquals(
              own.uncertainty().get(names.get(i)).se(),
              udr.get("uncertainty").get(names.get(i)).get("se").asDouble(),
              EXACT);
        }
      }
    }
  }

  /** Rank checks: fewer than two models, or models encoding different inputs, are refused. */
  @Test
  void rankingNeedsTwoModelsOnTheSameInputs() {
    float[][] two = {{0f}, {1f}};
    float[][] three = {{0f}, {1f}, {2f}};
    UdrRanking.Encoded a = new UdrRanking.Encoded("a", "", two, two);
    UdrRanking.Encoded b = new UdrRanking.Encoded("b", "", three, three);
    assertThrows(
        IllegalArgumentException.class, () -> UdrRanking.rank(List.of(a), 0, Progress.NONE));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> UdrRanking.rank(List.of(a, b), 0, Progress.NONE));
    assertTrue(
        e.getMessage().contains("same 2 inputs") && e.getMessage().contains("b"), e.getMessage());
  }

  private static Path listOf(Path file, Path... models) throws java.io.IOException {
    StringBuilder sb = new StringBuilder();
    for (Path m : models) {
      sb.append(m.toAbsolutePath()).append('\n');
    }
    return Files.writeString(file, sb.toString());
  }

  /** Opens datasets that count the images read from them. */
  private static final class CountingOpener implements DatasetOpener {
    private static final long serialVersionUID = 1L;
    final transient AtomicLong rows = new AtomicLong();

    @Override
    public FactorDataset open(Path path) throws CandelaException {
      FactorDataset d = DatasetPaths.open(path);
      return new FactorDataset() {
        @Override
        public FactorSpace space() {
          return d.space();
        }

        @Override
        public long size() {
          return d.size();
        }

        @Override
        public ImageShape imageShape() {
          return d.imageShape();
        }

        @Override
        public int[] codes(long index) throws CandelaException {
          return d.codes(index);
        }

        @Override
        public float[] images(long[] indices) throws CandelaException {
          rows.addAndGet(indices.length);
          return d.images(indices);
        }

        @Override
        public String fingerprint() throws CandelaException {
          return d.fingerprint();
        }

        @Override
        public Map<String, Object> source() throws CandelaException {
          return d.source();
        }

        @Override
        public void close() throws CandelaException {
          d.close();
        }
      };
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
