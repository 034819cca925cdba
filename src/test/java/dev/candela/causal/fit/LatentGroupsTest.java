package dev.candela.causal.fit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.candela.causal.graph.Dag;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** One-to-one groups, the correlation ratio, levels and the BIC structure search. */
class LatentGroupsTest {
  private static final double EXACT = 1e-12;

  @Test
  void oneToOneNeverSharesEvenWhenOneLatentIsBestForEveryFactor() {
    // Latent 0 has the largest IRS for both factors; top-1 per factor would give both latent 0.
    double[][] irs = {{0.9, 0.8}, {0.5, 0.1}, {0.1, 0.6}};
    int[][] g = LatentGroups.oneToOne(irs, new int[] {0, 2, 5}, new int[] {0, 1}, 1);
    // Best total: factor 0 -> latent 0 (0.9) + factor 1 -> latent 5 (0.6) = 1.5 > 0.8 + 0.5.
    assertArrayEquals(new int[] {0}, g[0]);
    assertArrayEquals(new int[] {5}, g[1]);
    assertEquals(
        List.of("a and b share latent z0"),
        LatentGroups.sharing(new int[][] {{0}, {0}}, List.of("a", "b"), List.of("z0", "z1")));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> LatentGroups.oneToOne(irs, new int[] {0, 2, 5}, new int[] {0, 1}, 2));
    assertEquals(
        "2 factors × 2 latents each need 4 distinct latents, but only 3 are active"
            + " (non-constant)",
        e.getMessage());
  }

  @Test
  void correlationRatioAndLevelsByHand() {
    double[] z = {1, 3, 10, 12};
    int[] codes = {0, 0, 1, 1};
    // Means 2 and 11, grand mean 6.5: between 2·4.5² + 2·4.5² = 81; total 5.5²+3.5²+3.5²+5.5² = 85.
    assertEquals(81.0 / 85, LatentGroups.correlationRatio(z, codes, 2), EXACT);
    assertArrayEquals(new double[] {2, 11, Double.NaN}, LatentGroups.levels(z, codes, 3), EXACT);
    assertEquals(1.0 / 3, LatentGroups.chanceCorrelationRatio(codes, 3), EXACT);
    // Relabelling the codes changes nothing.
    assertEquals(
        LatentGroups.correlationRatio(z, codes, 2),
        LatentGroups.correlationRatio(z, new int[] {1, 1, 0, 0}, 2),
        EXACT);
  }

  @Test
  void bicSearchRecoversAChainSkeletonAndAColliderOrientation() {
    SplittableRandom r = new SplittableRandom(3);
    int n = 2000;
    double[][] chain = new double[n][3];
    double[][] collider = new double[n][3];
    for (int i = 0; i < n; i++) {
      double x = r.nextGaussian();
      double y = 0.9 * x + 0.5 * r.nextGaussian();
      chain[i] = new double[] {x, y, -0.8 * y + 0.5 * r.nextGaussian()};
      double a = r.nextGaussian();
      double b = r.nextGaussian();
      collider[i] = new double[] {a, b, a + b + 0.5 * r.nextGaussian()};
    }
    Dag c = GaussianBicSearch.learn(List.of("X", "Y", "Z"), chain);
    assertEquals(2, c.edgeCount());
    assertTrue(c.hasEdge(0, 1) || c.hasEdge(1, 0));
    assertTrue(c.hasEdge(1, 2) || c.hasEdge(2, 1));
    Dag v = GaussianBicSearch.learn(List.of("A", "B", "C"), collider);
    assertEquals(List.of("A", "B"), v.parents("C").stream().sorted().toList());
    assertEquals(2, v.edgeCount());
  }
}
