package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.TestDatasets;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.evaluate.cf.CounterfactualJob;
import dev.candela.metrics.Metric;
import dev.candela.metrics.cg.CgSummary;
import dev.candela.report.ScoreReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate}'s CG and {@code counterfactuals} are one job ({@link CgJob}): with the same
 * model, classifier, data, seed, evaluation samples and CG samples, both give the same {@code cg},
 * the same {@code cg.<factor>} and the same per-sample terms. Called as a library ({@link
 * Evaluation#run}, {@link CounterfactualDriver#run}), no CLI.
 */
class OneCounterfactualPathTest {
  /**
   * Both paths decode and classify the same latent rows in the same engine calls (the chunk size 12
   * is a multiple of the {@link CgJob#groupSize} 4 = 44 / (1 + 2·5)) and sum the terms in the same
   * order, so on the CPU the numbers agree bit for bit (the per-sample CSV lines are compared as
   * text below). The tolerance only allows for an engine whose kernels are not bit-reproducible
   * from one call to the next (the same shapes may run other reduction orders, e.g. on a GPU); it
   * is far below any difference that a changed sample, set or baseline makes.
   */
  private static final double SAME_JOB = 1e-12;

  private static final Path VAE = Path.of("models/dsprites-beta-vae");
  private static final Path CLASSIFIER = Path.of("models/dsprites-classifier");
  private static final long SEED = 7;
  private static final int SAMPLES = 80;
  private static final int CG_SAMPLES = 30;
  private static final int BATCH = 44;

  @TempDir static Path shared;
  private static Path data;

  @TempDir Path tmp;

  @BeforeAll
  static void generate() throws Exception {
    data = TestDatasets.dsprites(shared.resolve("dsprites-120.npz"), 120, 4);
  }

  private static CounterfactualSettings counterfactuals(Path out, long seed) {
    return CounterfactualSettings.builder(data, VAE, CLASSIFIER, out)
        .chunkSize(12)
        .samples(SAMPLES)
        .cgSamples(CG_SAMPLES)
        .batchSize(BATCH)
        .device("cpu")
        .seed(seed)
        .gridSamples(2)
        .build();
  }

  @Test
  void evaluateAndCounterfactualsGiveTheSameCg() throws Exception {
    EvaluationOptions o =
        EvaluationOptions.builder()
            .metrics(List.of(Metric.CG))
            .samples(SAMPLES)
            .cgSamples(CG_SAMPLES)
            .batchSize(BATCH)
            .gridSamples(2)
            .device("cpu")
            .replicates(0)
            .refits(0)
            .build();
    Path evalOut = tmp.resolve("evaluate");
    ScoreReport report;
    try (FactorDataset ds = DatasetPaths.open(data)) {
      report =
          new Evaluation(o.settings(data, CLASSIFIER, SEED), Progress.NONE).run(ds, VAE, evalOut);
    }
    Path cfOut = tmp.resolve("counterfactuals");
    CounterfactualDriver.Outcome cf =
        CounterfactualDriver.run(
            counterfactuals(cfOut, SEED), DatasetPaths::open, Progress.NONE, null);
    CgSummary sum = cf.job().summary();

    assertEquals(CG_SAMPLES, sum.numSamples());
    assertEquals(report.scores().get("cg"), sum.score(), SAME_JOB, "cg");
    List<String> factors = new ArrayList<>();
    for (CgSummary.FactorScore f : sum.factors()) {
      factors.add(f.name());
      Double fromEvaluate = report.scores().get("cg." + f.name());
      assertTrue(fromEvaluate != null, "evaluate has no cg." + f.name() + ": " + report.scores());
      assertEquals(fromEvaluate, f.cg(), SAME_JOB, "cg." + f.name());
    }
    assertEquals(
        report.scores().keySet().stream().filter(k -> k.startsWith("cg.")).toList(),
        factors.stream().map(f -> "cg." + f).toList(),
        "the same factors in the same order");

    // the same CG samples, sets and per-sample terms: evaluate's ice.csv is the chunks joined
    List<String> ice = Files.readAllLines(evalOut.resolve(Evaluation.ICE_CSV));
    List<String> chunks = new ArrayList<>(List.of(ice.get(0)));
    for (int k = 0; k < cf.job().chunksComputed(); k++) {
      List<String> lines = Files.readAllLines(CounterfactualJob.chunkFile(cfOut, k));
      chunks.addAll(lines.subList(1, lines.size()));
    }
    assertEquals(1 + CG_SAMPLES * factors.size(), ice.size());
    assertEquals(ice, chunks);

    // the check can fail: another draw of the samples moves CG by far more than the tolerance
    CounterfactualDriver.Outcome other =
        CounterfactualDriver.run(
            counterfactuals(tmp.resolve("other-seed"), SEED + 1),
            DatasetPaths::open,
            Progress.NONE,
            null);
    assertNotEquals(
        report.scores().get("cg"), other.job().summary().score(), 1e3 * SAME_JOB, "seed matters");
  }
}
