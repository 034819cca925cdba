package dev.candela.cli.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.candela.metrics.cg.FactorProbabilities;
import dev.candela.metrics.cg.LatentDecoder;
import org.junit.jupiter.api.Test;

/** The toy networks give the same numbers on EJML's single- and multi-threaded kernels. */
class DenseToyNetsTest {

  @Test
  void threadingIsAParameterAndDoesNotChangeTheNumbers() throws Exception {
    int[] shape = {1, 8, 8};
    int[] sizes = {3, 4};
    LatentDecoder one = DenseToyNets.decoder(4, 16, shape, 1, false);
    LatentDecoder many = DenseToyNets.decoder(4, 16, shape, 1, true);
    float[][] z = {{0.1f, -0.2f, 0.3f, 0.4f}, {1f, 0f, -1f, 0.5f}};
    float[] a = one.decode(z);
    float[] b = many.decode(z);
    assertEquals(2 * 64, a.length);
    assertArrayEquals(a, b, 1e-5f);
    FactorProbabilities c1 = DenseToyNets.classifier(64, 16, sizes, 2, false);
    FactorProbabilities c2 = DenseToyNets.classifier(64, 16, sizes, 2, true);
    float[][][] p = c1.probabilities(a, 2);
    float[][][] q = c2.probabilities(b, 2);
    for (int f = 0; f < sizes.length; f++) {
      for (int i = 0; i < 2; i++) {
        assertEquals(sizes[f], p[f][i].length);
        assertArrayEquals(p[f][i], q[f][i], 1e-5f);
      }
    }
    assertEquals(4L * 16 + 16L * 64 + 64L * 16 + 16L * 7, DenseToyNets.macsPerImage(4, 16, 64, 7));
  }
}
