package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.Progress;
import dev.candela.TestDatasets;
import dev.candela.data.FactorDataset;
import dev.candela.data.loading.DatasetPaths;
import dev.candela.metrics.Metric;
import dev.candela.metrics.MigSampled;
import dev.candela.metrics.stats.Uncertainty;
import dev.candela.model.hosting.ComputeDevice;
import dev.candela.model.hosting.VaeModel;
import dev.candela.model.hosting.VaeModels;
import dev.candela.report.ScoreReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate}'s model metrics ({@link ModelStage}) against the shipped dSprites β-VAE encoding
 * and decoding the same rows by hand: {@code kl.z_j} and {@code kl.total} from the written-out KL
 * formula, {@code reconstruction} from the decoded probabilities, {@code mig_sampled} from the
 * means and log-variances of the same rows in the same order.
 */
class ModelStageTest {
  /** Same rows, same float posteriors, sums in another order. */
  private static final double SAME_SUMS = 1e-9;

  /**
   * The pipeline takes the loss from the decoder's logits, the hand computation from the float32
   * sigmoid of them (rounded probabilities): relative difference allowed.
   */
  private static final double SIGMOID_ROUNDING = 1e-4;

  private static final Path MODEL = Path.of("models/dsprites-beta-vae");

  @TempDir Path tmp;

  @Test
  void klReconstructionAndSampledMigAreThoseOfTheEncodedRows() throws Exception {
    Path data = TestDatasets.dsprites(tmp.resolve("d.npz"), 400, 4);
    int n = 150;
    long seed = 5;
    EvaluationOptions o =
        EvaluationOptions.builder()
            .metrics(List.of(Metric.KL, Metric.RECONSTRUCTION, Metric.MIG_SAMPLED))
            .samples(n)
            .batchSize(64)
            .device("cpu")
            .replicates(1)
            .refits(0)
            .build();
    try (FactorDataset ds = DatasetPaths.open(data)) {
      ScoreReport r =
          new Evaluation(o.settings(data, null, seed), Progress.NONE)
              .run(ds, MODEL, tmp.resolve("out"));
      long[] idx = Sampling.shuffled(ds.size(), n, seed);
      float[][] mu = new float[n][];
      float[][] lv = new float[n][];
      double bce = 0;
      try (VaeModel vae = VaeModels.load(MODEL, ComputeDevice.CPU, 64)) {
        for (int a = 0; a < n; a += 64) {
          long[] part = java.util.Arrays.copyOfRange(idx, a, Math.min(n, a + 64));
          float[] images = ds.images(part);
          VaeModel.Encoding e = vae.encode(images, part.length);
          System.arraycopy(e.mean(), 0, mu, a, part.length);
          System.arraycopy(e.logVar(), 0, lv, a, part.length);
          float[] p = vae.decode(e.mean());
          for (int k = 0; k < p.length; k++) {
            double q = Math.min(Math.max(p[k], 1e-30), 1 - 1e-7);
            bce -= images[k] * Math.log(q) + (1 - images[k]) * Math.log(1 - q);
          }
        }
      }
      int d = mu[0].length;
      double total = 0;
      for (int j = 0; j < d; j++) {
        double kl = 0;
        for (int i = 0; i < n; i++) {
          double s2 = Math.exp(lv[i][j]);
          kl += 0.5 * (mu[i][j] * (double) mu[i][j] + s2 - 1 - lv[i][j]);
        }
        assertEquals(kl / n, r.scores().get("kl.z" + j), SAME_SUMS, "kl.z" + j);
        total += kl / n;
      }
      assertEquals(total, r.scores().get("kl.total"), SAME_SUMS);
      double rec = r.scores().get("reconstruction");
      assertEquals(bce / n, rec, SIGMOID_ROUNDING * rec);
      int[][] codes = CgJob.factorCodes(ds, idx);
      double mig = MigSampled.compute(mu, lv, codes, MigSampled.DEFAULT_SAMPLES, 10, seed).score();
      assertEquals(mig, r.scores().get("mig_sampled"), SAME_SUMS);
      for (String key : List.of("kl.z0", "kl.total", "reconstruction", "mig_sampled")) {
        Uncertainty u = r.uncertainty().get(key);
        assertNotNull(u, key);
        assertTrue(u.ci95().get(0) <= r.scores().get(key), key);
        assertTrue(u.ci95().get(1) >= r.scores().get(key), key);
      }
      assertEquals("jackknife", r.uncertainty().get("mig_sampled").method());
      assertEquals("mean", r.uncertainty().get("reconstruction").method());
      String json = Files.readString(tmp.resolve("out/report.json"));
      assertTrue(json.contains("\"mig_sampled\""), json);
      String html = Files.readString(tmp.resolve("out/report.html"));
      assertTrue(html.contains("kl.total") && html.contains("reconstruction"), "page");
    }
  }
}
