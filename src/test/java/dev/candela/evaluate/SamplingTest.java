package dev.candela.evaluate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The sampling gives distinct, increasing, in-range, seeded indices. */
class SamplingTest {

  @Test
  void shuffledIsDistinctIncreasingAndSeeded() {
    for (long size : new long[] {10, 1000, 5_000_000}) {
      long[] a = Sampling.shuffled(size, 10, 7);
      assertEquals(10, a.length);
      for (int i = 1; i < a.length; i++) {
        assertTrue(a[i - 1] < a[i], Arrays.toString(a));
      }
      assertTrue(a[0] >= 0 && a[a.length - 1] < size);
      assertArrayEquals(a, Sampling.shuffled(size, 10, 7));
    }
  }

  @Test
  void rowsSharesTheSelectedRows() {
    float[][] z = {{0f}, {1f}, {2f}};
    float[][] r = Sampling.rows(z, new long[] {2, 0});
    assertTrue(r[0] == z[2] && r[1] == z[0]);
  }
}
