package dev.candela.metrics;

import dev.candela.metrics.stats.Uncertainty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The registered {@link Metric#DOWNSTREAM} function: downstream-task accuracy ({@link Downstream};
 * Locatello et al. 2019, ICML), keys {@code downstream.<n>} (mean test accuracy over factors) and
 * {@code downstream.<n>.min} (the smallest) for each study size n ∈ {10, 100, 1000, 10000} that
 * fits into the table, seeded by the options' seed; details under {@code downstream}.
 *
 * <p>Interval ({@link CodeMetric.Repeated}): the score varies with the training rows drawn (the
 * classifier) and with the test rows (binomially); R = {@link #REPEATS} runs with fresh seeds (the
 * score's and R − 1 more, each drawing new disjoint training and test rows) give the sample
 * variance s²_R of both parts among the table's rows. Drawn without replacement from N rows, n
 * training and m test rows vary less than draws from the population: by the finite-population
 * factors 1 − n/N (training rows) and 1 − m/(N − n) (test rows, drawn from the rest), so SE² =
 * κ·s²_R with κ = 1 / min(1 − n/N, 1 − m/(N − n)), interval score ± t₀.₉₇₅,R−1·SE, method {@code
 * repeats}, bias = mean of the R runs − score. A size whose rows take the whole table (n + m = N)
 * gets no interval (every run uses every row). When all runs agree, the interval is the Wilson
 * interval of R·m test rows.
 */
final class DownstreamMetric implements CodeMetric.Repeated {
  /** Runs behind the interval, the score's included. */
  static final int REPEATS = 10;

  /** Seed offset between runs (each run uses one seed per size from its own). */
  static final long REPEAT_SEED = 7919;

  /** The report key of a size's mean test accuracy. */
  static String key(int size) {
    return "downstream." + size;
  }

  /** The report key of a size's smallest test accuracy. */
  static String minKey(int size) {
    return key(size) + ".min";
  }

  private static DownstreamResult result(CodeContext context) {
    return context.memo(
        "downstream", () -> Downstream.compute(context.scored(), context.options().seed()));
  }

  @Override
  public Scored score(CodeContext context) {
    DownstreamResult r = result(context);
    Map<String, Double> scores = new LinkedHashMap<>();
    for (DownstreamResult.Size s : r.sizes()) {
      scores.put(key(s.trainSize()), s.meanTestAccuracy());
      scores.put(minKey(s.trainSize()), s.minTestAccuracy());
    }
    return new Scored(scores, Map.of("downstream", r));
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
          Downstream.compute(context.scored(), sizes, context.options().seed() + REPEAT_SEED * r));
    }
    Map<String, Uncertainty> out = new LinkedHashMap<>();
    for (int i = 0; i < sizes.length; i++) {
      int size = sizes[i];
      double kappa = inflation(size, m, n);
      for (boolean min : new boolean[] {false, true}) {
        String k = min ? minKey(size) : key(size);
        Double centre = scores.get(k);
        if (centre == null || !Double.isFinite(kappa)) {
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
        Uncertainty u = of(centre, v, kappa, m, n);
        if (u != null) {
          out.put(k, u);
        }
      }
    }
    return out;
  }

  /**
   * κ = 1 / min(1 − n/N, 1 − m/(N − n)), infinite when the rows take the whole table.
   *
   * @param train n
   * @param test m
   * @param rows N
   * @return κ ≥ 1
   */
  static double inflation(int train, int test, int rows) {
    if (train + test >= rows) {
      return Double.POSITIVE_INFINITY;
    }
    double fTrain = 1 - (double) train / rows;
    double fTest = 1 - (double) test / (rows - train);
    return 1 / Math.min(fTrain, fTest);
  }

  /** The interval of one key from its R run values. */
  static Uncertainty of(double centre, double[] runs, double kappa, int test, int rows) {
    double mean = Arrays.stream(runs).average().orElseThrow();
    double ss = 0;
    for (double x : runs) {
      ss += (x - mean) * (x - mean);
    }
    double var = ss / (runs.length - 1);
    if (var == 0) {
      Uncertainty w = Uncertainty.binomial(centre, runs.length * test);
      double se = (w.ci95().get(1) - w.ci95().get(0)) / (2 * Uncertainty.Z95);
      return new Uncertainty(se, w.ci95(), Uncertainty.REPEATS, runs.length, mean - centre, rows);
    }
    return Uncertainty.symmetric(
        centre,
        Math.sqrt(kappa * var),
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
