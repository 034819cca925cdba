package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The 1-D and dropped-constant-column paths of {@link Wasserstein} agree with the assignment. */
class WassersteinFastPathTest {
  /** Relative agreement of two exact optima computed by different algorithms. */
  private static final double SAME_OPTIMUM = 1e-9;

  @Property(tries = 20)
  void sharedConstantColumnGivesTheAssignmentOptimum(
      @ForAll @IntRange(min = 2, max = 40) int k, @ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double c = r.nextGaussian();
    double[][] a = new double[k][3];
    double[][] b = new double[k][3];
    for (int i = 0; i < k; i++) {
      a[i] = new double[] {r.nextGaussian(), c, r.nextGaussian()};
      b[i] = new double[] {1 + 2 * r.nextGaussian(), c, r.nextGaussian()};
    }
    double fast = new Wasserstein().between(a, b);
    assertEquals(Wasserstein.assignment(a, b), fast, SAME_OPTIMUM * (1 + fast));
    for (int i = 0; i < k; i++) {
      a[i][2] = -1;
      b[i][2] = -1;
    }
    // Two constant columns: a 1-D problem, solved by sorting.
    fast = new Wasserstein().between(a, b);
    assertEquals(Wasserstein.assignment(a, b), fast, SAME_OPTIMUM * (1 + fast));
  }

  @Test
  void sortedMatchingByHand() {
    // Column 0 is the same constant; column 1: {0, 3} vs {1, 1}: sorted matching |0-1| + |3-1|.
    double[][] a = {{5, 0}, {5, 3}};
    double[][] b = {{5, 1}, {5, 1}};
    assertEquals(1.5, new Wasserstein().between(a, b), 1e-15);
    // Different constants are not dropped: sqrt(1 + 1) and sqrt(1 + 4).
    double[][] c = {{6, 1}, {6, 1}};
    assertEquals((Math.sqrt(2) + Math.sqrt(5)) / 2, new Wasserstein().between(a, c), 1e-15);
  }
}
