package dev.candela.metrics;

import dev.candela.metrics.stats.Arrays2;
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
    double[] scores,
    boolean[] withinSetting,
    double[][] pairwise,
    Udr.Correlation correlation,
    double klThreshold) {

  /** Copies the arrays. */
  public UdrResult {
    models = List.copyOf(models);
    scores = scores.clone();
    withinSetting = withinSetting.clone();
    pairwise = Arrays2.deepCopy(pairwise);
  }

  /**
   * The UDR of every model.
   *
   * @return a copy
   */
  @Override
  public double[] scores() {
    return scores.clone();
  }

  /**
   * Whether each model's median is over its own setting.
   *
   * @return a copy
   */
  @Override
  public boolean[] withinSetting() {
    return withinSetting.clone();
  }

  /**
   * The pairwise scores.
   *
   * @return a deep copy
   */
  @Override
  public double[][] pairwise() {
    return Arrays2.deepCopy(pairwise);
  }
}
