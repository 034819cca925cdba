package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DCI-ES against the authors' own code (andreinicolicioiu/DCI-ES: {@code train_test_random_forest}
 * with sklearn's seeded random forests, {@code Explitcitness}, {@code dci.py}, run by
 * scripts/dcies-fixtures.py on four code sets, one a trained model's): the probes are deterministic
 * given the seed and the training rows' order, so losses and scores agree to {@link #DETERMINISTIC}
 * with the peer's fits scored on float64 targets, and to {@link #FLOAT32_TARGETS} with the numbers
 * its code prints (float32 targets).
 */
class DciEsPeerAgreementTest {
  static final Path DIR = Path.of("src/test/resources/reference/dci-es");

  /** Deterministic probes: sums in another order only. */
  static final double DETERMINISTIC = 1e-9;

  /**
   * Against the peer's numbers as its code prints them: its targets are float32, so sklearn's R²
   * takes the test mean and Σ(y − ȳ)² in float32 (relative rounding about 10⁻⁷ per operation).
   */
  static final double FLOAT32_TARGETS = 1e-5;

  static double[] doubles(JsonNode a) {
    double[] out = new double[a.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = a.get(i).asDouble();
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(strings = {"independent", "mixed", "dl-compare", "dsprites-beta-vae"})
  void lossesAndScoresAreThePeers(String name) throws Exception {
    Path dir = DIR.resolve(name);
    JsonNode all = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    JsonNode ref = all.get("float64");
    JsonNode asPrinted = all.get("peer");
    LatentCodes train = DciSklearnAgreementTest.read(dir, "train");
    LatentCodes test = DciSklearnAgreementTest.read(dir, "test");
    int[] depths = new int[all.get("depths").size()];
    for (int i = 0; i < depths.length; i++) {
      depths[i] = all.get("depths").get(i).asInt();
    }
    DciEsResult r =
        DciEs.compute(train, test, depths, all.get("trees").asInt(), all.get("seed").asLong());
    double worst = 0;
    double worst32 = 0;
    for (int k = 0; k < train.numFactors(); k++) {
      double[] peer = doubles(ref.get("losses").get(k));
      double[] mine = r.losses().row(k).toArray();
      for (int i = 0; i < peer.length; i++) {
        worst = Math.max(worst, Math.abs(peer[i] - mine[i]));
      }
      assertArrayEquals(peer, mine, DETERMINISTIC, name + " factor " + k);
      double[] printed = doubles(asPrinted.get("losses").get(k));
      for (int i = 0; i < printed.length; i++) {
        worst32 = Math.max(worst32, Math.abs(printed[i] - mine[i]));
        assertEquals(printed[i], mine[i], FLOAT32_TARGETS * Math.max(1, Math.abs(printed[i])));
      }
    }
    assertArrayEquals(
        doubles(ref.get("explicitness_per_factor")),
        r.explicitnessPerFactor().toArray(),
        DETERMINISTIC);
    assertEquals(ref.get("best_depth").asInt(), r.bestDepth(), name);
    String[] keys = {"explicitness", "informativeness", "disentanglement", "completeness"};
    double[] mine = {r.explicitness(), r.informativeness(), r.disentanglement(), r.completeness()};
    for (int i = 0; i < keys.length; i++) {
      double peer = ref.get(keys[i]).asDouble();
      worst = Math.max(worst, Math.abs(peer - mine[i]));
      assertEquals(peer, mine[i], DETERMINISTIC, name + " " + keys[i]);
      double printed = asPrinted.get(keys[i]).asDouble();
      worst32 = Math.max(worst32, Math.abs(printed - mine[i]));
      assertEquals(printed, mine[i], FLOAT32_TARGETS, name + " " + keys[i] + " as printed");
    }
    System.out.printf(
        java.util.Locale.ROOT,
        "%s: E %.6f (peer %.6f), I %.6f, D %.6f, C %.6f; max |Δ| = %.3g (float64), %.3g (as"
            + " printed)%n",
        name,
        r.explicitness(),
        ref.get("explicitness").asDouble(),
        r.informativeness(),
        r.disentanglement(),
        r.completeness(),
        worst,
        worst32);
  }
}
