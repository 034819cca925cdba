package dev.candela.metrics;

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
 * percentile 95% interval). Seeded: the same seed gives the same replicates.
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
   * @param n the number of samples (≥ 1)
   * @param replicates B (≥ 1)
   * @param seed the seed of the resampling
   * @param statistic maps resampled row indices to named scores
   * @return score id to uncertainty, for every id some replicate produced
   */
  public static Map<String, Uncertainty> run(
      int n, int replicates, long seed, Function<int[], Map<String, Double>> statistic) {
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
    return summarise(values, Uncertainty.BOOTSTRAP);
  }

  /**
   * Summarises named replicate values.
   *
   * @param values score id to replicate values
   * @param method the method recorded
   * @return score id to uncertainty (ids without a finite value are left out)
   */
  public static Map<String, Uncertainty> summarise(
      Map<String, List<Double>> values, String method) {
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    values.forEach(
        (k, v) -> {
          Uncertainty u =
              Uncertainty.ofReplicates(
                  v.stream().mapToDouble(Double::doubleValue).toArray(), method);
          if (u != null) {
            out.put(k, u);
          }
        });
    return out;
  }

  /**
   * Warnings for scores whose 95% interval does not contain the score itself: the score's estimator
   * is biased at this sample size (e.g. plug-in mutual information, or a learner that sees fewer
   * distinct training rows in a resample), so the replicates are shifted. The standard error still
   * measures the spread; the interval should then be read with care.
   *
   * @param scores metric id to score
   * @param uncertainty metric id to uncertainty
   * @return one warning per such score
   */
  public static List<String> shiftWarnings(
      Map<String, Double> scores, Map<String, Uncertainty> uncertainty) {
    List<String> out = new ArrayList<>();
    uncertainty.forEach(
        (k, u) -> {
          Double v = scores.get(k);
          if (v != null
              && Uncertainty.BOOTSTRAP.equals(u.method())
              && (v < u.ci95().get(0) || v > u.ci95().get(1))) {
            out.add(
                String.format(
                    java.util.Locale.ROOT,
                    "'%s': the bootstrap interval [%.4f, %.4f] does not contain the score %.4f;"
                        + " the estimator is biased at this sample size, so read the standard"
                        + " error, not the interval",
                    k,
                    u.ci95().get(0),
                    u.ci95().get(1),
                    v));
          }
        });
    return out;
  }

  /**
   * The bootstrap of CG from its per-sample terms: samples are resampled together across factors;
   * each replicate gives {@code cg.<factor>} = mean term of the factor and {@code cg} = their mean.
   *
   * @param factorNames the factor names, in the order of {@code terms}
   * @param terms {@code terms[factor][sample]}, the |ICE_I − ICE_\I| terms (equal lengths)
   * @param replicates B
   * @param seed the seed
   * @return {@code cg} and {@code cg.<factor>} to uncertainty
   */
  public static Map<String, Uncertainty> cg(
      List<String> factorNames, double[][] terms, int replicates, long seed) {
    if (terms.length != factorNames.size() || terms.length == 0) {
      throw new IllegalArgumentException(
          terms.length + " factor term columns but " + factorNames.size() + " factor names");
    }
    int n = terms[0].length;
    Map<String, Uncertainty> u =
        run(
            n,
            replicates,
            seed,
            idx -> {
              Map<String, Double> s = new LinkedHashMap<>();
              double total = 0;
              double[] per = new double[terms.length];
              for (int f = 0; f < terms.length; f++) {
                double sum = 0;
                for (int i : idx) {
                  sum += terms[f][i];
                }
                per[f] = sum / idx.length;
                total += per[f];
              }
              s.put("cg", total / terms.length);
              for (int f = 0; f < terms.length; f++) {
                s.put("cg." + factorNames.get(f), per[f]);
              }
              return s;
            });
    return u;
  }
}
