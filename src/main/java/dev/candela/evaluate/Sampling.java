package dev.candela.evaluate;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The seeded choices of samples the pipeline makes: {@code m} distinct indices of {@code 0..n-1},
 * increasing. Two algorithms are kept because recorded outputs depend on them: {@link #shuffled}
 * (the evaluation samples, the CG subset and the grid samples of {@code evaluate}, the fitness
 * checks) and {@link #floyd} (the selection pass of {@code counterfactuals}).
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
   * {@code m} distinct indices of {@code 0..n-1}, increasing: all of them when {@code m >= n}, else
   * a seeded sample without replacement (Floyd's algorithm).
   *
   * @param n the population size
   * @param m how many
   * @param seed the seed
   * @return the sorted indices
   */
  public static long[] floyd(int n, int m, long seed) {
    if (m >= n) {
      long[] all = new long[n];
      for (int i = 0; i < n; i++) {
        all[i] = i;
      }
      return all;
    }
    SplittableRandom rng = new SplittableRandom(seed);
    TreeSet<Long> chosen = new TreeSet<>();
    for (int j = n - m; j < n; j++) {
      long t = rng.nextInt(j + 1);
      if (!chosen.add(t)) {
        chosen.add((long) j);
      }
    }
    return chosen.stream().mapToLong(Long::longValue).toArray();
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
