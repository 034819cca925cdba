package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** SAP with liblinear's squared-hinge SVM on small synthetic codes. */
class SapTest {

  private static final int N_TRAIN = 1000;
  private static final int N_TEST = 1000;

  private static final double EXACT = 0.0;

  /** Gap between two noise latents' accuracies at N_TEST = 1000 (binomial sd ≈ 0.016). */
  private static final double NOISE_GAP = 0.06;

  /** How far accuracy on a cleanly separated binary latent may fall below 1. */
  private static final double NEAR_ONE = 0.01;

  @Test
  void topTwoGapsByHand() {
    double[][] s = {{0.9, 0.5, 0.3}, {0.4, 0.5, 0.7}, {0.1, 0.2, 0.6}};
    assertArrayEquals(new double[] {0.5, 0.0, 0.1}, Sap.topTwoGaps(s), 1e-12);
  }

  @Test
  void topTwoGapsRejectsASingleLatent() {
    assertRejects(() -> Sap.topTwoGaps(new double[][] {{1.0}}), "got 1");
  }

  @Test
  void disentangledBinaryCodeHasHighSap() {
    int[] sizes = {2, 2};
    SapResult r =
        Sap.compute(
            LearnedCodes.disentangled(N_TRAIN, 3, sizes, 0.05, 1),
            LearnedCodes.disentangled(N_TEST, 3, sizes, 0.05, 2),
            0);
    double[][] s = r.scoreMatrix().toArray();
    for (int k = 0; k < 2; k++) {
      assertEquals(1.0, s[k][k], NEAR_ONE, "latent " + k + " predicts factor " + k);
      // best other latent is at chance (balanced weights keep the SVM from predicting the majority)
      assertEquals(0.5, s[1 - k][k], NOISE_GAP);
      assertEquals(0.5, s[2][k], NOISE_GAP);
    }
    // the gap is 1 minus the best noise accuracy, about 1/2 for binary factors
    assertEquals(0.5, r.sap(), NOISE_GAP);
    assertEquals(List.of("f0", "f1"), r.split().factorNames());
  }

  @Test
  void randomCodeHasSapNearZero() {
    SapResult r =
        Sap.compute(
            LearnedCodes.random(N_TRAIN, 4, new int[] {2, 3}, 3),
            LearnedCodes.random(N_TEST, 4, new int[] {2, 3}, 4),
            0);
    assertEquals(0.0, r.sap(), NOISE_GAP);
    for (double g : r.gapPerFactor().toArray()) {
      assertTrue(g >= 0.0 && g < NOISE_GAP, "gap " + g);
    }
  }

  @Test
  void sameSeedGivesIdenticalResults() {
    LatentCodes train = LearnedCodes.random(300, 3, new int[] {3}, 5);
    LatentCodes test = LearnedCodes.random(200, 3, new int[] {3}, 6);
    SapResult a = Sap.compute(train, test, 17);
    SapResult b = Sap.compute(train, test, 17);
    assertEquals(a.sap(), b.sap(), EXACT);
    for (int j = 0; j < 3; j++) {
      assertArrayEquals(a.scoreMatrix().row(j).toArray(), b.scoreMatrix().row(j).toArray(), EXACT);
    }
  }

  @Test
  void testCodeUnseenInTrainingCountsAsWrong() {
    LatentCodes train = LearnedCodes.disentangled(300, 2, new int[] {2}, 0.05, 7);
    LatentCodes base = LearnedCodes.disentangled(200, 2, new int[] {2}, 0.05, 8);
    int[][] f = {base.factors()[0].clone()};
    for (int i = 0; i < 20; i++) {
      f[0][i] = 5;
    }
    SapResult r = Sap.compute(train, LatentCodes.of(base.latents(), f), 0);
    assertEquals(0.9, r.scoreMatrix().get(0, 0), 1e-12);
  }

  @Test
  void rejectsOneLatentAndConstantFactors() {
    IllegalArgumentException e =
        assertRejects(
            () ->
                Sap.compute(
                    LearnedCodes.random(50, 1, new int[] {2}, 9),
                    LearnedCodes.random(50, 1, new int[] {2}, 10),
                    0),
            "at least two latents to compare, got 1");
    LatentCodes constant = LearnedCodes.random(50, 2, new int[] {1}, 11);
    e = assertThrows(IllegalArgumentException.class, () -> Sap.compute(constant, constant, 0));
    assertTrue(e.getMessage().contains("factor 0 (f0) has the single value 0"), e.getMessage());
  }
}
