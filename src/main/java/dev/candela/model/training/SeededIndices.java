package dev.candela.model.training;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The seeded orders and choices of the training: a seed derived per stream (an epoch, the labelled
 * subset, the held-out pick), permutations, and held-out indices outside a training subset.
 */
final class SeededIndices {
  private SeededIndices() {}

  /**
   * The seed of one stream of a run: an epoch (≥ 0), or a negative tag for the other streams.
   *
   * @param seed the run's seed
   * @param stream the epoch or tag
   * @return a non-negative seed
   */
  static long mix(long seed, long stream) {
    long x = seed * 0x9E3779B97F4A7C15L + stream * 0xBF58476D1CE4E5B9L;
    x ^= x >>> 31;
    return x & 0x7fffffffL;
  }

  /**
   * Up to {@code count} seeded indices of a dataset that are not in the training subset,
   * increasing.
   *
   * @param size the dataset size
   * @param training the training subset
   * @param count wanted indices
   * @param seed the run's seed
   * @return the indices (empty when the subset is the whole dataset)
   */
  static long[] heldOut(long size, long[] training, int count, long seed) {
    long free = size - training.length;
    if (free <= 0) {
      return new long[0];
    }
    Set<Long> train = new HashSet<>();
    for (long t : training) {
      train.add(t);
    }
    SplittableRandom rng = new SplittableRandom(mix(seed, -2));
    TreeSet<Long> out = new TreeSet<>();
    int want = (int) Math.min(count, free);
    if (free <= 4L * want) {
      List<Long> rest = new ArrayList<>();
      for (long i = 0; i < size; i++) {
        if (!train.contains(i)) {
          rest.add(i);
        }
      }
      for (int i = rest.size() - 1; i > 0; i--) {
        int j = rng.nextInt(i + 1);
        Long t = rest.get(i);
        rest.set(i, rest.get(j));
        rest.set(j, t);
      }
      out.addAll(rest.subList(0, want));
    } else {
      while (out.size() < want) {
        long i = rng.nextLong(size);
        if (!train.contains(i)) {
          out.add(i);
        }
      }
    }
    return out.stream().mapToLong(Long::longValue).toArray();
  }
}
