package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.data.npy.NpyArray;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 26 item 4: DCI with the default learner ({@link DciLearner#SKLEARN_GBT}) agrees with
 * disentanglement_lib's {@code dci.py} on scikit-learn 1.2.1 ({@code GradientBoostingClassifier()}
 * defaults, {@code random_state=0}). Fixtures written by {@code scripts/dci-sklearn-fixtures.py};
 * no Python needed here.
 */
class DciSklearnAgreementTest {

  static final Path DIR = Path.of("src/test/resources/reference/dci-sklearn");

  /** The bar for D, C and I. */
  static final double SCORE_TOLERANCE = 0.01;

  /**
   * Largest allowed difference of one importance entry. Exact agreement is the aim; ties between
   * splits of mathematically equal improvement are decided by the last bit of sums that depend on
   * {@code exp} (Java's and the C library's can differ by one ulp), which can move an importance by
   * about 10⁻³ (sklearn itself moves by as much between random states: {@code tieSensitivity}).
   */
  static final double IMPORTANCE_TOLERANCE = 5e-3;

  static LatentCodes read(Path dir, String split) throws Exception {
    double[][] z;
    long[][] f;
    try (NpyArray a = NpyArray.open(dir.resolve(split + "_latents.npy"))) {
      z = a.readDoubleMatrix();
    }
    try (NpyArray a = NpyArray.open(dir.resolve(split + "_factors.npy"))) {
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
      strings = {
        "binary-small",
        "multiclass-imbalanced",
        "ties-and-thresholds",
        "many-classes",
        "dl-compare",
        "reference-dsprites"
      })
  void agreesWithSklearn(String name) throws Exception {
    Path dir = DIR.resolve(name);
    JsonNode ref = new ObjectMapper().readTree(dir.resolve("expected.json").toFile());
    LatentCodes train = read(dir, "train");
    LatentCodes test = read(dir, "test");
    long t0 = System.nanoTime();
    DciResult r = Dci.compute(train, test, 0, DciLearner.SKLEARN_GBT);
    double seconds = (System.nanoTime() - t0) / 1e9;
    double maxImp = 0.0;
    double[][] imp = r.importance().toArray();
    for (int j = 0; j < imp.length; j++) {
      for (int k = 0; k < imp[j].length; k++) {
        maxImp =
            Math.max(maxImp, Math.abs(imp[j][k] - ref.get("importance").get(j).get(k).asDouble()));
      }
    }
    double dd = Math.abs(r.disentanglement() - ref.get("disentanglement").asDouble());
    double dc = Math.abs(r.completeness() - ref.get("completeness").asDouble());
    double di = Math.abs(r.informativeness() - ref.get("informativeness").asDouble());
    System.out.printf(
        Locale.ROOT,
        "dci-sklearn %-22s |dD| %.2e |dC| %.2e |dI| %.2e max|dR| %.2e  %.1f s (sklearn %.1f s)%n",
        name,
        dd,
        dc,
        di,
        maxImp,
        seconds,
        ref.get("sklearnSeconds").asDouble());
    assertEquals(ref.get("disentanglement").asDouble(), r.disentanglement(), SCORE_TOLERANCE);
    assertEquals(ref.get("completeness").asDouble(), r.completeness(), SCORE_TOLERANCE);
    assertEquals(ref.get("informativeness").asDouble(), r.informativeness(), SCORE_TOLERANCE);
    assertTrue(maxImp <= IMPORTANCE_TOLERANCE, name + ": importance differs by " + maxImp);
    assertEquals(DciLearner.SKLEARN_GBT, r.learner());
  }
}
