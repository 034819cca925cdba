package dev.candela.metrics;

import dev.candela.metrics.stats.Matrix;
import dev.candela.metrics.stats.Vector;
import java.util.List;

/**
 * The result of {@link Udr#compute}.
 *
 * @param models the model names, in input order
 * @param scores each model's UDR (median of its pairwise scores; NaN when it has none)
 * @param withinSetting per model, whether its median is over models of its own setting (true) or
 *     over all models because it is the only one of its setting (false)
 * @param pairwise {@code pairwise[i][j]} = UDR_ij (NaN on the diagonal and where a model has no
 *     active latent)
 * @param correlation the association used
 * @param klThreshold the KL threshold of an active latent
 */
public record UdrResult(
    List<String> models,
    Vector scores,
    List<Boolean> withinSetting,
    Matrix pairwise,
    Udr.Correlation correlation,
    double klThreshold) {

  /** Copies the lists. */
  public UdrResult {
    models = List.copyOf(models);
    withinSetting = List.copyOf(withinSetting);
  }
}
