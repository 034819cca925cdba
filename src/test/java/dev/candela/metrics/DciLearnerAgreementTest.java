package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 40: DCI with Eastwood and Williams' regressors ({@link DciLearner#LASSO}, {@link
 * DciLearner#RANDOM_FOREST}) agrees with their code (github.com/cianeastwood/qedr: the peer's own
 * {@code normalize} and {@code nrmse}, scikit-learn 1.2.1's {@code Lasso(alpha=0.02)} and {@code
 * RandomForestRegressor(n_estimators=10, max_depth=10)}) on four code sets, one of them the shipped
 * dSprites β-VAE's encoder means. Fixtures written by {@code scripts/dci-learner-fixtures.py}; no
 * Python needed here.
 */
class DciLearnerAgreementTest {

  static final Path DIR = Path.of("src/test/resources/reference/dci-learners");

  /**
   * Lasso: the same cyclic coordinate descent from w = 0 with sklearn's stopping rule (duality gap
   * below tol·‖y‖², checked after the same sweeps), so the coefficients differ only by the
   * summation order of the dot products (BLAS against Java's loop): far below 10⁻⁹ on these sizes,
   * where the optimum itself is only pinned down to the gap (10⁻⁴ relative). The bar is the issue's
   * 10⁻⁹ for deterministic metrics.
   */
  static final double LASSO_TOLERANCE = 1e-9;

  private static String rows(JsonNode ref) {
    return ref.get("rows").asText();
  }

  private static Path rowsDir(JsonNode ref) {
    String rows = rows(ref);
    return rows.startsWith("dci-sklearn/")
        ? DciSklearnAgreementTest.DIR.resolve(rows.substring("dci-sklearn/".length()))
        : DIR.resolve(rows);
  }

  private static double maxImportanceDifference(DciResult r, JsonNode expected) {
    double max = 0.0;
    double[][] imp = r.importance().toArray();
    for (int j = 0; j < imp.length; j++) {
      for (int k = 0; k < imp[j].length; k++) {
        max = Math.max(max, Math.abs(imp[j][k] - expected.get(j).get(k).asDouble()));
      }
    }
    return max;
  }

  private static JsonNode fixture(String name) throws Exception {
    return new ObjectMapper().readTree(DIR.resolve(name).resolve("expected.json").toFile());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"multiclass-imbalanced", "many-classes", "dl-compare", "dsprites-beta-vae"})
  void lassoAgreesWithEastwoodsCode(String name) throws Exception {
    JsonNode ref = fixture(name);
    JsonNode lasso = ref.get("lasso");
    Path rows = rowsDir(ref);
    DciResult r =
        Dci.compute(
            DciSklearnAgreementTest.read(rows, "train"),
            DciSklearnAgreementTest.read(rows, "test"),
            0,
            DciLearner.LASSO);
    double dImp = maxImportanceDifference(r, lasso.get("importance"));
    double dD = Math.abs(r.disentanglement() - lasso.get("disentanglement").asDouble());
    double dC = Math.abs(r.completeness() - lasso.get("completeness").asDouble());
    double dI = Math.abs(r.informativeness() - lasso.get("informativeness").asDouble());
    System.out.printf(
        Locale.ROOT,
        "dci-learners lasso  %-22s max|dR| %.1e |dD| %.1e |dC| %.1e |dI| %.1e%n",
        name,
        dImp,
        dD,
        dC,
        dI);
    assertTrue(dImp <= LASSO_TOLERANCE, name + ": importance differs by " + dImp);
    assertTrue(dD <= LASSO_TOLERANCE, name + ": D differs by " + dD);
    assertTrue(dC <= LASSO_TOLERANCE, name + ": C differs by " + dC);
    assertTrue(dI <= LASSO_TOLERANCE, name + ": I differs by " + dI);
    JsonNode nrmse = lasso.get("testNrmse");
    for (int k = 0; k < nrmse.size(); k++) {
      assertEquals(
          1 - nrmse.get(k).asDouble(), r.testAccuracyPerFactor().get(k), LASSO_TOLERANCE, name);
    }
    assertEquals(DciLearner.LASSO, r.learner());
  }

  /**
   * Random forest: sklearn's own spread over seeds 0..9 (stored by the script as {@code
   * seedSpread}) is the bar; Candela draws the bootstraps as sklearn's {@code RandomState(seed)}
   * does, so it agrees with seed 0 much more closely than that wherever no two splits tie.
   */
  @ParameterizedTest
  @ValueSource(
      strings = {"multiclass-imbalanced", "many-classes", "dl-compare", "dsprites-beta-vae"})
  void randomForestAgreesWithEastwoodsCodeWithinSklearnsSeedSpread(String name) throws Exception {
    JsonNode ref = fixture(name);
    JsonNode rf = ref.get("randomForest");
    JsonNode spread = rf.get("seedSpread");
    Path rows = rowsDir(ref);
    DciResult r =
        Dci.compute(
            DciSklearnAgreementTest.read(rows, "train"),
            DciSklearnAgreementTest.read(rows, "test"),
            0,
            DciLearner.RANDOM_FOREST);
    double dImp = maxImportanceDifference(r, rf.get("importance"));
    double dD = Math.abs(r.disentanglement() - rf.get("disentanglement").asDouble());
    double dC = Math.abs(r.completeness() - rf.get("completeness").asDouble());
    double dI = Math.abs(r.informativeness() - rf.get("informativeness").asDouble());
    System.out.printf(
        Locale.ROOT,
        "dci-learners forest %-22s max|dR| %.1e |dD| %.1e |dC| %.1e |dI| %.1e (seed spread %s)%n",
        name,
        dImp,
        dD,
        dC,
        dI,
        spread);
    assertTrue(dImp <= spread.get("importance").asDouble(), name + ": importance " + dImp);
    assertTrue(dD <= spread.get("disentanglement").asDouble(), name + ": D " + dD);
    assertTrue(dC <= spread.get("completeness").asDouble(), name + ": C " + dC);
    assertTrue(dI <= spread.get("informativeness").asDouble(), name + ": I " + dI);
    assertEquals(DciLearner.RANDOM_FOREST, r.learner());
  }
}
