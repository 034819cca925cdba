package dev.candela.evaluate;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.SplittableRandom;

/**
 * The seeded choices of samples the pipeline makes: {@code m} distinct indices of {@code 0..n-1},
 * increasing, all by {@link #shuffled}: the evaluation samples, the CG subset and the grid samples
 * of {@code evaluate}, and the same draws for {@code counterfactuals} ({@link CgJob}).
 */
public final class Sampling {
  private Sampling() {}

  /**
   * {@code n} distinct indices of {@code 0..size-1}, seeded, increasing: a partial Fisher-Yates
   * shuffle for sizes that fit an array, rejection of repeats for huge ones.
   *
   * @param size the population size
   * @param n how many ({@code <= size})
   * @param seed the seed
   * @return the sorted indices
   */
  public static long[] shuffled(long size, int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    long[] out;
    if (size <= 4L * n || size <= Integer.MAX_VALUE / 2 && size <= 2_000_000) {
      int m = Math.toIntExact(size);
      int[] perm = new int[m];
      for (int i = 0; i < m; i++) {
        perm[i] = i;
      }
      for (int i = 0; i < n; i++) {
        int j = i + rng.nextInt(m - i);
        int t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
      }
      out = new long[n];
      for (int i = 0; i < n; i++) {
        out[i] = perm[i];
      }
    } else {
      LinkedHashSet<Long> set = new LinkedHashSet<>();
      while (set.size() < n) {
        set.add(rng.nextLong(size));
      }
      out = set.stream().mapToLong(Long::longValue).toArray();
    }
    Arrays.sort(out);
    return out;
  }

  /**
   * The rows of {@code z} at the given positions (shared, not copied).
   *
   * @param z rows
   * @param pos positions into {@code z}
   * @return the selected rows
   */
  public static float[][] rows(float[][] z, long[] pos) {
    float[][] out = new float[pos.length][];
    for (int k = 0; k < pos.length; k++) {
      out[k] = z[(int) pos[k]];
    }
    return out;
  }
}
