package dev.candela.causal.distance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TransportLpTest {
  @Test
  void linearProgramFindsTheAssignmentOptimum() {
    SplittableRandom r = new SplittableRandom(3);
    for (int rep = 0; rep < 5; rep++) {
      int k = 6 + rep;
      double[][] a = new double[k][2];
      double[][] b = new double[k][2];
      for (int i = 0; i < k; i++) {
        a[i] = new double[] {r.nextGaussian(), r.nextGaussian()};
        b[i] = new double[] {r.nextGaussian() + 1, r.nextGaussian()};
      }
      assertEquals(Wasserstein.assignment(a, b), TransportLp.w1(a, b), 1e-7);
    }
  }
}
