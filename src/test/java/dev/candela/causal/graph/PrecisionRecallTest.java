package dev.candela.causal.graph;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PrecisionRecallTest {
  private static final double EXACT = 1e-12;

  @Test
  void perfectBinaryPrediction() {
    // raveled y = [0,1,0,0], s = same. Thresholds 0 and 1: points (P, R) = (1/4, 1), (1, 1),
    // then the end point (1, 0). Area = 0 + 1 * (1 + 1) / 2 = 1.
    int[][] t = {{0, 1}, {0, 0}};
    PrecisionRecall.Result r = PrecisionRecall.aupr(t, t, false);
    assertEquals(1.0, r.aupr(), EXACT);
    assertArrayEquals(new double[] {0.25, 1, 1}, r.precision(), EXACT);
    assertArrayEquals(new double[] {1, 1, 0}, r.recall(), EXACT);
    assertArrayEquals(new double[] {0, 1}, r.thresholds(), EXACT);
  }

  @Test
  void tiedScoresShareOneThreshold() {
    // y = [1,0,1,0], s = [.5,.5,.2,.2]. Threshold .5: tp 1 fp 1; .2: tp 2 fp 2.
    // Points: (0.5, 1), (0.5, 0.5), (1, 0). Area = .5 * (.5 + .5) / 2 + .5 * (.5 + 1) / 2 = 0.625.
    double[][] t = {{1, 0}, {1, 0}};
    double[][] s = {{0.5, 0.5}, {0.2, 0.2}};
    PrecisionRecall.Result r = PrecisionRecall.aupr(t, s, false);
    assertEquals(0.625, r.aupr(), EXACT);
    assertArrayEquals(new double[] {0.5, 0.5, 1}, r.precision(), EXACT);
    assertArrayEquals(new double[] {1, 0.5, 0}, r.recall(), EXACT);
  }

  private static final double[][] TRUTH3 = {{0, 1, 0}, {0, 0, 1}, {0, 0, 0}};
  private static final double[][] PRED3 = {{0, 0.6, 0}, {0.6, 0, 0.4}, {0, 0, 0}};

  @Test
  void weightedScoresWithoutOption() {
    // scores .6 (A->B positive, B->A negative): tp 1 fp 1; .4 (B->C positive): tp 2 fp 1;
    // 0: tp 2 fp 7. Points (2/9, 1), (2/3, 1), (1/2, 1/2), (1, 0).
    // Area = 0 + .5 * (2/3 + 1/2) / 2 + .5 * (1/2 + 1) / 2 = 7/24 + 9/24 = 2/3.
    PrecisionRecall.Result r = PrecisionRecall.aupr(TRUTH3, PRED3, false);
    assertEquals(2.0 / 3.0, r.aupr(), EXACT);
    assertArrayEquals(new double[] {2.0 / 9, 2.0 / 3, 0.5, 1}, r.precision(), EXACT);
  }

  @Test
  void lowConfidenceUndirectedDownWeightsSymmetricEntries() {
    // smallest non-zero .4 -> factor min(.2, .1) = .1; A->B and B->A (equal) become .06, zeros
    // and the diagonal stay 0, B->C stays .4. Thresholds .4: tp 1 fp 0; .06: tp 2 fp 1;
    // 0: tp 2 fp 7. Points (2/9, 1), (2/3, 1), (1, 1/2), (1, 0).
    // Area = 0 + .5 * (2/3 + 1) / 2 + .5 * (1 + 1) / 2 = 5/12 + 1/2 = 11/12.
    PrecisionRecall.Result r = PrecisionRecall.aupr(TRUTH3, PRED3, true);
    assertEquals(11.0 / 12.0, r.aupr(), EXACT);
    assertArrayEquals(new double[] {0, 0.06, 0.4}, r.thresholds(), EXACT);
  }

  @Test
  void noPositivesGivesRecallOneLikeSklearn() {
    // y all 0; one threshold (0): precision 0, recall set to 1; end (1, 0). Area = 1 * (0+1)/2.
    PrecisionRecall.Result r = PrecisionRecall.aupr(new int[2][2], new int[2][2], false);
    assertEquals(0.5, r.aupr(), EXACT);
  }

  @Test
  void shapeMismatchNamesBothShapes() {
    assertRejects(
        () -> PrecisionRecall.aupr(new double[2][2], new double[3][3], false), "2x2", "3x3");
  }
}
