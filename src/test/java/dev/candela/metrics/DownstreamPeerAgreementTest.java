package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.data.npy.NpyArray;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 40: downstream-task accuracy agrees with disentanglement_lib's own {@code _compute_loss}
 * with {@code utils.logistic_regression_cv} (run unchanged by {@code
 * scripts/downstream-fixtures.py} on the same training and test rows: a synthetic set, the
 * dl-compare rows and the codes of the shipped dsprites-beta-vae on generated dSprites), and with
 * the study's boosted trees ({@code GradientBoostingClassifier()}, its seed fixed per run). No
 * Python needed here.
 */
class DownstreamPeerAgreementTest {
  static final Path DIR = Path.of("src/test/resources/reference/downstream");

  /**
   * Accuracies are counts over the rows: where both fits reach the same predictions they agree
   * exactly; a prediction changed by the optimiser's stopping point moves an accuracy by 1/m.
   */
  static final double EXACT = 1e-12;

  /**
   * Beyond the peer's own spread (its default fit against its converged fit, recorded in the
   * fixture), at most this many predictions may differ: both fits stop at a gradient of 10⁻⁴, not
   * at the optimum (measured: one test row of 1,000 in gaussian-clusters at n = 1000).
   */
  static final double SLACK_ROWS = 2;

  @ParameterizedTest
  @ValueSource(strings = {"gaussian-clusters", "dl-compare", "dsprites-beta-vae"})
  void agreesWithDisentanglementLib(String name) throws Exception {
    Path dir = DIR.resolve(name);
    JsonNode ref = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    LatentCodes codes = UnsupervisedPeerAgreementTest.read(dir);
    assertEquals(ref.get("samples").asInt(), codes.numSamples());
    int compared = 0;
    for (Map.Entry<String, JsonNode> e : ref.get("sizes").properties()) {
      int n = Integer.parseInt(e.getKey());
      int[] all = rows(dir, n);
      DownstreamResult.Size s =
          Downstream.onRows(
              codes, Arrays.copyOfRange(all, 0, n), Arrays.copyOfRange(all, n, all.length));
      JsonNode peer = e.getValue().get("peer");
      if (peer == null) {
        continue;
      }
      JsonNode conv = e.getValue().get("converged");
      for (int k = 0; k < codes.numFactors(); k++) {
        for (String part : new String[] {"test", "train"}) {
          double p = peer.get(part).get(k).asDouble();
          double c = conv.get(part).get(k).asDouble();
          double ours = part.equals("test") ? s.testAccuracy().get(k) : s.trainAccuracy().get(k);
          int rowsScored = part.equals("test") ? all.length - n : n;
          double tolerance = Math.max(Math.abs(p - c), SLACK_ROWS / rowsScored) + EXACT;
          assertEquals(p, ours, tolerance, name + " n=" + n + " factor " + k + " " + part);
          compared++;
        }
      }
    }
    assertTrue(compared > 0, "no size with a peer result");
  }

  /**
   * The boosted trees on the peer's seeds: each of Candela's runs (with the random_state of one of
   * the peer's runs) lies within the range of the peer's own runs over those seeds, widened on each
   * side by half that range or {@link #GBT_SLACK_ROWS} predictions, whichever is more, and most
   * runs equal the peer's run of the same seed. The port draws sklearn's per-tree seeds, so most
   * runs agree exactly; once the training rows are learnt, the later trees fit residuals near
   * rounding, where Math.exp against the C library's last bit can resolve a near-tie between splits
   * otherwise, and at 10 training rows one such choice moves a test accuracy as far as another seed
   * does (dl-compare, factor 0: the peer's 20 seeds span 0.464 … 0.576, Candela's 0.460 … 0.574).
   */
  @ParameterizedTest
  @ValueSource(strings = {"gaussian-clusters", "dl-compare", "dsprites-beta-vae"})
  void boostedTreesAgreeWithTheStudysClassifier(String name) throws Exception {
    Path dir = DIR.resolve(name);
    JsonNode ref = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    LatentCodes codes = UnsupervisedPeerAgreementTest.read(dir);
    int compared = 0;
    int equal = 0;
    for (Map.Entry<String, JsonNode> e : ref.get("sizes").properties()) {
      int n = Integer.parseInt(e.getKey());
      JsonNode runs = e.getValue().get("gbt").get("runs");
      if (runs == null) {
        continue;
      }
      int[] all = rows(dir, n);
      int[] train = Arrays.copyOfRange(all, 0, n);
      int[] test = Arrays.copyOfRange(all, n, all.length);
      for (JsonNode run : runs) {
        DownstreamResult.Size s =
            Downstream.onRows(
                codes, train, test, Downstream.Predictor.BOOSTED_TREES, run.get("seed").asLong());
        for (int k = 0; k < codes.numFactors(); k++) {
          for (String part : new String[] {"test", "train"}) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (JsonNode other : runs) {
              lo = Math.min(lo, other.get(part).get(k).asDouble());
              hi = Math.max(hi, other.get(part).get(k).asDouble());
            }
            double ours = part.equals("test") ? s.testAccuracy().get(k) : s.trainAccuracy().get(k);
            double slack =
                Math.max(GBT_SLACK_ROWS / (part.equals("test") ? test.length : n), (hi - lo) / 2)
                    + EXACT;
            String where =
                name + " n=" + n + " seed " + run.get("seed") + " factor " + k + " " + part;
            assertTrue(
                ours >= lo - slack && ours <= hi + slack,
                where + ": " + ours + " outside the peer's [" + lo + ", " + hi + "]");
            if (Math.abs(ours - run.get(part).get(k).asDouble()) <= EXACT) {
              equal++;
            }
            compared++;
          }
        }
      }
    }
    assertTrue(compared > 0, "no size with a boosted-trees result");
    assertTrue(
        equal >= 0.6 * compared,
        name + ": only " + equal + " of " + compared + " accuracies equal the same seed's");
  }

  /** Predictions beyond the peer's seed range a near-tie between splits may change. */
  static final double GBT_SLACK_ROWS = 2;

  private static int[] rows(Path dir, int n) throws Exception {
    try (NpyArray a = NpyArray.open(dir.resolve("rows-" + n + ".npy"))) {
      long[] rows = a.readLongs(0, Math.toIntExact(a.size()));
      return Arrays.stream(rows).mapToInt(Math::toIntExact).toArray();
    }
  }
}
