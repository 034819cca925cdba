package dev.candela.metrics;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Checks shared by the learned metrics (DCI, SAP, explicitness) on a train/test pair. */
final class LearnedMetricInputs {

  private LearnedMetricInputs() {}

  /**
   * Checks that train and test have the same latents and factors, and that every factor takes at
   * least two values in the training set.
   */
  static void check(LatentCodes train, LatentCodes test) {
    if (train.numLatents() != test.numLatents()) {
      throw new IllegalArgumentException(
          "train has " + train.numLatents() + " latents but test has " + test.numLatents());
    }
    if (train.numFactors() != test.numFactors()) {
      throw new IllegalArgumentException(
          "train has " + train.numFactors() + " factors but test has " + test.numFactors());
    }
    for (int f = 0; f < train.numFactors(); f++) {
      int[] codes = train.factors()[f];
      int first = codes[0];
      boolean varies = false;
      for (int c : codes) {
        if (c != first) {
          varies = true;
          break;
        }
      }
      if (!varies) {
        throw new IllegalArgumentException(
            "factor "
                + f
                + " ("
                + train.factorNames().get(f)
                + ") has the single value "
                + first
                + " in all "
                + codes.length
                + " training samples; exclude it before scoring");
      }
    }
  }

  /** Checks that every per-factor array has one entry per factor name. */
  static void requirePerFactor(int factors, int... lengths) {
    if (Arrays.stream(lengths).anyMatch(n -> n != factors)) {
      throw new IllegalArgumentException(
          "per-factor arrays have lengths "
              + Arrays.stream(lengths).mapToObj(Integer::toString).collect(Collectors.joining(", "))
              + " but there are "
              + factors
              + " factor names");
    }
  }

  /** The distinct codes of a factor, ascending. */
  static int[] classes(int[] codes) {
    return Arrays.stream(codes).distinct().sorted().toArray();
  }

  /** Each code's position in the ascending class list (the labels a classifier is fitted on). */
  static int[] labels(int[] classes, int[] codes) {
    return Arrays.stream(codes).map(y -> Arrays.binarySearch(classes, y)).toArray();
  }

  /** The mean of the values. */
  static double mean(double[] v) {
    double s = 0.0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }
}
