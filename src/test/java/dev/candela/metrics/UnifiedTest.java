package dev.candela.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The unified scores ({@link Unified}): hand-computed, by construction, properties, bad input. */
class UnifiedTest {
  /** Sums of a few doubles computed in another order. */
  private static final double EXACT = 1e-12;

  /** DCI's 10⁻¹¹ added to every entry moves D and C of a diagonal matrix by about 10⁻⁹. */
  private static final double DCI_EPSILON = 1e-8;

  private static final double[][] SMALL = {{0.9, 0.1}, {0.0, 0.5}, {0.2, 0.0}};

  @Test
  void precisionCurveOfASmallMatrixByHand() {
    // thresholds 0.9, 0.5, 0.2, 0.1, 0, 0: components 1, 2, 2 (latent 2 joins factor 0), 1 (latent
    // 0 joins both factors), 1, 1 (zeros are no edges)
    PrecisionCurve c = Unified.precisionCurve(SMALL);
    assertArrayEquals(new double[] {0.9, 0.5, 0.2, 0.1, 0, 0}, c.thresholds().toArray());
    assertEquals(List.of(1, 2, 2, 1, 1, 1), c.precisions());
    assertEquals(1.5 * 0.4 + 2 * 0.3 + 1.5 * 0.1 + 1 * 0.1, c.area(), EXACT);
    assertEquals(2, c.max());
  }

  @Test
  void aggregationsOfASmallMatrixByHand() {
    double[] h = {Math.log(2), Math.log(4)};
    UnifiedMatrixScores s = Unified.aggregate("m", SMALL, h);
    assertEquals((0.7 + 0.4) / 2, s.sap(), EXACT);
    assertArrayEquals(new double[] {0.7, 0.4}, s.sapPerFactor().toArray(), EXACT);
    assertEquals((0.7 / Math.log(2) + 0.4 / Math.log(4)) / 2, s.mig(), EXACT);
    // latent 0: 1 − 0.01 / 0.81; latents 1 and 2 have one non-zero entry: 1
    assertArrayEquals(
        new double[] {1 - 0.01 / 0.81, 1, 1}, s.modularityPerLatent().toArray(), EXACT);
    assertEquals((3 - 0.01 / 0.81) / 3, s.modularity(), EXACT);
    DciScores dci = Dci.scores(SMALL);
    assertEquals(dci.disentanglement(), s.score("dci_disentanglement"), 0);
    assertEquals(dci.completeness(), s.score("dci_completeness"), 0);
    assertEquals(1.45, s.score("area_precision"), EXACT);
    assertEquals(2, s.score("max_precision"), 0);
  }

  @Test
  void aDiagonalMatrixIsPerfectlyDisentangledByConstruction() {
    double[] d = {0.8, 0.5, 0.3};
    double[][] m = new double[4][3]; // latent 3 carries nothing
    for (int k = 0; k < 3; k++) {
      m[k][k] = d[k];
    }
    double[] h = {1, 2, 0.5};
    UnifiedMatrixScores s = Unified.aggregate("diag", m, h);
    assertEquals(1, s.dci().disentanglement(), DCI_EPSILON);
    assertEquals(1, s.dci().completeness(), DCI_EPSILON);
    assertEquals((0.8 + 0.5 + 0.3) / 3, s.sap(), EXACT);
    assertEquals((0.8 / 1 + 0.5 / 2 + 0.3 / 0.5) / 3, s.mig(), EXACT);
    // three informative latents score 1, the empty one 0
    assertEquals(0.75, s.modularity(), EXACT);
    assertEquals(3, s.precision().max());
    // p = 1 on [0.5, 0.8), 2 on [0.3, 0.5), 3 on [0, 0.3)
    assertEquals(1.5 * 0.3 + 2.5 * 0.2 + 3 * 0.3, s.precision().area(), EXACT);
  }

