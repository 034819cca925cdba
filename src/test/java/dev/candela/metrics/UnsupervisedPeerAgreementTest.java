package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.data.npy.NpyArray;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 40: gaussian_tc, gaussian_wc, gaussian_wc_norm and latent_mi agree with
 * disentanglement_lib's own {@code unsupervised_metrics} (run unchanged by {@code
 * scripts/unsupervised-fixtures.py} on the same rows: two synthetic sets, the dl-compare rows and
 * the codes of the shipped dsprites-beta-vae on generated dSprites). No Python needed here.
 */
class UnsupervisedPeerAgreementTest {
  static final Path DIR = Path.of("src/test/resources/reference/unsupervised");

  /** The bar for deterministic metrics. */
  static final double PEER = 1e-9;

  /**
   * Against the 40-digit values of the same rows ({@code exact} in the fixture): double rounding of
   * the covariance and its factorisation, relative to the score.
   */
  static final double EXACT = 1e-11;

  static LatentCodes read(Path dir) throws Exception {
    double[][] z;
    long[][] f;
    try (NpyArray a = NpyArray.open(dir.resolve("latents.npy"))) {
      z = a.readDoubleMatrix();
    }
    try (NpyArray a = NpyArray.open(dir.resolve("factors.npy"))) {
      f = a.readLongMatrix();
    }
    int n = z.length;
    double[][] latents = new double[z[0].length][n];
    int[][] factors = new int[f[0].length][n];
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < latents.length; j++) {
        latents[j][i] = z[i][j];
      }
      for (int k = 0; k < factors.length; k++) {
        factors[k][i] = Math.toIntExact(f[i][k]);
      }
    }
    return LatentCodes.of(latents, factors);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"correlated-gaussian", "collapsed-and-ties", "dl-compare", "dsprites-beta-vae"})
  void agreesWithDisentanglementLib(String name) throws Exception {
    Path dir = DIR.resolve(name);
    JsonNode ref = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    LatentCodes codes = read(dir);
    assertEquals(ref.get("samples").asInt(), codes.numSamples());
    Map<String, Double> s =
        CodeScorer.score(
                codes,
                null,
                CodeScorer.Options.defaults(
                    EnumSet.of(Metric.GAUSSIAN_TC, Metric.GAUSSIAN_WC, Metric.LATENT_MI), 0))
            .scores();
    assertEquals(ref.get("gaussian_total_correlation").asDouble(), s.get("gaussian_tc"), PEER);
    assertEquals(
        ref.get("gaussian_wasserstein_correlation").asDouble(), s.get("gaussian_wc"), PEER);
    assertEquals(
        ref.get("gaussian_wasserstein_correlation_norm").asDouble(),
        s.get("gaussian_wc_norm"),
        PEER);
    assertEquals(ref.get("mutual_info_score").asDouble(), s.get("latent_mi"), PEER);
    JsonNode exact = ref.get("exact");
    double dTc =
        Math.abs(exact.get("gaussian_total_correlation").asDouble() - s.get("gaussian_tc"));
    double dWc =
        Math.abs(exact.get("gaussian_wasserstein_correlation").asDouble() - s.get("gaussian_wc"));
    double dNorm =
        Math.abs(
            exact.get("gaussian_wasserstein_correlation_norm").asDouble()
                - s.get("gaussian_wc_norm"));
    System.out.printf(
        java.util.Locale.ROOT,
        "%s vs exact: |Δtc| %.2e |Δwc| %.2e |Δwc_norm| %.2e%n",
        name,
        dTc,
        dWc,
        dNorm);
    assertTrue(dTc <= EXACT * Math.max(1, s.get("gaussian_tc")), "tc " + dTc);
    assertTrue(dWc <= EXACT * Math.max(1, s.get("gaussian_wc")), "wc " + dWc);
    assertTrue(dNorm <= EXACT, "wc_norm " + dNorm);
    System.out.printf(
        java.util.Locale.ROOT,
        "%s: |Δtc| %.2e |Δwc| %.2e |Δwc_norm| %.2e |Δmi| %.2e%n",
        name,
        Math.abs(ref.get("gaussian_total_correlation").asDouble() - s.get("gaussian_tc")),
        Math.abs(ref.get("gaussian_wasserstein_correlation").asDouble() - s.get("gaussian_wc")),
        Math.abs(
            ref.get("gaussian_wasserstein_correlation_norm").asDouble()
                - s.get("gaussian_wc_norm")),
        Math.abs(ref.get("mutual_info_score").asDouble() - s.get("latent_mi")));
  }
}
