package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.TestDatasets;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.metrics.LatentCodes;
import dev.candela.metrics.Metric;
import dev.candela.metrics.Mig;
import dev.candela.metrics.stats.HistogramDiscretizer;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.report.ScoreReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evaluation pipeline called as a library (no CLI): its MIG is the MIG of the codes it encodes,
 * row for row with the factors of the same images; a test that a misalignment of codes and factors
 * would fail.
 */
class EvaluationPipelineTest {
  /** Same images, same batches, same sums. */
  private static final double SAME_COMPUTATION = 1e-12;

  /** How far one row of misalignment must pull MIG down for the shipped model (MIG ≈ 0.5). */
  private static final double MISALIGNED_DROP = 0.1;

  private static final Path MODEL = Path.of("models/dsprites-ss-beta-vae");

  @TempDir Path tmp;

  @Test
  void migIsTheMigOfTheEncodedRowsAndAMisalignmentChangesIt() throws Exception {
    Path data = TestDatasets.dsprites(tmp.resolve("d.npz"), 800, 4);
    int n = 500;
    long seed = 3;
    EvaluationOptions o =
        EvaluationOptions.builder()
            .metrics(List.of(Metric.MIG))
            .samples(n)
            .batchSize(128)
            .device("cpu")
            .replicates(0)
            .refits(0)
            .build();
    try (FactorDataset ds = DatasetPaths.open(data)) {
      ScoreReport r =
          new Evaluation(o.settings(data, null, seed), Progress.NONE)
              .run(ds, MODEL, tmp.resolve("out"));
      double pipeline = r.scores().get("mig");

      // by hand: the documented sampler, the model's means, the factor codes of the same rows
      long[] idx = Sampling.shuffled(ds.size(), n, seed);
      float[][] z = new float[n][];
      try (VaeModel vae = VaeModels.load(MODEL, ComputeDevice.CPU, 128)) {
        for (int a = 0; a < n; a += 128) {
          long[] part = java.util.Arrays.copyOfRange(idx, a, Math.min(n, a + 128));
          System.arraycopy(vae.encodeMeans(ds.images(part), part.length), 0, z, a, part.length);
        }
      }
      double[][] latents = new double[z[0].length][n];
      List<int[]> factors = new ArrayList<>();
      for (int f = 0; f < ds.space().numFactors(); f++) {
        if (ds.space().factors().get(f).size() > 1) {
          factors.add(new int[n]);
        }
      }
      for (int i = 0; i < n; i++) {
        for (int j = 0; j < latents.length; j++) {
          latents[j][i] = z[i][j];
        }
        int[] c = ds.codes(idx[i]);
        for (int f = 0, k = 0; f < c.length; f++) {
          if (ds.space().factors().get(f).size() > 1) {
            factors.get(k++)[i] = c[f];
          }
        }
      }
      int[][] aligned = factors.toArray(new int[0][]);
      double byHand =
          Mig.compute(LatentCodes.of(latents, aligned), HistogramDiscretizer.DEFAULT_BINS).score();
      assertEquals(byHand, pipeline, SAME_COMPUTATION);

      // the same codes with every factor row moved by one image: what a misaligned join gives
      int[][] shifted = new int[aligned.length][n];
      for (int k = 0; k < aligned.length; k++) {
        for (int i = 0; i < n; i++) {
          shifted[k][i] = aligned[k][(i + 1) % n];
        }
      }
      double misaligned =
          Mig.compute(LatentCodes.of(latents, shifted), HistogramDiscretizer.DEFAULT_BINS).score();
      assertTrue(
          misaligned < pipeline - MISALIGNED_DROP,
          "misaligned MIG " + misaligned + " against " + pipeline);
    }
  }
}
