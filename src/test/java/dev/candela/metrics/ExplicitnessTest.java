package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Explicitness with liblinear's logistic regression on small synthetic codes. */
class ExplicitnessTest {

  private static final int N_TRAIN = 1000;
  private static final int N_TEST = 1000;
  private static final int[] SIZES = {2, 3};

  private static final double EXACT = 0.0;

  /** A disentangled code with well separated codes ranks almost perfectly. */
  private static final double NEAR_ONE = 0.01;

  /** AUC of scores independent of the labels at N_TEST = 1000 (sd ≈ 0.02 per class). */
  private static final double CHANCE_TOLERANCE = 0.05;

  @Test
  void disentangledCodeIsExplicit() {
    ExplicitnessResult r =
        Explicitness.compute(
            LearnedCodes.disentangled(N_TRAIN, 3, SIZES, 0.05, 1),
            LearnedCodes.disentangled(N_TEST, 3, SIZES, 0.05, 2),
            0);
    assertEquals(1.0, r.explicitness(), NEAR_ONE);
    assertEquals(1.0, r.trainExplicitness(), NEAR_ONE);
    assertArrayEquals(new int[] {0, 1, 2}, r.classes()[1]);
    assertArrayEquals(new int[] {0, 0}, r.unseenTestSamples());
  }

  @Test
  void randomCodeIsAtChance() {
    ExplicitnessResult r =
        Explicitness.compute(
            LearnedCodes.random(N_TRAIN, 3, SIZES, 3), LearnedCodes.random(N_TEST, 3, SIZES, 4), 0);
    assertEquals(0.5, r.explicitness(), CHANCE_TOLERANCE);
    for (double auc : r.testAucPerFactor()) {
      assertEquals(0.5, auc, CHANCE_TOLERANCE);
    }
  }

  @Test
  void factorAucIsTheMacroAverageOfItsClasses() {
    ExplicitnessResult r =
        Explicitness.compute(
            LearnedCodes.disentangled(300, 2, SIZES, 0.8, 5),
            LearnedCodes.disentangled(200, 2, SIZES, 0.8, 6),
            0);
    for (int k = 0; k < SIZES.length; k++) {
      double[] perClass = r.testAucPerClass()[k];
      double mean = 0.0;
      for (double a : perClass) {
        mean += a / perClass.length;
      }
      assertEquals(mean, r.testAucPerFactor()[k], 1e-12);
    }
    // binary factor: both one-vs-rest columns rank the same samples, so their AUCs agree
    assertEquals(r.testAucPerClass()[0][0], r.testAucPerClass()[0][1], 1e-12);
  }

  @Test
  void oneClassListForTrainAndTest() {
    // test lacks class 2 of factor 1 and has an unseen class 7 instead
    LatentCodes train = LearnedCodes.disentangled(300, 2, SIZES, 0.05, 7);
    LatentCodes base = LearnedCodes.disentangled(200, 2, SIZES, 0.05, 8);
    int[][] f = {base.factors()[0], base.factors()[1].clone()};
    int unseen = 0;
    for (int i = 0; i < f[1].length; i++) {
      if (f[1][i] == 2) {
        f[1][i] = 7;
        unseen++;
      }
    }
    ExplicitnessResult r = Explicitness.compute(train, LatentCodes.of(base.latents(), f), 0);
    assertArrayEquals(new int[] {0, 1, 2}, r.classes()[1]);
    assertEquals(unseen, r.unseenTestSamples()[1]);
    double[] perClass = r.testAucPerClass()[1];
    assertTrue(Double.isNaN(perClass[2]), "class 2 has no test samples");
    assertEquals((perClass[0] + perClass[1]) / 2, r.testAucPerFactor()[1], 1e-12);
  }

  @Test
  void sameSeedGivesIdenticalResults() {
    LatentCodes train = LearnedCodes.random(300, 3, SIZES, 9);
    LatentCodes test = LearnedCodes.random(200, 3, SIZES, 10);
    ExplicitnessResult a = Explicitness.compute(train, test, 3);
    ExplicitnessResult b = Explicitness.compute(train, test, 3);
    assertEquals(a.explicitness(), b.explicitness(), EXACT);
    assertArrayEquals(a.testAucPerFactor(), b.testAucPerFactor(), EXACT);
    assertArrayEquals(a.trainAucPerFactor(), b.trainAucPerFactor(), EXACT);
  }

  @Test
  void testSetWithOneClassIsRejected() {
    LatentCodes train = LearnedCodes.random(100, 2, new int[] {2}, 11);
    LatentCodes base = LearnedCodes.random(50, 2, new int[] {2}, 12);
    int[][] f = {new int[50]};
    assertRejects(
        () -> Explicitness.compute(train, LatentCodes.of(base.latents(), f), 0),
        "factor 0 (f0)",
        "test ROC-AUC is undefined");
  }

  @Test
  void resultArraysAreCopies() {
    ExplicitnessResult r =
        Explicitness.compute(
            LearnedCodes.random(100, 2, SIZES, 13), LearnedCodes.random(100, 2, SIZES, 14), 0);
    double before = r.testAucPerFactor()[0];
    r.testAucPerFactor()[0] = -1.0;
    r.testAucPerClass()[0][0] = -1.0;
    assertEquals(before, r.testAucPerFactor()[0], EXACT);
    assertTrue(r.testAucPerClass()[0][0] >= 0.0);
  }
}
