package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The unified scores agree with disentanglement_lib's own {@code unified_scores(...)} on the same
 * train and test rows (fixtures of {@code scripts/unified-fixtures.py}; no Python here): the MI
 * matrix's aggregations within 10⁻⁹; the GBT and SVM ones, whose learners the peer leaves unseeded,
 * within the peer's own spread over its seeds (see {@link #within}).
 */
class UnifiedPeerAgreementTest {
  static final Path DIR = Path.of("src/test/resources/reference/unified");

  /** The MI matrix and its aggregations are deterministic on both sides. */
  static final double DETERMINISTIC = 1e-9;

  /**
   * The GBT and SVM aggregations: Candela's value lies within the peer's seed range widened by that
   * range on each side (the peer's seeds are five draws of its spread, not its extremes), or within
   * {@link #DETERMINISTIC} of it where the seeds all agree.
   */
  static boolean within(JsonNode ref, double value) {
    double lo = ref.get("min").asDouble();
    double hi = ref.get("max").asDouble();
    double range = hi - lo;
    double slack = Math.max(range, DETERMINISTIC);
    return value >= lo - slack && value <= hi + slack;
  }

  @ParameterizedTest
  @ValueSource(strings = {"one-latent-per-factor", "rotated", "dsprites-beta-vae"})
  void unifiedScoresAgreeWithThePeer(String name) throws Exception {
    Path dir = DIR.resolve(name);
    JsonNode ref = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    LatentCodes train = DciSklearnAgreementTest.read(dir, "train");
    LatentCodes test = DciSklearnAgreementTest.read(dir, "test");
    Map<String, Double> s = Unified.compute(train, test, 0).scores();
    JsonNode scores = ref.get("scores");
    StringBuilder report = new StringBuilder();
    boolean ok = true;
    for (String m : Unified.MATRICES) {
      for (String a : Unified.AGGREGATIONS) {
        JsonNode r = scores.get(m + "." + a);
        double v = s.get("unified." + m + "." + a);
        double delta = Math.abs(v - r.get("mean").asDouble());
        report.append(
            String.format(
                java.util.Locale.ROOT,
                "%s.%s |Δ| %.3g range %.3g%n",
                m,
                a,
                delta,
                r.get("range").asDouble()));
        if (m.equals("mi")) {
          assertEquals(r.get("mean").asDouble(), v, DETERMINISTIC, m + "." + a);
          assertEquals(0, r.get("range").asDouble(), 0, "the peer's MI is deterministic");
        } else {
          ok &= within(r, v);
        }
      }
    }
    System.out.print(name + "\n" + report);
    assertTrue(ok, name + "\n" + report);
  }
}
