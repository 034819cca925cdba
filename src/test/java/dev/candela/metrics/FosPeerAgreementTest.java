package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.data.npy.NpyArray;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FoS and randFoS against the authors' own code (facebookresearch/disentangling-correlated-factors,
 * {@code dent/metrics/fos.py} and {@code rand_fos.py}, run in float64 by
 * scripts/fos-dcies-fixtures.py on three code sets, one a trained model's). The authors measure the
 * squared distance, so {@link FosResult#squared()} is compared; the Euclidean score shares every
 * batch and pair with it.
 */
class FosPeerAgreementTest {
  static final Path DIR = Path.of("src/test/resources/reference/fos-dcies");

  /** The peer's fos is deterministic (all pairs, batches in row order). */
  static final double DETERMINISTIC = 1e-9;

  /** Candela's randFoS seeds, as many as the fixture's. */
  static final int SEEDS = 20;

  static float[][] latents(Path dir) throws Exception {
    double[][] rows;
    try (NpyArray a = NpyArray.open(dir.resolve("latents.npy"))) {
      rows = a.readDoubleMatrix();
    }
    float[][] z = new float[rows[0].length][rows.length];
    for (int i = 0; i < rows.length; i++) {
      for (int j = 0; j < rows[i].length; j++) {
        z[j][i] = (float) rows[i][j];
      }
    }
    return z;
  }

  @ParameterizedTest
  @ValueSource(strings = {"independent-uniform", "correlated-ring", "dl-compare"})
  void fosInRowOrderIsThePeersNumberAndRandFosLiesWithinItsSeedSpread(String name)
      throws Exception {
    Path dir = DIR.resolve(name);
    JsonNode ref = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    float[][] z = latents(dir);
    int batch = ref.get("batchSize").asInt();
    int[] order = new int[z[0].length];
    java.util.Arrays.setAll(order, i -> i);
    FosResult fos = Fos.compute(z, order, batch);
    double peer = ref.get("fos").asDouble();
    assertEquals(peer, fos.squared(), DETERMINISTIC * Math.max(1, peer), name);

    double[] mine = new double[SEEDS];
    for (int s = 0; s < SEEDS; s++) {
      mine[s] = Fos.random(z, batch, Fos.DEFAULT_MAX_ROWS, s).squared();
    }
    double mean = org.apache.commons.math3.stat.StatUtils.mean(mine);
    double sd = Math.sqrt(org.apache.commons.math3.stat.StatUtils.variance(mine));
    double peerMean = ref.get("randFosMean").asDouble();
    double peerSd = ref.get("randFosSd").asDouble();
    // two means of 20 seeds each: their difference has SD √(2/20)·σ ≈ 0.32σ; one σ is ≈ 3 SDs
    System.out.printf(
        java.util.Locale.ROOT,
        "%s: |fos - peer| = %.3g (peer %.6f); rand_fos %.4f ± %.4f vs peer %.4f ± %.4f%n",
        name,
        Math.abs(fos.squared() - peer),
        peer,
        mean,
        sd,
        peerMean,
        peerSd);
    assertTrue(
        Math.abs(mean - peerMean) <= peerSd,
        () -> name + ": rand_fos " + mean + " vs the peer's " + peerMean + " ± " + peerSd);
    assertTrue(
        sd > peerSd / 2 && sd < 2 * peerSd,
        () -> name + ": seed spread " + sd + " vs the peer's " + peerSd);
  }
}
