package dev.candela.metrics;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.candela.metrics.stats.Vector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The unified scores of a train/test split ({@link Unified#compute}): every aggregation of the
 * {@code gbt}, {@code mi} and {@code svm} matrices. Its values are immutable.
 *
 * @param matrices the matrices' aggregations, in {@link Unified#MATRICES} order
 * @param factorEntropy H(v_k) per factor on the training rows, in nats (MIG's denominators)
 * @param split the latents (matrix rows), the factors (matrix columns), the learners' seed and the
 *     numbers of training and test rows
 */
public record UnifiedResult(
    List<UnifiedMatrixScores> matrices,
    Vector factorEntropy,
    @JsonUnwrapped SplitProvenance split) {

  /** Copies the list of matrices. */
  public UnifiedResult {
    matrices = List.copyOf(matrices);
  }

  /**
   * The scores by report key {@code unified.<matrix>.<aggregation>}, matrices in order, each with
   * the aggregations in {@link Unified#AGGREGATIONS} order.
   *
   * @return a new map
   */
  public Map<String, Double> scores() {
    Map<String, Double> out = new LinkedHashMap<>();
    for (UnifiedMatrixScores m : matrices) {
      for (String a : Unified.AGGREGATIONS) {
        out.put("unified." + m.matrix() + "." + a, m.score(a));
      }
    }
    return out;
  }
}
