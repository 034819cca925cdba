package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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
    assertEquals(List.of(0, 1, 2), r.classes().get(1));
    assertEquals(List.of(0, 0), r.unseenTestSamples());
  }

  @Test
  void randomCodeIsAtChance() {
    ExplicitnessResult r =
        Explicitness.compute(
            LearnedCodes.random(N_TRAIN, 3, SIZES, 3), LearnedCodes.random(N_TEST, 3, SIZES, 4), 0);
    assertEquals(0.5, r.explicitness(), CHANCE_TOLERANCE);
    for (double auc : r.testAucPerFactor().toArray()) {
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
      double[] perClass = r.testAucPerClass().row(k).toArray();
      double mean = 0.0;
      for (double a : perClass) {
        mean += a / perClass.length;
      }
      assertEquals(mean, r.testAucPerFactor().get(k), 1e-12);
    }
    // binary factor: both one-vs-rest columns rank the same samples, so their AUCs agree
    assertEquals(r.testAucPerClass().get(0, 0), r.testAucPerClass().get(0, 1), 1e-12);
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
    assertEquals(List.of(0, 1, 2), r.classes().get(1));
    assertEquals(unseen, r.unseenTestSamples().get(1));
    double[] perClass = r.testAucPerClass().row(1).toArray();
    assertTrue(Double.isNaN(perClass[2]), "class 2 has no test samples");
    assertEquals((perClass[0] + perClass[1]) / 2, r.testAucPerFactor().get(1), 1e-12);
  }

  @Test
  void sameSeedGivesIdenticalResults() {
    LatentCodes train = LearnedCodes.random(300, 3, SIZES, 9);
    LatentCodes test = LearnedCodes.random(200, 3, SIZES, 10);
    ExplicitnessResult a = Explicitness.compute(train, test, 3);
    ExplicitnessResult b = Explicitness.compute(train, test, 3);
    assertEquals(a.explicitness(), b.explicitness(), EXACT);
    assertArrayEquals(a.testAucPerFactor().toArray(), b.testAucPerFactor().toArray(), EXACT);
    assertArrayEquals(a.trainAucPerFactor().toArray(), b.trainAucPerFactor().toArray(), EXACT);
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
    double before = r.testAucPerFactor().get(0);
    r.testAucPerFactor().toArray()[0] = -1.0;
    r.testAucPerClass().toArray()[0][0] = -1.0;
    assertEquals(before, r.testAucPerFactor().get(0), EXACT);
    assertTrue(r.testAucPerClass().get(0, 0) >= 0.0);
  }
}
