package dev.candela.metrics.stats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The nonparametric bootstrap over evaluation samples (Efron &amp; Tibshirani 1993): draw {@code n}
 * row indices with replacement, recompute every score on those rows, repeat {@code B} times, and
 * summarise each score's replicates as an {@link Uncertainty} (SE = replicate standard deviation,
 * normal 95% interval score ± 1.96·SE, bias = replicate mean − score). Every score Candela
 * bootstraps lies in [0, 1] (IRS can dip slightly below 0), so the interval is clipped to [min(0,
 * score), max(1, score)]. Seeded: the same seed gives the same replicates.
 *
 * <p>No default interval uses it any more (see {@link Uncertainty} for the methods chosen per
 * estimator): resampling with replacement duplicates rows, which biases plug-in mutual information
 * and refitted learners, and it fails for extreme order statistics such as IRS's maximum deviation.
 * It stays for callers that ask for it.
 *
 * <p>A replicate whose statistic throws {@link IllegalArgumentException} (e.g. a resample in which
 * every factor is constant) is skipped; {@link Uncertainty#replicates()} counts the replicates that
 * produced the score.
 */
public final class Bootstrap {

  private Bootstrap() {}

  /**
   * Draws one resample: {@code n} indices of {@code 0..n-1} with replacement.
   *
   * @param n the sample count
   * @param rng the generator
   * @return the indices
   */
  public static int[] resample(int n, SplittableRandom rng) {
    int[] idx = new int[n];
    for (int i = 0; i < n; i++) {
      idx[i] = rng.nextInt(n);
    }
    return idx;
  }

  /**
   * Bootstraps a statistic of {@code n} samples.
   *
   * @param scores the statistic on all samples (the interval's centre), by score id
   * @param n the number of samples (≥ 1)
   * @param replicates B (≥ 1)
   * @param seed the seed of the resampling
   * @param statistic maps resampled row indices to named scores
   * @return score id to uncertainty, for every id some replicate produced
   */
  public static Map<String, Uncertainty> run(
      Map<String, Double> scores,
      int n,
      int replicates,
      long seed,
      Function<int[], Map<String, Double>> statistic) {
    if (n < 1 || replicates < 1) {
      throw new IllegalArgumentException(
          "bootstrap needs n ≥ 1 and B ≥ 1, got n = " + n + " and B = " + replicates);
    }
    SplittableRandom rng = new SplittableRandom(seed);
    Map<String, List<Double>> values = new LinkedHashMap<>();
    for (int b = 0; b < replicates; b++) {
      int[] idx = resample(n, rng);
      Map<String, Double> s;
      try {
        s = statistic.apply(idx);
      } catch (IllegalArgumentException e) {
        continue;
      }
      s.forEach((k, v) -> values.computeIfAbsent(k, x -> new ArrayList<>()).add(v));
    }
    return summarise(scores, values, Uncertainty.BOOTSTRAP);
  }

  /**
   * Summarises named replicate values.
   *
   * @param scores the scores on all samples, by id (ids without a score are left out)
   * @param values score id to replicate values
   * @param method the method recorded
   * @return score id to uncertainty (ids without a finite value are left out)
   */
  public static Map<String, Uncertainty> summarise(
      Map<String, Double> scores, Map<String, List<Double>> values, String method) {
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    values.forEach(
        (k, v) -> {
          Double score = scores.get(k);
          Uncertainty u =
              score == null
                  ? null
                  : Uncertainty.ofReplicates(
                      score, v.stream().mapToDouble(Double::doubleValue).toArray(), method);
          if (u != null) {
            out.put(k, u.clipped(Math.min(0, score), Math.max(1, score)));
          }
        });
    return out;
  }
}
