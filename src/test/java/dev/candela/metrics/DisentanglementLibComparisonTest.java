package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.candela.data.CodeTables;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 14, defects 14 and 15: explicitness and DCI against disentanglement_lib's semantics with
 * sklearn 1.2.1 on identical rows. The rows and the reference numbers were produced by {@code
 * src/test/resources/reference/dl-compare/compare.py} (run with Debian's python3-sklearn); this
 * test needs no Python.
 */
class DisentanglementLibComparisonTest {
  static final Path DIR = Path.of("src/test/resources/reference/dl-compare");

  /** Explicitness uses the same liblinear solver as the reference: agreement to 0.005. */
  static final double EXPLICITNESS_TOLERANCE = 0.005;

  /**
   * DCI with XGBoost trees against sklearn's GradientBoostingClassifier: the learners differ
   * (XGBoost's hessian-weighted total gain vs. sklearn's Friedman-MSE impurity decrease; histogram
   * vs. exact splits), so Candela's D and C are lower than the reference's, by less than this bound
   * on these rows (measured 0.072 and 0.074; see docs/metrics-dci-sap-explicitness.md).
   */
  static final double DCI_GAP_BOUND = 0.08;

  /** DCI informativeness (test accuracy) agrees closely: measured 0.004 apart. */
  static final double INFORMATIVENESS_TOLERANCE = 0.01;

  /** The default learner re-implements sklearn's: the bar for D, C and I. */
  static final double SKLEARN_GBT_TOLERANCE = 0.01;

  static JsonNode ref;
  static LatentCodes train;
  static LatentCodes test;

  static LatentCodes read(String name) throws Exception {
    CodeTables.Paired p =
        CodeTables.readPaired(
            DIR.resolve(name + "_factors.csv"), DIR.resolve(name + "_latents.csv"));
    return LatentCodes.of(p.latents().values(), p.factors().codes());
  }

  static LatentCodes scaled(LatentCodes c) {
    float[][] z = new float[c.numLatents()][];
    for (int j = 0; j < z.length; j++) {
      z[j] = c.latents()[j].clone();
      if (j < 3) {
        for (int i = 0; i < z[j].length; i++) {
          z[j][i] *= 0.01;
        }
      }
    }
    return LatentCodes.of(z, c.factors());
  }

  @BeforeAll
  static void load() throws Exception {
    ref = new ObjectMapper().readTree(DIR.resolve("reference.json").toFile());
    train = read("train");
    test = read("test");
  }

  @Test
  void explicitnessMatchesTheReferenceOnRawLatents() {
    assertEquals(
        ref.get("explicitness").asDouble(),
        Explicitness.compute(train, test, 0).explicitness(),
        EXPLICITNESS_TOLERANCE);
  }

  @Test
  void explicitnessStandardisesLatentsAsTheReferenceDoes() {
    double scaled = Explicitness.compute(scaled(train), scaled(test), 0).explicitness();
    assertEquals(ref.get("explicitnessScaled").asDouble(), scaled, EXPLICITNESS_TOLERANCE);
    // without standardisation the reference itself would drop to about 0.56 on these rows
    assertTrue(ref.get("explicitnessScaledUnstandardised").asDouble() < scaled - 0.2);
  }

  @Test
  void dciIsWithinTheDocumentedDistanceOfSklearn() {
    DciResult r = Dci.compute(train, test, 0, DciLearner.XGBOOST);
    System.out.printf(
        "DCI candela D=%.4f C=%.4f I=%.4f; sklearn D=%.4f C=%.4f I=%.4f%n",
        r.disentanglement(),
        r.completeness(),
        r.informativeness(),
        ref.get("dciDisentanglement").asDouble(),
        ref.get("dciCompleteness").asDouble(),
        ref.get("dciInformativeness").asDouble());
    // documented: D and C are LOWER than sklearn's by 0.072 and 0.074 here, I agrees to 0.004
    double dGap = ref.get("dciDisentanglement").asDouble() - r.disentanglement();
    double cGap = ref.get("dciCompleteness").asDouble() - r.completeness();
    assertTrue(dGap > 0 && dGap < DCI_GAP_BOUND, "D gap " + dGap);
    assertTrue(cGap > 0 && cGap < DCI_GAP_BOUND, "C gap " + cGap);
    assertEquals(
        ref.get("dciInformativeness").asDouble(), r.informativeness(), INFORMATIVENESS_TOLERANCE);
  }

  @Test
  void defaultDciLearnerMatchesSklearn() {
    DciResult r = Dci.compute(train, test, 0);
    assertEquals(DciLearner.SKLEARN_GBT, r.learner());
    assertEquals(
        ref.get("dciDisentanglement").asDouble(), r.disentanglement(), SKLEARN_GBT_TOLERANCE);
    assertEquals(ref.get("dciCompleteness").asDouble(), r.completeness(), SKLEARN_GBT_TOLERANCE);
    assertEquals(
        ref.get("dciInformativeness").asDouble(), r.informativeness(), SKLEARN_GBT_TOLERANCE);
  }
}
