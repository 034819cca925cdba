package dev.candela.metrics.stats;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.metrics.Fixtures;
import org.junit.jupiter.api.Test;

class DiscreteMutualInfoTest {

  /** Closed forms agree with the plug-in sum up to a few ulps. */
  private static final double TIGHT = 1e-15;

  /** numpy re-implementation of sklearn's formula, pasted to 16 digits. */
  private static final double NUMPY = 1e-13;

  @Test
  void identicalBinaryLabelsShareLog2() {
    int[] a = {0, 0, 1, 1};
    assertEquals(Math.log(2), DiscreteMutualInfo.mutualInformation(a, a), TIGHT);
    assertEquals(Math.log(2), DiscreteMutualInfo.entropy(a), TIGHT);
  }

  @Test
  void independentLabelsHaveZeroInformation() {
    assertEquals(
        0.0,
        DiscreteMutualInfo.mutualInformation(new int[] {0, 0, 1, 1}, new int[] {0, 1, 0, 1}),
        0.0);
  }

  @Test
  void handComputedContingency() {
    // Cells (0,0)=1, (0,1)=1, (1,1)=2; rows 2,2; columns 1,3; N = 4:
    // MI = 1/4 ln(4/2) + 1/4 ln(4/6) + 2/4 ln(8/6).
    double expected = 0.25 * Math.log(2) + 0.25 * Math.log(2.0 / 3) + 0.5 * Math.log(4.0 / 3);
    assertEquals(
        expected,
        DiscreteMutualInfo.mutualInformation(new int[] {0, 0, 1, 1}, new int[] {0, 1, 1, 1}),
        TIGHT);
    // Only equality matters: relabelling changes nothing.
    assertEquals(
        expected,
        DiscreteMutualInfo.mutualInformation(new int[] {7, 7, -3, -3}, new int[] {5, 9, 9, 9}),
        TIGHT);
  }

  @Test
  void entropyOfSkewedLabels() {
    double expected = -(0.75 * Math.log(0.75) + 0.25 * Math.log(0.25));
    assertEquals(expected, DiscreteMutualInfo.entropy(new int[] {0, 0, 0, 1}), TIGHT);
    assertEquals(0.0, DiscreteMutualInfo.entropy(new int[] {4, 4, 4}), 0.0);
  }

  @Test
  void sparseLargeLabelsUseTheSortingPath() {
    int[] a = {0, 1_000_000_000, 0, 1_000_000_000};
    int[] b = {5, -2_000_000_000, 5, -2_000_000_000};
    assertEquals(Math.log(2), DiscreteMutualInfo.mutualInformation(a, b), TIGHT);
  }

  @Test
  void latentFactorMatrixMatchesNumpyOnRandomData() {
    dev.candela.metrics.LatentCodes r60 = Fixtures.random60();
    double[][] m = DiscreteMutualInfo.latentFactorMatrix(r60.latents(), r60.factors(), 20);
    double[][] numpy = {
      {0.5186194352645499, 0.4974725008152454, 1.7686481899069486},
      {0.4797917516158636, 0.4741826119398473, 1.833268315030396},
      {0.30504367936972676, 0.4873312890125917, 1.7365557632363293},
      {0.40808791585932513, 1.2412256685895156, 1.8252158961033387}
    };
    for (int j = 0; j < 4; j++) {
      for (int f = 0; f < 3; f++) {
        assertEquals(numpy[j][f], m[j][f], NUMPY, "MI[" + j + "][" + f + "]");
      }
    }
    double[] h = DiscreteMutualInfo.factorEntropies(Fixtures.random60().factors());
    double[] numpyH = {1.0952733774372048, 1.3787014135508053, 3.0237667912614077};
    for (int f = 0; f < 3; f++) {
      assertEquals(numpyH[f], h[f], NUMPY);
    }
  }

  @Test
  void lengthMismatchNamesBothLengths() {
    assertRejects(
        () -> DiscreteMutualInfo.mutualInformation(new int[] {0, 1}, new int[] {0, 1, 1}),
        "2 and 3");
  }

  @Test
  void theOnePassMatrixEqualsMutualInformationPerPair() {
    // more rows than one chunk of the pass, not a multiple of it; a factor with an absent code
    java.util.Random r = new java.util.Random(11);
    int n = 10_001;
    float[][] latents = new float[3][n];
    int[][] factors = new int[2][n];
    for (int i = 0; i < n; i++) {
      factors[0][i] = r.nextInt(4);
      factors[1][i] = 2 * r.nextInt(3);
      latents[0][i] = (float) (factors[0][i] + 0.3 * r.nextGaussian());
      latents[1][i] = (float) r.nextGaussian();
      latents[2][i] = i % 5 == 0 ? 1f : 0f;
    }
    double[][] m = DiscreteMutualInfo.latentFactorMatrix(latents, factors, 20);
    for (int j = 0; j < 3; j++) {
      int[] bins = new int[n];
      HistogramDiscretizer.assign(latents[j], HistogramDiscretizer.edges(latents[j], 20), 20, bins);
      for (int f = 0; f < 2; f++) {
        assertEquals(
            DiscreteMutualInfo.mutualInformation(factors[f], bins), m[j][f], 0.0, j + "," + f);
      }
    }
  }
}
