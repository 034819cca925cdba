package dev.candela.model.training;

import dev.candela.Setting;
import dev.candela.SettingException;
import dev.candela.SettingText;
import dev.candela.metrics.stats.Arrays2;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The factor classifier's seeded split of a dataset into training and held-out images, and the
 * training images outside a given held-out set (for a classifier started from another, whose
 * held-out images stay held out).
 */
final class ClassifierSplit {
  private ClassifierSplit() {}

  /**
   * The seeded split of a dataset into training and held-out indices, each increasing.
   *
   * @param size dataset size
   * @param trainCount training images (0 = all not held out)
   * @param testCount held-out images
   * @param seed the seed
   * @return {training, held-out}
   */
  static long[][] split(long size, int trainCount, int testCount, long seed) {
    if (size > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("dataset too large; the split needs an int index");
    }
    int wantTrain = trainCount == 0 ? (int) size - testCount : trainCount;
    checkCounts(wantTrain, testCount, size);
    long[] chosen = TrainingData.subset(size, wantTrain + testCount, seed);
    int[] perm = Arrays2.shuffled(chosen.length, new SplittableRandom(seed + 17));
    long[] trainIdx = new long[wantTrain];
    long[] testIdx = new long[testCount];
    for (int i = 0; i < chosen.length; i++) {
      if (i < wantTrain) {
        trainIdx[i] = chosen[perm[i]];
      } else {
        testIdx[i - wantTrain] = chosen[perm[i]];
      }
    }
    Arrays.sort(trainIdx);
    Arrays.sort(testIdx);
    return new long[][] {trainIdx, testIdx};
  }

  private static void checkCounts(int wantTrain, int testCount, long size) {
    if (wantTrain < 1 || (long) wantTrain + testCount > size) {
      throw new SettingException(
          SettingText.of(
              Setting.TRAIN_COUNT,
              " " + wantTrain + " + ",
              Setting.TEST_COUNT,
              " " + testCount + " exceed the " + size + " images of the dataset"),
          List.of(wantTrain, testCount));
    }
  }

  /**
   * A seeded training subset of the images outside {@code heldOut}: {@code trainCount} of them (0 =
   * all), increasing.
   */
  static long[] trainingOutside(long size, long[] heldOut, int trainCount, long seed) {
    int free = (int) (size - heldOut.length);
    int want = trainCount == 0 ? free : trainCount;
    checkCounts(want, heldOut.length, size);
    long[] pick = TrainingData.subset(free, want, seed);
    // the k-th free index: skip the held-out indices below it (both increasing)
    long[] out = new long[pick.length];
    int h = 0;
    for (int i = 0; i < pick.length; i++) {
      long idx = pick[i] + h;
      while (h < heldOut.length && heldOut[h] <= idx) {
        h++;
        idx++;
      }
      out[i] = idx;
    }
    return out;
  }
}
