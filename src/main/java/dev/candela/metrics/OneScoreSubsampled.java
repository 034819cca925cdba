package dev.candela.metrics;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * A {@link CodeMetric.Subsampled} function with one score under one key: a result computed from the
 * shared statistics of the context (JEMMIG, the Gaussian total correlation, the latent MI), whose
 * interval is subsampling, and the upper end of the score's range. The key is declared once, for
 * both the scores and {@link #keys}.
 *
 * @param <R> the result record
 */
abstract class OneScoreSubsampled<R> implements CodeMetric.Subsampled {
  private final String key;
  private final Function<CodeContext, R> computation;
  private final ToDoubleFunction<R> score;
  private final double upperBound;

  OneScoreSubsampled(
      String key,
      Function<CodeContext, R> computation,
      ToDoubleFunction<R> score,
      double upperBound) {
    this.key = key;
    this.computation = computation;
    this.score = score;
    this.upperBound = upperBound;
  }

  @Override
  public final Scored score(CodeContext context) {
    R result = computation.apply(context);
    return Scored.of(key, score.applyAsDouble(result), result);
  }

  @Override
  public final List<String> keys(CodeScorer.Options options) {
    return List.of(key);
  }

  @Override
  public final double upperBound(String key) {
    return upperBound;
  }
}