  @Test
  void disentangledCodesScoreNearOneOnEveryMatrix() {
    SplittableRandom rng = new SplittableRandom(3);
    int n = 1500;
    int[] sizes = {3, 4, 5};
    float[][] z = new float[4][n];
    int[][] f = new int[3][n];
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 3; k++) {
        f[k][i] = rng.nextInt(sizes[k]);
        z[k][i] = (float) (f[k][i] + 0.05 * (rng.nextDouble() - 0.5));
      }
      z[3][i] = (float) rng.nextDouble();
    }
    LatentCodes all = LatentCodes.of(z, f);
    int[] tr = new int[1000];
    int[] te = new int[500];
    java.util.Arrays.setAll(tr, i -> i);
    java.util.Arrays.setAll(te, i -> 1000 + i);
    UnifiedResult r = Unified.compute(all.rows(tr), all.rows(te), 0);
    Map<String, Double> s = r.scores();
    assertEquals(21, s.size());
    for (String m : Unified.MATRICES) {
      assertEquals(3.0, s.get("unified." + m + ".max_precision"), 0, m);
    }
    assertTrue(s.get("unified.gbt.dci_disentanglement") > 0.95, s.toString());
    assertTrue(s.get("unified.gbt.dci_completeness") > 0.95, s.toString());
    assertTrue(s.get("unified.mi.mig") > 0.9, s.toString());
    // the noise latent's small plug-in MI with every factor pulls the mean below 1
    assertTrue(s.get("unified.mi.modularity") > 0.9, s.toString());
    assertEquals(1, s.get("unified.gbt.sap"), DCI_EPSILON);
    // each factor is read perfectly from its own latent, at chance from the others
    assertTrue(s.get("unified.svm.sap") > 0.4, s.toString());
  }

  /** p(t) counted by a plain search of the graph, independently of the union-find. */
  private static int components(double[][] m, double t) {
    int l = m.length;
    int k = m[0].length;
    int[] label = new int[l + k];
    java.util.Arrays.fill(label, -1);
    int count = 0;
    for (int start = 0; start < l; start++) {
      if (label[start] >= 0) {
        continue;
      }
      List<Integer> stack = new ArrayList<>(List.of(start));
      label[start] = start;
      int size = 0;
      while (!stack.isEmpty()) {
        int v = stack.remove(stack.size() - 1);
        size++;
        for (int u = 0; u < l + k; u++) {
          boolean edge =
              v < l && u >= l
                  ? m[v][u - l] >= t && m[v][u - l] != 0
                  : v >= l && u < l && m[u][v - l] >= t && m[u][v - l] != 0;
          if (edge && label[u] < 0) {
            label[u] = start;
            stack.add(u);
          }
        }
      }
      if (size > 1) {
        count++;
      }
    }
    return count;
  }

  @Test
  void precisionCurveMatchesAPlainGraphSearchWithTiesAndZeros() {
    SplittableRandom rng = new SplittableRandom(11);
    for (int rep = 0; rep < 50; rep++) {
      int l = 2 + rng.nextInt(6);
      int k = 1 + rng.nextInt(5);
      double[][] m = new double[l][k];
      for (double[] row : m) {
        for (int f = 0; f < k; f++) {
          // a coarse grid: ties and zeros
          row[f] = rng.nextInt(5) / 4.0;
        }
      }
      PrecisionCurve c = Unified.precisionCurve(m);
      double[] t = c.thresholds().toArray();
      for (int i = 0; i < t.length; i++) {
        assertEquals(components(m, t[i]), c.precisions().get(i), "rep " + rep + " i " + i);
        if (i > 0) {
          assertTrue(t[i] <= t[i - 1]);
        }
      }
    }
  }

  @Test
  void scoresDoNotDependOnTheLatentsOrderAndScaleAsTheyShould() {
    SplittableRandom rng = new SplittableRandom(5);
    for (int rep = 0; rep < 20; rep++) {
      int l = 2 + rng.nextInt(6);
      int k = 1 + rng.nextInt(4);
      double[][] m = new double[l][k];
      double[] h = new double[k];
      for (int f = 0; f < k; f++) {
        h[f] = 0.2 + rng.nextDouble();
        for (int j = 0; j < l; j++) {
          m[j][f] = rng.nextDouble() < 0.3 ? 0 : rng.nextDouble();
        }
      }
      double[][] reversed = new double[l][];
      double[][] scaled = new double[l][k];
      for (int j = 0; j < l; j++) {
        reversed[j] = m[l - 1 - j].clone();
        for (int f = 0; f < k; f++) {
          scaled[j][f] = 3 * m[j][f];
        }
      }
      UnifiedMatrixScores a = Unified.aggregate("a", m, h);
      UnifiedMatrixScores b = Unified.aggregate("b", reversed, h);
      UnifiedMatrixScores c = Unified.aggregate("c", scaled, h);
      for (String agg : Unified.AGGREGATIONS) {
        assertEquals(a.score(agg), b.score(agg), EXACT, agg);
      }
      assertEquals(3 * a.precision().area(), c.precision().area(), EXACT);
      assertEquals(a.precision().max(), c.precision().max());
      assertEquals(3 * a.sap(), c.sap(), EXACT);
      assertEquals(a.modularity(), c.modularity(), EXACT);
      assertTrue(a.precision().max() <= Math.min(l, k));
    }
  }

  @Test
  void aFactorWithOneValueIsRefusedByName() {
    float[][] z = {{0, 1, 2, 3}, {1, 0, 1, 0}};
    int[][] f = {{0, 1, 0, 1}, {2, 2, 2, 2}};
    LatentCodes c = LatentCodes.of(z, f);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Unified.compute(c, c, 0));
    assertTrue(e.getMessage().contains("has the single value 2"), e.getMessage());
  }

  @Test
  void oneLatentIsRefusedWithItsCount() {
    LatentCodes c = LatentCodes.of(new float[][] {{0, 1, 2, 3}}, new int[][] {{0, 1, 0, 1}});
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Unified.compute(c, c, 0));
    assertTrue(e.getMessage().contains("at least two latents to compare, got 1"), e.getMessage());
  }

  @Test
  void nonFiniteEntriesAndZeroEntropyAreRefusedWithTheValue() {
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> Unified.precisionCurve(new double[][] {{0.1, Double.NaN}}));
    assertTrue(nan.getMessage().contains("matrix[0][1] = NaN"), nan.getMessage());
    IllegalArgumentException h =
        assertThrows(
            IllegalArgumentException.class,
            () -> Unified.aggregate("m", SMALL, new double[] {1, 0}));
    assertTrue(h.getMessage().contains("factor 1 has entropy 0.0"), h.getMessage());
  }

  @Test
  void theMiKeysAreTheAggregationsOfTheMatrixTheyAreGiven() {
    double[] h = {Math.log(2), Math.log(4)};
    CodeMetric.Scored s = new UnifiedMiMetric().fromMutualInformation(SMALL, h, 20);
    UnifiedMatrixScores direct = Unified.aggregate("mi", SMALL, h);
    assertEquals(7, s.scores().size());
    for (String a : Unified.AGGREGATIONS) {
      assertEquals(direct.score(a), s.scores().get("unified.mi." + a), 0, a);
    }
  }

  @Test
  void theFamilyIsOptInAndItsKeysAreTheScoresKeys() {
    assertTrue(Metric.UNIFIED.optIn());
    assertFalse(Metric.codeDefaults().contains(Metric.UNIFIED));
    assertFalse(Metric.evaluationDefaults().contains(Metric.UNIFIED));
    assertTrue(Metric.fromCodeTable().contains(Metric.UNIFIED));
    UnifiedMetric m = new UnifiedMetric();
    List<String> keys = m.keys(null);
    assertEquals(14, keys.size());
    assertEquals("unified.gbt.dci_disentanglement", keys.get(0));
    assertEquals("unified.svm.max_precision", keys.get(13));
    UnifiedMiMetric mi = new UnifiedMiMetric();
    assertEquals(7, mi.keys(null).size());
    assertEquals("unified.mi.dci_disentanglement", mi.keys(null).get(0));
    assertEquals(1, mi.upperBound("unified.mi.mig"));
    assertEquals(Double.POSITIVE_INFINITY, mi.upperBound("unified.mi.sap"));
    assertEquals(Double.POSITIVE_INFINITY, m.upperBound("unified.gbt.area_precision"));
    assertEquals(1, m.upperBound("unified.svm.sap"));
    assertThrows(
        IllegalArgumentException.class,
        () -> Unified.aggregate("m", SMALL, new double[] {1, 1}).score("dci"));
  }
}
