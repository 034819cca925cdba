package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.metrics.gbt.Lasso;
import dev.candela.metrics.gbt.RandomForestRegressor;
import org.junit.jupiter.api.Test;

/**
 * DCI's regressors ({@link DciLearner#LASSO}, {@link DciLearner#RANDOM_FOREST}) on codes whose
 * importances are known by construction, the paper's treatment of a latent without importance, and
 * bad input.
 */
class DciLearnersTest {

  /** Sums and quotients of a dozen standardised values. */
  private static final double HAND = 1e-12;

  /**
   * D and C of a diagonal importance matrix: the reference's 10⁻¹¹ added to each entry leaves an
   * entropy of about 4·10⁻¹⁰ per row and column.
   */
  private static final double ENTROPY_OF_EPSILON = 1e-9;

  /**
   * Every combination of a 3-valued and a 4-valued factor, {@code copies} times, with z_k = f_k:
   * the standardised latent equals the standardised factor, and the two are orthogonal.
   */
  private static LatentCodes grid(int copies) {
    int n = 12 * copies;
    double[][] z = new double[2][n];
    int[][] f = new int[2][n];
    for (int i = 0; i < n; i++) {
      f[0][i] = (i / 4) % 3;
      f[1][i] = i % 4;
      z[0][i] = f[0][i];
      z[1][i] = f[1][i];
    }
    return LatentCodes.of(z, f);
  }

  @Test
  void lassoOnOrthogonalStandardisedCodesShrinksEachCoefficientByAlpha() {
    // Standardised, x_kᵀx_k / n = 1, x_0ᵀx_1 = 0 and x_kᵀy_k / n = 1: one coordinate-descent sweep
    // gives w_k = soft(1, α) = 1 − 0.02 on its own factor and 0 on the other. The prediction is
    // 0.98·y, so RMSE = 0.02·sd(y) and I = 1 − NRMSE = 0.98.
    LatentCodes codes = grid(2);
    DciResult r = Dci.compute(codes, codes, 0, DciLearner.LASSO);
    assertArrayEquals(new double[] {0.98, 0.0}, r.importance().row(0).toArray(), HAND);
    assertArrayEquals(new double[] {0.0, 0.98}, r.importance().row(1).toArray(), HAND);
    assertEquals(0.98, r.informativeness(), HAND);
    assertEquals(0.98, r.trainAccuracy(), HAND);
    assertEquals(1.0, r.disentanglement(), ENTROPY_OF_EPSILON);
    assertEquals(1.0, r.completeness(), ENTROPY_OF_EPSILON);
    assertEquals(DciLearner.LASSO, r.learner());
  }

  @Test
  void randomForestOnAnExactCodeUsesOnlyTheFactorsOwnLatent() {
    // The factor's own latent separates its values exactly (pure leaves after at most 2 splits);
    // the other latent only exploits the bootstrap's imbalance and never wins a split. Importance =
    // identity, predictions exact: I = 1 − 0 = 1.
    LatentCodes codes = grid(10);
    DciResult r = Dci.compute(codes, codes, 3, DciLearner.RANDOM_FOREST);
    assertArrayEquals(new double[] {1.0, 0.0}, r.importance().row(0).toArray(), HAND);
    assertArrayEquals(new double[] {0.0, 1.0}, r.importance().row(1).toArray(), HAND);
    assertEquals(1.0, r.informativeness(), HAND);
    assertEquals(1.0, r.disentanglement(), ENTROPY_OF_EPSILON);
    assertEquals(1.0, r.completeness(), ENTROPY_OF_EPSILON);
  }

  @Test
  void aLatentWithoutImportanceIsSkippedAsThePaperWeightsIt() {
    // Eastwood and Williams weight latent j's D_j by its share ρ_j = 0: latent 0 drops out and D =
    // 1. (ubisoft-laforge-disentanglement-metrics' dci.py stops its loop at the first latent with
    // zero importance, leaving every later D_j at 0: D = 0 here.)
    DciScores s = Dci.scores(new double[][] {{0, 0}, {1, 0}, {0, 1}});
    assertEquals(0.0, s.latentWeights().get(0));
    assertEquals(1.0, s.disentanglement(), ENTROPY_OF_EPSILON);
  }

  @Test
  void theLearnersParseByTheirNames() {
    assertEquals(DciLearner.LASSO, DciLearner.parse("lasso"));
    assertEquals(DciLearner.RANDOM_FOREST, DciLearner.parse("Random-Forest"));
    assertRejects(
        () -> DciLearner.parse("forest"),
        "unknown DCI learner 'forest' (expected one of [sklearn-gbt, xgboost, lasso,"
            + " random-forest])");
  }

  @Test
  void badLearnerSettingsAreRefusedNamingTheValue() {
    double[][] x = {{0, 1, 2}};
    double[] y = {0, 1, 2};
    assertRejects(() -> Lasso.fit(x, y, 0.0), "lasso alpha must be positive and finite, got 0.0");
    assertRejects(
        () -> Lasso.fit(new double[][] {{0, 1}}, y, 0.1),
        "feature column has 2 rows, the targets 3");
    assertRejects(
        () -> RandomForestRegressor.fit(new float[][] {{0, 1, 2}}, y, 0, 3, 0),
        "a forest needs at least 1 tree and depth 1, got 0 and 3");
  }
}
