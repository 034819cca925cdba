package dev.candela.metrics;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A {@link CodeMetric.Refitted} function with one score under one key: a seeded computation on the
 * train and test rows whose result holds the score (SAP, explicitness). The key is declared once,
 * for both {@link #fit} and {@link #keys}.
 *
 * @param <R> the result record
 */
abstract class OneScoreRefitted<R> implements CodeMetric.Refitted {
  /** The seeded computation of a result from train and test rows. */
  interface Computation<R> {
    /**
     * Computes.
     *
     * @param train the training rows
     * @param test the test rows
     * @param seed the seed
     * @return the result
     */
    R compute(LatentCodes train, LatentCodes test, long seed);
  }

  private final String key;
  private final Computation<R> computation;
  private final ToDoubleFunction<R> score;

  OneScoreRefitted(String key, Computation<R> computation, ToDoubleFunction<R> score) {
    this.key = key;
    this.computation = computation;
    this.score = score;
  }

  @Override
  public final Scored fit(LatentCodes train, LatentCodes test, CodeScorer.Options options) {
    R result = computation.compute(train, test, options.seed());
    return Scored.of(key, score.applyAsDouble(result), result);
  }

  @Override
  public final List<String> keys(CodeScorer.Options options) {
    return List.of(key);
  }
}
