package dev.candela.metrics;

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
 * @param latentNames the latents (matrix rows)
 * @param factorNames the factors (matrix columns)
 * @param seed the learners' seed
 * @param numTrain training rows
 * @param numTest test rows
 */
public record UnifiedResult(
    List<UnifiedMatrixScores> matrices,
    Vector factorEntropy,
    List<String> latentNames,
    List<String> factorNames,
    long seed,
    int numTrain,
    int numTest) {

  /** Copies the lists. */
  public UnifiedResult {
    matrices = List.copyOf(matrices);
    latentNames = List.copyOf(latentNames);
    factorNames = List.copyOf(factorNames);
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
