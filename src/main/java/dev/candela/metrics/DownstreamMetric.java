package dev.candela.metrics;

import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#DOWNSTREAM} and {@link Metric#DOWNSTREAM_GBT} functions:
 * downstream-task accuracy ({@link Downstream}; Locatello et al. 2019, ICML) with the study's
 * logistic regression or its boosted trees, keys {@code <family>.<n>} (mean test accuracy over
 * factors) and {@code <family>.<n>.min} (the smallest) for each study size n ∈ {10, 100, 1000,
 * 10000} that fits into the table, {@code <family>} = {@code downstream} or {@code downstream_gbt},
 * seeded by the options' seed; details under {@code <family>}.
 *
 * <p>Interval ({@link CodeMetric.Repeated}): the score's variance is V_S + V_T, the spread over
 * training draws (the classifier) and the test rows' binomial spread. R = {@link #REPEATS} runs
 * with fresh seeds (the score's and R − 1 more, each drawing new disjoint training and test rows
 * from the table) give the sample variance s²_R, which estimates V_S(1 − n/N) + V_T(1 − φ), φ =
 * m/(N − n): drawn without replacement from the table's N rows, the rows vary less than draws from
 * the population by these finite-population factors. V_T is estimated binomially from the score's
 * per-factor test accuracies p_f: Σ_f p_f(1 − p_f)/(F²m) for the mean (test errors of different
 * factors taken as independent), p(1 − p)/m of the smallest accuracy for the minimum. Then
 *
 * <pre>
 *   SE² = s²_R + φ·V̂_T + (n/N)/(1 − n/N) · max(0, s²_R − (1 − φ)·V̂_T),
 * </pre>
 *
 * interval score ± t₀.₉₇₅,R−1·SE, method {@code repeats}, bias = mean of the R runs − score. When
 * all runs agree, the interval is the Wilson interval of R·m test rows.
 */
final class DownstreamMetric implements CodeMetric.Repeated {
  /** Runs behind the interval, the score's included. */
  static final int REPEATS = 10;

  /** Seed offset between runs (each run uses one seed per size from its own). */
  static final long REPEAT_SEED = 7919;

  private final Downstream.Predictor predictor;
  private final String family;

  /** The logistic regression's function, family {@code downstream}. */
  DownstreamMetric() {
    this(Downstream.Predictor.LOGISTIC, "downstream");
  }

  /**
   * One predictor's function.
   *
   * @param predictor the classifier
   * @param family the key prefix and details key
   */
  DownstreamMetric(Downstream.Predictor predictor, String family) {
    this.predictor = predictor;
    this.family = family;
  }

  /** The report key of a size's mean test accuracy. */
  String key(int size) {
    return family + "." + size;
  }

  /** The report key of a size's smallest test accuracy. */
  String minKey(int size) {
    return key(size) + ".min";
  }

  private DownstreamResult result(CodeContext context) {
    return context.memo(
        family, () -> Downstream.compute(context.scored(), context.options().seed(), predictor));
  }

  @Override
  public Scored score(CodeContext context) {
    DownstreamResult r = result(context);
    Map<String, Double> scores = new LinkedHashMap<>();
    for (DownstreamResult.Size s : r.sizes()) {
      scores.put(key(s.trainSize()), s.meanTestAccuracy());
      scores.put(minKey(s.trainSize()), s.minTestAccuracy());
    }
    return new Scored(scores, Map.of(family, r));
  }

  @Override
  public Map<String, Uncertainty> intervals(CodeContext context, Map<String, Double> scores) {
    DownstreamResult first = result(context);
    int n = first.numRows();
    int m = first.numTest();
    int[] sizes = first.sizes().stream().mapToInt(DownstreamResult.Size::trainSize).toArray();
    List<DownstreamResult> runs = new ArrayList<>();
    runs.add(first);
    for (int r = 1; r < REPEATS; r++) {
      runs.add(
          Downstream.compute(
              context.scored(), sizes, context.options().seed() + REPEAT_SEED * r, predictor));
    }
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    for (int i = 0; i < sizes.length; i++) {
      int size = sizes[i];
      DownstreamResult.Size own = first.sizes().get(i);
      for (boolean min : new boolean[] {false, true}) {
        String k = min ? minKey(size) : key(size);
        Double centre = scores.get(k);
        if (centre == null) {
          continue;
        }
        int at = i;
        double[] v =
            runs.stream()
                .mapToDouble(
                    run ->
                        min
                            ? run.sizes().get(at).minTestAccuracy()
                            : run.sizes().get(at).meanTestAccuracy())
                .toArray();
        double binomial = min ? binomialOfMin(own, m) : binomialOfMean(own, m);
        Uncertainty u = of(centre, v, binomial, size, m, n);
        if (u != null) {
          out.put(k, u);
        }
      }
    }
    return out;
  }

  /** V̂_T of the mean: Σ_f p_f(1 − p_f) / (F² m). */
  static double binomialOfMean(DownstreamResult.Size s, int test) {
    double sum = 0;
    for (double p : s.testAccuracy()) {
      sum += p * (1 - p);
    }
    int f = s.testAccuracy().size();
    return sum / ((double) f * f * test);
  }

  /** V̂_T of the minimum: p(1 − p)/m of the smallest accuracy. */
  static double binomialOfMin(DownstreamResult.Size s, int test) {
    double p = s.minTestAccuracy();
    return p * (1 - p) / test;
  }

  /**
   * SE² = s²_R + φ·V̂_T + (n/N)/(1 − n/N)·max(0, s²_R − (1 − φ)·V̂_T), φ = m/(N − n).
   *
   * @param repeats s²_R
   * @param binomial V̂_T
   * @param train n
   * @param test m
   * @param rows N
   * @return the variance
   */
  static double variance(double repeats, double binomial, int train, int test, int rows) {
    double phi = (double) test / (rows - train);
    double fTrain = (double) train / rows;
    return repeats
        + phi * binomial
        + fTrain / (1 - fTrain) * Math.max(0, repeats - (1 - phi) * binomial);
  }

  /** The interval of one key from its R run values. */
  static Uncertainty of(
      double centre, double[] runs, double binomial, int train, int test, int rows) {
    double mean = Arrays.stream(runs).average().orElseThrow();
    double ss = 0;
    for (double x : runs) {
      ss += (x - mean) * (x - mean);
    }
    double s2 = ss / (runs.length - 1);
    if (s2 == 0) {
      Uncertainty w = Uncertainty.binomial(centre, runs.length * test);
      double se = (w.ci95().get(1) - w.ci95().get(0)) / (2 * Uncertainty.Z95);
      return new Uncertainty(se, w.ci95(), Uncertainty.REPEATS, runs.length, mean - centre, rows);
    }
    return Uncertainty.symmetric(
        centre,
        Math.sqrt(variance(s2, binomial, train, test, rows)),
        runs.length - 1,
        Uncertainty.REPEATS,
        runs.length,
        mean - centre,
        rows);
  }

  @Override
  public List<String> keys(CodeScorer.Options options) {
    List<String> out = new ArrayList<>();
    for (int s : Downstream.STUDY_SIZES) {
      out.add(key(s));
      out.add(minKey(s));
    }
    return out;
  }
}
