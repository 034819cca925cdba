package dev.candela.metrics;

import static dev.candela.MessageAssertions.assertRejects;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** D and C from a given importance matrix, against values worked out by hand. */
class DciScoresTest {

  /** Agreement with hand values; the 1e-11 smoothing moves results by well under this. */
  private static final double HAND = 1e-9;

  private static final double EXACT = 1e-12;

  @Test
  void diagonalMatrixIsFullyDisentangledAndComplete() {
    DciScores s = Dci.scores(new double[][] {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    assertEquals(1.0, s.disentanglement(), HAND);
    assertEquals(1.0, s.completeness(), HAND);
    assertArrayEquals(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, s.latentWeights().toArray(), EXACT);
  }

  @Test
  void uniformMatrixScoresZero() {
    DciScores s = Dci.scores(new double[][] {{0.5, 0.5}, {0.5, 0.5}});
    assertEquals(0.0, s.disentanglement(), EXACT);
    assertEquals(0.0, s.completeness(), EXACT);
  }

  @Test
  void handWorkedTwoByTwo() {
    // rows: (1, 0) -> D_0 = 1; (0.5, 0.5) -> D_1 = 0; rho = (1/2, 1/2) -> D = 1/2.
    // columns: (1, 0.5)/1.5 -> C_0 = 1 - H2(2/3, 1/3); (0, 0.5) -> C_1 = 1; w = (3/4, 1/4).
    DciScores s = Dci.scores(new double[][] {{1.0, 0.0}, {0.5, 0.5}});
    double h = -(2.0 / 3 * Math.log(2.0 / 3) + 1.0 / 3 * Math.log(1.0 / 3)) / Math.log(2);
    assertEquals(0.5, s.disentanglement(), HAND);
    assertEquals(0.75 * (1 - h) + 0.25, s.completeness(), HAND);
    assertArrayEquals(new double[] {1.0, 0.0}, s.disentanglementPerLatent().toArray(), HAND);
    assertArrayEquals(new double[] {1 - h, 1.0}, s.completenessPerFactor().toArray(), HAND);
    assertArrayEquals(new double[] {0.75, 0.25}, s.factorWeights().toArray(), EXACT);
  }

  @Test
  void threeLatentsTwoFactorsUseTheRightEntropyBases() {
    // D uses base K = 2 over each row, C uses base L = 3 over each column.
    double[][] r = {{0.2, 0.1}, {0.3, 0.6}, {0.5, 0.3}};
    DciScores s = Dci.scores(r);
    double total = 2.0;
    double d = 0.0;
    for (double[] row : r) {
      double sum = row[0] + row[1];
      double h = 0.0;
      for (double v : row) {
        h -= v / sum * Math.log(v / sum);
      }
      d += sum / total * (1 - h / Math.log(2));
    }
    double c = 0.0;
    for (int k = 0; k < 2; k++) {
      double sum = r[0][k] + r[1][k] + r[2][k];
      double h = 0.0;
      for (double[] row : r) {
        h -= row[k] / sum * Math.log(row[k] / sum);
      }
      c += sum / total * (1 - h / Math.log(3));
    }
    assertEquals(d, s.disentanglement(), HAND);
    assertEquals(c, s.completeness(), HAND);
    // values from the reference formula evaluated independently in numpy/scipy
    assertEquals(0.06724889839306578, s.disentanglement(), HAND);
    assertEquals(0.12271200731075599, s.completeness(), HAND);
  }

  @Test
  void allZeroMatrixUsesUniformWeightsAndScoresZero() {
    DciScores s = Dci.scores(new double[][] {{0, 0}, {0, 0}});
    assertEquals(0.0, s.disentanglement(), EXACT);
    assertEquals(0.0, s.completeness(), EXACT);
    assertArrayEquals(new double[] {0.5, 0.5}, s.latentWeights().toArray(), EXACT);
  }

  @Test
  void singleFactorCountsAsDisentangled() {
    DciScores s = Dci.scores(new double[][] {{0.7}, {0.3}});
    assertEquals(1.0, s.disentanglement(), EXACT);
    double h = -(0.7 * Math.log(0.7) + 0.3 * Math.log(0.3)) / Math.log(2);
    assertEquals(1 - h, s.completeness(), HAND);
  }

  @Test
  void rejectsNegativeNonFiniteRaggedAndEmptyMatrices() {
    IllegalArgumentException e =
        assertRejects(() -> Dci.scores(new double[][] {{0.1, -0.2}}), "importance[0][1] = -0.2");
    e =
        assertThrows(
            IllegalArgumentException.class, () -> Dci.scores(new double[][] {{Double.NaN}}));
    assertTrue(e.getMessage().contains("NaN"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> Dci.scores(new double[][] {{0.1, 0.2}, {0.3}}));
    assertTrue(e.getMessage().contains("row 1 has 1 entries, row 0 has 2"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Dci.scores(new double[0][]));
    assertTrue(e.getMessage().contains("empty"), e.getMessage());
  }

  @Property(tries = 100)
  void disentanglementAndCompletenessAreInvariantToPermutingLatents(
      @ForAll @IntRange(min = 2, max = 8) int latents,
      @ForAll @IntRange(min = 1, max = 5) int factors,
      @ForAll long seed) {
    Random r = new Random(seed);
    double[][] m = new double[latents][factors];
    for (double[] row : m) {
      for (int k = 0; k < factors; k++) {
        row[k] = r.nextDouble() < 0.3 ? 0.0 : r.nextDouble();
      }
    }
    List<double[]> rows = new ArrayList<>(List.of(m));
    Collections.shuffle(rows, r);
    DciScores a = Dci.scores(m);
    DciScores b = Dci.scores(rows.toArray(new double[0][]));
    assertEquals(a.disentanglement(), b.disentanglement(), EXACT);
    assertEquals(a.completeness(), b.completeness(), EXACT);
    assertTrue(a.disentanglement() >= -EXACT && a.disentanglement() <= 1 + EXACT);
    assertTrue(a.completeness() >= -EXACT && a.completeness() <= 1 + EXACT);
  }
}
