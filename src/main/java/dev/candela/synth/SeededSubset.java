package dev.candela.synth;

import dev.candela.metrics.stats.Arrays2;
import java.util.Arrays;
import java.util.SplittableRandom;

/** The seeded subsets the generators render when asked for fewer samples than they can make. */
final class SeededSubset {
  private SeededSubset() {}

  /**
   * A uniformly random subset of a pool, increasing: the first {@code count} draws of a forward
   * Fisher–Yates shuffle ({@code j = i + rng.nextInt(pool.length − i)}), then sorted.
   *
   * @param pool the candidates; shuffled in place
   * @param count how many to draw, at most {@code pool.length}
   * @param rng the random stream
   * @return the drawn entries, increasing
   */
  static int[] draw(int[] pool, int count, SplittableRandom rng) {
    for (int i = 0; i < count; i++) {
      Arrays2.swap(pool, i, i + rng.nextInt(pool.length - i));
    }
    int[] out = Arrays.copyOf(pool, count);
    Arrays.sort(out);
    return out;
  }
}
