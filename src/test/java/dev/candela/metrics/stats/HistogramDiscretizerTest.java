package dev.candela.metrics.stats;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Edges and codes pasted from numpy 2.4.6: {@code np.histogram(x, bins)[1]} and {@code
 * np.digitize(x, edges[:-1]) - 1}.
 */
class HistogramDiscretizerTest {

  /** Edges must equal numpy's bit for bit (same evaluation order). */
  private static final double EXACT = 0.0;

  @Test
  void quarterBinsWithValuesOnEdges() {
    double[] x = {0.0, 0.1, 0.25, 0.5, 0.99, 1.0};
    assertArrayEquals(
        new double[] {0.0, 0.25, 0.5, 0.75, 1.0}, HistogramDiscretizer.edges(x, 4), EXACT);
    // A value on an inner edge goes to the bin on its right; the maximum to the last bin.
    assertArrayEquals(new int[] {0, 0, 1, 2, 3, 3}, HistogramDiscretizer.discretize(x, 4));
  }

  @Test
  void twentyBinsRoundingOfEdgesMatchesNumpy() {
    double[] x = {-1.3, 2.7, 0.4, 0.4, 2.6999, -1.2999};
    double[] numpyEdges = {
      -1.3,
      -1.1,
      -0.9,
      -0.7,
      -0.5,
      -0.30000000000000004,
      -0.09999999999999987,
      0.10000000000000009,
      0.30000000000000004,
      0.5,
      0.7,
      0.9000000000000001,
      1.1000000000000003,
      1.3,
      1.5000000000000002,
      1.7,
      1.9000000000000001,
      2.1000000000000005,
      2.3,
      2.5,
      2.7
    };
    assertArrayEquals(numpyEdges, HistogramDiscretizer.edges(x, 20), EXACT);
    assertArrayEquals(new int[] {0, 19, 8, 8, 19, 0}, HistogramDiscretizer.discretize(x, 20));
  }

  @Test
  void constantInputUsesRangeMinusHalfToPlusHalf() {
    double[] x = {3.0, 3.0, 3.0};
    double[] e = HistogramDiscretizer.edges(x, 20);
    assertArrayEquals(new double[] {2.5, 3.5}, new double[] {e[0], e[20]}, EXACT);
    // numpy: digitize code 11 for all, i.e. 0-based 10.
    assertArrayEquals(new int[] {10, 10, 10}, HistogramDiscretizer.discretize(x, 20));
  }

  @Test
  void threeBins() {
    assertArrayEquals(
        new int[] {0, 2, 1}, HistogramDiscretizer.discretize(new double[] {0.1, 0.7, 0.3}, 3));
  }

  @Test
  void integerCodes() {
    int[] forty = new int[40];
    int[] expected = new int[40];
    for (int i = 0; i < 40; i++) {
      forty[i] = i;
      expected[i] = i / 2; // numpy: 40 codes into 20 bins pair up
    }
    assertArrayEquals(expected, HistogramDiscretizer.discretize(forty, 20));
    assertArrayEquals(
        new int[] {0, 1, 1, 3}, HistogramDiscretizer.discretize(new int[] {2, 5, 5, 9}, 4));
  }

  @Test
  void twentyConsecutiveIntegersKeepTheirGroupingButTwentyOneDoNot() {
    int[] twenty = new int[20];
    for (int i = 0; i < 20; i++) {
      twenty[i] = i + 3;
    }
    int[] codes = HistogramDiscretizer.discretize(twenty, 20);
    for (int i = 0; i < 20; i++) {
      assertTrue(codes[i] == i, "code of " + twenty[i] + " is " + codes[i]);
    }
    int[] twentyOne = new int[21];
    for (int i = 0; i < 21; i++) {
      twentyOne[i] = i;
    }
    // numpy 2.4.6: [0, 1, ..., 19, 19]: values 19 and 20 share the last bin.
    int[] merged = HistogramDiscretizer.discretize(twentyOne, 20);
    assertTrue(merged[19] == 19 && merged[20] == 19, "21 values must merge the last two");
  }

  @Test
  void badBinCountNamesTheValue() {
    assertRejects(() -> HistogramDiscretizer.discretize(new double[] {1, 2}, 0), "got 0");
  }
}
