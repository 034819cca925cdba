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

  /**
   * Warnings for scores whose bootstrap replicates sit more than two standard errors away from the
   * score: the estimator depends on the sample size (plug-in mutual information grows with repeated
   * rows; a learner refitted on a resample sees fewer distinct rows), so the score is not
   * comparable across different sample sizes, and the interval, centred on the score, understates
   * that.
   *
   * @param uncertainty metric id to uncertainty
   * @return one warning per such score
   */
  public static List<String> biasWarnings(Map<String, Uncertainty> uncertainty) {
    List<String> out = new ArrayList<>();
    uncertainty.forEach(
        (k, u) -> {
          if (Uncertainty.BOOTSTRAP.equals(u.method()) && Math.abs(u.bias()) > 2 * u.se()) {
            out.add(
                String.format(
                    java.util.Locale.ROOT,
                    "'%s': bootstrap replicates average %+.4f from the score (SE %.4f); the"
                        + " estimator depends on the sample size, so compare models only at equal"
                        + " sample sizes",
                    k,
                    u.bias(),
                    u.se()));
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
    int[] all = new int[n];
    for (int i = 0; i < n; i++) {
      all[i] = i;
    }
    Map<String, Uncertainty> u =
        run(
            cgMeans(factorNames, terms, all),
            n,
            replicates,
            seed,
            idx -> cgMeans(factorNames, terms, idx));
    return u;
  }

  private static Map<String, Double> cgMeans(
      List<String> factorNames, double[][] terms, int[] idx) {
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
  }
}
